/**
 * The catalog against what runs report, through C++ programs: every code of the catalog is
 * reached by its program in `diagnostic-triggers.ts` (a total record over the typed codes), and
 * every diagnostic any run reports has a code of the catalog and a message and hint filled in
 * both languages, with no placeholder left.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../src/cases/cases-fs.ts';
import { DIAGNOSTICS, isDiagnosticCode, type DiagnosticCode } from '../../src/diagnostics/index.ts';
import { run } from '../../src/lang/index.ts';
import type { RunRequest } from '../../src/sim/run-request.ts';
import type { Diagnostic, Trace } from '../../src/sim/trace.ts';
import { TRIGGERS, type Trigger } from './diagnostic-triggers.ts';
import { runScenario } from './run-scenario.ts';

const UNFILLED = /\{\w+\}/;
const CJK = /[\u4e00-\u9fff]/;

function runTrigger(code: string, trigger: Trigger): Trace {
	const request: RunRequest = {
		source: trigger.source,
		fileName: `${code}.cpp`,
		product: trigger.product ?? 'atlas-a2',
		mode: trigger.mode ?? 'npu',
	};
	if (trigger.cann) request.cann = trigger.cann;
	if (trigger.maxSteps) request.maxSteps = trigger.maxSteps;
	if (trigger.gmBytes) request.gmBytes = trigger.gmBytes;
	if (trigger.blocks) request.blocks = trigger.blocks;
	if (trigger.actions) request.actions = trigger.actions;
	if (trigger.files) request.files = trigger.files;
	if (trigger.request) Object.assign(request, trigger.request);
	return run(request);
}

/** What is wrong with a reported diagnostic's text, or nothing. */
function textProblems(d: Diagnostic): string[] {
	const problems: string[] = [];
	if (!isDiagnosticCode(d.code)) problems.push(`"${d.code}" is not a catalog code`);
	for (const lang of ['zh', 'en'] as const) {
		for (const [what, text] of [
			['message', d.messages[lang]],
			['hint', d.hints[lang]],
		] as const) {
			if (UNFILLED.test(text))
				problems.push(`${lang} ${what} has an unfilled placeholder: ${text}`);
		}
	}
	if (!CJK.test(d.messages.zh)) problems.push(`zh message is not Chinese: ${d.messages.zh}`);
	if (d.message !== d.messages.en || d.hint !== d.hints.en)
		problems.push('message is not the English text');
	if (d.severity !== DIAGNOSTICS[d.code]?.severity)
		problems.push('severity differs from the catalog');
	return problems;
}

describe('every catalog code is reached by a C++ program', () => {
	for (const [code, trigger] of Object.entries(TRIGGERS)) {
		if ('unreachable' in trigger) {
			it(`${code} is a catalog entry kept for a case no program reaches (${trigger.unreachable})`, () => {
				expect(isDiagnosticCode(code)).toBe(true);
			});
			continue;
		}
		it(`${code} is reported by its program, with both languages filled`, () => {
			const trace = runTrigger(code, trigger);
			const found = trace.diagnostics.filter((d) => d.code === code);
			expect(
				found.length,
				`${code} not reported; got ${trace.diagnostics.map((d) => d.code).join(', ') || 'nothing'} (${trace.outcome})`,
			).toBeGreaterThan(0);
			for (const d of trace.diagnostics) expect(textProblems(d), `${d.code}`).toEqual([]);
		});
	}

	it('names every code of the catalog, and nothing else', () => {
		expect(Object.keys(TRIGGERS).sort()).toEqual(Object.keys(DIAGNOSTICS).sort());
	});
});

describe('every diagnostic a run reports comes from the catalog, filled in both languages', () => {
	const programs = join(import.meta.dirname, '../programs');
	const seen = new Set<DiagnosticCode>();
	function check(trace: Trace): void {
		for (const d of trace.diagnostics) {
			expect(textProblems(d), `${d.code}`).toEqual([]);
			seen.add(d.code);
		}
	}

	it('holds for the sample programs in tests/programs on every product, in both modes', () => {
		for (const file of readdirSync(programs).filter((f) => f.endsWith('.cpp'))) {
			const source = readFileSync(join(programs, file), 'utf8');
			for (const product of ['atlas-training', 'atlas-a2'] as const) {
				for (const mode of ['npu', 'cpu'] as const) {
					check(run({ source, fileName: file, product, mode }));
				}
			}
		}
	});

	it('holds for every scenario of every case, faulty and fixed', async () => {
		for (const c of await loadCases()) {
			for (const scenario of c.facts.scenarios) {
				for (const variant of ['faulty', 'fixed'] as const) {
					check(runScenario(c.slug, scenario, variant));
				}
			}
		}
		expect(seen.size).toBeGreaterThan(0);
	});
});
