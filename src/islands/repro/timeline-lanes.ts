/**
 * The lanes of the process and stream timeline, read from the trace: one lane per actor (the
 * user, each host process `host:<pid>`, cores, the driver) from its first to its last step, and
 * one lane per stream, from the step that created it (state path `pid<N>.stream.<handle>`) to
 * the step that destroyed it, or else to its process's last step. Marks are the steps worth
 * pointing at: the user's actions, process events, and calls on the stream. Pure.
 */
import type { TraceStep } from '../../sim/trace.ts';

/** Calls that mark a process-level event worth labelling on an actor's lane. */
const NOTABLE = /signal|kill|suspend|exit|spawn|abort|reclaim|run\(|^run$/i;

/** Most marks per lane; a loop of a million calls must not become a million DOM nodes. */
export const MAX_MARKS_PER_LANE = 200;

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
	const actors = new Map<string, Lane>();
	const streams = new Map<string, Lane & { pid: string; handle: string; open: boolean }>();
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
				if (existing) {
					existing.end = step.time;
					existing.open = false;
				}
			} else if (!existing || !existing.open) {
				streams.set(id, {
					id,
					kind: 'stream',
					label: String(change.value),
					start: step.time,
					end: step.time,
					marks: [],
					pid,
					handle,
					open: true,
				});
			}
		}
		for (const lane of streams.values()) {
			if (lane.open && step.args.includes(lane.handle) && lane.marks.length < MAX_MARKS_PER_LANE) {
				lane.marks.push(markOf(step));
			}
		}
	}
	const out: Lane[] = [];
	for (const actor of actors.values()) {
		out.push(actor);
		const pid = /^host:(\d+)$/.exec(actor.id)?.[1];
		if (!pid) continue;
		for (const { pid: owner, handle: _h, open, ...lane } of streams.values()) {
			if (owner !== pid) continue;
			if (open) lane.end = actor.end;
			out.push(lane);
		}
	}
	return out;
}
