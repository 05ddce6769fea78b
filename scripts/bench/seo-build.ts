/**
 * What the findability work (issue 20: head tags, JSON-LD, sitemap, feeds, social images) costs
 * a cold build, per page: each side's median CPU time (the build and its worker threads) per
 * built page over interleaved rounds, with an empty image cache. CPU, not wall time, since the
 * machine is shared.
 * - Budget (within 10 %): the site as it is (every case and every error-code page of this
 *   checkout) against the same site with that work taken out of a scratch copy
 *   (withoutFindability: no head tags beyond the description, no images, no sitemap, no feeds),
 *   so only issue 20's cost counts, on the page mix readers get.
 * - Information, the dearest mix: BENCH_SEO_CASES (default 100) generated cases and no code
 *   pages, where every other page has a social image of its own; with and without the work, and
 *   against the commit just before it (BEFORE_SEO, checked out as a git worktree in
 *   `.bench-scratch/` with this checkout's node_modules, a superset of its packages), where
 *   every change since counts, not only issue 20's. Both build copies of the cases the old
 *   commit has, each checkout's own text of them.
 * BENCH_SEO_ROUNDS (default 3) sets the rounds.
 */
import { execFileSync } from 'node:child_process';
import {
	cpSync,
	existsSync,
	readFileSync,
	readdirSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { median, ratioRow, type BenchRow } from './bench-row.ts';
import {
	ROOT,
	builtPages,
	costOfAstroBuild,
	generateCases,
	removeScratch,
	scratchCasebook,
	scratchDir,
	sourceSlugs,
} from './lib/casebook-site.ts';

/** The parent of the first commit of issue 20 (f95f3e2 "Findable: …"). */
const BEFORE_SEO = 'f5d054d851ef2466ab448626ca50a08482538e65';

interface Side {
	label: string;
	checkout: string;
	/** What the copy builds: this checkout's own content, or generated cases only. */
	content: 'site' | 'generated';
	/** Edits the scratch copy before it is built. */
	prepare?: (dir: string) => void;
	perPage: number[];
	pageCounts: number[];
	images: number[];
}

/** `text` with `from` replaced by `to`; throws when `from` is not there (the code moved). */
function replaceOnce(text: string, from: string | RegExp, to: string, file: string): string {
	const found = typeof from === 'string' ? text.includes(from) : from.test(text);
	if (!found) throw new Error(`seo-build: ${file} no longer has ${String(from)}; update the bench`);
	return text.replace(from, to);
}

function edit(dir: string, file: string, change: (text: string) => string): void {
	const path = join(dir, file);
	writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/**
 * Takes issue 20's work out of a scratch copy of this checkout: the head keeps only the
 * description (as before it), case pages pass no page meta (so no image is named), and the
 * image, sitemap, feed and robots.txt outputs are gone.
 */
function withoutFindability(dir: string): void {
	edit(dir, 'astro.config.mjs', (text) => {
		const noImages = replaceOnce(text, /^\s*socialImages\(\),\n/m, '', 'astro.config.mjs');
		return replaceOnce(noImages, /^\s*\.\.\.casebookSitemap\(\),\n/m, '', 'astro.config.mjs');
	});
	edit(dir, 'src/layouts/Base.astro', (text) =>
		replaceOnce(
			text,
			/<SeoHead\b[^>]*\/>/,
			'<meta name="description" content={description ?? ""} />',
			'Base.astro',
		),
	);
	edit(dir, 'src/pages/[lang]/cases/[slug].astro', (text) =>
		replaceOnce(text, /casePageMeta\(.*\)(?=;?$)/m, '{}', '[slug].astro'),
	);
	for (const file of ['src/pages/[lang]/rss.xml.ts', 'src/pages/robots.txt.ts']) {
		rmSync(join(dir, file));
	}
}

function buildOnce(side: Side, cases: number, slugs: readonly string[]): void {
	const dir = scratchCasebook(side.checkout);
	try {
		side.prepare?.(dir);
		if (side.content === 'site') {
			// Code pages link the C++ programs that reproduce their codes, and the build checks them.
			for (const part of ['content', 'tests/programs']) {
				cpSync(join(side.checkout, part), join(dir, part), { recursive: true });
			}
		} else {
			generateCases(join(dir, 'content/cases'), cases, side.checkout, slugs);
		}
		const what = side.content === 'site' ? 'the site' : `${cases} cases`;
		const cost = costOfAstroBuild(dir, `${side.label} with ${what}`);
		const built = builtPages(dir);
		side.perPage.push((cost.cpuSeconds * 1000) / built);
		side.pageCounts.push(built);
		const og = join(dir, 'dist/og');
		side.images.push(existsSync(og) ? readdirSync(og).length : 0);
	} finally {
		removeScratch(dir);
	}
}

const show = (side: Side) =>
	`${side.label} ${side.perPage.map((v) => v.toFixed(1)).join(', ')} ms/page` +
	` (${median(side.images)} images)`;

export default async function seoBuildBench(): Promise<BenchRow[]> {
	const cases = Number(process.env.BENCH_SEO_CASES ?? 100);
	const rounds = Number(process.env.BENCH_SEO_ROUNDS ?? 3);
	const parent = scratchDir('before-seo-');
	const worktree = join(parent, 'checkout');
	execFileSync('git', ['worktree', 'add', '--detach', worktree, BEFORE_SEO], {
		cwd: ROOT,
		stdio: 'ignore',
	});
	try {
		symlinkSync(join(ROOT, 'node_modules'), join(worktree, 'node_modules'));
		const theirs = new Set(sourceSlugs(join(worktree, 'content/cases')));
		const slugs = sourceSlugs().filter((slug) => theirs.has(slug));
		const side = (label: string, content: Side['content'], checkout = ROOT): Side => ({
			label,
			checkout,
			content,
			perPage: [],
			pageCounts: [],
			images: [],
		});
		const withoutWork = (s: Side): Side => ({ ...s, prepare: withoutFindability });
		const site = side('now, the site', 'site');
		const siteWithout = withoutWork(side('without issue 20, the site', 'site'));
		const now = side('now', 'generated');
		const without = withoutWork(side('without issue 20', 'generated'));
		const before = side(BEFORE_SEO.slice(0, 7), 'generated', worktree);
		const sides = [site, siteWithout, now, without, before];
		for (let round = 0; round < rounds; round++) {
			// Interleaved, in a rotating order, so the machine's load falls on every side alike.
			for (let i = 0; i < sides.length; i++)
				buildOnce(sides[(i + round) % sides.length]!, cases, slugs);
		}
		const perPage = (side: Side) => ({
			label: side.label,
			value: median(side.perPage),
			unit: 'ms/page',
		});
		const pages = (side: Side) => `${median(side.pageCounts)} pages`;
		return [
			{
				...ratioRow(
					"cold build CPU per page: the site with issue 20's head tags, images, sitemap and feeds ÷ without",
					perPage(site),
					perPage(siteWithout),
					{ max: 1.1 },
				),
				detail: `medians of ${rounds} interleaved builds of ${pages(site)}: ${show(site)}; ${show(siteWithout)}`,
			},
			{
				...ratioRow(
					`cold build CPU per page, every page a case: with issue 20's work ÷ without, ${cases} generated cases`,
					perPage(now),
					perPage(without),
				),
				detail: `medians of ${rounds} interleaved builds: ${show(now)}; ${show(without)}`,
			},
			{
				...ratioRow(
					`cold build CPU per page, every page a case: now ÷ before issue 20 (${before.label}), every change since counted`,
					perPage(now),
					perPage(before),
				),
				detail: `medians of ${rounds} interleaved builds: ${show(now)}; ${show(before)}`,
			},
		];
	} finally {
		execFileSync('git', ['worktree', 'remove', '--force', worktree], {
			cwd: ROOT,
			stdio: 'ignore',
		});
		rmSync(parent, { recursive: true, force: true });
	}
}
