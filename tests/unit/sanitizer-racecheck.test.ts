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

	it('does not run on the NPU or the CPU twin, which complete without a report', () => {
		for (const mode of ['npu', 'cpu'] as const) {
			const { trace, screen } = runIt(without('MTE2_V'), mode);
			expect(screen.some((l) => l.startsWith('======'))).toBe(false);
			expect(trace.outcome).toBe('completed');
		}
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
