/**
 * The lanes of the process and stream timeline, read from the trace: one lane per actor (the
 * user, each host process `host:<pid>`, cores, the driver) from its first to its last step, and
 * one lane per stream, from the step that created it (state path `pid<N>.stream.<handle>`) to
 * the step that destroyed it, or else to its process's last step. Marks are the steps worth
 * pointing at: the user's actions, process events, and calls on the stream. A process with more
 * than MAX_STREAM_LANES streams (a leak creating one per frame) shows the first ones and folds
 * the rest into one lane that counts them, so the panel stays a few hundred DOM nodes. Pure.
 */
import type { TraceStep } from '../../sim/trace.ts';

/** Calls that mark a process-level event worth labelling on an actor's lane. */
const NOTABLE = /signal|kill|suspend|exit|spawn|abort|reclaim|run\(|^run$/i;

/** Most marks per lane; a loop of a million calls must not become a million DOM nodes. */
export const MAX_MARKS_PER_LANE = 200;

/** Most stream lanes per process before the rest are folded into one. */
export const MAX_STREAM_LANES = 12;

const STREAM_PATH = /^pid(\d+)\.stream\.(\S+)$/;

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

/** Whether a step is a process-level event (or the user's action). */
export function isNotable(step: TraceStep): boolean {
	return step.actor === 'user' || NOTABLE.test(step.call);
}

/** The lanes of `steps`: actors in order of first appearance, each followed by its streams. */
export function timelineLanes(steps: readonly TraceStep[]): Lane[] {
	type StreamLane = Lane & { pid: string; handle: string; open: boolean };
	const actors = new Map<string, Lane>();
	const streams = new Map<string, StreamLane>();
	// Open stream lanes by handle, so marking a step costs its argument count, not the stream count.
	const openByHandle = new Map<string, StreamLane[]>();
	const close = (lane: StreamLane) => {
		lane.open = false;
		const list = openByHandle.get(lane.handle);
		const at = list?.indexOf(lane) ?? -1;
		if (list && at >= 0) list.splice(at, 1);
	};
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
		if (isNotable(step) && lane.marks.length < MAX_MARKS_PER_LANE) lane.marks.push(markOf(step));
		for (const change of step.changes ?? []) {
			const match = STREAM_PATH.exec(change.path);
			if (!match) continue;
			const [, pid, handle] = match as unknown as [string, string, string];
			const id = `pid${pid}.stream.${handle}`;
			const existing = streams.get(id);
			if (change.value === null || change.value === undefined) {
				if (existing?.open) {
					existing.end = step.time;
					close(existing);
				}
			} else if (!existing || !existing.open) {
				const created: StreamLane = {
					id,
					kind: 'stream',
					label: String(change.value),
					start: step.time,
					end: step.time,
					marks: [],
					pid,
					handle,
					open: true,
				};
				streams.set(id, created);
				const list = openByHandle.get(handle) ?? [];
				list.push(created);
				openByHandle.set(handle, list);
			}
		}
		for (const arg of step.args) {
			for (const stream of openByHandle.get(arg) ?? []) {
				if (stream.marks.length < MAX_MARKS_PER_LANE) stream.marks.push(markOf(step));
			}
		}
	}
	const out: Lane[] = [];
	for (const actor of actors.values()) {
		out.push(actor);
		const pid = /^host:(\d+)$/.exec(actor.id)?.[1];
		if (!pid) continue;
		const own: Lane[] = [];
		for (const { pid: owner, handle: _h, open, ...lane } of streams.values()) {
			if (owner !== pid) continue;
			if (open) lane.end = actor.end;
			own.push(lane);
		}
		if (own.length <= MAX_STREAM_LANES) {
			out.push(...own);
			continue;
		}
		const shown = own.slice(0, MAX_STREAM_LANES - 1);
		const rest = own.slice(MAX_STREAM_LANES - 1);
		out.push(...shown, {
			id: `pid${pid}.stream.folded`,
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
