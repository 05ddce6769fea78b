/**
 * Registers the service worker (src/integrations/service-worker.ts) on every page of a built
 * site. The page a reader first lands on loads before the worker exists, so once the worker is
 * active that page is handed to it to keep, like every page after it.
 */
const CACHE_URLS = 'CACHE_URLS'; // the message Workbox's router answers by caching the URLs

if ('serviceWorker' in navigator) {
	const firstVisit = !navigator.serviceWorker.controller;
	navigator.serviceWorker
		.register('/sw.js')
		.then(() => navigator.serviceWorker.ready)
		.then((registration) => {
			if (!firstVisit) return;
			const page = location.href.split('#')[0]!;
			registration.active?.postMessage({ type: CACHE_URLS, payload: { urlsToCache: [page] } });
		})
		.catch(() => {
			// Without a service worker the site works as before, only not offline.
		});
}
