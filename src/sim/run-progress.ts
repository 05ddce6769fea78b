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

/** Program data grown by this much while a run is slow counts as climbing (illustrative). */
const CLIMBING_BYTES = 16 * 2 ** 20;

/** Why a run is slow, as far as its snapshots tell. */
export type SlowCause = 'compile' | 'memory' | 'output' | 'recursion' | 'loop';

/**
 * The likeliest cause of a slow run from its first and latest snapshots: still compiling; program
 * data climbing (16 MiB or more since the first snapshot, or towards the budget); output pouring out (more than a line every four steps, or
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
	const memory = grew('memory');
	if (memory >= CLIMBING_BYTES || (last.memory >= limits.maxMemory / 4 && memory > 0))
		return 'memory';
	if (last.depth >= limits.maxDepth / 2) return 'recursion';
	const lines = grew('logLines');
	const steps = last.steps - (first && first !== last ? first.steps : 0);
	if (lines > limits.maxLogLines || (steps > 0 && lines * 4 > steps)) return 'output';
	return 'loop';
}

/**
 * Each slow cause in words, in both languages: what the run was doing (read after "stopped:")
 * and what to look for.
 */
export const SLOW_CAUSE_TEXT: Readonly<
	Record<
		SlowCause,
		{
			readonly cause: { readonly zh: string; readonly en: string };
			readonly advice: { readonly zh: string; readonly en: string };
		}
	>
> = {
	compile: {
		cause: {
			zh: '它还在读取程序：程序很大，或者宏展开得很多',
			en: 'it was still reading the program, which is very large or whose macros expand a lot',
		},
		advice: { zh: '只运行出问题的那部分代码。', en: 'Run a smaller part of the program.' },
	},
	memory: {
		cause: { zh: '程序数据一直在增长', en: 'the program’s data kept growing' },
		advice: {
			zh: '检查是否有循环在不停地写入新的内存。',
			en: 'Look for a loop that keeps writing new memory.',
		},
	},
	output: {
		cause: { zh: '程序在大量输出日志', en: 'the program was flooding the log' },
		advice: {
			zh: '检查是否有循环每一轮都在打印（或失败）。',
			en: 'Look for a loop that prints (or fails) on every pass.',
		},
	},
	recursion: {
		cause: { zh: '函数调用嵌套得很深', en: 'calls were nested very deep' },
		advice: {
			zh: '检查是否有函数在没有终止条件的情况下调用自身。',
			en: 'Look for a function that calls itself without an end condition.',
		},
	},
	loop: {
		cause: { zh: '它在执行一个很长的循环', en: 'it was running a long loop' },
		advice: {
			zh: '检查是否有永不结束、或次数远超需要的循环。',
			en: 'Look for a loop that never ends or runs far more often than needed.',
		},
	},
};
