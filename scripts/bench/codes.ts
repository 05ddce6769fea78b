/**
 * What the error-code index costs the build: the casebook with its real cases built twice, with
 * and without `content/codes` (1,500+ codes × 2 languages, search index and service worker
 * included), and the difference divided by the number of code pages. Absolute times are
 * information (the machine is shared); the per-page cost compares with the scale bench's cost
 * of a case page.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRow } from './bench-row.ts';
import {
	generateCases,
	removeScratch,
	ROOT,
	scratchCasebook,
	sourceSlugs,
	timeAstroBuild,
} from './lib/casebook-site.ts';

const SOURCE_CODES = join(ROOT, 'content/codes');

/** Code pages the index builds: one per code row and language. */
function codePageCount(): number {
	let rows = 0;
	for (const name of readdirSync(SOURCE_CODES).filter((n) => n.endsWith('.json'))) {
		const family = JSON.parse(readFileSync(join(SOURCE_CODES, name), 'utf8')) as {
			codes: unknown[];
		};
		rows += family.codes.length;
	}
	return rows * 2;
}

function timeBuild(withCodes: boolean): number {
	const dir = scratchCasebook();
	try {
		generateCases(join(dir, 'content/cases'), sourceSlugs().length);
		if (withCodes) cpSync(SOURCE_CODES, join(dir, 'content/codes'), { recursive: true });
		return timeAstroBuild(dir, withCodes ? 'the cases and the code index' : 'the cases');
	} finally {
		removeScratch(dir);
	}
}

export default async function codesBench(): Promise<BenchRow[]> {
	const pages = codePageCount();
	const without = timeBuild(false);
	const withCodes = timeBuild(true);
	return [
		{ name: 'build the cases alone, search index and service worker', value: without, unit: 's' },
		{
			name: `build the cases and ${pages.toLocaleString('en')} code pages`,
			value: withCodes,
			unit: 's',
		},
		{ name: 'build time per code page', value: ((withCodes - without) / pages) * 1000, unit: 'ms' },
	];
}
