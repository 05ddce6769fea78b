/**
 * What the findability work (issue 20: head tags, JSON-LD, sitemap, feeds, social images) costs
 * a cold build, per page: this checkout against the commit just before that work
 * (BEFORE_SEO), each building the same generated cases (copies of the cases both commits have,
 * each checkout's own text of them) with an empty image cache, in interleaved rounds; the
 * figure is the median of each side's CPU time (the build and its worker threads) per built
 * page. CPU, not wall time, since the machine is shared. The goal is within 10 % of before.
 * The older commit is checked out as a git worktree in `.bench-scratch/` using this checkout's
 * node_modules (a superset of its packages). Everything changed since that commit counts, not
 * only issue 20's work: the detail says so, and a figure over budget should be split by
 * profiling before it is blamed on the head tags or the images.
 * BENCH_SEO_CASES (default 100) and BENCH_SEO_ROUNDS (default 3) size the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
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
	perPage: number[];
	images: number[];
}

function buildOnce(side: Side, cases: number, slugs: readonly string[]): void {
	const dir = scratchCasebook(side.checkout);
	try {
		generateCases(join(dir, 'content/cases'), cases, side.checkout, slugs);
		const cost = costOfAstroBuild(dir, `${side.label} with ${cases} cases`);
		side.perPage.push((cost.cpuSeconds * 1000) / builtPages(dir));
		const og = join(dir, 'dist/og');
		side.images.push(existsSync(og) ? readdirSync(og).length : 0);
	} finally {
		removeScratch(dir);
	}
}

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
		const now: Side = { label: 'this checkout', checkout: ROOT, perPage: [], images: [] };
		const before: Side = {
			label: BEFORE_SEO.slice(0, 7),
			checkout: worktree,
			perPage: [],
			images: [],
		};
		for (let round = 0; round < rounds; round++) {
			// Interleaved, first one side then the other, so the machine's load falls on both alike.
			for (const side of round % 2 === 0 ? [before, now] : [now, before])
				buildOnce(side, cases, slugs);
		}
		const show = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
		return [
			{
				...ratioRow(
					`cold build CPU per page: now ÷ before issue 20 (${before.label}), ${cases} generated cases`,
					{ label: 'now', value: median(now.perPage), unit: 'ms/page' },
					{ label: 'before', value: median(before.perPage), unit: 'ms/page' },
					{ max: 1.1 },
				),
				detail:
					`medians of ${rounds} interleaved builds: now ${show(now.perPage)} ms/page ` +
					`(${median(now.images)} social images drawn), before ${show(before.perPage)} ms/page; ` +
					`everything changed since ${before.label} counts, not only issue 20's work`,
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
