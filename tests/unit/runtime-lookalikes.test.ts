/**
 * Logs that only look alike must not land on each other's case. Each runtime case's faulty run,
 * simulated through its C++ program, is claimed by that case and by no other: a stream shortage
 * during graph capture is neither a leak nor an out-of-memory error, Notify exhaustion is not an
 * HCCL notify-wait timeout, a sub stream left unjoined is not a stream shortage.
 */
import { describe, expect, it } from 'vitest';
import { loadCases, loadRegistry } from '../../src/cases/cases-fs.ts';
import { compileSignatures, matchLog } from '../../src/triage/index.ts';
import { runScenario } from './run-scenario.ts';

const cases = await loadCases();
const signatures = compileSignatures((await loadRegistry()).signatures);

/** The runtime cases of issue 15 on this branch. */
const RUNTIME_CASES = [
	'acl-stream-resource-exhausted',
	'acl-notify-resource-exhausted',
	'acl-read-before-synchronize',
	'acl-stream-wrong-context',
	'acl-device-out-of-memory',
	'acl-set-device-failed',
	'kernel-exception-reported-later',
	'aclgraph-capture-forbidden-call',
];

/**
 * Scenarios whose log is truly two cases at once. A card whose memory another process holds fails
 * aclrtSetDevice with the EL0004 memory lines of the memory pool (PTOAS #341 shows the same
 * pair), and acl-device-out-of-memory explains that cause too. A kernel handed a null bias
 * pointer reads GM outside any allocation: the device's "The DDR address of the MTE instruction
 * is out of range" line is gm-out-of-bounds' own evidence, and the later report is this case's.
 */
const BOTH: Readonly<Record<string, readonly string[]>> = {
	'acl-set-device-failed/card-memory-fully-reserved': ['acl-device-out-of-memory'],
	'kernel-exception-reported-later/null-bias-kernel': ['gm-out-of-bounds'],
};

/** Every case that claims or hints at `log`. */
function named(log: string): string[] {
	const result = matchLog(log, signatures);
	return [...new Set([...result.matches, ...result.hints].map((m) => m.case))].sort();
}

describe('runtime logs that only look alike', () => {
	for (const slug of RUNTIME_CASES) {
		const found = cases.find((c) => c.slug === slug)!;
		for (const scenario of found.facts.scenarios) {
			it(`the faulty run of ${slug} / ${scenario.id} is named by no other case`, () => {
				const trace = runScenario(slug, scenario, 'faulty');
				const log = trace.log.map((line) => line.text).join('\n');
				const also = BOTH[`${slug}/${scenario.id}`] ?? [];
				expect(
					named(log).filter((other) => other !== slug),
					log,
				).toEqual(also);
			});
		}
	}
});
