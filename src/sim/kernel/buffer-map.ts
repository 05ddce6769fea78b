/**
 * Rebuilds the buffer map of a kernel run at any step from the trace's state deltas, for a
 * step-through view: per core, per TPosition, the queues and TBufs on it with their blocks and
 * states, the position's occupancy and limit, and the held sync event ids.
 *
 * State paths the kernel simulator writes (`<q>` is a queue/TBuf name, `<b>` a block index):
 * - `core<n>.<pipe>`: `'alive'` or `'destroyed'`; `core<n>.<pipe>.buffers`: buffers managed
 * - `core<n>.<q>`: `{ kind, position, memory?, depth, blocks, blockBytes? }`, or null after Reset
 * - `core<n>.<q>.block<b>`: `{ state, address, bytes, event? }` (see `blockView`)
 * - `core<n>.<q>.queued`: tensors enqueued and not yet dequeued
 * - `core<n>.<POSITION>.occupancy`: buffers in use or waiting for their event id
 * - `core<n>.events.<HardEvent>`: held ids; `core<n>.pool.<memory>`: bytes carved
 * - `core<n>.flags.<HardEvent>#<id>`: pending SetFlag count; `core<n>.gm.<name>`: GM window
 */
import type { TraceStep } from '../trace.ts';
import type { TBufState } from './buffer-block.ts';

/** One block as the map shows it. */
export interface MapBlock {
	index: number;
	state: TBufState;
	address: number;
	bytes: number;
	/** `enque#<id>` or `free#<id>` when the block holds a sync event id. */
	event?: string;
}

/** A queue or TBuf with its blocks. */
export interface MapQueue {
	name: string;
	kind: string;
	depth: number;
	queued: number;
	blocks: MapBlock[];
}

/** One position of one core. */
export interface MapPosition {
	position: string;
	occupancy: number;
	queues: MapQueue[];
}

/** One core's map. */
export interface MapCore {
	blockIdx: number;
	positions: MapPosition[];
	events: Record<string, number[]>;
}

/** Replays the `changes` of `steps` up to and including step `upTo` (all when omitted). */
export function buildBufferMap(steps: readonly TraceStep[], upTo = Infinity): MapCore[] {
	const state = new Map<string, unknown>();
	for (const step of steps) {
		if (step.step > upTo) break;
		for (const c of step.changes ?? []) state.set(c.path, c.value);
	}
	const cores = new Map<number, MapCore>();
	const coreOf = (n: number): MapCore => {
		let core = cores.get(n);
		if (!core) {
			core = { blockIdx: n, positions: [], events: {} };
			cores.set(n, core);
		}
		return core;
	};
	const queues = new Map<string, MapQueue & { position: string; core: number }>();
	for (const [path, value] of state) {
		const m = /^core(\d+)\.([^.]+)$/.exec(path);
		if (!m || value === null || typeof value !== 'object') continue;
		const v = value as { kind?: string; position?: string; depth?: number };
		if (!v.kind || !v.position) continue;
		queues.set(`${m[1]}.${m[2]}`, {
			core: Number(m[1]),
			name: m[2]!,
			kind: v.kind,
			position: v.position,
			depth: v.depth ?? 0,
			queued: Number(state.get(`${path}.queued`) ?? 0),
			blocks: [],
		});
	}
	for (const [path, value] of state) {
		const block = /^core(\d+)\.([^.]+)\.block(\d+)$/.exec(path);
		if (block) {
			const q = queues.get(`${block[1]}.${block[2]}`);
			const v = value as Omit<MapBlock, 'index'>;
			if (q) q.blocks.push({ index: Number(block[3]), ...v });
			continue;
		}
		const events = /^core(\d+)\.events\.(\w+)$/.exec(path);
		if (events) coreOf(Number(events[1])).events[events[2]!] = value as number[];
	}
	for (const q of queues.values()) {
		const declared = state.get(`core${q.core}.${q.name}`) as { blocks?: number } | undefined;
		q.blocks = q.blocks
			.filter((b) => b.index < (declared?.blocks ?? 0))
			.sort((a, b) => a.index - b.index);
		const core = coreOf(q.core);
		let pos = core.positions.find((p) => p.position === q.position);
		if (!pos) {
			pos = {
				position: q.position,
				occupancy: Number(state.get(`core${q.core}.${q.position}.occupancy`) ?? 0),
				queues: [],
			};
			core.positions.push(pos);
		}
		const { core: _core, position: _position, ...view } = q;
		pos.queues.push(view);
	}
	return [...cores.values()].sort((a, b) => a.blockIdx - b.blockIdx);
}
