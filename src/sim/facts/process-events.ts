/**
 * Which steps are process-level events: the user's actions and the driver's, and the steps that
 * change a process's state or its signal dispositions (start, handler entry and return, exit,
 * `signal()`). Read from the steps' actors and facts; pure.
 */
import type { TraceStep } from '../trace.ts';

/** Actors whose every step is a process-level event. */
const EVENT_ACTORS: ReadonlySet<string> = new Set(['user', 'driver']);

/** Whether `step` is a process-level event (see the file comment). */
export function isProcessEvent(step: TraceStep): boolean {
	if (EVENT_ACTORS.has(step.actor)) return true;
	const changes = step.changes;
	if (!changes) return false;
	for (const c of changes) if (c.kind === 'process' || c.kind === 'signal-action') return true;
	return false;
}
