/**
 * The HCCL timeouts as triage reads them: the log of a simulated job whose rank skipped a
 * collective is claimed by the notify-wait case alone, never by a case about running out of
 * Notify objects (the word "Notify" is all they share), and a Notify-exhaustion log is never
 * claimed by the HCCL case.
 */
import { describe, expect, it } from 'vitest';
import { loadCases, loadRegistry } from '../../src/cases/cases-fs.ts';
import { compileSignatures, matchLog } from '../../src/triage/index.ts';
import { runScenario } from './run-scenario.ts';

const cases = await loadCases();
const signatures = compileSignatures((await loadRegistry()).signatures);
const notifyWait = cases.find((c) => c.slug === 'hccl-notify-wait-timeout')!;

function claimed(log: string): string[] {
	return [...new Set(matchLog(log, signatures).matches.map((m) => m.case))].sort();
}

describe('triage of HCCL timeouts', () => {
	it('claims the EI0002 log of a job whose rank 3 skipped an AllReduce for hccl-notify-wait-timeout and nothing else', () => {
		const trace = runScenario(notifyWait.slug, notifyWait.facts.scenarios[0]!, 'faulty');
		const log = trace.log.map((l) => l.text).join('\n');
		expect(log).toContain('remote rank: [3]');
		expect(claimed(log)).toEqual(['hccl-notify-wait-timeout']);
	});

	it('never claims a Notify-exhaustion log for the HCCL case', () => {
		const log = [
			'Resource_Error(EE1023): Alloc Notify resource failed. Reason: Too many Notify objects are created.',
			'[ERROR] RUNTIME(9120,hccl_test):2026-07-09-10:01:14.300.120 [api_c.cc:1502]9120 rtNotifyCreateWithFlag:ErrCode=207009, desc=[driver error:no notify resource], InnerCode=0x702001b',
		].join('\n');
		expect(claimed(log)).not.toContain('hccl-notify-wait-timeout');
	});
});
