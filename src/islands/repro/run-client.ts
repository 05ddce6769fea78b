/**
 * The page's side of the simulator worker: one run at a time, a watchdog that terminates the
 * worker when a run takes too long (the limits and the worker's own interrupt should stop
 * runaway programs first; this is the backstop, and it names the likeliest cause from the
 * progress the worker posted), and chunked trace assembly so no single message blocks the main
 * thread. Runs from the page get the playground's limits ({@link PLAYGROUND_LIMITS}).
 */
import type { Lang } from '../../cases/schema.ts';
import { resolveLimits, type RunLimits } from '../../sim/limits.ts';
import { likelyCause, type RunProgress, type SlowCause } from '../../sim/run-progress.ts';
import type { RunRequest } from '../../sim/run-request.ts';
import { PLAYGROUND_LIMITS } from './playground-limits.ts';
import type { Trace } from '../../sim/trace.ts';
import type { LogLink } from './repro-props.ts';
import type { RunMessage } from './run-worker.ts';
import { TraceAssembler, type TraceMessage } from './trace-transfer.ts';

/** How long a run may take before the watchdog terminates the worker. */
export const WATCHDOG_MS = 5_000;

export { PLAYGROUND_LIMITS };

/** What a run ends with. */
export type RunResult =
	| { kind: 'trace'; trace: Trace; links: readonly LogLink[] }
	| { kind: 'timeout'; ms: number; cause: SlowCause; progress?: RunProgress }
	| { kind: 'failed'; message: string }
	| { kind: 'superseded' };

/** Makes the worker; a function so tests can inject one. */
export type WorkerFactory = () => Worker;

/** Vite bundles the worker as its own module chunk, fetched on first use. */
export const defaultWorkerFactory: WorkerFactory = () =>
	new Worker(new URL('./run-worker.ts', import.meta.url), { type: 'module' });

/** The run in progress: its trace so far, its watchdog, its limits and the progress seen. */
interface Pending {
	assembler: TraceAssembler;
	resolve: (r: RunResult) => void;
	timer: ReturnType<typeof setTimeout>;
	limits: RunLimits;
	first?: RunProgress;
	last?: RunProgress;
}

/** Runs requests in a worker; a newer request supersedes an older one still running. */
export class RunClient {
	readonly #factory: WorkerFactory;
	readonly #watchdogMs: number;
	#worker: Worker | undefined;
	#nextRun = 1;
	#pending: Pending | undefined;

	constructor(factory: WorkerFactory = defaultWorkerFactory, watchdogMs = WATCHDOG_MS) {
		this.#factory = factory;
		this.#watchdogMs = watchdogMs;
	}

	/** Starts the worker ahead of the first run, so the simulator is loaded when Run is pressed. */
	warm(): void {
		this.#ensureWorker();
	}

	/** Runs `request`; resolves with the trace, a timeout, a failure or `superseded`. */
	run(request: RunRequest, lang: Lang = 'en'): Promise<RunResult> {
		this.#settle({ kind: 'superseded' });
		const worker = this.#ensureWorker();
		const run = this.#nextRun++;
		const limited: RunRequest = {
			...request,
			runLimits: { ...PLAYGROUND_LIMITS, ...request.runLimits },
		};
		return new Promise<RunResult>((resolve) => {
			const pending: Pending = {
				assembler: new TraceAssembler(run),
				resolve,
				timer: setTimeout(() => {
					this.#terminate();
					const cause = likelyCause(pending.first, pending.last, pending.limits);
					const result: RunResult = { kind: 'timeout', ms: this.#watchdogMs, cause };
					if (pending.last) result.progress = pending.last;
					this.#settle(result);
				}, this.#watchdogMs),
				limits: resolveLimits(limited.runLimits),
			};
			this.#pending = pending;
			const message: RunMessage = { run, request: limited, lang };
			worker.postMessage(message);
		});
	}

	/** Stops the worker and any run in progress. */
	dispose(): void {
		this.#settle({ kind: 'superseded' });
		this.#terminate();
	}

	#ensureWorker(): Worker {
		if (this.#worker) return this.#worker;
		const worker = this.#factory();
		worker.onmessage = (event: MessageEvent<TraceMessage>) => this.#receive(event.data);
		worker.onerror = (event) => {
			event.preventDefault();
			this.#terminate();
			this.#settle({ kind: 'failed', message: event.message || 'the worker failed to start' });
		};
		this.#worker = worker;
		return worker;
	}

	#receive(message: TraceMessage): void {
		const pending = this.#pending;
		if (!pending || message.run !== pending.assembler.run) return;
		if (message.type === 'failed') {
			this.#settle({ kind: 'failed', message: message.message });
			return;
		}
		if (message.type === 'progress') {
			pending.first ??= message.progress;
			pending.last = message.progress;
			return;
		}
		// The head is sent when the run has ended: the rest of the trace is already on its way, so
		// the watchdog (for a run that never ends) stops here; on a loaded machine the pieces can
		// take longer to arrive than the run took to be interrupted.
		if (message.type === 'head') clearTimeout(pending.timer);
		try {
			const trace = pending.assembler.add(message);
			if (trace) this.#settle({ kind: 'trace', trace, links: pending.assembler.links });
		} catch (error) {
			this.#settle({ kind: 'failed', message: (error as Error).message });
		}
	}

	#settle(result: RunResult): void {
		const pending = this.#pending;
		if (!pending) return;
		this.#pending = undefined;
		clearTimeout(pending.timer);
		pending.resolve(result);
	}

	#terminate(): void {
		this.#worker?.terminate();
		this.#worker = undefined;
	}
}
