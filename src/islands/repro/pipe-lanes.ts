/**
 * The lanes of the pipe timeline, read from the trace's pipe facts (src/sim/facts/
 * pipe-timeline.ts): the cores a reader can pick, and for the picked core one lane per pipe in
 * the order MTE1, MTE2, MTE3, V, M, S, FIX, with its busy intervals and the sync points on it.
 * Intervals of one lane that overlap intervals of another lane which touch the same bytes, one
 * of them a write, are flagged: that is the race the picture is meant to show. Pure.
 */
import {
	TIMELINE_PIPES,
	type CorePipes,
	type PipeBusy,
	type PipeSyncPoint,
} from '../../sim/facts/pipe-timeline.ts';
import type { IssuingPipe } from '../../sim/kernel/issuing-pipe.ts';

/** One core a reader can pick: its index in `Trace.pipes` and its label. */
export interface PipeCoreChoice {
	index: number;
	label: string;
}

/** One busy interval as drawn, with whether it races with another pipe's interval. */
export interface PipeBar extends PipeBusy {
	racing: boolean;
}

/** One pipe's lane. */
export interface PipeLane {
	pipe: IssuingPipe;
	/** The lane's short name: `MTE2`, `V`… */
	label: string;
	bars: PipeBar[];
	syncs: PipeSyncPoint[];
}

/**
 * The cores to pick from: `core 0`, `core 1`… when the run launched one kernel, else each
 * prefixed with the launch's number and kernel.
 */
export function pipeCoreChoices(cores: readonly CorePipes[]): PipeCoreChoice[] {
	const launches = new Set(cores.map((c) => c.launch));
	return cores.map((c, index) => ({
		index,
		label:
			launches.size > 1
				? `#${c.launch + 1} ${c.kernel} · core ${c.blockIdx}`
				: `core ${c.blockIdx}`,
	}));
}

/** Whether two intervals on different pipes overlap in time and touch the same bytes unsafely. */
function races(a: PipeBusy, b: PipeBusy): boolean {
	if (a.pipe === b.pipe || a.end <= b.start || b.end <= a.start) return false;
	for (const x of a.ranges) {
		for (const y of b.ranges) {
			if (x.memory !== y.memory || x.buffer !== y.buffer) continue;
			if (x.kind === 'read' && y.kind === 'read') continue;
			if (x.start < y.end && y.start < x.end) return true;
		}
	}
	return false;
}

/** The lanes of one core, every pipe present even when idle. */
export function pipeLanes(core: CorePipes): PipeLane[] {
	const racing = new Set<PipeBusy>();
	const busy = core.busy;
	for (let i = 0; i < busy.length; i++) {
		for (let j = i + 1; j < busy.length; j++) {
			if (races(busy[i]!, busy[j]!)) {
				racing.add(busy[i]!);
				racing.add(busy[j]!);
			}
		}
	}
	return TIMELINE_PIPES.map((pipe) => ({
		pipe,
		label: pipe.slice(5),
		bars: busy.filter((b) => b.pipe === pipe).map((b) => ({ ...b, racing: racing.has(b) })),
		syncs: core.syncs.filter((s) => s.pipe === pipe),
	}));
}
