/**
 * JavaScript each page type ships, gzip bytes, read from the built `dist/` (run `npm run build`
 * first). "Before interaction" is what the browser runs on load: inline scripts, module scripts
 * and everything they import statically. "On first use" adds what islands load when they become
 * visible (component + renderer + their static imports); dynamic imports inside them load later
 * still and are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './bench-row.ts';

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

/** Data files tools and the triage page fetch, gzip bytes (the triage page loads /codes.json). */
const DATA_FILES = ['codes.json', 'signatures.json'];

function gz(text: string): number {
	return gzipSync(text, { level: 9 }).length;
}

/** The file behind a site URL like `/_astro/x.js`. */
function fileOf(url: string): string {
	return join(DIST, url.split(/[?#]/)[0]!);
}

/** `url` plus every module it imports statically, as site URLs. */
function staticClosure(entries: string[]): Set<string> {
	const seen = new Set<string>();
	const queue = [...entries];
	while (queue.length > 0) {
		const url = queue.pop()!;
		if (seen.has(url) || !existsSync(fileOf(url))) continue;
		seen.add(url);
		const code = readFileSync(fileOf(url), 'utf8');
		const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+)["']/g;
		for (const match of code.matchAll(re)) {
			const spec = match[1]!;
			if (spec.startsWith('.') || spec.startsWith('/')) {
				queue.push(new URL(spec, `http://x${url}`).pathname);
			}
		}
	}
	return seen;
}

function bytesOf(urls: Iterable<string>): number {
	let total = 0;
	for (const url of urls) total += gz(readFileSync(fileOf(url), 'utf8'));
	return total;
}

export default async function pageWeight(): Promise<BenchRow[]> {
	if (!existsSync(join(DIST, 'index.html')))
		throw new Error('dist/ is missing: run "npm run build" first.');
	const rows: BenchRow[] = [];
	for (const page of PAGES) {
		const file = join(DIST, page.path);
		if (!existsSync(file)) continue;
		const html = readFileSync(file, 'utf8');
		const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
			.map((m) => m[1]!)
			.filter((code) => code.trim() !== '' && !code.trim().startsWith('{'));
		const modules = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
		const onLoad = staticClosure(modules);
		const islands = [...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map(
			(m) => m[1]!,
		);
		const onUse = staticClosure(islands);
		for (const url of onLoad) onUse.delete(url);
		const before = bytesOf(onLoad) + inline.reduce((sum, code) => sum + gz(code), 0);
		rows.push({
			name: `${page.name}: JS before interaction`,
			value: before,
			unit: 'B gzip',
			...(page.budget ? { budget: { max: page.budget } } : {}),
		});
		if (onUse.size > 0) {
			rows.push({
				name: `${page.name}: JS islands add on first use`,
				value: bytesOf(onUse),
				unit: 'B gzip',
			});
		}
	}
	for (const file of DATA_FILES) {
		const path = join(DIST, file);
		if (!existsSync(path)) continue;
		rows.push({ name: `/${file}`, value: gz(readFileSync(path, 'utf8')), unit: 'B gzip' });
	}
	const index = join(DIST, 'zh/codes/index.html');
	if (existsSync(index)) {
		rows.push({ name: 'code index HTML', value: gz(readFileSync(index, 'utf8')), unit: 'B gzip' });
	}
	return rows;
}
