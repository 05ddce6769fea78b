/**
 * msSanitizer's synccheck and initcheck, reached as a user would: C++ programs run through the
 * interpreter in `sanitizer` mode, checked by the lines the tool prints.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { RunMode } from '../../src/sim/run-request.ts';

const LOOP = readFileSync(new URL('../programs/device/loop-sync.cpp', import.meta.url), 'utf8');
const TBUF = readFileSync(new URL('../programs/device/tbuf-sync.cpp', import.meta.url), 'utf8');

/** `source` without the lines ending in `marker`. */
const without = (source: string, marker: string) =>
	source
		.split('\n')
		.filter((l) => !l.endsWith(marker))
		.join('\n');

function runIt(source: string, fileName: string, mode: RunMode = 'sanitizer') {
	const trace = run({ source, fileName, product: 'atlas-a2', mode });
	const screen = trace.log.filter((l) => l.channel === 'screen');
	return { trace, screen: screen.map((l) => l.text), levels: screen.map((l) => l.level) };
}

describe('synccheck on a kernel that sets its loop flags at the end of each tile', () => {
	it('reports nothing when the last tile’s flags are waited for after the loop', () => {
		const { trace, screen } = runIt(LOOP, 'loop-sync.cpp');
		expect(screen.filter((l) => l.startsWith('======'))).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});

	it('warns of each SetFlag the last tile leaves set, with its pipes and source line, and still completes', () => {
		const { trace, screen, levels } = runIt(without(LOOP, '// DRAIN'), 'loop-sync.cpp');
		expect(screen).toEqual([
			'====== WARNING: Unpaired set_flag instructions detected',
			'======    from PIPE_V to PIPE_MTE2 in scale_loop',
			'======    in block aiv(0) on device 0',
			expect.stringMatching(/^={6} {4}code in pc current 0x[0-9a-f]+ \(serialNo:\d+\)$/),
			'======    #0 loop-sync.cpp:41:9',
			'====== WARNING: Unpaired set_flag instructions detected',
			'======    from PIPE_MTE3 to PIPE_V in scale_loop',
			'======    in block aiv(0) on device 0',
			expect.stringMatching(/^={6} {4}code in pc current 0x[0-9a-f]+ \(serialNo:\d+\)$/),
			'======    #0 loop-sync.cpp:45:9',
		]);
		expect(new Set(levels)).toEqual(new Set(['WARNING']));
		expect(trace.outcome).toBe('completed');
	});

	it('says nothing of the flags on the NPU, where the kernel simply completes', () => {
		const { trace, screen } = runIt(without(LOOP, '// DRAIN'), 'loop-sync.cpp', 'npu');
		expect(screen.filter((l) => l.startsWith('======'))).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});
});

describe('initcheck on a TBuf kernel that forgets to copy one input in', () => {
	it('reports the UB bytes Add reads before anything wrote them, and fails the run', () => {
		const { trace, screen } = runIt(without(TBUF, '// COPY y'), 'tbuf-sync.cpp');
		expect(screen).toEqual([
			'====== ERROR: uninitialized read of size 2048',
			expect.stringMatching(/^={6} {4}at 0x[0-9a-f]+ on UB in add_tbuf$/),
			'======    in block aiv(0) on device 0',
			expect.stringMatching(/^={6} {4}code in pc current 0x[0-9a-f]+ \(serialNo:\d+\)$/),
			// Add is line 46 of the program, 45 once the copy of y is gone.
			'======    #0 tbuf-sync.cpp:45:9',
		]);
		expect(trace.outcome).toBe('error');
	});

	it('reports nothing when both inputs are copied in before Add', () => {
		const { trace, screen } = runIt(TBUF, 'tbuf-sync.cpp');
		expect(screen.filter((l) => l.startsWith('======'))).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});
});
