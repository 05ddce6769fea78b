/**
 * Build time at scale: copies the project into a scratch folder, fills it with N generated cases
 * (copies of the real ones under new slugs, signature ids and program texts), and times `astro build` including
 * the Pagefind index. Run for a small and a large N to show that time grows linearly.
 * Every build includes the whole error-code index (content/codes, 1,500+ codes × 2 languages); one
 * more build of the small N without it gives the cost of one code page.
 * BENCH_BUILD_CASES overrides the large N (default 1000, the design's target).
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

const ROOT = resolve('.');
const SOURCE_CASES = join(ROOT, 'content/cases');
const SOURCE_CODES = join(ROOT, 'content/codes');

/** How many code pages the index builds: one per code row and language. */
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

/**
 * Copies the project (without cases, dist and caches) into a scratch folder, with the error-code
 * index when `withCodes`.
 */
function scratchProject(withCodes: boolean): string {
	const dir = mkdtempSync(join(tmpdir(), 'casebook-build-bench-'));
	for (const entry of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
		cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
	}
	symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
	mkdirSync(join(dir, 'content/cases'), { recursive: true });
	if (withCodes) cpSync(SOURCE_CODES, join(dir, 'content/codes'), { recursive: true });
	return dir;
}

function timeBuild(count: number, withCodes = true): number {
	const dir = scratchProject(withCodes);
	try {
		generateCases(join(dir, 'content/cases'), count);
		// The build's output goes to a file: a thousand pages print more than a pipe buffer holds.
		const logFile = join(dir, 'build.log');
		const log = openSync(logFile, 'w');
		const start = performance.now();
		const result = spawnSync('npx', ['astro', 'build'], {
			cwd: dir,
			stdio: ['ignore', log, log],
			env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
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
	const times = sizes.map((n) => timeBuild(n));
	const [t1, t2, t3] = times as [number, number, number];
	const [n1, n2, n3] = sizes as [number, number, number];
	const codePages = codePageCount();
	const withoutCodes = timeBuild(n1, false);
	// Linear growth: the cost of each extra case is the same in both intervals.
	const slopeLow = (t2 - t1) / (n2 - n1);
	const slopeHigh = (t3 - t2) / (n3 - n2);
	return [
		...sizes.map((n, i) => ({
			name: `build ${n} cases × 2 languages and ${codePages} code pages, with the search index`,
			value: times[i]!,
			unit: 's',
			...(n >= 1000 ? { budget: { max: 120 } } : {}),
		})),
		{ name: 'build time per extra case', value: slopeHigh * 1000, unit: 'ms' },
		{
			name: `build time per code page (${n1} cases with and without the ${codePages} code pages)`,
			value: ((t1 - withoutCodes) / codePages) * 1000,
			unit: 'ms',
		},
		{
			name: `cost per case from ${n2} to ${n3} ÷ from ${n1} to ${n2} (1 = linear)`,
			value: slopeHigh / slopeLow,
			unit: '×',
			budget: { max: 1.5 },
		},
	];
}
