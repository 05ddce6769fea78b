/**
 * The contract of a benchmark file: every `scripts/bench/<topic>.ts` (other than this one)
 * default-exports an async function that measures and returns rows. `npm run bench` prints them
 * and fails when a row misses its budget. Budgets sit on ratios against a peer measured in the
 * same run on the same machine (shared machines make absolute times wander); absolute times are
 * rows of information, and each ratio row carries both absolute figures in its detail.
 */

/** One measured figure, with the budget it must meet, if any. */
export interface BenchRow {
	name: string;
	value: number;
	unit: string;
	/** At most `max`, at least `min` (e.g. precision ≥ 1). */
	budget?: { max?: number; min?: number };
	/** What the figure was computed from, e.g. the two absolute times of a ratio. */
	detail?: string;
}

/** One side of a comparison: who, and the measured figure. */
export interface Side {
	label: string;
	value: number;
	unit: string;
}

function show(side: Side): string {
	const digits = side.value >= 100 ? 0 : side.value >= 10 ? 1 : 2;
	return `${side.label} ${side.value.toLocaleString('en', { maximumFractionDigits: digits })} ${side.unit}`;
}

/**
 * A ratio row: `ours ÷ peer` (or `peer ÷ ours` with `invert`, for "times faster"), with both
 * absolute figures in the detail.
 */
export function ratioRow(
	name: string,
	ours: Side,
	peer: Side,
	budget?: BenchRow['budget'],
	invert = false,
): BenchRow {
	return {
		name,
		value: invert ? peer.value / ours.value : ours.value / peer.value,
		unit: '×',
		...(budget ? { budget } : {}),
		detail: `${show(ours)} vs ${show(peer)}`,
	};
}

/** A benchmark module's default export. */
export type Bench = () => Promise<BenchRow[]>;

/** Median of a list of numbers (used to steady timings). */
export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median wall time of `runs` calls of `fn`, in milliseconds. */
export function medianMs(fn: () => void, runs: number): number {
	const samples: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		fn();
		samples.push(performance.now() - t0);
	}
	return median(samples);
}
