/**
 * When each stream a process created lived: from the step whose fact created it to the step
 * whose fact destroyed it (or, while it lives, open), read from the trace's stream facts. The
 * steps that acted on a stream name it in `TraceStep.streams`. Pure.
 */
import type { TraceStep } from '../trace.ts';

/** One stream's life. */
export interface StreamLifetime {
	readonly pid: number;
	readonly handle: number;
	/** The device's stream id (`stream 3`). */
	readonly id: number;
	readonly created: { readonly step: number; readonly time: number };
	/** Undefined while the stream lives (to the end of the trace). */
	readonly destroyed: { readonly step: number; readonly time: number } | undefined;
}

/** Every stream of `steps`, in the order they were created (a reused handle is a new stream). */
export function streamLifetimes(steps: readonly TraceStep[]): StreamLifetime[] {
	const out: Array<{ -readonly [K in keyof StreamLifetime]: StreamLifetime[K] }> = [];
	const open = new Map<string, number>();
	for (const step of steps) {
		for (const c of step.changes ?? []) {
			if (c.kind !== 'stream') continue;
			const key = `${c.pid}.${c.handle}`;
			const at = open.get(key);
			if (c.id === null) {
				if (at === undefined) continue;
				out[at]!.destroyed = { step: step.step, time: step.time };
				open.delete(key);
			} else if (at === undefined) {
				open.set(key, out.length);
				out.push({
					pid: c.pid,
					handle: c.handle,
					id: c.id,
					created: { step: step.step, time: step.time },
					destroyed: undefined,
				});
			}
		}
	}
	return out;
}
