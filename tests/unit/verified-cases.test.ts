/**
 * Cases are verified like a compiler's error index: every scenario of every case runs in the
 * simulator; the faulty run must reach its expected outcome and print a log that the triage
 * matcher attributes to this very case, and the fixed run must reach its outcome with a log that
 * none of the case's signatures claims. A case that fails here does not ship.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CASES_DIR, loadCases, loadRegistry } from '../../src/cases/cases-fs.ts';
import { actionsFor, type Variant } from '../../src/cases/scenario-actions.ts';
import { run } from '../../src/lang/index.ts';
import { compileSignatures, matchLog } from '../../src/triage/index.ts';

const cases = await loadCases();
const registry = await loadRegistry();
const signatures = compileSignatures(registry.signatures);

function runVariant(
	slug: string,
	scenario: (typeof cases)[number]['facts']['scenarios'][number],
	variant: Variant,
) {
	const file = scenario[variant];
	const source = readFileSync(join(DEFAULT_CASES_DIR, slug, file), 'utf8');
	const trace = run({
		source,
		fileName: file,
		product: scenario.product,
		mode: scenario.mode,
		...(scenario.cann ? { cann: scenario.cann } : {}),
		actions: actionsFor(scenario, variant),
	});
	const log = trace.log.map((line) => line.text).join('\n');
	return { trace, log, claimed: matchLog(log, signatures).matches.filter((m) => m.case === slug) };
}

describe('every case ships with a verified reproduction', () => {
	it('has the five seed cases', () => {
		expect(cases.map((c) => c.slug).sort()).toEqual([
			'acl-event-id-exhausted',
			'acl-resource-leak',
			'alloc-tensor-queue-position-limit',
			'signal-handler-double-release',
			'suspend-hwts-busy',
		]);
	});

	for (const { slug, facts } of cases) {
		describe(slug, () => {
			for (const scenario of facts.scenarios) {
				it(`scenario ${scenario.id}: the faulty run ends as "${scenario.expect.faulty}" and its log is matched to this case`, () => {
					const { trace, log, claimed } = runVariant(slug, scenario, 'faulty');
					expect(
						trace.diagnostics.filter((d) => d.severity === 'error' && d.code.startsWith('lang-')),
					).toEqual([]);
					expect(trace.outcome, log).toBe(scenario.expect.faulty);
					expect(claimed.length, `no signature of ${slug} matched:\n${log}`).toBeGreaterThan(0);
				});

				it(`scenario ${scenario.id}: the fixed run ends as "${scenario.expect.fixed}" and no signature of this case matches its log`, () => {
					const { trace, log, claimed } = runVariant(slug, scenario, 'fixed');
					expect(trace.outcome, log).toBe(scenario.expect.fixed);
					expect(
						claimed.map((m) => m.signature),
						log,
					).toEqual([]);
				});
			}
		});
	}
});
