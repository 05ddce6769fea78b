/**
 * Cases are verified like a compiler's error index: every scenario of every case runs in the
 * simulator; the faulty run must reach its expected outcome and print a log that the triage
 * matcher attributes to this very case, and the fixed run must reach its outcome with a log that
 * none of the case's signatures claims. A case that fails here does not ship.
 *
 * Two symptoms print no line that could prove the case on its own, on a real machine as here: an
 * NPU hang (the host only sees a generic timeout) and a leak (memory climbs until a generic
 * out-of-memory error, which triage may only offer as a hint). For those, and only those, the
 * simulator's own diagnosis must name the case instead.
 */
import { describe, expect, it } from 'vitest';
import { loadCases, loadRegistry } from '../../src/cases/cases-fs.ts';
import type { Variant } from '../../src/cases/scenario-actions.ts';
import { compileSignatures, matchLog } from '../../src/triage/index.ts';
import { runScenario, type Scenario } from './run-scenario.ts';

const cases = await loadCases();
const registry = await loadRegistry();
const signatures = compileSignatures(registry.signatures);

function runVariant(slug: string, scenario: Scenario, variant: Variant) {
	const trace = runScenario(slug, scenario, variant);
	const log = trace.log.map((line) => line.text).join('\n');
	const result = matchLog(log, signatures);
	return {
		trace,
		log,
		claimed: result.matches.filter((m) => m.case === slug),
		hinted: result.hints.filter((m) => m.case === slug),
		diagnosed: trace.diagnostics.filter((d) => d.case === slug),
	};
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
					const { trace, log, claimed, hinted, diagnosed } = runVariant(slug, scenario, 'faulty');
					expect(trace.outcome, log).toBe(scenario.expect.faulty);
					if (claimed.length > 0) return;
					const silent = trace.outcome === 'hang' || hinted.length > 0;
					expect(silent, `no signature of ${slug} matched:\n${log}`).toBe(true);
					expect(
						diagnosed.map((d) => d.code),
						`the log cannot prove ${slug}, and no diagnostic names it`,
					).not.toEqual([]);
				});

				it(`scenario ${scenario.id}: the fixed run ends as "${scenario.expect.fixed}" and no signature of this case matches its log`, () => {
					const { trace, log, claimed, hinted, diagnosed } = runVariant(slug, scenario, 'fixed');
					expect(trace.outcome, log).toBe(scenario.expect.fixed);
					expect(
						claimed.map((m) => m.signature),
						log,
					).toEqual([]);
					expect(
						hinted.map((m) => m.signature),
						log,
					).toEqual([]);
					expect(diagnosed.map((d) => d.code)).toEqual([]);
				});
			}
		});
	}
});
