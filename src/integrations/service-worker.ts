/**
 * Offline use: after the build (and after the search index, so it is listed), Workbox writes
 * `sw.js`, and every built page registers it (src/scripts/register-service-worker.ts). The worker
 * - precaches the site's scripts, styles and WebAssembly (the simulator and triage workers and
 *   their chunks), the Pagefind index of both languages (every part but the result fragments of
 *   the thousands of error-code pages, fetched and kept when a search first shows one), the
 *   signature registry, the
 *   error-code index the triage and simulator workers read, and the tool pages (home,
 *   playground and triage in both languages);
 * - keeps every page the reader opens (network first, the kept copy when offline).
 * So after one visit a reader can read the pages they opened, search, and run reproductions with
 * no network. Dev mode gets no worker.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { generateSW, type RuntimeCaching } from 'workbox-build';

/** What the worker precaches, relative to the built site. */
export const PRECACHED = [
	'_astro/**/*.{js,css,wasm,woff2,svg}',
	'pagefind/*',
	'pagefind/index/**/*',
	'pagefind/filter/**/*',
	'favicon.svg',
	'signatures.json',
	'codes.json',
	'{zh,en}/index.html',
	'{zh,en}/playground/index.html',
	'{zh,en}/triage/index.html',
];

/** Pagefind's ready-made interfaces, which the site does not use. */
const NOT_PRECACHED = ['pagefind/pagefind-*ui.*', 'pagefind/pagefind-highlight.js'];

/** Where Pagefind keeps one result fragment per page. */
const FRAGMENTS = 'pagefind/fragment';

/** Pages whose search fragments are fetched on first use rather than precached. */
const LAZY_FRAGMENT_PAGES = /^\/(?:zh|en)\/codes\/./;

/**
 * The fragment files to precache: every page's but the error-code pages' (a fragment is gzipped
 * `pagefind_dcd` + JSON naming its page's url). Precaching all 3,000-odd of them made the
 * worker's install take longer than a reader waits.
 */
export async function precachedFragments(root: string): Promise<string[]> {
	const dir = join(root, FRAGMENTS);
	const names = await readdir(dir).catch(() => [] as string[]);
	const kept: string[] = [];
	for (const name of names) {
		const text = gunzipSync(await readFile(join(dir, name))).toString('utf8');
		const url = /"url":"([^"]*)"/.exec(text)?.[1] ?? '';
		if (!LAZY_FRAGMENT_PAGES.test(url)) kept.push(`${FRAGMENTS}/${name}`);
	}
	return kept;
}

/** Name of the cache of search fragments fetched on first use. */
const FRAGMENTS_CACHE = 'casebook-search-fragments';

/** Name of the cache of pages the reader opened. */
export const PAGES_CACHE = 'casebook-pages';

/** Pages kept at most; the oldest go first. */
const MAX_KEPT_PAGES = 1000;

/**
 * What the worker caches as the reader goes. Workbox copies each `urlPattern` function's source
 * into sw.js, so a matcher may name nothing of this module: its paths are written out.
 */
export const RUNTIME_CACHING: RuntimeCaching[] = [
	{
		// Search fragments not precached (error-code pages): kept once fetched (FRAGMENTS).
		urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/pagefind/fragment/'),
		handler: 'CacheFirst',
		options: { cacheName: FRAGMENTS_CACHE, expiration: { maxEntries: 4000 } },
	},
	{
		// Pages: a navigation, or a page URL handed over by the registering script.
		urlPattern: ({ request, url, sameOrigin }) =>
			sameOrigin &&
			(request.mode === 'navigate' || url.pathname.endsWith('/') || url.pathname.endsWith('.html')),
		handler: 'NetworkFirst',
		options: {
			cacheName: PAGES_CACHE,
			networkTimeoutSeconds: 4,
			expiration: { maxEntries: MAX_KEPT_PAGES },
		},
	},
];

/** The integration; list it after the search index in astro.config.mjs. */
export function serviceWorker(): AstroIntegration {
	return {
		name: 'casebook:service-worker',
		hooks: {
			'astro:config:setup'({ command, injectScript }) {
				if (command !== 'build') return;
				const script = fileURLToPath(
					new URL('../scripts/register-service-worker.ts', import.meta.url),
				);
				injectScript('page', `import ${JSON.stringify(script)};`);
			},
			async 'astro:build:done'({ dir, logger }) {
				const root = fileURLToPath(dir);
				const { count, size, warnings } = await generateSW({
					globDirectory: root,
					globPatterns: [...PRECACHED, ...(await precachedFragments(root))],
					globIgnores: NOT_PRECACHED,
					swDest: join(root, 'sw.js'),
					// Bundled assets carry their content hash in the name already.
					dontCacheBustURLsMatching: /^\/?_astro\//,
					// Pagefind may add ?ts=… to its entry file to bust HTTP caches.
					ignoreURLParametersMatching: [/^ts$/],
					maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
					cleanupOutdatedCaches: true,
					clientsClaim: true,
					skipWaiting: true,
					inlineWorkboxRuntime: true,
					sourcemap: false,
					mode: 'production',
					runtimeCaching: RUNTIME_CACHING,
				});
				for (const warning of warnings) logger.warn(warning);
				logger.info(`sw.js precaches ${count} files (${Math.round(size / 1024)} KiB)`);
			},
		},
	};
}
