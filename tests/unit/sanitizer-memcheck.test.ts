import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { RunMode } from '../../src/sim/run-request.ts';

const PROGRAM = readFileSync(new URL('../programs/device/gm-tail.cpp', import.meta.url), 'utf8');

/** The program with buffers of `length` floats (4096 fits the four blocks exactly). */
const withLength = (length: number) => PROGRAM.replace('LENGTH = 4096;', `LENGTH = ${length};`);

function runIt(source: string, mode: RunMode) {
	const trace = run({ source, fileName: 'gm-tail.cpp', product: 'atlas-a2', mode });
	const screen = trace.log.filter((l) => l.channel === 'screen').map((l) => l.text);
	const stdout = trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);
	return { trace, screen, stdout };
}

describe('msSanitizer memcheck on a kernel whose last block copies past its GM buffers', () => {
	// 4040 floats: block 3's last tile covers floats 3840..4095, 56 floats (224 bytes) too many.
	const { trace, screen, stdout } = runIt(withLength(4040), 'sanitizer');

	it('reports the two reads and the write of the last tile, 224 bytes each, in block aiv(3)', () => {
		const errors = screen.filter((l) => l.startsWith('====== ERROR:'));
		expect(errors).toEqual([
			'====== ERROR: illegal read of size 224',
			'====== ERROR: illegal read of size 224',
			'====== ERROR: illegal write of size 224',
		]);
		const write = screen.indexOf('====== ERROR: illegal write of size 224');
		expect(screen.slice(write + 1, write + 5)).toEqual([
			expect.stringMatching(/^={6} {4}at 0x[0-9a-f]+ on GM in add_tail$/),
			'======    in block aiv(3) on device 0',
			expect.stringMatching(/^={6} {4}code in pc current 0x[0-9a-f]+ \(serialNo:3\)$/),
			'======    #0 gm-tail.cpp:45:9',
		]);
	});

	it('prints no SUMMARY line, as memcheck does not for these errors', () => {
		expect(screen.some((l) => l.includes('SUMMARY'))).toBe(false);
	});

	it('fails the run although the device and the program carry on', () => {
		expect(stdout).toContain('aclrtSynchronizeStream ret = 0');
		expect(trace.outcome).toBe('error');
	});
});

describe('the same kernel elsewhere', () => {
	it('reports nothing under msSanitizer when the buffers are large enough', () => {
		const { trace, screen } = runIt(withLength(4096), 'sanitizer');
		expect(screen.some((l) => l.startsWith('======'))).toBe(false);
		expect(trace.outcome).toBe('completed');
	});

	it('completes silently on the NPU, where nothing checks a GM overrun', () => {
		const { trace, screen } = runIt(withLength(4040), 'npu');
		expect(screen.some((l) => l.startsWith('======'))).toBe(false);
		expect(trace.outcome).toBe('completed');
	});
});
