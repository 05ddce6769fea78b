/**
 * A few worker threads that answer build-time jobs (highlighting, social images) while Astro
 * renders other pages. Each worker runs a `.ts` file from source (Node strips its types;
 * bundling would move the file) and answers `{ id, value }` or `{ id, error }` to each
 * `{ id, job }`. Workers are unref'd, so an idle pool never keeps the build alive.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

interface Pending {
	resolve(value: unknown): void;
	reject(error: Error): void;
}

/** The message a pool worker answers with. */
export type WorkerReply<R> = { id: number; value: R } | { id: number; error: string };

/** Jobs of type `J` answered with `R`, spread round-robin over the pool's threads. */
export class WorkerPool<J, R> {
	readonly #workers: Worker[] = [];
	readonly #pending = new Map<number, Pending>();
	#next = 0;
	#id = 0;

	/** Starts `size` threads running `script` (a path relative to the project root). */
	constructor(script: string, size: number) {
		const file = join(process.cwd(), script);
		for (let i = 0; i < size; i++) {
			const worker = new Worker(file);
			worker.unref();
			worker.on('message', (message: WorkerReply<R>) => {
				const pending = this.#pending.get(message.id);
				if (!pending) return;
				this.#pending.delete(message.id);
				if ('value' in message) pending.resolve(message.value);
				else pending.reject(new Error(`${script} failed: ${message.error}`));
			});
			worker.on('error', (error) => {
				for (const pending of this.#pending.values()) pending.reject(error);
				this.#pending.clear();
			});
			this.#workers.push(worker);
		}
	}

	/** Sends `job` to the next thread; resolves with its answer. */
	run(job: J, transfer: readonly ArrayBuffer[] = []): Promise<R> {
		const id = ++this.#id;
		const worker = this.#workers[this.#next++ % this.#workers.length]!;
		return new Promise<R>((resolve, reject) => {
			this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			worker.postMessage({ id, job }, transfer);
		});
	}
}

/**
 * A pool of `script` workers with one thread per core up to `max`, started on first use; null
 * when threads cannot start (callers then do the work in this thread).
 */
export function lazyPool<J, R>(script: string, max: number): () => WorkerPool<J, R> | null {
	let pool: WorkerPool<J, R> | null | undefined;
	return () => {
		if (pool === undefined) {
			try {
				pool = new WorkerPool<J, R>(script, Math.max(1, Math.min(max, availableParallelism())));
			} catch {
				pool = null;
			}
		}
		return pool;
	};
}

/**
 * Serves pool jobs in a worker thread: answers each `{ id, job }` with `handle(job)`, or with
 * the error it threw.
 */
export function serveJobs<J, R>(
	port: {
		on(event: 'message', listener: (message: { id: number; job: J }) => void): unknown;
		postMessage(message: WorkerReply<R>): void;
	} | null,
	handle: (job: J) => R | Promise<R>,
): void {
	port?.on('message', async ({ id, job }) => {
		try {
			port.postMessage({ id, value: await handle(job) });
		} catch (error) {
			port.postMessage({ id, error: String((error as Error)?.stack ?? error) });
		}
	});
}
