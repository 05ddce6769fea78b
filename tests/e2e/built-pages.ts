/**
 * The built site as files, for tests that read it without a browser: the page paths, a page's
 * HTML, and the `<meta>`/`<link>` tags of its head as attribute maps.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folder the site was built into (E2E_DIST lets one engineer test a private build). */
export const DIST = process.env.E2E_DIST ?? 'dist';

/** Every built HTML page as a URL path (`/zh/cases/x/`), sorted. */
export function builtPages(dir = DIST): string[] {
	const pages: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory() && entry.name !== 'pagefind' && entry.name !== '_astro') {
			pages.push(...builtPages(path));
		} else if (entry.name.endsWith('.html')) {
			pages.push(`/${relative(DIST, path)}`.replace(/index\.html$/, ''));
		}
	}
	return pages.sort();
}

/** The HTML of the built page at `path`. */
export function pageHtml(path: string): string {
	const file = path.endsWith('.html') ? path : join(path, 'index.html');
	return readFileSync(join(DIST, file), 'utf8');
}

/** One tag's attributes, with entities decoded. */
export type Attributes = Record<string, string>;

function decodeEntities(text: string): string {
	return text
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

/** The attributes of every `<name …>` tag in `html`. */
export function tags(html: string, name: string): Attributes[] {
	const found: Attributes[] = [];
	for (const tag of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))) {
		const attributes: Attributes = {};
		for (const attr of tag[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
			attributes[attr[1]!] = decodeEntities(attr[2] ?? '');
		}
		found.push(attributes);
	}
	return found;
}

/** The head of `html` (before `</head>`). */
export function headOf(html: string): string {
	return html.slice(0, html.indexOf('</head>'));
}

/** The content of `<meta property|name="key">` in `head`, or undefined. */
export function metaContent(head: string, key: string): string | undefined {
	return tags(head, 'meta').find((m) => m.property === key || m.name === key)?.content;
}
