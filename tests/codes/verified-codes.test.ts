/**
 * Verified like an error index: every code the simulator can emit — read from the simulator's
 * own source, not from a list — has a page and a program that makes the simulator emit it, run
 * through the interpreter as `casebook sim` runs it. A code the source names that no program can
 * reach must be listed in SIM_UNREACHABLE with the reason, and that list may hold nothing a
 * program or a case does produce. So a code added to the simulator without a program fails here.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../src/cases/cases-fs.ts';
import { codeProgramRequest } from '../../src/codes/code-program-request.ts';
import { loadCodeTable } from '../../src/codes/codes-fs.ts';
import type { CodeProgram } from '../../src/codes/schema.ts';
import { SIM_UNREACHABLE } from '../../src/codes/sim-unreachable.ts';
import { run } from '../../src/lang/index.ts';
import type { Trace } from '../../src/sim/trace.ts';
import { loadCodeDirectory } from '../../src/triage/code-directory-fs.ts';
import { findCodes } from '../../src/triage/find-codes.ts';
import { runScenario } from '../unit/run-scenario.ts';
import { codesNamedBySimulator } from './sim-source-codes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const [table, directory] = await Promise.all([loadCodeTable(), loadCodeDirectory()]);
/** Every code the simulator's source names, with the file that names it. */
const NAMED = codesNamedBySimulator(ROOT, table, directory);
/** The codes that must each have a program. */
const REACHABLE = [...NAMED.keys()].filter((code) => !(code in SIM_UNREACHABLE)).sort();
/** The codes whose rows list programs, which must emit them whether the scan sees them or not. */
const WITH_PROGRAMS = table
	.entries()
	.filter((entry) => (entry.programs ?? []).length > 0 && !NAMED.has(entry.code))
	.map((entry) => entry.code);

/**
 * The codes a run emitted: what an ACL call returned (an aclError) or an HCCL call returned (an
 * HcclResult), and every code its log and output quote.
 */
function codesOf(trace: Trace): Set<string> {
	const codes = new Set<string>();
	for (const step of trace.steps) {
		const returned = /^(\d+)\b/.exec(step.result)?.[1];
		if (!returned || returned === '0') continue;
		if (/^[1-5]\d{5}$/.test(returned)) codes.add(returned);
		else if (step.call.startsWith('Hccl') && table.get(`hccl-${returned}`))
			codes.add(`hccl-${returned}`);
	}
	for (const line of trace.log)
		for (const hit of findCodes(line.text, directory)) codes.add(hit.entry.code);
	return codes;
}

const emitted = new Map<string, Set<string>>();

/** The codes `program` makes the simulator emit (each program runs once per test file). */
function emittedBy(program: CodeProgram): Set<string> {
	const key = JSON.stringify(program);
	let codes = emitted.get(key);
	if (!codes) {
		const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
		codes = codesOf(run(codeProgramRequest(program, read)));
		emitted.set(key, codes);
	}
	return codes;
}

describe('codes the simulator emits', () => {
	it('are read from the simulator source, which names the codes known to be there', () => {
		// If the scan went blind, every other test here would pass while proving nothing.
		expect([...NAMED.keys()]).toEqual(
			expect.arrayContaining([
				'207001', // ACL_ERROR_RT_MEMORY_ALLOCATION, returned
				'107041', // written as a number
				'0x7030027', // an inner code written as a number
				'EL0004', // a screen code passed as a string
				'ts-0x31', // quoted in a log line
				'hccl-5', // R.HCCL_E_NOT_SUPPORT, returned
			]),
		);
		expect(REACHABLE.length).toBeGreaterThan(50);
	});

	it('each have a page in the index', () => {
		expect([...NAMED.keys()].filter((code) => !table.get(code))).toEqual([]);
	});

	it.each([
		...REACHABLE.map((code) => [code, NAMED.get(code)!]),
		...WITH_PROGRAMS.map((code) => [code, 'no simulator file']),
	])(
		'%s (named in %s) is emitted by every program its row lists, run as casebook sim runs them',
		(code) => {
			const entry = table.get(code)!;
			const programs = entry.programs ?? [];
			expect(
				programs.length,
				`content/codes/${entry.family}.json: ${code} lists no program (or add it to SIM_UNREACHABLE with the reason)`,
			).toBeGreaterThan(0);
			for (const program of programs)
				expect([...emittedBy(program)], `${program.file} on ${program.product}`).toContain(code);
		},
	);

	it('are listed as unreachable only when the simulator names them, with a reason, and no program or case emits them', async () => {
		const stale = Object.keys(SIM_UNREACHABLE).filter((code) => !NAMED.has(code));
		expect(stale, 'SIM_UNREACHABLE names codes the simulator no longer names').toEqual([]);
		for (const [code, reason] of Object.entries(SIM_UNREACHABLE))
			expect(reason.length, code).toBeGreaterThan(30);
		const produced = new Set<string>();
		for (const entry of table.entries())
			for (const program of entry.programs ?? [])
				for (const code of emittedBy(program)) produced.add(code);
		for (const loaded of await loadCases())
			for (const scenario of loaded.facts.scenarios)
				for (const code of codesOf(runScenario(loaded.slug, scenario, 'faulty')))
					produced.add(code);
		expect(Object.keys(SIM_UNREACHABLE).filter((code) => produced.has(code))).toEqual([]);
	}, 120_000);

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
