import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { ProductId } from '../../src/sim/product-id.ts';
import type { RunMode } from '../../src/sim/run-request.ts';

const PROGRAM = readFileSync(new URL('../programs/device/ub-scale.cpp', import.meta.url), 'utf8');

/** The program with its scratch offset or its copy-in position changed. */
function program(change: { offset?: number; copyAt?: number } = {}): string {
	return PROGRAM.replace('OFFSET = 0;', `OFFSET = ${change.offset ?? 0};`).replace(
		'COPY_AT = 0;',
		`COPY_AT = ${change.copyAt ?? 0};`,
	);
}

function runIt(source: string, mode: RunMode, product: ProductId = 'atlas-a2') {
	const trace = run({ source, fileName: 'ub-scale.cpp', product, mode });
	const lines = (channel: string) =>
		trace.log.filter((l) => l.channel === channel).map((l) => l.text);
	return { trace, plog: lines('plog'), stdout: lines('stdout'), screen: lines('screen') };
}

// 40960 floats past the scratch start: the Muls ends at byte 213248 of the 192 KB UB of an A2
// vector core. Every block of the launch does the same, so every block faults.
const PAST_UB = { offset: 40960 };
// Three floats into the input buffer: the copy-in's UB destination is 12 bytes, not 32-aligned.
const UNALIGNED = { copyAt: 3 };

describe('a vector instruction past the end of UB on the NPU', () => {
	const { trace, plog, stdout, screen } = runIt(program(PAST_UB), 'npu');

	it('ends the run as an error, not a hang, and the host gets 507035 at the synchronize', () => {
		expect(trace.outcome).toBe('error');
		expect(stdout).toContain('aclrtSynchronizeStream ret = 507035');
		expect(screen).toContain('EZ9999: Inner Error!');
	});

	it('prints each faulting core’s aivec report with the errorStr and its block, then the task failure', () => {
		const reports = plog.filter((l) => l.includes('PrintCoreInfo:The error from device'));
		expect(reports).toHaveLength(4);
		expect(reports[0]).toContain(
			'there is an exception of aivec error, core id is 0, error code = 0x4000000000000000, dump info:',
		);
		const extend = plog.filter((l) => l.includes('PrintCoreInfo:The extend info'));
		expect(extend.map((l) => /blk:(\d+)/.exec(l)?.[1])).toEqual(['0', '1', '2', '3']);
		expect(extend[0]).toContain(
			'errcode:(0x4000000000000000, 0, 0) errorStr: VEC instruction error: the ub address out of bounds.',
		);
		const at = (text: string) => plog.findIndex((l) => l.includes(text));
		expect(at('PrintCoreInfo')).toBeLessThan(
			at('Kernel task happen error, retCode=0x31, [vector core exception].'),
		);
		expect(at('AIV Kernel happen error, retCode=0x31.')).toBeGreaterThan(
			at('Kernel task happen error'),
		);
		expect(plog.some((l) => l.endsWith('fault kernel_name=scale'))).toBe(true);
	});

	it('names the rule at the Muls of line 33', () => {
		expect(trace.diagnostics.find((d) => d.code === 'memory-out-of-range')).toMatchObject({
			line: 33,
		});
	});
});

describe('the same overrun elsewhere', () => {
	it('is an aicore exception with 507015 on Atlas training, whose vector code runs on the AI Core', () => {
		const { trace, plog, stdout } = runIt(program({ offset: 60000 }), 'npu', 'atlas-training');
		expect(trace.outcome).toBe('error');
		expect(stdout).toContain('aclrtSynchronizeStream ret = 507015');
		expect(plog.some((l) => l.includes('there is an exception of aicore error'))).toBe(true);
	});

	it('stays inside the 256 KB UB of Atlas training, so that device raises nothing', () => {
		const { trace, plog } = runIt(program(PAST_UB), 'npu', 'atlas-training');
		expect(trace.outcome).toBe('completed');
		expect(plog.some((l) => l.includes('PrintCoreInfo'))).toBe(false);
	});

	it('fails the CPU twin’s check with SIGABRT instead', () => {
		const { trace } = runIt(program(PAST_UB), 'cpu');
		expect(trace.outcome).toBe('abort');
		expect(trace.log.some((l) => l.text.includes('SIGABRT'))).toBe(true);
	});
});

describe('a UB copy destination that is not 32-byte aligned', () => {
	it('raises the unaligned-UUB exception (error code 0x10) on the NPU and 507035 at the synchronize', () => {
		const { trace, plog, stdout } = runIt(program(UNALIGNED), 'npu');
		expect(trace.outcome).toBe('error');
		expect(stdout).toContain('aclrtSynchronizeStream ret = 507035');
		expect(plog.some((l) => l.includes('core id is 0, error code = 0x10, dump info:'))).toBe(true);
		expect(
			plog.some((l) =>
				l.includes(
					'errcode:(0x10, 0, 0) errorStr: Illegal instruction, which is usually caused by unaligned UUB addresses.',
				),
			),
		).toBe(true);
	});

	it('aborts at the DataCopy in CPU debug', () => {
		const { trace } = runIt(program(UNALIGNED), 'cpu');
		expect(trace.outcome).toBe('abort');
		expect(trace.diagnostics.find((d) => d.code === 'address-unaligned')).toMatchObject({
			line: 29,
		});
	});
});

describe('the correct kernel', () => {
	it.each(['npu', 'cpu', 'sanitizer'] as const)(
		'completes in %s mode with no device report',
		(mode) => {
			const { trace, plog, stdout } = runIt(program(), mode);
			expect(trace.outcome).toBe('completed');
			expect(plog.some((l) => l.includes('PrintCoreInfo'))).toBe(false);
			if (mode !== 'cpu') expect(stdout).toContain('aclrtSynchronizeStream ret = 0');
		},
	);
});
