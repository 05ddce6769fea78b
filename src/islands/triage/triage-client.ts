/**
 * The page side of the triage worker: one worker, created on first use; each request gets the
 * answer to its own `seq`, and a newer request makes older answers irrelevant.
 */
import type { SignatureEntry } from '../../triage/signature-entry.ts';
import type { TriageRequest, TriageResponse } from './triage-protocol.ts';

/** Runs triage in a worker. */
export class TriageClient {
	#worker: Worker | undefined;
	#seq = 0;
	#pending = new Map<number, (response: TriageResponse) => void>();

	/** Matches `text`; resolves to undefined when a newer request superseded this one. */
	run(text: string, signatures: readonly SignatureEntry[]): Promise<TriageResponse | undefined> {
		const worker = this.#ensureWorker();
		const seq = ++this.#seq;
		for (const [old, resolve] of this.#pending) {
			this.#pending.delete(old);
			resolve({ seq: old, ok: false, error: 'superseded' });
		}
		return new Promise((resolve) => {
			this.#pending.set(seq, resolve);
			const request: TriageRequest = { seq, text, signatures };
			worker.postMessage(request);
		}).then((response) => {
			const answer = response as TriageResponse;
			return !answer.ok && answer.error === 'superseded' ? undefined : answer;
		});
	}

	/** Stops the worker. */
	dispose(): void {
		this.#worker?.terminate();
		this.#worker = undefined;
	}

	#ensureWorker(): Worker {
		if (this.#worker) return this.#worker;
		const worker = new Worker(new URL('./triage-worker.ts', import.meta.url), { type: 'module' });
		worker.onmessage = (event: MessageEvent<TriageResponse>) => {
			const resolve = this.#pending.get(event.data.seq);
			if (!resolve) return;
			this.#pending.delete(event.data.seq);
			resolve(event.data);
		};
		worker.onerror = (event) => {
			for (const [seq, resolve] of this.#pending) {
				resolve({ seq, ok: false, error: event.message || 'worker failed' });
			}
			this.#pending.clear();
		};
		this.#worker = worker;
		return worker;
	}
}
