/**
 * Reads the buffer map out of a folded machine state. The kernel simulator records a queue as
 * `core<N>.<queue>` → `{ kind, position, depth }` and each of its blocks as
 * `core<N>.<queue>.block<i>` → `{ state, address, bytes, event? }` (src/sim/kernel/core-context.ts),
 * and the per-position occupancy series as `kernel.core<N>.<position>` with the buffer limit.
 * This groups the blocks by core and TPosition and marks the engaged blocks past the limit.
 * Pure, so views stay thin.
 */
import type { MetricSeries } from '../../sim/trace.ts';
import type { MachineState } from './machine-state.ts';

/** One buffer as the map draws it. */
export interface BufferBlock {
	path: string;
	/** `<queue>.block<i>`. */
	label: string;
	/** The buffer state machine's state: `FREE`, `OCCUPIED`, `ENQUE`, `DEQUE`. */
	state: string;
	bytes?: number;
	/** The sync event id the block holds, e.g. `free#3`. */
	event?: string;
	/** Whether the block counts against the position's limit (in use, or holding an event id). */
	engaged: boolean;
	/** Whether it is an engaged block past the limit. */
	over: boolean;
}

/** The buffers of one TPosition on one core, and its limit when the run recorded one. */
export interface PositionRow {
	/** `VECIN`, or `core1 · VECIN` when the run used more than one core. */
	title: string;
	position: string;
	core: string;
	blocks: BufferBlock[];
	limit?: number;
}

function record(value: unknown): Record<string, unknown> | undefined {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: undefined;
}

function parentPath(path: string): string {
	const dot = path.lastIndexOf('.');
	return dot < 0 ? '' : path.slice(0, dot);
}

/** The limit of `position` on `core` from the series that carries it, if any. */
export function positionLimit(
	series: readonly MetricSeries[],
	core: string,
	position: string,
): number | undefined {
	return series.find((s) => s.id === `kernel.${core}.${position}`)?.limit;
}

/** Rows of the buffer map, in the order their first block appeared. */
export function bufferRows(state: MachineState, series: readonly MetricSeries[]): PositionRow[] {
	const rows = new Map<string, PositionRow>();
	for (const [path, raw] of state) {
		const value = record(raw);
		if (!value || typeof value.state !== 'string') continue;
		const queuePath = parentPath(path);
		const queue = record(state.get(queuePath));
		const position =
			typeof value.position === 'string'
				? value.position
				: typeof queue?.position === 'string'
					? queue.position
					: undefined;
		if (!position) continue;
		const core = path.split('.')[0] ?? '';
		const key = `${core} ${position}`;
		let row = rows.get(key);
		if (!row) {
			row = { title: position, position, core, blocks: [] };
			const limit = positionLimit(series, core, position);
			if (limit !== undefined) row.limit = limit;
			rows.set(key, row);
		}
		const event = typeof value.event === 'string' ? value.event : undefined;
		const block: BufferBlock = {
			path,
			label: path.slice(core.length + 1),
			state: value.state,
			engaged: value.state !== 'FREE' || event !== undefined,
			over: false,
		};
		if (typeof value.bytes === 'number') block.bytes = value.bytes;
		if (event) block.event = event;
		row.blocks.push(block);
	}
	const all = [...rows.values()];
	const cores = new Set(all.map((r) => r.core));
	for (const row of all) {
		if (cores.size > 1) row.title = `${row.core} · ${row.position}`;
		let engaged = 0;
		for (const block of row.blocks) {
			if (!block.engaged) continue;
			engaged++;
			block.over = row.limit !== undefined && engaged > row.limit;
		}
	}
	return all;
}
