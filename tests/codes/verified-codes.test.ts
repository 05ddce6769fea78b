/**
 * Verified like an error index: every code the simulator can produce has a page and a program
 * that makes the simulator produce it, run through the interpreter as `casebook sim` runs it;
 * and every code the simulator's source names is either listed as produced or listed as not
 * reachable yet, so a new code in the simulator without a page or a program fails here.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_ID } from '../../src/codes/schema.ts';
import { loadCodeTable } from '../../src/codes/codes-fs.ts';
import type { CodeTable } from '../../src/codes/code-table.ts';
import { SIM_EMITS, SIM_UNREACHABLE } from '../../src/codes/sim-emits.ts';
import { run } from '../../src/lang/index.ts';
import { ACL_ERROR } from '../../src/sim/host/acl-error.ts';
import type { Trace } from '../../src/sim/trace.ts';
import { loadCodeDirectory } from '../../src/triage/code-directory-fs.ts';
import type { CodeDirectory } from '../../src/triage/code-directory.ts';
import { findCodes } from '../../src/triage/find-codes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let table: CodeTable;
let directory: CodeDirectory;

beforeAll(async () => {
	[table, directory] = await Promise.all([loadCodeTable(), loadCodeDirectory()]);
});

/** The codes a run produced: step results that start with an aclError, and codes its log quotes. */
function codesOf(trace: Trace): Set<string> {
	const codes = new Set<string>();
	for (const step of trace.steps) {
		const returned = /^([1-5]\d{5})\b/.exec(step.result);
		if (returned) codes.add(returned[1]!);
	}
	for (const line of trace.log)
		for (const hit of findCodes(line.text, directory)) codes.add(hit.entry.code);
	return codes;
}

/** The .ts files of a folder tree, tests left out. */
function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(entry.name) ? [path] : [];
	});
}

/** String literals on code lines (comments skipped), as written. */
function literals(text: string): string[] {
	const out: string[] = [];
	for (const line of text.split('\n')) {
		const code = line.trim();
		if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue;
		for (const match of code.matchAll(
			/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g,
		)) {
			out.push((match[1] ?? match[2] ?? match[3])!);
		}
	}
	return out;
}

/** Every code the simulator's source names: ACL_ERROR constants it uses and codes in its strings. */
function codesNamedBySimulator(): Map<string, string> {
	const names = new Map<string, string>();
	const values = ACL_ERROR as Readonly<Record<string, number>>;
	for (const file of sourceFiles(join(ROOT, 'src/sim'))) {
		if (file.endsWith('acl-error.ts')) continue;
		const text = readFileSync(file, 'utf8');
		const where = file.slice(ROOT.length);
		for (const match of text.matchAll(/ACL_ERROR\.(ACL_ERROR_[A-Z0-9_]+)/g)) {
			names.set(String(values[match[1]!]), where);
		}
		for (const literal of literals(text)) {
			if (CODE_ID.test(literal) && table.get(literal)) names.set(literal, where);
			for (const hit of findCodes(literal, directory)) names.set(hit.entry.code, where);
		}
	}
	return names;
}

describe('codes the simulator produces', () => {
	it('each have a page in the index', () => {
		const missing = [...SIM_EMITS, ...Object.keys(SIM_UNREACHABLE)].filter(
			(code) => !table.get(code),
		);
		expect(missing).toEqual([]);
	});

	it('are every code the simulator source names, or listed as not reachable yet with a reason', () => {
		const named = codesNamedBySimulator();
		// The scan itself must see what is known to be there, or this test proves nothing.
		expect([...named.keys()]).toEqual(
			expect.arrayContaining(['207001', 'EL0004', '507035', 'ts-0x31']),
		);
		const unaccounted = [...named]
			.filter(([code]) => !SIM_EMITS.includes(code) && !(code in SIM_UNREACHABLE))
			.map(([code, file]) => `${code} (named in ${file})`);
		expect(unaccounted).toEqual([]);
	});

	it.each([...SIM_EMITS])(
		'%s is produced by the programs its row lists, run as casebook sim runs them',
		(code) => {
			const entry = table.get(code)!;
			const programs = entry.programs ?? [];
			expect(
				programs.length,
				`content/codes/${entry.family}.json: ${code} lists no program`,
			).toBeGreaterThan(0);
			for (const program of programs) {
				const source = readFileSync(join(ROOT, program.file), 'utf8');
				const trace = run({
					source,
					fileName: program.file,
					product: program.product,
					mode: program.mode,
					...(program.cann ? { cann: program.cann } : {}),
					...(program.actions ? { actions: program.actions } : {}),
				});
				expect([...codesOf(trace)], `${program.file} on ${program.product}`).toContain(code);
			}
		},
	);

	it('show the code in the output of casebook sim itself', () => {
		const result = spawnSync(
			'node',
			['bin/casebook.mjs', 'sim', 'tests/programs/codes/207001.cpp', '--json'],
			{
				cwd: ROOT,
				encoding: 'utf8',
				env: {
					...process.env,
					PATH: `${homedir()}/node24/node_modules/.bin:${process.env.PATH ?? ''}`,
				},
			},
		);
		const json = JSON.parse(result.stdout) as { outcome: string; log: string[] };
		expect(json.outcome).toBe('error');
		const quoted = json.log.flatMap((line) =>
			findCodes(line, directory).map((hit) => hit.entry.code),
		);
		expect(quoted).toEqual(expect.arrayContaining(['207001', 'EL0004']));
	});
});
