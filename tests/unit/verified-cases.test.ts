/**
 * Cases are verified like a compiler's error index: every scenario of every case runs in the
 * simulator; the faulty run must reach its expected outcome and print a log that the triage
 * matcher attributes to this very case, and the fixed run must reach its outcome with a log that
 * none of the case's signatures claims. A case that fails here does not ship.
 *
 * Some symptoms print no line that could prove the case on its own, on a real machine as here:
 * an NPU hang (the host only sees a generic timeout), a leak (memory climbs until an
 * out-of-memory error that is another case's line), a result read before the copy that writes it
 * landed (no error at all). For those the simulator's own diagnosis must name the case instead:
 * a faulty run proves its case by a signature of the case or by a diagnostic naming it.
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
	it('has the five seed cases, the nine runtime cases, the two HCCL cases and the eight kernel-side cases of issue 14', () => {
		expect(cases.map((c) => c.slug).sort()).toEqual(
			expect.arrayContaining([
				'acl-context-null-in-thread',
				'acl-device-out-of-memory',
				'acl-event-id-exhausted',
				'acl-notify-resource-exhausted',
				'acl-read-before-synchronize',
				'acl-resource-leak',
				'acl-set-device-failed',
				'acl-stream-resource-exhausted',
				'acl-stream-wrong-context',
				'aclgraph-capture-forbidden-call',
				'aicore-kernel-timeout',
				'alloc-tensor-queue-position-limit',
				'gm-out-of-bounds',
				'hccl-connect-timeout',
				'hccl-notify-wait-timeout',
				'kernel-exception-reported-later',
				'pipe-sync-missing',
				'signal-handler-double-release',
				'suspend-hwts-busy',
				'tensor-longer-than-queue-buffer',
				'tiling-data-zeros',
				'tpipe-constructed-twice',
				'ub-out-of-bounds',
				'ub-unaligned-address',
			]),
		);
	});

	for (const { slug, facts } of cases) {
		describe(slug, () => {
			for (const scenario of facts.scenarios) {
				it(`scenario ${scenario.id}: the faulty run ends as "${scenario.expect.faulty}" and its log is matched to this case`, () => {
					const { trace, log, claimed, hinted, diagnosed } = runVariant(slug, scenario, 'faulty');
					expect(trace.outcome, log).toBe(scenario.expect.faulty);
					if (claimed.length > 0) return;
					expect(
						diagnosed.map((d) => d.code),
						`no signature of ${slug} matched (hints: ${hinted.map((m) => m.signature).join(', ') || 'none'}), and no diagnostic names it:\n${log}`,
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
