/**
 * Offline use: after the build (and after the search index, so it is listed), Workbox writes
 * `sw.js`, and every built page registers it (src/scripts/register-service-worker.ts). The worker
 * - precaches the site's scripts, styles and WebAssembly (the simulator and triage workers and
 *   their chunks), the whole Pagefind index of both languages, the signature registry and the
 *   tool pages (home, playground and triage in both languages);
 * - keeps every page the reader opens (network first, the kept copy when offline).
 * So after one visit a reader can read the pages they opened, search, and run reproductions with
 * no network. Dev mode gets no worker.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { generateSW } from 'workbox-build';

/** What the worker precaches, relative to the built site. */
export const PRECACHED = [
	'_astro/**/*.{js,css,wasm,woff2,svg}',
	'pagefind/**/*',
	'favicon.svg',
	'signatures.json',
	'{zh,en}/index.html',
	'{zh,en}/playground/index.html',
	'{zh,en}/triage/index.html',
];

/** Pagefind's ready-made interfaces, which the site does not use. */
const NOT_PRECACHED = ['pagefind/pagefind-*ui.*', 'pagefind/pagefind-highlight.js'];

/** Name of the cache of pages the reader opened. */
export const PAGES_CACHE = 'casebook-pages';

/** Pages kept at most; the oldest go first. */
const MAX_KEPT_PAGES = 1000;

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
					globPatterns: PRECACHED,
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
					runtimeCaching: [
						{
							// Pages: a navigation, or a page URL handed over by the registering script.
							urlPattern: ({ request, url, sameOrigin }) =>
								sameOrigin &&
								(request.mode === 'navigate' ||
									url.pathname.endsWith('/') ||
									url.pathname.endsWith('.html')),
							handler: 'NetworkFirst',
							options: {
								cacheName: PAGES_CACHE,
								networkTimeoutSeconds: 4,
								expiration: { maxEntries: MAX_KEPT_PAGES },
							},
						},
					],
				});
				for (const warning of warnings) logger.warn(warning);
				logger.info(`sw.js precaches ${count} files (${Math.round(size / 1024)} KiB)`);
			},
		},
	};
}
