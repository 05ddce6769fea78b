import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { RunMode } from '../../src/sim/run-request.ts';

const PROGRAM = readFileSync(new URL('../programs/device/tbuf-sync.cpp', import.meta.url), 'utf8');

/** The program without the two lines marked `// SYNC <event>`. */
const without = (event: string) =>
	PROGRAM.split('\n')
		.filter((l) => !l.endsWith(`// SYNC ${event}`))
		.join('\n');

function runIt(source: string, mode: RunMode = 'sanitizer') {
	const trace = run({ source, fileName: 'tbuf-sync.cpp', product: 'atlas-a2', mode });
	const screen = trace.log.filter((l) => l.channel === 'screen').map((l) => l.text);
	return { trace, screen, errors: screen.filter((l) => l.startsWith('====== ERROR:')) };
}

describe('msSanitizer racecheck on a TBuf kernel that orders its pipes by hand', () => {
	it('reports nothing when every MTE2/V/MTE3 sync is there', () => {
		const { trace, screen } = runIt(PROGRAM);
		expect(screen.filter((l) => l.startsWith('======'))).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});

	it('reports a RAW hazard at UB for each tensor Add reads when the MTE2→V sync is missing', () => {
		const { trace, screen, errors } = runIt(without('MTE2_V'));
		expect(errors).toEqual([
			'====== ERROR: Potential RAW hazard detected at UB in add_tbuf on device 0:',
			'====== ERROR: Potential RAW hazard detected at UB in add_tbuf on device 0:',
		]);
		const first = screen.indexOf(errors[0]!);
		expect(screen.slice(first + 1, first + 5)).toEqual([
			expect.stringMatching(
				/^={6} {4}PIPE_MTE2 Write at RAW\(\)\+0x0 in block 0 \(aiv\) on device 0 at pc current 0x[0-9a-f]+ \(serialNo:\d+\)$/,
			),
			'======    #0 tbuf-sync.cpp:38:9',
			expect.stringMatching(/^={6} {4}PIPE_V Read at RAW\(\)\+0x0 in block 0 \(aiv\) on device 0 /),
			// Add is line 46 of the program, 44 once the two sync lines above it are gone.
			'======    #0 tbuf-sync.cpp:44:9',
		]);
		// yLocal's block follows xLocal's 2048 bytes.
		expect(screen.some((l) => l.includes('PIPE_MTE2 Write at RAW()+0x800 '))).toBe(true);
		expect(trace.outcome).toBe('error');
	});

	it('reports the next tile overwriting what Add still reads (WAR) when V→MTE2 is missing', () => {
		const { errors } = runIt(without('V_MTE2'));
		expect(errors).toContain(
			'====== ERROR: Potential WAR hazard detected at UB in add_tbuf on device 0:',
		);
		expect(errors.every((l) => l.includes('WAR'))).toBe(true);
	});

	it('reports the copy-out reading z before Add wrote it (RAW) when V→MTE3 is missing', () => {
		const { screen, errors } = runIt(without('V_MTE3'));
		expect(errors[0]).toBe(
			'====== ERROR: Potential RAW hazard detected at UB in add_tbuf on device 0:',
		);
		expect(screen.some((l) => /PIPE_V Write at RAW\(\)\+0x1000 /.test(l))).toBe(true);
		expect(screen.some((l) => /PIPE_MTE3 Read at RAW\(\)\+0x1000 /.test(l))).toBe(true);
	});

	it('is quiet when a PipeBarrier<PIPE_ALL> stands in for the missing sync', () => {
		const source = without('MTE2_V').replace(
			'        Add(zLocal',
			'        PipeBarrier<PIPE_ALL>();\n        Add(zLocal',
		);
		expect(runIt(source).errors).toEqual([]);
	});

	it('prints nothing on the NPU, where the simulator diagnoses the race at Add instead', () => {
		const { trace, screen } = runIt(without('MTE2_V'), 'npu');
		expect(screen.some((l) => l.startsWith('======'))).toBe(false);
		expect(trace.outcome).toBe('completed');
		const races = trace.diagnostics.filter((d) => d.code === 'pipe-race');
		expect(races.map((d) => [d.line, d.case])).toEqual([
			[44, 'pipe-sync-missing'],
			[44, 'pipe-sync-missing'],
		]);
		expect(races[0]!.message).toContain('PIPE_MTE2');
		expect(races[0]!.hint).toContain('MTE2_V');
	});

	it('sees nothing in the CPU twin, which runs the pipes in program order', () => {
		const { trace, screen } = runIt(without('MTE2_V'), 'cpu');
		expect(screen.some((l) => l.startsWith('======'))).toBe(false);
		expect(trace.diagnostics.filter((d) => d.code === 'pipe-race')).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});

	it('diagnoses nothing on the NPU when every sync is there', () => {
		const { trace } = runIt(PROGRAM, 'npu');
		expect(trace.diagnostics.filter((d) => d.code === 'pipe-race')).toEqual([]);
	});
});

describe('msSanitizer racecheck on a TQue kernel', () => {
	it('finds the syncs EnQue/DeQue and FreeTensor/AllocTensor insert, and reports nothing', () => {
		const source = readFileSync(new URL('../programs/device/gm-tail.cpp', import.meta.url), 'utf8');
		const { trace, screen } = runIt(source);
		expect(screen.filter((l) => l.startsWith('======'))).toEqual([]);
		expect(trace.outcome).toBe('completed');
	});
});

describe('a missing MTE2→V sync on the NPU', () => {
	const caseProgram = (variant: string) =>
		readFileSync(
			new URL(`../../content/cases/pipe-sync-missing/add-tbuf-${variant}.cpp`, import.meta.url),
			'utf8',
		);
	const stdoutOf = (variant: string, mode: RunMode) =>
		run({ source: caseProgram(variant), fileName: 'add_tbuf.cpp', product: 'atlas-a2', mode })
			.log.filter((l) => l.channel === 'stdout')
			.map((l) => l.text);

	it('makes Add read UB as it was before the copies landed, so every z is wrong', () => {
		expect(stdoutOf('faulty', 'npu')).toContain('sync ret = 0, wrong elements: 16384 of 16384');
	});

	it('leaves the results right with the sync, and in the CPU twin and under msSanitizer', () => {
		expect(stdoutOf('fixed', 'npu')).toContain('sync ret = 0, wrong elements: 0 of 16384');
		expect(stdoutOf('faulty', 'cpu')).toContain('sync ret = 0, wrong elements: 0 of 16384');
		expect(stdoutOf('faulty', 'sanitizer')).toContain('sync ret = 0, wrong elements: 0 of 16384');
	});
});
