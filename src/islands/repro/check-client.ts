/**
 * The page's side of "Check all products": a simulator worker of its own (the same worker
 * module as runs, so a check never holds up a Run), one check at a time (a newer one supersedes
 * it), cells handed to the caller as they arrive, and a watchdog per cell that terminates the
 * worker when one run takes too long.
 */
import type { CheckCell } from '../../check/check-cell.ts';
import type { CheckProgram } from '../../check/check-run.ts';
import type { ProductId } from '../../sim/product-id.ts';
import type { CheckMode } from '../../check/check-mode.ts';
import type { CheckMessage, CheckReply } from './check-task.ts';
import { defaultWorkerFactory, WATCHDOG_MS, type WorkerFactory } from './run-client.ts';

/** How a check ended. */
export type CheckEnd =
	| { kind: 'done' }
	| { kind: 'timeout'; ms: number }
	| { kind: 'failed'; message: string }
	| { kind: 'superseded' };

/** Checks programs in a worker; see the file comment. */
export class CheckClient {
	readonly #factory: WorkerFactory;
	readonly #watchdogMs: number;
	#worker: Worker | undefined;
	#next = 1;
	#pending:
		| {
				check: number;
				onCell: (cell: CheckCell, index: number) => void;
				resolve: (end: CheckEnd) => void;
				timer: ReturnType<typeof setTimeout>;
		  }
		| undefined;

	constructor(factory: WorkerFactory = defaultWorkerFactory, watchdogMs = WATCHDOG_MS) {
		this.#factory = factory;
		this.#watchdogMs = watchdogMs;
	}

	/** Checks `program` on every product × mode; `onCell` gets each cell as it is done. */
	check(
		program: CheckProgram,
		products: readonly ProductId[],
		modes: readonly CheckMode[],
		onCell: (cell: CheckCell, index: number) => void,
	): Promise<CheckEnd> {
		this.#settle({ kind: 'superseded' });
		const worker = this.#ensureWorker();
		const check = this.#next++;
		return new Promise<CheckEnd>((resolve) => {
			this.#pending = { check, onCell, resolve, timer: this.#watchdog() };
			const message: CheckMessage = { check, program, products, modes };
			worker.postMessage(message);
		});
	}

	/** Stops the worker and any check in progress. */
	dispose(): void {
		this.#settle({ kind: 'superseded' });
		this.#terminate();
	}

	#watchdog(): ReturnType<typeof setTimeout> {
		return setTimeout(() => {
			this.#terminate();
			this.#settle({ kind: 'timeout', ms: this.#watchdogMs });
		}, this.#watchdogMs);
	}

	#ensureWorker(): Worker {
		if (this.#worker) return this.#worker;
		const worker = this.#factory();
		worker.onmessage = (event: MessageEvent<CheckReply>) => this.#receive(event.data);
		worker.onerror = (event) => {
			event.preventDefault();
			this.#terminate();
			this.#settle({ kind: 'failed', message: event.message || 'the worker failed to start' });
		};
		this.#worker = worker;
		return worker;
	}

	#receive(reply: CheckReply): void {
		const pending = this.#pending;
		if (!pending || reply.check !== pending.check) return;
		switch (reply.type) {
			case 'check-cell':
				clearTimeout(pending.timer);
				pending.timer = this.#watchdog();
				pending.onCell(reply.cell, reply.index);
				return;
			case 'check-done':
				this.#settle({ kind: 'done' });
				return;
			case 'check-failed':
				this.#settle({ kind: 'failed', message: reply.message });
				return;
		}
	}

	#settle(end: CheckEnd): void {
		const pending = this.#pending;
		if (!pending) return;
		this.#pending = undefined;
		clearTimeout(pending.timer);
		pending.resolve(end);
	}

	#terminate(): void {
		this.#worker?.terminate();
		this.#worker = undefined;
	}
}
