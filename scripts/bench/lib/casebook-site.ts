/**
 * A scratch copy of the casebook for build benchmarks: the project's sources and config in a
 * temporary folder (node_modules linked), filled with N generated cases — copies of the real
 * ones under new slugs, signature ids, program texts and titles, so nothing cached per case, per
 * program or per social image is shared between copies. Each build draws its social images into
 * a cache of its own, so it starts cold.
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
	writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { SOCIAL_CACHE_ENV } from '../../../src/site/social-image-store.ts';

/** The checkout the benchmarks run from. */
export const ROOT = resolve('.');
/** The real cases every generated one is copied from. */
export const SOURCE_CASES = join(ROOT, 'content/cases');

/** Slugs of the real cases in a checkout's `content/cases` (this one's by default), in order. */
export function sourceSlugs(cases: string = SOURCE_CASES): string[] {
	return readdirSync(cases)
		.filter((s) => existsSync(join(cases, s, 'case.yaml')))
		.sort();
}

/** Suffixes every signature id in a case.yaml with `-n<i>`. */
function uniqueSignatureIds(yaml: string, i: number): string {
	let inSignatures = false;
	return yaml
		.split('\n')
		.map((line) => {
			if (/^\S/.test(line)) inSignatures = line.startsWith('signatures:');
			if (inSignatures) return line.replace(/^(\s*-\s*id:\s*)([a-z0-9-]+)\s*$/, `$1$2-n${i}`);
			return line;
		})
		.join('\n');
}

/**
 * Writes `count` cases into `target`, cycling through the real ones (`slugs` of the checkout
 * at `from`: every case of this one by default); returns their slugs.
 */
export function generateCases(
	target: string,
	count: number,
	from: string = ROOT,
	slugs: readonly string[] = sourceSlugs(join(from, 'content/cases')),
): string[] {
	const made: string[] = [];
	for (let i = 0; i < count; i++) {
		const slug = slugs[i % slugs.length]!;
		const copy = `${slug}-n${i}`;
		const dir = join(target, copy);
		cpSync(join(from, 'content/cases', slug), dir, { recursive: true });
		const yaml = readFileSync(join(dir, 'case.yaml'), 'utf8').replace(
			/^related:[\s\S]*?(?=^\S|$(?![\s\S]))/m,
			'related: []\n',
		);
		writeFileSync(join(dir, 'case.yaml'), uniqueSignatureIds(yaml, i));
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
		made.push(copy);
	}
	return made;
}

/**
 * A temporary folder inside the checkout (`.bench-scratch/`, ignored by git), so packages
 * resolve from the checkout's node_modules as they do for the real site; a linked node_modules
 * elsewhere makes Astro compile a theme's components under two paths.
 */
export function scratchDir(prefix: string): string {
	const parent = join(ROOT, '.bench-scratch');
	mkdirSync(parent, { recursive: true });
	return mkdtempSync(join(parent, prefix));
}

/**
 * Copies the casebook at `from` (this checkout by default; without content, dist and caches)
 * into a scratch folder inside it.
 */
export function scratchCasebook(from: string = ROOT): string {
	const dir =
		from === ROOT
			? scratchDir('casebook-build-bench-')
			: mkdtempSync(join(from, 'casebook-build-bench-'));
	for (const entry of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
		cpSync(join(from, entry), join(dir, entry), { recursive: true });
	}
	mkdirSync(join(dir, 'content/cases'), { recursive: true });
	return dir;
}

/** What one build cost: wall seconds, and CPU seconds of every process and thread it ran. */
export interface BuildCost {
	seconds: number;
	cpuSeconds: number;
}

/** Runs `astro build` in `dir`; returns the seconds it took (throws with the log's tail). */
export function timeAstroBuild(dir: string, what: string): number {
	return costOfAstroBuild(dir, what).seconds;
}

/**
 * Runs `astro build` in `dir` with a cold image cache of its own; returns its wall and CPU time
 * (throws with the log's tail). The CPU time is the user and system time bash's `times` reports
 * for its children: the build and its worker threads.
 */
export function costOfAstroBuild(dir: string, what: string): BuildCost {
	// The build's output goes to a file: thousands of pages print more than a pipe buffer holds.
	const logFile = join(dir, 'build.log');
	const log = openSync(logFile, 'w');
	const start = performance.now();
	const result = spawnSync('bash', ['-c', 'npx astro build >&3 2>&3; status=$?; times; exit $status'], {
		cwd: dir,
		stdio: ['ignore', 'pipe', 'inherit', log],
		encoding: 'utf8',
		env: {
			...process.env,
			ASTRO_TELEMETRY_DISABLED: '1',
			[SOCIAL_CACHE_ENV]: join(dir, 'image-cache'),
		},
	});
	const seconds = (performance.now() - start) / 1000;
	closeSync(log);
	if (result.status !== 0) {
		const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
		throw new Error(`build of ${what} failed (exit ${result.status}):\n${tail}`);
	}
	// `times` prints the shell's user and system time, then its children's: "1m2.500s 0m3.250s".
	const children = result.stdout.trim().split('\n').at(-1) ?? '';
	const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
	if (parts.length !== 2) throw new Error(`build of ${what}: cannot read its CPU time from "${children}"`);
	return { seconds, cpuSeconds: parts[0]! + parts[1]! };
}

/** The number of pages (index.html files) under a build's `dist`. */
export function builtPages(dir: string): number {
	const dist = join(dir, 'dist');
	return readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
		(file) => file === 'index.html' || file.endsWith('/index.html'),
	).length;
}

/** Removes a scratch folder. */
export function removeScratch(dir: string): void {
	rmSync(dir, { recursive: true, force: true });
}
