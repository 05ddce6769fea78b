/**
 * initcheck on GM, reached as a user would: a host program mallocs device memory, copies (or
 * forgets to copy) its inputs and launches a kernel in `sanitizer` mode; the report is checked
 * by the lines msSanitizer prints.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { RunMode } from '../../src/sim/run-request.ts';

const PROGRAM = readFileSync(
	new URL('../../content/cases/gm-out-of-bounds/add-tail-fixed.cpp', import.meta.url),
	'utf8',
);
const X_COPY = '    aclrtMemcpy(xDevice, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);';

function runIt(source: string, mode: RunMode = 'sanitizer') {
	const trace = run({ source, fileName: 'add_tail.cpp', product: 'atlas-a2', mode });
	const screen = trace.log.filter((l) => l.channel === 'screen').map((l) => l.text);
	return { trace, screen: screen.filter((l) => l.startsWith('======')) };
}

describe('initcheck on the GM a host program allocated', () => {
	it('is quiet when the host copies both inputs in before the launch', () => {
		expect(PROGRAM).toContain(X_COPY);
		const { trace, screen } = runIt(PROGRAM);
		expect(screen).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});

	it('reports the kernel reading x that the host malloced but never copied, and fails the run', () => {
		const { trace, screen } = runIt(PROGRAM.replace(X_COPY, ''));
		const errors = screen.filter((l) => l.startsWith('====== ERROR:'));
		expect(errors.length).toBe(1);
		const at = screen.indexOf(errors[0]!);
		expect(screen.slice(at, at + 5)).toEqual([
			expect.stringMatching(/^====== ERROR: uninitialized read of size \d+$/),
			expect.stringMatching(/^={6} {4}at 0x[0-9a-f]+ on GM in add_tail$/),
			'======    in block aiv(0) on device 0',
			expect.stringMatching(/^={6} {4}code in pc current 0x[0-9a-f]+ \(serialNo:\d+\)$/),
			expect.stringMatching(/^={6} {4}#0 add_tail\.cpp:\d+:\d+$/),
		]);
		expect(trace.outcome).toBe('error');
	});

	it('counts an aclrtMemcpyAsync, a memset and a device-to-device copy as writes', () => {
		for (const replacement of [
			'    aclrtMemcpyAsync(xDevice, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);',
			'    aclrtMemset(xDevice, bytes, 0, bytes);',
			'    aclrtMemcpy(xDevice, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE);',
		]) {
			// The copy of x moves after y's, so a device-to-device copy has its source written.
			const source = PROGRAM.replace(`${X_COPY}\n`, '').replace(
				'    aclrtMemset(wDevice, wBytes, 0, wBytes);',
				`${replacement}\n    aclrtMemset(wDevice, wBytes, 0, wBytes);`,
			);
			expect(source, replacement).toContain(replacement);
			const { trace, screen } = runIt(source);
			expect(screen, replacement).toEqual([]);
			expect(trace.outcome, replacement).toBe('completed');
		}
	});

	it('sees bytes a first kernel wrote as written for the next kernel that reads them', () => {
		// x is never copied in (one report, from the first launch); the second launch reads z,
		// which the first wrote, as its x, and adds no report.
		const sync = '    aclError ret = aclrtSynchronizeStream(stream);';
		const source = PROGRAM.replace(X_COPY, '').replace(
			sync,
			`${sync}\n    add_tail<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)zDevice, (GM_ADDR)yDevice, (GM_ADDR)xDevice, TOTAL_LENGTH);\n    aclrtSynchronizeStream(stream);`,
		);
		expect(source).toContain('(GM_ADDR)zDevice, (GM_ADDR)yDevice');
		const { trace, screen } = runIt(source);
		expect(trace.pipes!.map((c) => c.launch)).toContain(1);
		expect(screen.filter((l) => l.startsWith('====== ERROR:')).length).toBe(1);
	});

	it('prints nothing on the NPU, where the read simply sees stale bytes', () => {
		const { screen } = runIt(PROGRAM.replace(X_COPY, ''), 'npu');
		expect(screen).toEqual([]);
	});
});
