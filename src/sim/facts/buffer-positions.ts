/**
 * The buffer map of a kernel run at one step: per core and TPosition, the blocks of the queues
 * and TBufs on it, which of them count against the position's buffer limit (the kernel's own
 * rule, buffer-block.ts `isBlockEngaged`), and which engaged blocks are past the limit. Read from
 * the facts of a folded state (machine-state.ts); pure.
 */
import { isBlockEngaged } from '../kernel/buffer-block.ts';
import type { TPosition } from '../kernel/tposition.ts';
import { factsOf, type MachineState } from './machine-state.ts';
import { blockEventLabel, type QueueView, type StateChangeOf } from './state-change.ts';

/** One block as the map shows it. */
export interface BufferSlot {
	/** The block's fact: state, address, bytes and the event ids it holds. */
	readonly block: StateChangeOf<'block'>;
	/** `enque#<id>` or `free#<id>` while the block holds a sync event id. */
	readonly event: string | undefined;
	/** Whether it counts against the position's limit (in use, or waiting for its event id). */
	readonly engaged: boolean;
	/** Whether it is an engaged block past the limit. */
	readonly over: boolean;
}

/** A queue or TBuf on a position, with what is enqueued on it. */
export interface BufferQueue {
	readonly name: string;
	readonly view: QueueView;
	readonly queued: number;
}

/** One TPosition of one core. */
export interface BufferPosition {
	readonly core: number;
	readonly position: TPosition;
	/** Buffers in use or waiting for their event id, as the kernel counted them. */
	readonly occupancy: number;
	/** The product's buffer limit for the position, once the kernel reported its occupancy. */
	readonly limit: number | undefined;
	readonly queues: readonly BufferQueue[];
	/** The blocks of its queues, in the order they first appeared. */
	readonly slots: readonly BufferSlot[];
}

/** The positions with buffers in `state`, in the order their first block appeared. */
export function bufferPositions(state: MachineState): BufferPosition[] {
	const queues = new Map<string, StateChangeOf<'queue'>>();
	for (const q of factsOf(state, 'queue')) queues.set(`${q.core}.${q.queue}`, q);
	const queued = new Map<string, number>();
	for (const q of factsOf(state, 'queued')) queued.set(`${q.core}.${q.queue}`, q.count);
	const occupancy = new Map<string, StateChangeOf<'occupancy'>>();
	for (const o of factsOf(state, 'occupancy')) occupancy.set(`${o.core}.${o.position}`, o);

	type Row = {
		core: number;
		position: TPosition;
		blocks: StateChangeOf<'block'>[];
		queues: BufferQueue[];
	};
	const rows = new Map<string, Row>();
	for (const block of factsOf(state, 'block')) {
		const queue = queues.get(`${block.core}.${block.queue}`)?.view;
		// A block of a queue its pipe emptied (or an index past a newer InitBuffer) is gone.
		if (!queue || block.index >= queue.blocks) continue;
		const key = `${block.core}.${queue.position}`;
		let row = rows.get(key);
		if (!row) {
			row = { core: block.core, position: queue.position, blocks: [], queues: [] };
			rows.set(key, row);
		}
		row.blocks.push(block);
		if (!row.queues.some((q) => q.name === block.queue))
			row.queues.push({
				name: block.queue,
				view: queue,
				queued: queued.get(`${block.core}.${block.queue}`) ?? 0,
			});
	}
	return [...rows.values()].map((row) => {
		const fact = occupancy.get(`${row.core}.${row.position}`);
		const limit = fact?.limit;
		let engagedSoFar = 0;
		const slots = row.blocks.map((block): BufferSlot => {
			const engaged = isBlockEngaged(block);
			if (engaged) engagedSoFar++;
			return {
				block,
				event: blockEventLabel(block),
				engaged,
				over: engaged && limit !== undefined && engagedSoFar > limit,
			};
		});
		return {
			core: row.core,
			position: row.position,
			occupancy: fact?.count ?? 0,
			limit,
			queues: row.queues,
			slots,
		};
	});
}
