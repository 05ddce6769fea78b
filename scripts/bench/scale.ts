/**
 * Build time at scale: the casebook with generated page sources (lib/casebook-site.ts) at three
 * sizes up to 5,000 content pages, built with the search index and the service worker, to show
 * that time grows linearly in pages (the cost of one more page is the same in both intervals).
 * Absolute times are information; the budget is on the ratio of the two slopes.
 * BENCH_SCALE_PAGES overrides the largest size (default 5,000).
 */
import { join } from 'node:path';
import type { BenchRow } from './bench-row.ts';
import {
	generateCases,
	removeScratch,
	scratchCasebook,
	timeAstroBuild,
} from './lib/casebook-site.ts';

/** Content pages per generated case: one per language. */
const PAGES_PER_CASE = 2;

function timeBuild(pages: number): number {
	const dir = scratchCasebook();
	try {
		const cases = Math.round(pages / PAGES_PER_CASE);
		generateCases(join(dir, 'content/cases'), cases);
		return timeAstroBuild(dir, `${cases} cases`);
	} finally {
		removeScratch(dir);
	}
}

export default async function scaleBench(): Promise<BenchRow[]> {
	const largest = Number(process.env.BENCH_SCALE_PAGES ?? 5000);
	const sizes = [Math.round(largest / 4), Math.round(largest / 2), largest];
	const times = sizes.map((pages) => timeBuild(pages));
	const [t1, t2, t3] = times as [number, number, number];
	const [n1, n2, n3] = sizes as [number, number, number];
	const slopeLow = (t2 - t1) / (n2 - n1);
	const slopeHigh = (t3 - t2) / (n3 - n2);
	return [
		...sizes.map((pages, i) => ({
			name: `build ${pages.toLocaleString('en')} case pages (${pages / PAGES_PER_CASE} cases × 2 languages), search index and service worker`,
			value: times[i]!,
			unit: 's',
		})),
		{ name: 'build time per extra page', value: slopeHigh * 1000, unit: 'ms' },
		{
			name: `cost per page from ${n2} to ${n3} ÷ from ${n1} to ${n2} (1 = linear)`,
			value: slopeHigh / slopeLow,
			unit: '×',
			budget: { max: 1.5 },
			detail: `${(slopeLow * 1000).toFixed(0)} ms/page then ${(slopeHigh * 1000).toFixed(0)} ms/page`,
		},
	];
}
