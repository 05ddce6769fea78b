/**
 * Build time at scale: copies the project into a scratch folder, fills it with N generated cases
 * (copies of the real ones under new slugs, signature ids and program texts), and times `astro build` including
 * the Pagefind index. Run for a small and a large N to show that time grows linearly.
 * BENCH_BUILD_CASES overrides the large N (default 1000, the design's target). Every copy has its
 * own title, so each page's social image is drawn; builds start with no cached images, and a last
 * row rebuilds the large site with its images already drawn (what a second build on a machine does).
 */
import { spawnSync } from 'node:child_process';
import {
	closeSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	readdirSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchRow } from './bench-row.ts';
import { SOCIAL_CACHE_ENV } from '../../src/site/social-image-store.ts';

const ROOT = resolve('.');
const SOURCE_CASES = join(ROOT, 'content/cases');

/** Writes `count` cases into `target`, cycling through the real ones. */
function generateCases(target: string, count: number): void {
	const slugs = readdirSync(SOURCE_CASES).filter((s) =>
		existsSync(join(SOURCE_CASES, s, 'case.yaml')),
	);
	for (let i = 0; i < count; i++) {
		const slug = slugs[i % slugs.length]!;
		const copy = `${slug}-n${i}`;
		const dir = join(target, copy);
		cpSync(join(SOURCE_CASES, slug), dir, { recursive: true });
		const yaml = readFileSync(join(dir, 'case.yaml'), 'utf8').replace(
			/^related:[\s\S]*?(?=^\S|$(?![\s\S]))/m,
			'related: []\n',
		);
		writeFileSync(join(dir, 'case.yaml'), uniqueSignatureIds(yaml, i));
		// Distinct programs per case, so work cached per program is not shared between copies.
		for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpp'))) {
			const path = join(dir, file);
			writeFileSync(path, `${readFileSync(path, 'utf8')}// generated copy ${i}\n`);
		}
		// Distinct titles too, so each page's social image is drawn, not found in the cache.
		for (const file of readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
			const path = join(dir, file);
			const text = readFileSync(path, 'utf8');
			writeFileSync(path, text.replace(/^title: (['"]?)/m, `title: $1n${i} `));
		}
	}
}

/** Suffixes every signature id in a case.yaml with `-n<i>`. */
function uniqueSignatureIds(yaml: string, i: number): string {
	const lines = yaml.split('\n');
	let inSignatures = false;
	return lines
		.map((line) => {
			if (/^\S/.test(line)) inSignatures = line.startsWith('signatures:');
			if (inSignatures) return line.replace(/^(\s*-\s*id:\s*)([a-z0-9-]+)\s*$/, `$1$2-n${i}`);
			return line;
		})
		.join('\n');
}

/** Copies the project (without content, dist and caches) into a scratch folder. */
function scratchProject(): string {
	const dir = mkdtempSync(join(tmpdir(), 'casebook-build-bench-'));
	for (const entry of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
		cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
	}
	symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
	mkdirSync(join(dir, 'content/cases'), { recursive: true });
	return dir;
}

/**
 * Seconds to build `count` cases in a fresh scratch project. Social images are drawn into
 * `imageCache` (a fresh folder unless given), so a build is cold unless it reuses one.
 */
function timeBuild(count: number, imageCache?: string): number {
	const dir = scratchProject();
	try {
		generateCases(join(dir, 'content/cases'), count);
		// The build's output goes to a file: a thousand pages print more than a pipe buffer holds.
		const logFile = join(dir, 'build.log');
		const log = openSync(logFile, 'w');
		const start = performance.now();
		const result = spawnSync('npx', ['astro', 'build'], {
			cwd: dir,
			stdio: ['ignore', log, log],
			env: {
				...process.env,
				ASTRO_TELEMETRY_DISABLED: '1',
				[SOCIAL_CACHE_ENV]: imageCache ?? join(dir, 'image-cache'),
			},
		});
		const seconds = (performance.now() - start) / 1000;
		closeSync(log);
		if (result.status !== 0) {
			const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
			throw new Error(`build of ${count} cases failed (exit ${result.status}):\n${tail}`);
		}
		return seconds;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export default async function buildBench(): Promise<BenchRow[]> {
	const large = Number(process.env.BENCH_BUILD_CASES ?? 1000);
	const sizes = [Math.round(large / 4), Math.round(large / 2), large];
	const imageCache = mkdtempSync(join(tmpdir(), 'casebook-bench-images-'));
	let times: number[];
	let rebuild: number;
	try {
		times = sizes.map((n) => timeBuild(n, n === large ? imageCache : undefined));
		// The same site again with its social images already drawn, as a second build finds it.
		rebuild = timeBuild(large, imageCache);
	} finally {
		rmSync(imageCache, { recursive: true, force: true });
	}
	const [t1, t2, t3] = times as [number, number, number];
	const [n1, n2, n3] = sizes as [number, number, number];
	// Linear growth: the cost of each extra case is the same in both intervals.
	const slopeLow = (t2 - t1) / (n2 - n1);
	const slopeHigh = (t3 - t2) / (n3 - n2);
	return [
		...sizes.map((n, i) => ({
			name: `build ${n} cases × 2 languages, with the search index`,
			value: times[i]!,
			unit: 's',
			...(n >= 1000 ? { budget: { max: 120 } } : {}),
		})),
		{
			name: `rebuild ${large} cases × 2 languages, social images already drawn`,
			value: rebuild,
			unit: 's',
		},
		{ name: 'build time per extra case', value: slopeHigh * 1000, unit: 'ms' },
		{
			name: `cost per case from ${n2} to ${n3} ÷ from ${n1} to ${n2} (1 = linear)`,
			value: slopeHigh / slopeLow,
			unit: '×',
			budget: { max: 1.5 },
		},
	];
}
