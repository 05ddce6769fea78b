/**
 * The link checker: every same-site link (<a href>) and fragment in the built pages leads somewhere — a
 * built page (or file) and, for `#anchor` links into pages, an element with that id. Runs on the
 * files of dist/, no browser needed, so it covers every page including the 3,000 code pages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = 'dist';

function htmlFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory())
			return entry.name === 'pagefind' || entry.name === '_astro' ? [] : htmlFiles(path);
		return entry.name.endsWith('.html') ? [path] : [];
	});
}

/** The built file a site path resolves to, or undefined. */
function fileOf(path: string): string | undefined {
	const clean = decodeURIComponent(path.split(/[?#]/)[0]!);
	for (const candidate of [join(DIST, clean), join(DIST, clean, 'index.html')]) {
		if (existsSync(candidate) && !candidate.endsWith('/')) {
			try {
				readFileSync(candidate);
				return candidate;
			} catch {
				// a folder: try the next candidate
			}
		}
	}
	return undefined;
}

const idsCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
	let ids = idsCache.get(file);
	if (!ids) {
		ids = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
		idsCache.set(file, ids);
	}
	return ids;
}

describe.skipIf(!existsSync(DIST))('links in the built site', () => {
	it('all lead to a built page, and every #anchor into a page to an element with that id', () => {
		const broken: string[] = [];
		const files = htmlFiles(DIST);
		expect(files.length).toBeGreaterThan(1000);
		for (const file of files) {
			const html = readFileSync(file, 'utf8');
			// Links a reader follows; <link> elements in the head are metadata (canonical, hreflang).
			for (const match of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
				const href = match[1]!.replace(/&amp;/g, '&');
				if (!href.startsWith('/') || href.startsWith('//')) continue;
				const [path, hash] = href.split('#') as [string, string | undefined];
				const target = fileOf(path);
				if (!target) {
					broken.push(`${file}: ${href}`);
					continue;
				}
				// Fragments that carry state (#s=…, #log=…, #family=…) are read by scripts, not ids.
				if (hash && !hash.includes('=') && target.endsWith('.html') && !idsOf(target).has(hash)) {
					broken.push(`${file}: ${href} (no element with that id)`);
				}
			}
		}
		expect(broken.slice(0, 20)).toEqual([]);
	});
});
