/**
 * The reader's own actions (send a signal, kill -2, suspend, run again, wait) added to a
 * scenario. The simulator is a pure function of request → trace, so an action "now" is an action
 * appended to the request's action list and the whole scenario is replayed. The action list is a
 * timeline: only `wait` moves virtual time between actions. When the reader is stepping, "now" is
 * the time of the step they are looking at, so a `wait` first covers the time from the last
 * action to that step; after a whole run, the action follows the last one directly. Pure.
 */
import type { Action } from '../../cases/schema.ts';

/** Microseconds per millisecond: trace times are µs, `wait` takes ms. */
const US_PER_MS = 1_000;

/** Virtual time (µs) at which the last of `actions` happens, counting from the first run. */
export function actionsEndTime(actions: readonly Action[]): number {
	let ms = 0;
	for (const action of actions) if (action.do === 'wait') ms += action.ms;
	return ms * US_PER_MS;
}

/**
 * The reader's action list after adding `action`. `base` is the scenario's own list (for the
 * variant being run); an empty one means "one plain run", so a run is put first. `now` is the
 * virtual time (µs) of the step being looked at, or undefined after a whole run.
 */
export function appendAction(
	base: readonly Action[],
	added: readonly Action[],
	action: Action,
	now?: number,
): Action[] {
	const next = [...added];
	if (base.length === 0 && next.length === 0) next.push({ do: 'run' });
	if (now !== undefined) {
		const gap = Math.ceil((now - actionsEndTime([...base, ...next])) / US_PER_MS);
		if (gap > 0) next.push({ do: 'wait', ms: gap });
	}
	next.push(action);
	return next;
}
