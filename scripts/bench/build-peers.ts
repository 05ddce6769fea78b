/**
 * The build against its peer, side by side in one run on the same machine: the casebook built
 * with N generated cases (both languages, search index and service worker included) versus a
 * plain Starlight site built from the same MDX page bodies (lib/starlight-site.ts), same count.
 * Each is built at two sizes and compared on the cost of one more page (the slope), so each
 * tool's fixed start-up does not blur the ratio. Then the weight of one case page against the
 * Starlight page of the same text. Goal: ≤ 1.5× Starlight per page.
 * BENCH_PEER_CASES overrides the larger size (default 160 cases, so 320 pages a side).
 */
import { join } from 'node:path';
import { ratioRow, type BenchRow } from './bench-row.ts';
import {
	generateCases,
	removeScratch,
	scratchCasebook,
	timeAstroBuild,
} from './lib/casebook-site.ts';
import { pageBytes } from './lib/page-bytes.ts';
import { scratchStarlight } from './lib/starlight-site.ts';

interface Built {
	seconds: number;
	pages: number;
	dir: string;
	/** The page standing for the site in the weight comparison. */
	page: string;
}

function buildCasebook(cases: number): Built {
	const dir = scratchCasebook();
	const slugs = generateCases(join(dir, 'content/cases'), cases);
	const pages = slugs.length * 2;
	return {
		seconds: timeAstroBuild(dir, `the casebook with ${cases} cases`),
		pages,
		dir,
		page: `zh/cases/${slugs[0]}/index.html`,
	};
}

function buildStarlight(cases: number): Built {
	const { dir, pages, first } = scratchStarlight(cases);
	return {
		seconds: timeAstroBuild(dir, `Starlight with ${cases} pages per language`),
		pages,
		dir,
		page: `zh/${first}/index.html`,
	};
}

/** Seconds per extra page between two builds. */
function slope(small: Built, large: Built): number {
	return (large.seconds - small.seconds) / (large.pages - small.pages);
}

export default async function buildPeers(): Promise<BenchRow[]> {
	const large = Number(process.env.BENCH_PEER_CASES ?? 160);
	const small = Math.max(5, Math.round(large / 4));
	const built: Built[] = [];
	try {
		// Interleaved, so a change in the machine's load falls on both sides alike.
		const ourSmall = buildCasebook(small);
		built.push(ourSmall);
		const peerSmall = buildStarlight(small);
		built.push(peerSmall);
		const ourLarge = buildCasebook(large);
		built.push(ourLarge);
		const peerLarge = buildStarlight(large);
		built.push(peerLarge);
		const ours = pageBytes(join(ourLarge.dir, 'dist'), ourLarge.page);
		const peer = pageBytes(join(peerLarge.dir, 'dist'), peerLarge.page);
		const ms = (seconds: number) => seconds * 1000;
		return [
			ratioRow(
				'build time per page: casebook ÷ Starlight, same MDX bodies',
				{ label: 'casebook', value: ms(slope(ourSmall, ourLarge)), unit: 'ms/page' },
				{ label: 'Starlight', value: ms(slope(peerSmall, peerLarge)), unit: 'ms/page' },
				{ max: 1.5 },
			),
			ratioRow(
				`whole build of ${ourLarge.pages} case pages: casebook ÷ Starlight`,
				{ label: 'casebook', value: ourLarge.seconds, unit: 's' },
				{ label: 'Starlight', value: peerLarge.seconds, unit: 's' },
			),
			ratioRow(
				'case page JS before interaction: casebook ÷ Starlight, same text',
				{ label: 'casebook', value: ours.jsBeforeInteraction, unit: 'B gzip' },
				{ label: 'Starlight', value: peer.jsBeforeInteraction, unit: 'B gzip' },
			),
			ratioRow(
				'case page bytes before interaction (HTML, CSS, JS): casebook ÷ Starlight',
				{ label: 'casebook', value: ours.bytesBeforeInteraction, unit: 'B gzip' },
				{ label: 'Starlight', value: peer.bytesBeforeInteraction, unit: 'B gzip' },
			),
		];
	} finally {
		for (const site of built) removeScratch(site.dir);
	}
}
