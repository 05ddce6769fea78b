/**
 * The interpreter against generated hostile programs (hostile-programs.ts), each run under small
 * limits so thousands fit in seconds: `run()` never throws, never reports an internal error, and
 * its trace keeps within every cap; every stop names its limit and the flag that changes it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../src/cases/schema.ts';
import { run } from '../../src/lang/index.ts';
import { LIMITS, LIMIT_KEYS, MIB, type RunLimits } from '../../src/sim/limits.ts';
import { MAX_DIAGNOSTICS_PER_CODE } from '../../src/sim/recorder.ts';
import type { Trace } from '../../src/sim/trace.ts';
import { hostileProgram } from './hostile-programs.ts';

/** Small limits: each generated program ends in milliseconds. */
const SMALL: RunLimits = {
	maxSteps: 5_000,
	maxMemory: 2 * MIB,
	maxDepth: 100,
	maxSourceBytes: 64 * 1024,
	maxNesting: 128,
	maxLogLines: 200,
	maxLineLength: 256,
	maxTraceSteps: 500,
};

/** The flag of each limit, by the code of the diagnostic that reports it. */
const FLAG_OF_CODE = new Map<string, string>(
	LIMIT_KEYS.map((key) => [LIMITS[key].code, LIMITS[key].flag]),
);

/** Every invariant a trace of a run under `limits` keeps. */
function checkTrace(trace: Trace, limits: RunLimits): void {
	expect(OUTCOMES).toContain(trace.outcome);
	const internal = trace.diagnostics.find((d) => d.code.startsWith('internal'));
	expect(internal, internal?.message).toBeUndefined();
	expect(trace.log.length).toBeLessThanOrEqual(limits.maxLogLines);
	for (const line of trace.log) expect(line.text.length).toBeLessThanOrEqual(limits.maxLineLength);
	expect(trace.steps.length).toBeLessThanOrEqual(limits.maxTraceSteps);
	const perCode = new Map<string, number>();
	for (const d of trace.diagnostics) {
		perCode.set(d.code, (perCode.get(d.code) ?? 0) + 1);
		expect(d.line).toBeGreaterThanOrEqual(1);
		expect(d.column).toBeGreaterThanOrEqual(1);
		const flag = FLAG_OF_CODE.get(d.code);
		if (flag) expect(d.hint, d.code).toContain(flag);
	}
	for (const n of perCode.values()) expect(n).toBeLessThanOrEqual(MAX_DIAGNOSTICS_PER_CODE);
}

describe('generated hostile programs', () => {
	// Four batches of a thousand, each with its own seed, so a batch fits a test's time.
	for (const seed of [19, 20, 21, 22]) {
		it(`end with a trace within every cap: 1,000 programs of seed ${seed}`, () => {
			fc.assert(
				fc.property(hostileProgram, fc.constantFrom('npu', 'cpu'), (source, mode) => {
					const trace = run({ source, product: 'atlas-a2', mode, runLimits: SMALL });
					checkTrace(trace, SMALL);
				}),
				{ numRuns: 1_000, seed },
			);
		}, 120_000);
	}

	it('keep within the caps whatever the limits are set to, 500 of them', () => {
		const limitsArb = fc.record({
			maxSteps: fc.integer({ min: 1, max: 10_000 }),
			maxMemory: fc.integer({ min: 1, max: 4 * MIB }),
			maxDepth: fc.integer({ min: 1, max: 300 }),
			maxSourceBytes: fc.integer({ min: 1, max: 512 * 1024 }),
			maxNesting: fc.integer({ min: 1, max: 200 }),
			maxLogLines: fc.integer({ min: 1, max: 500 }),
			maxLineLength: fc.integer({ min: 1, max: 1000 }),
			maxTraceSteps: fc.integer({ min: 1, max: 1000 }),
		});
		fc.assert(
			fc.property(hostileProgram, limitsArb, (source, limits) => {
				const trace = run({ source, product: 'atlas-training', mode: 'npu', runLimits: limits });
				checkTrace(trace, { ...limits, maxLogLines: Math.max(2, limits.maxLogLines) });
			}),
			{ numRuns: 500, seed: 1919 },
		);
	}, 120_000);
});
