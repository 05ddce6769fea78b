/**
 * aclrtSetOpExecuteTimeOut and aclrtSetOpExecuteTimeOutV2 from C++: the timeout they set is
 * the one a kernel that never ends runs into (the aicore-kernel-timeout case's program).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { ProductId } from '../../src/sim/product-id.ts';

const FAULTY = readFileSync(
	new URL('../../content/cases/aicore-kernel-timeout/scale-tiles-faulty.cpp', import.meta.url),
	'utf8',
);
const SET_DEVICE = '    aclrtSetDevice(0);';

function runWith(line: string, product: ProductId = 'atlas-a2') {
	const source = FAULTY.replace(SET_DEVICE, `${SET_DEVICE}\n${line}`);
	if (line) expect(source).toContain(line);
	const trace = run({ source, fileName: 'scale.cpp', product, mode: 'npu', maxSteps: 60_000 });
	// The launch comes a few virtual milliseconds into the run; its synchronize prints this line.
	const sync = trace.log.find((l) => l.text.startsWith('aclrtSynchronizeStream ret'));
	const never = trace.diagnostics.find((d) => d.code === 'kernel-never-ends');
	const stdout = trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);
	return { trace, sync, never, stdout };
}

/** Seconds of virtual time until the synchronize reports the timeout (the launch is at ~3 ms). */
function waited(r: ReturnType<typeof runWith>): number {
	return r.sync!.time / 1_000_000;
}

describe('the operator execution timeout a program sets', () => {
	it('is the product default (1091 s on A2) when the program sets none', () => {
		const r = runWith('');
		expect(r.trace.outcome).toBe('hang');
		expect(waited(r)).toBeCloseTo(1091, 0);
		expect(r.never!.messages.en).toContain('1091');
	});

	it('fails the kernel after the seconds aclrtSetOpExecuteTimeOut set, rounded up to the A2 interval', () => {
		const r = runWith('    aclrtSetOpExecuteTimeOut(10);');
		expect(r.trace.outcome).toBe('hang');
		// 10 s is 3 intervals of 4.294967 s.
		expect(waited(r)).toBeCloseTo(12.88, 1);
		expect(r.stdout.some((l) => l.includes('507034'))).toBe(true);
		expect(r.never!.messages.en).toContain('13');
	});

	it('takes the last call of the process, and 0 as the maximum', () => {
		const r = runWith('    aclrtSetOpExecuteTimeOut(10);\n    aclrtSetOpExecuteTimeOut(0);');
		expect(waited(r)).toBeCloseTo(1090.9, 0);
	});

	it('writes the timeout that really applies through aclrtSetOpExecuteTimeOutV2', () => {
		const r = runWith(
			'    uint64_t actual = 0;\n    aclError v2 = aclrtSetOpExecuteTimeOutV2(5000000, &actual);\n    printf("v2 ret = %d actual = %lu\\n", v2, (unsigned long)actual);',
		);
		expect(r.stdout).toContain('v2 ret = 0 actual = 8589934');
		expect(waited(r)).toBeCloseTo(8.59, 1);
	});

	it('keeps the seconds as given on the training series, where V2 is not supported', () => {
		const r = runWith(
			'    aclrtSetOpExecuteTimeOut(10);\n    uint64_t actual = 0;\n    printf("v2 ret = %d\\n", aclrtSetOpExecuteTimeOutV2(5000000, &actual));',
			'atlas-training',
		);
		expect(r.stdout).toContain('v2 ret = 207000');
		expect(waited(r)).toBeCloseTo(10, 1);
	});
});
