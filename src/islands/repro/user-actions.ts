/**
 * The reader's own actions (send a signal, kill -2, suspend, run again) added to a scenario.
 * The simulator is a pure function of request → trace, so an action "now" is an action appended
 * to the request's action list at the current virtual time: a `wait` covers the time between the
 * last action the machine saw and the step the reader is looking at, then the action follows,
 * and the whole scenario is replayed. Pure.
 */
import type { Action } from '../../cases/schema.ts';
import type { Trace } from '../../sim/trace.ts';

/** Actor name the simulator gives the user's actions in the trace. */
export const USER_ACTOR = 'user';

/** Microseconds per millisecond: trace times are µs, `wait` takes ms. */
const US_PER_MS = 1_000;

/**
 * The reader's action list after adding `action` at virtual time `now` (µs; the time of the step
 * being looked at, or the end of the run). `base` is the scenario's own list; an empty one means
 * "one plain run", so a run is put first. A wait is added when `now` lies after the last
 * action the trace shows (or after 0 when it shows none).
 */
export function appendAction(
	base: readonly Action[],
	added: readonly Action[],
	action: Action,
	trace: Trace | undefined,
	now: number | undefined,
): Action[] {
	const next = [...added];
	if (base.length === 0 && next.length === 0) next.push({ do: 'run' });
	if (trace && now !== undefined) {
		let last = 0;
		for (const step of trace.steps)
			if (step.actor === USER_ACTOR && step.time > last) last = step.time;
		const gap = Math.ceil((now - last) / US_PER_MS);
		if (gap > 0) next.push({ do: 'wait', ms: gap });
	}
	next.push(action);
	return next;
}
