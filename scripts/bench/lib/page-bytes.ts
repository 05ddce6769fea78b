/**
 * What one built page makes the browser fetch and run, in gzip bytes, read from a built site's
 * folder. "Before interaction" is what loads with the page: the HTML, its stylesheets, its inline
 * scripts, its module scripts and everything they import statically. "On first use" adds what
 * islands load when they become visible (component and renderer and their static imports);
 * dynamic imports inside them load later still and are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

function gz(text: string | Buffer): number {
	return gzipSync(text, { level: 9 }).length;
}

/** The weight of one page, gzip bytes. */
export interface PageBytes {
	/** JavaScript run on load. */
	jsBeforeInteraction: number;
	/** HTML + stylesheets + JavaScript run on load. */
	bytesBeforeInteraction: number;
	/** JavaScript islands add when they become visible. */
	jsOnFirstUse: number;
}

/** `html` (a path inside `dist`, e.g. `zh/index.html`) and what it loads. */
export function pageBytes(dist: string, html: string): PageBytes {
	const fileOf = (url: string) => join(dist, url.split(/[?#]/)[0]!);
	const text = readFileSync(join(dist, html), 'utf8');
	/** `entries` plus every module they import statically, as site URLs. */
	const staticClosure = (entries: string[]): Set<string> => {
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
	};
	const bytesOf = (urls: Iterable<string>) => {
		let total = 0;
		for (const url of urls) total += gz(readFileSync(fileOf(url)));
		return total;
	};
	const inline = [...text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
		.filter(([, attributes]) => !/type="application\/(?:ld\+)?json"/.test(attributes!))
		.map((m) => m[2]!)
		.filter((code) => code.trim() !== '');
	const modules = [...text.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
	const onLoad = staticClosure(modules);
	const islands = [...text.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map(
		(m) => m[1]!,
	);
	const onUse = staticClosure(islands);
	for (const url of onLoad) onUse.delete(url);
	const styles = [...text.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
		(m) => m[1]!,
	);
	const js = bytesOf(onLoad) + inline.reduce((sum, code) => sum + gz(code), 0);
	return {
		jsBeforeInteraction: js,
		bytesBeforeInteraction: gz(text) + bytesOf(new Set(styles)) + js,
		jsOnFirstUse: bytesOf(onUse),
	};
}
