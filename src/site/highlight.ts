/**
 * Build-time C++ highlighting for programs shown on pages (FixDiff, Repro, the playground).
 * Highlighting is most of a case page's build time, so:
 * - each distinct program is highlighted once per build and the HTML reused (both languages,
 *   the diff and the widget show the same program); diff marks are added to the cached HTML;
 * - the work runs on worker threads, one per spare core, while Astro renders other pages
 *   (`build.concurrency` in astro.config.mjs lets several pages wait at once). Where workers
 *   cannot start, it highlights in this thread instead.
 */
import { renderCpp } from './highlight-render.ts';
import { lazyPool } from './worker-pool.ts';

/** Most distinct programs kept; a build of a thousand cases has about two thousand. */
const MAX_CACHED = 10_000;
const cache = new Map<string, Promise<string>>();

const getPool = lazyPool<string, string>('src/site/highlight-worker.ts', 4);

/** `code` as Shiki HTML in both themes (see highlight-render.ts). */
export function highlightCpp(code: string): Promise<string> {
	let html = cache.get(code);
	if (html === undefined) {
		const workers = getPool();
		html = workers ? workers.run(code).catch(() => renderCpp(code)) : renderCpp(code);
		if (cache.size >= MAX_CACHED) cache.clear();
		cache.set(code, html);
	}
	return html;
}

/** Adds `className` to the given 1-based lines of highlighted HTML from {@link highlightCpp}. */
export function markLines(html: string, lines: ReadonlySet<number>, className: string): string {
	if (lines.size === 0) return html;
	let line = 0;
	return html.replace(/<span class="line">/g, (whole) =>
		lines.has(++line) ? `<span class="line ${className}">` : whole,
	);
}
