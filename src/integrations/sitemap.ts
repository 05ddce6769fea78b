/**
 * The sitemap: `@astrojs/sitemap` with each page's alternates in both languages plus
 * `x-default` (the Chinese page), and each article's `lastmod`. A page is listed unless it says
 * `noindex` (the root language chooser, the `/e/` permalinks, a translation that is missing and
 * shows the other language's text), whatever kind of page it is: the built HTML decides, so new
 * page kinds need nothing here.
 */
import sitemap, { type SitemapItem } from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANG, HTML_LANG } from '../i18n/lang.ts';

/** What the sitemap needs from a built page's head. */
export interface PageHead {
	noindex: boolean;
	/** `article:modified_time`, when the page has one. */
	modified?: string;
}

/**
 * Bytes of a page read to find its head (heads are 8-16 KB); the whole page is read only if
 * `</head>` is not in them.
 */
const HEAD_BYTES = 24 * 1024;

/** The parts of `html`'s head the sitemap uses. */
export function readPageHead(html: string): PageHead {
	const end = html.indexOf('</head>');
	const head = end < 0 ? html : html.slice(0, end);
	const modified = /<meta property="article:modified_time" content="([^"]+)"/.exec(head)?.[1];
	return {
		noindex: /<meta name="robots" content="[^"]*noindex/.test(head),
		...(modified ? { modified } : {}),
	};
}

function readHead(file: string): PageHead | undefined {
	if (!existsSync(file)) return undefined;
	const fd = openSync(file, 'r');
	let text: string;
	try {
		const buffer = Buffer.alloc(HEAD_BYTES);
		// Latin-1 is enough to find the ASCII tags read here, and cheaper to decode than UTF-8.
		text = buffer.toString('latin1', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
	} finally {
		closeSync(fd);
	}
	return readPageHead(text.includes('</head>') ? text : readFileSync(file, 'utf8'));
}

/** The sitemap integrations (a helper that learns the output folder, then the sitemap). */
export function casebookSitemap(): AstroIntegration[] {
	let outDir = '';
	const heads = new Map<string, PageHead | undefined>();
	const headOf = (url: string): PageHead | undefined => {
		if (!heads.has(url)) {
			const path = decodeURIComponent(new URL(url).pathname);
			heads.set(url, readHead(join(outDir, path, 'index.html')));
		}
		return heads.get(url);
	};
	const locate: AstroIntegration = {
		name: 'casebook:sitemap-pages',
		hooks: {
			'astro:config:done': ({ config }) => {
				outDir = fileURLToPath(config.outDir);
			},
		},
	};
	const map = sitemap({
		i18n: { defaultLocale: DEFAULT_LANG, locales: { ...HTML_LANG } },
		filter: (url) => !new URL(url).pathname.startsWith('/e/') && headOf(url)?.noindex !== true,
		serialize: (item: SitemapItem) => {
			const modified = headOf(item.url)?.modified;
			const fallback = item.links?.find((link) => link.lang === HTML_LANG[DEFAULT_LANG]);
			return {
				...item,
				...(modified ? { lastmod: modified } : {}),
				...(item.links && fallback
					? { links: [...item.links, { url: fallback.url, lang: 'x-default' }] }
					: {}),
			};
		},
	});
	return [locate, map];
}
