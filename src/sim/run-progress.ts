/**
 * What a running program is doing, as the runner sees it from outside: a snapshot the
 * interpreter hands its host every few hundred steps (the playground's worker posts it to the
 * page), and the likeliest reason a run that takes too long is taking long. Pure data; the host
 * decides what real time means (the core has no clock).
 */
import type { RunLimits } from './limits.ts';
import type { SourceSpan } from './trace.ts';

/** One snapshot of a run in progress. */
export interface RunProgress {
	/** `compile` while the program is read and compiled, `run` once it executes. */
	phase: 'compile' | 'run';
	/** Interpreter steps so far (loop iterations and calls). */
	steps: number;
	/** Log lines produced so far, kept or not. */
	logLines: number;
	/** Bytes of program data held (see MemoryBudget). */
	memory: number;
	/** Current depth of user calls. */
	depth: number;
	/** The loop entered last, where a runaway loop would be. */
	loop?: SourceSpan;
}

/** What a host may answer to a snapshot: stop now, after this much real time. */
export interface RunInterrupt {
	/** Milliseconds of real time the run took, for the message. */
	ms: number;
}

/** Hooks a host gives `run()`. */
export interface RunHooks {
	/** Called every few hundred steps with a snapshot (reused: copy what you keep). */
	onProgress?(progress: Readonly<RunProgress>): RunInterrupt | undefined;
}

/** Why a run is slow, as far as its snapshots tell. */
export type SlowCause = 'compile' | 'memory' | 'output' | 'recursion' | 'loop';

/**
 * The likeliest cause of a slow run from its first and latest snapshots: still compiling; program
 * data climbing towards the budget; output pouring out (more than a line every four steps, or
 * past the log cap); calls nested past half the depth limit; otherwise a long loop.
 */
export function likelyCause(
	first: Readonly<RunProgress> | undefined,
	last: Readonly<RunProgress> | undefined,
	limits: Pick<RunLimits, 'maxMemory' | 'maxDepth' | 'maxLogLines'>,
): SlowCause {
	if (!last || last.phase === 'compile') return 'compile';
	const grew = (key: 'memory' | 'logLines') =>
		last[key] - (first && first !== last ? first[key] : 0);
	if (last.memory >= limits.maxMemory / 4 && grew('memory') > 0) return 'memory';
	if (last.depth >= limits.maxDepth / 2) return 'recursion';
	const lines = grew('logLines');
	const steps = last.steps - (first && first !== last ? first.steps : 0);
	if (lines > limits.maxLogLines || (steps > 0 && lines * 4 > steps)) return 'output';
	return 'loop';
}
