/**
 * The machine state after a step: the trace stores state as facts per step (`changes`);
 * folding the facts of steps 1..n keeps, for every piece of state, its latest fact, and drops
 * the pieces a fact said are gone. Pure; views read the result, never the simulator.
 */
import type { TraceStep } from '../trace.ts';
import {
	changePath,
	isRemoval,
	type StateChange,
	type StateChangeKind,
	type StateChangeOf,
} from './state-change.ts';

/** The latest fact of every piece of state, keyed by its identity, in the order pieces appeared. */
export type MachineState = ReadonlyMap<string, StateChange>;

/** The state after the first `count` steps of `steps` (0: the empty state before the run). */
export function stateAfter(steps: readonly TraceStep[], count: number): MachineState {
	const state = new Map<string, StateChange>();
	const end = Math.min(count, steps.length);
	for (let i = 0; i < end; i++) {
		for (const change of steps[i]!.changes ?? []) {
			const key = changePath(change);
			if (isRemoval(change)) state.delete(key);
			else state.set(key, change);
		}
	}
	return state;
}

/** The facts of kind `kind` in `state`, in the order their pieces appeared. */
export function factsOf<K extends StateChangeKind>(
	state: MachineState,
	kind: K,
): StateChangeOf<K>[] {
	const out: StateChangeOf<K>[] = [];
	for (const fact of state.values()) if (fact.kind === kind) out.push(fact as StateChangeOf<K>);
	return out;
}
