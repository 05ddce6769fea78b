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

/** Slugs of the real cases, in order. */
export function sourceSlugs(): string[] {
	return readdirSync(SOURCE_CASES)
		.filter((s) => existsSync(join(SOURCE_CASES, s, 'case.yaml')))
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

/** Writes `count` cases into `target`, cycling through the real ones; returns their slugs. */
export function generateCases(target: string, count: number): string[] {
	const slugs = sourceSlugs();
	const made: string[] = [];
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

/** Copies the casebook (without content, dist and caches) into a scratch folder. */
export function scratchCasebook(): string {
	const dir = scratchDir('casebook-build-bench-');
	for (const entry of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
		cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
	}
	mkdirSync(join(dir, 'content/cases'), { recursive: true });
	return dir;
}

/** Runs `astro build` in `dir`; returns the seconds it took (throws with the log's tail). */
export function timeAstroBuild(dir: string, what: string): number {
	// The build's output goes to a file: thousands of pages print more than a pipe buffer holds.
	const logFile = join(dir, 'build.log');
	const log = openSync(logFile, 'w');
	const start = performance.now();
	const result = spawnSync('npx', ['astro', 'build'], {
		cwd: dir,
		stdio: ['ignore', log, log],
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
	return seconds;
}

/** Removes a scratch folder. */
export function removeScratch(dir: string): void {
	rmSync(dir, { recursive: true, force: true });
}
