/**
 * Reads the buffer map out of a folded machine state: every state entry that describes a buffer
 * (an object with a `state` field) under a TPosition, grouped by position, with the position's
 * buffer limit taken from the metric series that carries it. Pure, so views stay thin.
 */
import type { MetricSeries } from '../../sim/trace.ts';
import type { MachineState } from './machine-state.ts';

/** Position names as the framework spells them (ascend-facts A.1). */
const POSITIONS = new Set([
	'GM',
	'A1',
	'A2',
	'B1',
	'B2',
	'C1',
	'C2',
	'CO1',
	'CO2',
	'VECIN',
	'VECOUT',
	'VECCALC',
	'SPM',
	'TSCM',
	'C2PIPE2GM',
	'C2PIPE2LOCAL',
]);

/** One buffer as the map draws it. */
export interface BufferBlock {
	path: string;
	label: string;
	/** The buffer state machine's state, e.g. `free`, `allocated`, `enqued`, `dequed`. */
	state: string;
	bytes?: number;
}

/** The buffers of one TPosition and its limit, when the run recorded one. */
export interface PositionRow {
	position: string;
	blocks: BufferBlock[];
	limit?: number;
}

function record(value: unknown): Record<string, unknown> | undefined {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: undefined;
}

function positionOf(path: string, value: Record<string, unknown>): string | undefined {
	const named = typeof value.position === 'string' ? value.position : undefined;
	if (named && POSITIONS.has(named)) return named;
	return path.split(/[/.:[\]]+/).find((segment) => POSITIONS.has(segment));
}

/** The limit of `position` from a series that names it and carries a limit, if any. */
export function positionLimit(
	series: readonly MetricSeries[],
	position: string,
): number | undefined {
	const pattern = new RegExp(`(^|[^A-Z0-9])${position}($|[^A-Z0-9])`);
	return series.find((s) => s.limit !== undefined && pattern.test(s.id))?.limit;
}

/** Rows of the buffer map, positions in first-seen order. */
export function bufferRows(state: MachineState, series: readonly MetricSeries[]): PositionRow[] {
	const rows = new Map<string, PositionRow>();
	for (const [path, raw] of state) {
		const value = record(raw);
		if (!value || typeof value.state !== 'string') continue;
		const position = positionOf(path, value);
		if (!position) continue;
		let row = rows.get(position);
		if (!row) {
			row = { position, blocks: [] };
			const limit = positionLimit(series, position);
			if (limit !== undefined) row.limit = limit;
			rows.set(position, row);
		}
		const label =
			typeof value.name === 'string' ? value.name : (path.split('/').filter(Boolean).pop() ?? path);
		const bytes =
			typeof value.bytes === 'number'
				? value.bytes
				: typeof value.len === 'number'
					? value.len
					: undefined;
		const block: BufferBlock = { path, label, state: value.state };
		if (bytes !== undefined) block.bytes = bytes;
		row.blocks.push(block);
	}
	return [...rows.values()];
}
