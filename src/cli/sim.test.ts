import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
	exitCodeFor,
	formatDiagnostic,
	parseActions,
	parseSimArgs,
	SIM_EXIT,
	simCommand,
} from './sim.ts';

const programs = fileURLToPath(new URL('../../tests/programs/', import.meta.url));

afterEach(() => {
	vi.restoreAllMocks();
});

function capture(): { out: string[]; err: string[] } {
	const out: string[] = [];
	const err: string[] = [];
	vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
	vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
	return { out, err };
}

describe('casebook sim arguments', () => {
	it('reads the file, product, mode and numbers', () => {
		expect(
			parseSimArgs([
				'k.cpp',
				'--product',
				'atlas-training',
				'--mode=cpu',
				'--json',
				'--max-steps',
				'500',
				'--blocks',
				'8',
			]),
		).toEqual({
			file: 'k.cpp',
			paths: ['k.cpp'],
			includeDirs: [],
			inputs: [],
			product: 'atlas-training',
			mode: 'cpu',
			json: true,
			maxSteps: 500,
			blocks: 8,
		});
	});

	it('refuses an unknown product, naming the valid ones', () => {
		const r = parseSimArgs(['k.cpp', '--product', 'ascend-9000']);
		expect('error' in r && r.error).toMatch(
			/^--product must be one of atlas-training, .* not "ascend-9000"\.$/,
		);
	});

	it('refuses a missing file and a bad step count', () => {
		expect(parseSimArgs([])).toEqual({
			error: 'PATH is missing: give a source file or a directory.',
		});
		expect(parseSimArgs(['a.cpp', '--max-steps', '0'])).toEqual({
			error: '--max-steps needs a positive whole number, not "0".',
		});
	});
});

describe('casebook sim with several paths', () => {
	it('takes several paths, include folders (also glued), inputs, an output folder and tiling', () => {
		const r = parseSimArgs([
			'main.cpp',
			'kernel/add.cpp',
			'-I',
			'inc',
			'-Iother',
			'--input',
			'input/x.bin=/tmp/x.bin',
			'--output-dir',
			'out',
			'--tiling',
			'totalLength=8192,tileNum=8',
			'--tiling-key',
			'2',
		]);
		expect(r).toMatchObject({
			file: 'main.cpp',
			paths: ['main.cpp', 'kernel/add.cpp'],
			includeDirs: ['inc', 'other'],
			inputs: [{ name: 'input/x.bin', file: '/tmp/x.bin' }],
			outputDir: 'out',
			tiling: { totalLength: 8192, tileNum: 8 },
			tilingKey: 2,
		});
	});

	it('refuses an --input without a name and a --tiling that is not FIELD=NUMBER', () => {
		expect(parseSimArgs(['a.cpp', '--input', 'x.bin'])).toEqual({
			error: '--input needs NAME=FILE, not "x.bin".',
		});
		expect(parseSimArgs(['a.cpp', '--tiling', 'n=many'])).toEqual({
			error: '--tiling needs FIELD=NUMBER pairs separated by commas, not "n=many".',
		});
	});
});

describe('casebook sim --actions', () => {
	it('reads a scenario as the case files write it', () => {
		expect(parseActions('run; wait 50; signal SIGTERM; run; suspend')).toEqual([
			{ do: 'run' },
			{ do: 'wait', ms: 50 },
			{ do: 'signal', signal: 'SIGTERM' },
			{ do: 'run' },
			{ do: 'suspend' },
		]);
	});

	it('names the part it cannot read', () => {
		expect(parseActions('run; signal SIGHUP')).toEqual({
			error:
				'--actions: cannot read "signal SIGHUP"; use run, wait MS, signal SIGINT|SIGTERM|SIGSEGV|SIGABRT|SIGKILL or suspend.',
		});
	});
});

describe('casebook sim exit codes', () => {
	it('maps outcomes to 0 completed, 1 failed, 3 rejected', () => {
		expect(
			['completed', 'error', 'hang', 'abort', 'rejected'].map((o) => exitCodeFor(o as 'error')),
		).toEqual([0, 1, 1, 1, 3]);
	});

	it('exits 2 for an unreadable file', async () => {
		const { err } = capture();
		expect(await simCommand(['/nonexistent/x.cpp'])).toBe(SIM_EXIT.usage);
		expect(err[0]).toBe('casebook sim: cannot read /nonexistent/x.cpp: ENOENT');
	});

	it('exits 1 and prints the CPU-debug abort for the faulty kernel', async () => {
		const { out } = capture();
		const code = await simCommand([
			`${programs}free-tensor-abort.cpp`,
			'--product',
			'atlas-training',
			'--mode',
			'cpu',
		]);
		expect(code).toBe(1);
		const text = out.join('\n');
		expect(text).toContain('current size is 4, max buffer number in same queue position is 4');
		expect(text).toContain('free-tensor-abort.cpp:28:9: error:');
		expect(text.trimEnd().endsWith('outcome: abort')).toBe(true);
	});

	it('prints outcome, log and diagnostics as JSON with --json', async () => {
		const { out } = capture();
		expect(await simCommand([`${programs}integer-semantics.cpp`, '--json'])).toBe(0);
		const json = JSON.parse(out.join('\n'));
		expect(json.outcome).toBe('completed');
		expect(json.log[0]).toBe('-2147483648 4294967295 -3 -1 44 1099511627776 0');
		expect(json.diagnostics).toEqual([]);
	});
});

describe('diagnostic lines', () => {
	it('read as file:line:col: severity: message [code] with the hint below', () => {
		expect(
			formatDiagnostic('a.cpp', {
				code: 'call-unknown',
				severity: 'error',
				message: 'unknown function `foo`',
				line: 3,
				column: 5,
				hint: 'Define `foo`.',
			}),
		).toBe('a.cpp:3:5: error: unknown function `foo` [call-unknown]\n  hint: Define `foo`.');
	});
});
