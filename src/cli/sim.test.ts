import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMIT_DIAGNOSTICS } from '../lang/index.ts';
import { LIMITS, LIMIT_KEYS } from '../sim/limits.ts';
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

/** A report sink and an error sink that keep what the command wrote. */
function capture() {
	const out: string[] = [];
	const err: string[] = [];
	const sink = { write: async (text: string) => void out.push(text) };
	return { out, err, sink, onErr: (line: string) => void err.push(line) };
}

/** Runs `casebook sim` with `args`, capturing its report. */
async function sim(args: string[]) {
	const c = capture();
	const code = await simCommand(args, c.sink, c.onErr);
	return { code, text: c.out.join(''), err: c.err };
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
			product: 'atlas-training',
			mode: 'cpu',
			json: true,
			limits: { maxSteps: 500 },
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
		expect(parseSimArgs([])).toEqual({ error: 'FILE is missing.' });
		expect(parseSimArgs(['a.cpp', '--max-steps', '0'])).toEqual({
			error: '--max-steps needs a positive whole number, not "0".',
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
		const { code, err } = await sim(['/nonexistent/x.cpp']);
		expect(code).toBe(SIM_EXIT.usage);
		expect(err[0]).toBe('casebook sim: cannot read /nonexistent/x.cpp: ENOENT');
	});

	it('exits 1 and prints the CPU-debug abort for the faulty kernel', async () => {
		const { code, text } = await sim([
			`${programs}free-tensor-abort.cpp`,
			'--product',
			'atlas-training',
			'--mode',
			'cpu',
		]);
		expect(code).toBe(1);
		expect(text).toContain('current size is 4, max buffer number in same queue position is 4');
		expect(text).toContain('free-tensor-abort.cpp:28:9: error:');
		expect(text.trimEnd().endsWith('outcome: abort')).toBe(true);
	});

	it('prints outcome, log and diagnostics as JSON with --json', async () => {
		const { code, text } = await sim([`${programs}integer-semantics.cpp`, '--json']);
		expect(code).toBe(0);
		const json = JSON.parse(text);
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

describe('the limits on the command line', () => {
	it('gives every limit a flag in --help and docs/cli-sim.md, and every limit diagnostic a heading in the docs', async () => {
		const { text: help } = await sim(['--help']);
		const docs = readFileSync(
			fileURLToPath(new URL('../../docs/cli-sim.md', import.meta.url)),
			'utf8',
		);
		for (const key of LIMIT_KEYS) {
			expect(help).toContain(`${LIMITS[key].flag} `);
			expect(docs).toContain(`\`${LIMITS[key].flag} `);
		}
		for (const code of Object.keys(LIMIT_DIAGNOSTICS)) expect(docs).toContain(`#### ${code}\n`);
	});

	it('reads sizes with k, m and g and refuses them on counts', () => {
		expect(parseSimArgs(['a.cpp', '--max-memory', '1g', '--max-log-lines=500'])).toMatchObject({
			limits: { maxMemory: 1 << 30, maxLogLines: 500 },
		});
		expect(parseSimArgs(['a.cpp', '--max-depth', '2k'])).toEqual({
			error: '--max-depth needs a positive whole number, not "2k".',
		});
	});

	it('marks the dropped middle of a long log and the cut end of a long line in the report', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'casebook-sim-')), 'flood.cpp');
		writeFileSync(
			file,
			'int main() { for (int i = 0; i < 100; i++) printf("line %d of a long flood\\n", i); return 0; }\n',
		);
		const { code, text } = await sim([file, '--max-log-lines', '10', '--max-line-length', '12']);
		expect(code).toBe(0);
		const lines = text.split('\n');
		expect(lines.slice(0, 7)).toEqual([
			'line 0 of a  … [10 more characters]',
			'line 1 of a  … [10 more characters]',
			'line 2 of a  … [10 more characters]',
			'line 3 of a  … [10 more characters]',
			'line 4 of a  … [10 more characters]',
			'… 90 log lines dropped here (--max-log-lines keeps more) …',
			'line 95 of a … [11 more characters]',
		]);
		expect(text).toContain('[log-truncated]');
		expect(text).toContain('[log-line-truncated]');
	});
});
