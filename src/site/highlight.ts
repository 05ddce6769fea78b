/**
 * Build-time C++ highlighting for programs shown on pages (FixDiff, Repro, the playground).
 * Highlighting is most of a case page's build time, so:
 * - each distinct program is highlighted once per build and the HTML reused (both languages,
 *   the diff and the widget show the same program); diff marks are added to the cached HTML;
 * - the work runs on worker threads, one per spare core, while Astro renders other pages
 *   (`build.concurrency` in astro.config.mjs lets several pages wait at once). Where workers
 *   cannot start, it highlights in this thread instead.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderCpp } from './highlight-render.ts';

/** Most distinct programs kept; a build of a thousand cases has about two thousand. */
const MAX_CACHED = 10_000;
const cache = new Map<string, Promise<string>>();

interface Pending {
	resolve(html: string): void;
	reject(error: Error): void;
}

/** A few worker threads answering highlight requests; unref'd so they never hold the build. */
class HighlightPool {
	readonly #workers: Worker[] = [];
	readonly #pending = new Map<number, Pending>();
	#next = 0;
	#id = 0;

	constructor(size: number) {
		// The worker runs from source (Node strips its types); bundling would move this module.
		const file = join(process.cwd(), 'src/site/highlight-worker.ts');
		for (let i = 0; i < size; i++) {
			const worker = new Worker(file);
			worker.unref();
			worker.on('message', (message: { id: number; html?: string; error?: string }) => {
				const pending = this.#pending.get(message.id);
				if (!pending) return;
				this.#pending.delete(message.id);
				if (message.html !== undefined) pending.resolve(message.html);
				else pending.reject(new Error(`highlighting failed: ${message.error}`));
			});
			worker.on('error', (error) => {
				for (const pending of this.#pending.values()) pending.reject(error);
				this.#pending.clear();
			});
			this.#workers.push(worker);
		}
	}

	highlight(code: string): Promise<string> {
		const id = ++this.#id;
		const worker = this.#workers[this.#next++ % this.#workers.length]!;
		return new Promise<string>((resolve, reject) => {
			this.#pending.set(id, { resolve, reject });
			worker.postMessage({ id, code });
		});
	}
}

let pool: HighlightPool | null | undefined;

function getPool(): HighlightPool | null {
	if (pool === undefined) {
		try {
			pool = new HighlightPool(Math.max(1, Math.min(4, availableParallelism())));
		} catch {
			pool = null;
		}
	}
	return pool;
}

/** `code` as Shiki HTML in both themes (see highlight-render.ts). */
export function highlightCpp(code: string): Promise<string> {
	let html = cache.get(code);
	if (html === undefined) {
		const workers = getPool();
		html = workers ? workers.highlight(code).catch(() => renderCpp(code)) : renderCpp(code);
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
