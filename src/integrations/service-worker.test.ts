import { describe, expect, it } from 'vitest';
import { RUNTIME_CACHING } from './service-worker.ts';

/**
 * Rebuilds a route matcher the way sw.js holds it: from its source text alone, with none of this
 * module's constants in scope (Workbox serialises the function with `toString()`).
 */
function asInSw(pattern: unknown): (options: object) => boolean {
	if (typeof pattern !== 'function') throw new Error('the route matcher is not a function');
	return new Function(`return (${pattern.toString()});`)() as (options: object) => boolean;
}

function request(path: string, mode: RequestMode = 'cors') {
	return { url: new URL(`http://127.0.0.1${path}`), sameOrigin: true, request: { mode } };
}

describe('the service worker caches as the reader goes', () => {
	it('keeps route matchers that still work once copied into sw.js on their own', () => {
		for (const route of RUNTIME_CACHING) {
			const matches = asInSw(route.urlPattern);
			expect(() => matches(request('/zh/cases/acl-resource-leak/'))).not.toThrow();
			expect(() => matches(request('/pagefind/fragment/en_1.pf_fragment'))).not.toThrow();
		}
	});

	it('keeps opened pages and fetched search fragments, each in its own cache', () => {
		const cacheFor = (path: string, mode?: RequestMode) =>
			RUNTIME_CACHING.find((route) => asInSw(route.urlPattern)(request(path, mode)))?.options
				?.cacheName;
		expect(cacheFor('/zh/cases/acl-resource-leak/')).toBe('casebook-pages');
		expect(cacheFor('/en/codes/507015/index.html')).toBe('casebook-pages');
		expect(cacheFor('/en/codes/507015', 'navigate')).toBe('casebook-pages');
		expect(cacheFor('/pagefind/fragment/en_1b13d24.pf_fragment')).toBe('casebook-search-fragments');
		expect(cacheFor('/_astro/run-worker.js')).toBeUndefined();
	});
});
