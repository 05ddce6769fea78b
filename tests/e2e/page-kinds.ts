/**
 * The kinds of page the build made, read from the built site, so tests that must see every kind
 * (the policy checks, the offline test) cover new kinds as soon as they are built. A kind is a
 * path with its last segment replaced by `*` when that segment is a slug or id
 * (`/zh/cases/*`, `/e/*`), otherwise the path itself (`/zh/playground/`); each kind keeps its
 * first page in path order as the sample.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The built site the browser tests serve (see global-setup.ts). */
export const DIST_DIR = process.env.E2E_DIST ?? 'dist';

/** One kind of page and the page that stands for it. */
export interface PageKind {
	kind: string;
	/** Site path of the sample, e.g. `/zh/cases/acl-resource-leak/`. */
	sample: string;
	/** Every built page of this kind. */
	pages: string[];
	/** The page only sends the reader elsewhere (`/`, `/e/*`). */
	redirects: boolean;
}

const LANGS = new Set(['zh', 'en']);

function htmlFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
		.map((entry) => relative(DIST_DIR, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** `zh/cases/x/index.html` → `/zh/cases/x/`; `404.html` → `/404.html`. */
function sitePath(file: string): string {
	return file.endsWith('index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
}

function kindOf(path: string): string {
	const segments = path.split('/').filter(Boolean);
	// /{lang}/{section}/{slug}/… and /{section}/{id}/ (outside a language) end in an id.
	const depth = LANGS.has(segments[0] ?? '') ? 3 : 2;
	if (segments.length >= depth) return `/${segments.slice(0, depth - 1).join('/')}/*`;
	return path;
}

/** Every kind of page in the built site, path order. */
export function pageKinds(): PageKind[] {
	const kinds = new Map<string, string[]>();
	for (const path of htmlFiles(DIST_DIR).map(sitePath).sort()) {
		const kind = kindOf(path);
		kinds.set(kind, [...(kinds.get(kind) ?? []), path]);
	}
	return [...kinds].map(([kind, pages]) => ({
		kind,
		sample: pages[0]!,
		pages,
		redirects: kind === '/' || kind === '/e/*',
	}));
}
