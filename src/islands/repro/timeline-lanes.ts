/**
 * The lanes of the process and stream timeline, read from the trace: one lane per actor (the
 * user, each host process `host:<pid>`, cores, the driver) from its first to its last step, and
 * one lane per stream over its lifetime (src/sim/facts: from the step that created it to the
 * step that destroyed it, or else to its process's last step). Marks are the steps worth
 * pointing at: the process-level events on an actor's lane (facts `isProcessEvent`), and on a
 * stream's lane the calls that acted on it (`TraceStep.streams`). A process with more than
 * MAX_STREAM_LANES streams (a leak creating one per frame) shows the first ones and folds the
 * rest into one lane that counts them, so the panel stays a few hundred DOM nodes. Pure.
 */
import { isProcessEvent, streamLifetimes } from '../../sim/facts/index.ts';
import type { TraceStep } from '../../sim/trace.ts';

/** Most marks per lane; a loop of a million calls must not become a million DOM nodes. */
export const MAX_MARKS_PER_LANE = 200;

/** Most stream lanes per process before the rest are folded into one. */
export const MAX_STREAM_LANES = 12;

/** One mark on a lane. */
export interface LaneMark {
	step: number;
	time: number;
	label: string;
}

/** One lane of the timeline. */
export interface Lane {
	id: string;
	kind: 'actor' | 'stream';
	label: string;
	start: number;
	end: number;
	marks: LaneMark[];
	/** On a folded lane: how many streams it stands for. */
	folded?: number;
}

function markOf(step: TraceStep): LaneMark {
	return {
		step: step.step,
		time: step.time,
		label: `${step.call}(${step.args.join(', ')}) → ${step.result}`,
	};
}

/** The list under `key` in `map`, made empty on first use. */
function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
	let list = map.get(key);
	if (!list) map.set(key, (list = []));
	return list;
}

/** A stream's lane while it is built: its process and the steps it lived over. */
interface StreamLane extends Lane {
	actor: string;
	open: boolean;
	from: number;
	until: number;
}

/** The lanes of `steps`: actors in order of first appearance, each process followed by its streams. */
export function timelineLanes(steps: readonly TraceStep[]): Lane[] {
	const actors = new Map<string, Lane>();
	for (const step of steps) {
		let lane = actors.get(step.actor);
		if (!lane) {
			lane = {
				id: step.actor,
				kind: 'actor',
				label: step.actor,
				start: step.time,
				end: step.time,
				marks: [],
			};
			actors.set(step.actor, lane);
		}
		lane.end = step.time;
		if (isProcessEvent(step) && lane.marks.length < MAX_MARKS_PER_LANE)
			lane.marks.push(markOf(step));
	}
	// Stream lanes by handle, so a step marks only the lanes it names.
	const byHandle = new Map<number, StreamLane[]>();
	const byActor = new Map<string, StreamLane[]>();
	for (const life of streamLifetimes(steps)) {
		const lane: StreamLane = {
			id: `pid${life.pid}.stream.${life.handle}.${life.created.step}`,
			kind: 'stream',
			label: `stream ${life.id}`,
			start: life.created.time,
			end: life.destroyed?.time ?? life.created.time,
			marks: [],
			actor: `host:${life.pid}`,
			open: life.destroyed === undefined,
			from: life.created.step,
			until: life.destroyed?.step ?? Number.POSITIVE_INFINITY,
		};
		listIn(byHandle, life.handle).push(lane);
		listIn(byActor, lane.actor).push(lane);
	}
	for (const step of steps) {
		for (const handle of step.streams ?? []) {
			for (const lane of byHandle.get(handle) ?? []) {
				const live = lane.from <= step.step && step.step <= lane.until;
				if (live && lane.marks.length < MAX_MARKS_PER_LANE) lane.marks.push(markOf(step));
			}
		}
	}
	const out: Lane[] = [];
	for (const actor of actors.values()) {
		out.push(actor);
		const own: Lane[] = (byActor.get(actor.id) ?? []).map(
			({ actor: _a, open, from: _f, until: _u, ...lane }) =>
				open ? { ...lane, end: actor.end } : lane,
		);
		if (own.length <= MAX_STREAM_LANES) {
			out.push(...own);
			continue;
		}
		const rest = own.slice(MAX_STREAM_LANES - 1);
		out.push(...own.slice(0, MAX_STREAM_LANES - 1), {
			id: `${actor.id}.stream.folded`,
			kind: 'stream',
			label: `+${rest.length}`,
			start: Math.min(...rest.map((l) => l.start)),
			end: Math.max(...rest.map((l) => l.end)),
			marks: [],
			folded: rest.length,
		});
	}
	return out;
}
