import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunRequest } from '../../sim/run-request.ts';
import type { Trace } from '../../sim/trace.ts';
import { RunClient } from './run-client.ts';
import type { RunMessage } from './run-worker.ts';
import { splitTrace } from './trace-transfer.ts';

const request: RunRequest = { source: 'int main() {}', product: 'atlas-a2', mode: 'npu' };
const trace: Trace = {
	outcome: 'completed',
	log: [{ text: 'hello', channel: 'stdout', time: 0 }],
	diagnostics: [],
	steps: [],
	series: [],
	leaks: [],
	calls: {},
};

/** A stand-in worker: `reply` decides what it answers, asynchronously like a real one. */
class FakeWorker {
	onmessage: ((event: MessageEvent) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	readonly reply: (message: RunMessage) => unknown[];
	constructor(reply: (message: RunMessage) => unknown[]) {
		this.reply = reply;
	}
	postMessage(message: RunMessage): void {
		for (const data of this.reply(message)) {
			queueMicrotask(() => this.onmessage?.({ data } as MessageEvent));
		}
	}
	terminate(): void {
		this.terminated = true;
	}
}

afterEach(() => {
	vi.useRealTimers();
});

describe('runs go to the worker and come back as traces', () => {
	it('resolves with the assembled trace', async () => {
		const client = new RunClient(
			() => new FakeWorker((m) => splitTrace(trace, m.run)) as unknown as Worker,
		);
		expect(await client.run(request)).toEqual({ kind: 'trace', trace, links: [] });
	});

	it('reports an interpreter failure with its message', async () => {
		const client = new RunClient(
			() =>
				new FakeWorker((m) => [
					{ type: 'failed', run: m.run, message: 'boom' },
				]) as unknown as Worker,
		);
		expect(await client.run(request)).toEqual({ kind: 'failed', message: 'boom' });
	});

	it('supersedes a run still in progress when a new one starts', async () => {
		let calls = 0;
		const client = new RunClient(
			() =>
				new FakeWorker((m) => (++calls === 1 ? [] : splitTrace(trace, m.run))) as unknown as Worker,
		);
		const first = client.run(request);
		const second = client.run(request);
		expect(await first).toEqual({ kind: 'superseded' });
		expect(await second).toEqual({ kind: 'trace', trace, links: [] });
	});
});

describe('the watchdog stops a run that never finishes', () => {
	it('terminates the worker and reports a timeout, then starts a fresh worker', async () => {
		vi.useFakeTimers();
		const workers: FakeWorker[] = [];
		const client = new RunClient(() => {
			const worker = new FakeWorker((m) => (workers.length === 1 ? [] : splitTrace(trace, m.run)));
			workers.push(worker);
			return worker as unknown as Worker;
		}, 1_000);
		const hung = client.run(request);
		vi.advanceTimersByTime(1_000);
		expect(await hung).toEqual({ kind: 'timeout', ms: 1_000 });
		expect(workers[0]!.terminated).toBe(true);
		vi.useRealTimers();
		expect(await client.run(request)).toEqual({ kind: 'trace', trace, links: [] });
		expect(workers).toHaveLength(2);
	});
});
