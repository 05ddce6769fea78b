/**
 * The machine state a step-through shows: the trace stores state as deltas (`changes` on each
 * step); folding the deltas of steps 1..n gives the state after step n. A change with value
 * `null` or `undefined` removes the path. Pure; views read the result, never the simulator.
 */
import type { TraceStep } from '../../sim/trace.ts';

/** Path → value after some step, in the order paths first appeared. */
export type MachineState = ReadonlyMap<string, unknown>;

/** The state after the first `count` steps of `steps` (0: the empty state before the run). */
export function stateAfter(steps: readonly TraceStep[], count: number): MachineState {
	const state = new Map<string, unknown>();
	const end = Math.min(count, steps.length);
	for (let i = 0; i < end; i++) {
		for (const change of steps[i]!.changes ?? []) {
			if (change.value === null || change.value === undefined) state.delete(change.path);
			else state.set(change.path, change.value);
		}
	}
	return state;
}

/** Entries of `state` whose path starts with `prefix`, with the prefix cut off. */
export function entriesUnder(state: MachineState, prefix: string): Array<[string, unknown]> {
	const out: Array<[string, unknown]> = [];
	for (const [path, value] of state) {
		if (path.startsWith(prefix)) out.push([path.slice(prefix.length), value]);
	}
	return out;
}
