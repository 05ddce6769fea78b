import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunRequest } from '../../sim/run-request.ts';
import type { Trace } from '../../sim/trace.ts';
import type { RunProgress } from '../../sim/run-progress.ts';
import { PLAYGROUND_LIMITS, RunClient } from './run-client.ts';
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
		// The worker posted no progress: it never got past reading the program.
		expect(await hung).toEqual({ kind: 'timeout', ms: 1_000, cause: 'compile' });
		expect(workers[0]!.terminated).toBe(true);
		vi.useRealTimers();
		expect(await client.run(request)).toEqual({ kind: 'trace', trace, links: [] });
		expect(workers).toHaveLength(2);
	});
});

describe('the watchdog stops at the end of the run, not at the end of the transfer', () => {
	it('delivers a trace whose pieces arrive after the watchdog would have fired', async () => {
		vi.useFakeTimers();
		let messages: unknown[] = [];
		let worker: FakeWorker | undefined;
		const client = new RunClient(() => {
			// The head arrives at once; the rest of the trace is held back, as on a loaded machine.
			worker = new FakeWorker((m) => {
				messages = splitTrace(trace, m.run);
				return messages.slice(0, 1);
			});
			return worker as unknown as Worker;
		}, 1_000);
		const result = client.run(request);
		await vi.advanceTimersByTimeAsync(5_000);
		for (const data of messages.slice(1)) worker!.onmessage?.({ data } as MessageEvent);
		expect(await result).toEqual({ kind: 'trace', trace, links: [] });
		expect(worker!.terminated).toBe(false);
	});
});

describe('the watchdog names what the run was doing', () => {
	/** A worker that posts two progress snapshots and then never finishes. */
	function stalledWith(first: Partial<RunProgress>, last: Partial<RunProgress>) {
		const base: RunProgress = { phase: 'run', steps: 0, logLines: 0, memory: 0, depth: 0 };
		return new RunClient(
			() =>
				new FakeWorker((m) => [
					{ type: 'progress', run: m.run, progress: { ...base, ...first } },
					{ type: 'progress', run: m.run, progress: { ...base, ...last } },
				]) as unknown as Worker,
			1_000,
		);
	}

	async function causeOf(first: Partial<RunProgress>, last: Partial<RunProgress>) {
		vi.useFakeTimers();
		const client = stalledWith(first, last);
		const result = client.run(request);
		await vi.advanceTimersByTimeAsync(1_000);
		const r = await result;
		return r.kind === 'timeout' ? r.cause : r.kind;
	}

	it('says the output was flooding when lines kept pace with the steps', async () => {
		expect(
			await causeOf({ steps: 1_000, logLines: 900 }, { steps: 900_000, logLines: 850_000 }),
		).toBe('output');
	});

	it('says the data kept growing when memory climbed towards the budget', async () => {
		expect(
			await causeOf({ steps: 10, memory: 1 << 20 }, { steps: 5_000, memory: 200 * (1 << 20) }),
		).toBe('memory');
	});

	it('says calls were nested deep when the call depth was near its limit', async () => {
		expect(await causeOf({ steps: 10, depth: 50 }, { steps: 20, depth: 390 })).toBe('recursion');
	});

	it('says it was a long loop when only the steps climbed', async () => {
		expect(
			await causeOf({ steps: 1_000 }, { steps: 1_900_000, loop: { line: 3, column: 5 } }),
		).toBe('loop');
	});

	it('sends the playground limits with every run', () => {
		let sent: RunMessage | undefined;
		const client = new RunClient(
			() =>
				new FakeWorker((m) => {
					sent = m;
					return splitTrace(trace, m.run);
				}) as unknown as Worker,
		);
		void client.run({ ...request, runLimits: { maxSteps: 10 } });
		expect(sent?.request.runLimits).toEqual({ ...PLAYGROUND_LIMITS, maxSteps: 10 });
	});
});
