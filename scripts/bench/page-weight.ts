/**
 * JavaScript each page type ships, gzip bytes, read from the built `dist/` (run `npm run build`
 * first); see lib/page-bytes.ts for what counts as "before interaction" and "on first use". The
 * same measure of a Starlight page of the same text is in build-peers.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRow } from './bench-row.ts';
import { pageBytes } from './lib/page-bytes.ts';

const DIST = 'dist';
const PAGES: Array<{ name: string; path: string; budget?: number }> = [
	{ name: 'home', path: 'zh/index.html' },
	{
		name: 'case page',
		path: 'zh/cases/alloc-tensor-queue-position-limit/index.html',
		budget: 20_480,
	},
	{ name: 'playground', path: 'zh/playground/index.html' },
	{ name: 'triage', path: 'zh/triage/index.html' },
];

export default async function pageWeight(): Promise<BenchRow[]> {
	if (!existsSync(join(DIST, 'index.html')))
		throw new Error('dist/ is missing: run "npm run build" first.');
	const rows: BenchRow[] = [];
	for (const page of PAGES) {
		if (!existsSync(join(DIST, page.path))) continue;
		const bytes = pageBytes(DIST, page.path);
		rows.push({
			name: `${page.name}: JS before interaction`,
			value: bytes.jsBeforeInteraction,
			unit: 'B gzip',
			...(page.budget ? { budget: { max: page.budget } } : {}),
		});
		if (bytes.jsOnFirstUse > 0) {
			rows.push({
				name: `${page.name}: JS islands add on first use`,
				value: bytes.jsOnFirstUse,
				unit: 'B gzip',
			});
		}
	}
	return rows;
}
