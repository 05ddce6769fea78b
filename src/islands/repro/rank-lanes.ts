/**
 * The ranks view's layout, read from the trace's HCCL facts: one lane per rank of each
 * communicator, and on it one block per collective task the rank took part in, from the time
 * its task started to the time it completed or timed out. A collective some rank never issued
 * puts a *missing* block on that rank's lane, spanning the time the others spent waiting, so the
 * rank that never arrived stands out. A rank that issued a different operation or size is marked
 * *diverged*. Only a few blocks per lane are kept, the problem ones first. Pure.
 */
import type { HcclFacts } from '../../sim/hccl/hccl-world.ts';

/** Most blocks per lane; a training loop of thousands of steps must stay a few DOM nodes. */
export const MAX_BLOCKS_PER_LANE = 64;

/** How one rank's part in one collective went. */
export type RankBlockState = 'done' | 'timed-out' | 'waiting' | 'missing' | 'diverged';

/** One collective on one rank's lane. */
export interface RankBlock {
	/** Which task of the communicator (0 first). */
	index: number;
	op: string;
	start: number;
	/** When it ended; for a task that never ended, the end of the view. */
	end: number;
	state: RankBlockState;
	/** The peer a timed-out task names. */
	remote?: number;
}

/** One rank's lane. */
export interface RankLane {
	group: string;
	rank: number;
	pid: number;
	device: number;
	blocks: RankBlock[];
	/** The rank missed or diverged in at least one collective. */
	astray: boolean;
}

/** A collective that did not complete on every rank, stated for the text list. */
export interface RankProblem {
	group: string;
	index: number;
	op: string;
	tag: string;
	missing: number[];
	diverged: number[];
	/** Ranks whose task timed out (or never ended), and how long the first of them waited (µs). */
	waiting: number[];
	waitedUs: number;
}

/** The whole layout. */
export interface RankLayout {
	lanes: RankLane[];
	problems: RankProblem[];
	/** Virtual time of the view's right edge (µs). */
	end: number;
}

/** Lanes and problems of `facts`. */
export function rankLayout(facts: HcclFacts): RankLayout {
	let end = 1;
	for (const c of facts.collectives) {
		for (const f of c.issued) {
			end = Math.max(end, f.start);
			if (Number.isFinite(f.end)) end = Math.max(end, f.end);
		}
	}
	const lanes = new Map<string, RankLane>();
	const laneOf = (group: string, rank: number) => lanes.get(`${group}#${rank}`);
	for (const r of facts.ranks) {
		lanes.set(`${r.group}#${r.rank}`, {
			group: r.group,
			rank: r.rank,
			pid: r.pid,
			device: r.device,
			blocks: [],
			astray: false,
		});
	}
	const problems: RankProblem[] = [];
	for (const c of facts.collectives) {
		const op = c.issued[0]?.op ?? '';
		const diverged = new Set(c.diverged);
		const waiting: number[] = [];
		let firstStart = Infinity;
		let lastEnd = 0;
		for (const f of c.issued) {
			firstStart = Math.min(firstStart, f.start);
			const ended = Number.isFinite(f.end);
			lastEnd = Math.max(lastEnd, ended ? f.end : end);
			if (!f.ok) waiting.push(f.rank);
			const state: RankBlockState = diverged.has(f.rank)
				? 'diverged'
				: f.ok
					? 'done'
					: ended
						? 'timed-out'
						: 'waiting';
			const block: RankBlock = {
				index: c.index,
				op: f.op,
				start: f.start,
				end: ended ? f.end : end,
				state,
			};
			if (f.remote !== undefined) block.remote = f.remote;
			laneOf(c.group, f.rank)?.blocks.push(block);
		}
		for (const rank of c.missing) {
			const lane = laneOf(c.group, rank);
			if (!lane) continue;
			lane.astray = true;
			lane.blocks.push({
				index: c.index,
				op,
				start: Number.isFinite(firstStart) ? firstStart : 0,
				end: Math.max(lastEnd, Number.isFinite(firstStart) ? firstStart : 0),
				state: 'missing',
			});
		}
		for (const rank of diverged) {
			const lane = laneOf(c.group, rank);
			if (lane) lane.astray = true;
		}
		if (c.missing.length > 0 || diverged.size > 0 || waiting.length > 0) {
			const waited = c.issued
				.filter((f) => !f.ok)
				.map((f) => (Number.isFinite(f.end) ? f.end : end) - f.start);
			problems.push({
				group: c.group,
				index: c.index,
				op,
				tag: c.tag,
				missing: [...c.missing],
				diverged: [...diverged],
				waiting,
				waitedUs: waited.length > 0 ? Math.max(...waited) : 0,
			});
		}
	}
	const sorted = [...lanes.values()].sort(
		(a, b) => a.group.localeCompare(b.group) || a.rank - b.rank,
	);
	for (const lane of sorted) lane.blocks = keepFew(lane.blocks);
	return { lanes: sorted, problems, end };
}

/** The problem blocks and the latest others, at most MAX_BLOCKS_PER_LANE, in time order. */
function keepFew(blocks: RankBlock[]): RankBlock[] {
	if (blocks.length <= MAX_BLOCKS_PER_LANE) return blocks.sort((a, b) => a.start - b.start);
	const bad = blocks.filter((b) => b.state !== 'done');
	const good = blocks
		.filter((b) => b.state === 'done')
		.sort((a, b) => b.start - a.start)
		.slice(0, Math.max(0, MAX_BLOCKS_PER_LANE - bad.length));
	return [...bad.slice(0, MAX_BLOCKS_PER_LANE), ...good]
		.slice(0, MAX_BLOCKS_PER_LANE)
		.sort((a, b) => a.start - b.start);
}
