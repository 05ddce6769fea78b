/**
 * The contract of a benchmark file: every `scripts/bench/<topic>.ts` (other than this one)
 * default-exports an async function that measures and returns rows. `npm run bench` prints them
 * and fails when a row misses its budget.
 */

/** One measured figure, with the budget it must meet, if any. */
export interface BenchRow {
	name: string;
	value: number;
	unit: string;
	/** At most `max`, at least `min` (e.g. precision ≥ 1). */
	budget?: { max?: number; min?: number };
}

/** A benchmark module's default export. */
export type Bench = () => Promise<BenchRow[]>;

/** Median of a list of numbers (used to steady timings). */
export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
