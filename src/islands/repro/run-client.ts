/**
 * The page's side of the simulator worker: one run at a time, a watchdog that terminates the
 * worker when a run takes too long (the step budget should stop runaway programs first; this is
 * the backstop), and chunked trace assembly so no single message blocks the main thread.
 */
import type { Lang } from '../../cases/schema.ts';
import type { RunRequest } from '../../sim/run-request.ts';
import type { Trace } from '../../sim/trace.ts';
import type { LogLink } from './repro-props.ts';
import type { RunMessage } from './run-worker.ts';
import { TraceAssembler, type TraceMessage } from './trace-transfer.ts';

/** How long a run may take before the watchdog terminates the worker. */
export const WATCHDOG_MS = 5_000;

/** What a run ends with. */
export type RunResult =
	| { kind: 'trace'; trace: Trace; links: readonly LogLink[] }
	| { kind: 'timeout'; ms: number }
	| { kind: 'failed'; message: string }
	| { kind: 'superseded' };

/** Makes the worker; a function so tests can inject one. */
export type WorkerFactory = () => Worker;

/** Vite bundles the worker as its own module chunk, fetched on first use. */
export const defaultWorkerFactory: WorkerFactory = () =>
	new Worker(new URL('./run-worker.ts', import.meta.url), { type: 'module' });

/** Runs requests in a worker; a newer request supersedes an older one still running. */
export class RunClient {
	readonly #factory: WorkerFactory;
	readonly #watchdogMs: number;
	#worker: Worker | undefined;
	#nextRun = 1;
	#pending:
		| {
				assembler: TraceAssembler;
				resolve: (r: RunResult) => void;
				timer: ReturnType<typeof setTimeout>;
		  }
		| undefined;

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
		return new Promise<RunResult>((resolve) => {
			const timer = setTimeout(() => {
				this.#terminate();
				this.#settle({ kind: 'timeout', ms: this.#watchdogMs });
			}, this.#watchdogMs);
			this.#pending = { assembler: new TraceAssembler(run), resolve, timer };
			const message: RunMessage = { run, request, lang };
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
