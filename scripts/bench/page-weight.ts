/**
 * JavaScript each page type ships, gzip bytes, read from the built `dist/` (run `npm run build`
 * first); see lib/page-bytes.ts for what counts as "before interaction" and "on first use". The
 * same measure of a Starlight page of the same text is in build-peers.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
	{ name: 'code index', path: 'zh/codes/index.html' },
	{ name: 'code page', path: 'zh/codes/507035/index.html', budget: 20_480 },
];

/** Data files tools and the workers fetch (the triage page and the widget load /codes.json). */
const DATA_FILES = ['codes.json', 'signatures.json'];

function gz(path: string): number {
	return gzipSync(readFileSync(path), { level: 9 }).length;
}

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
	for (const file of DATA_FILES) {
		const path = join(DIST, file);
		if (existsSync(path)) rows.push({ name: `/${file}`, value: gz(path), unit: 'B gzip' });
	}
	const index = join(DIST, 'zh/codes/index.html');
	if (existsSync(index)) rows.push({ name: 'code index HTML', value: gz(index), unit: 'B gzip' });
	return rows;
}
