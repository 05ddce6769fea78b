/**
 * "Check all products" between page and worker: the worker's task runs the real interpreter cell
 * by cell and the client hands each cell over as it comes; a newer check supersedes an older
 * one, and a cell that never comes trips the watchdog, which terminates the worker.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cellRule, type CheckCell } from '../../check/check-cell.ts';
import { CheckClient } from './check-client.ts';
import { runCheckTask, type CheckMessage } from './check-task.ts';

const source = readFileSync(
	'content/cases/alloc-tensor-queue-position-limit/add-six-faulty.cpp',
	'utf8',
);
const program = { source, fileName: 'add-six-faulty.cpp' };

/** A stand-in worker that runs the check task as the real worker does, or stays silent. */
class TaskWorker {
	onmessage: ((event: MessageEvent) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	readonly silent: boolean;
	constructor(silent = false) {
		this.silent = silent;
	}
	postMessage(message: CheckMessage): void {
		if (this.silent) return;
		void runCheckTask(message, (data) => this.onmessage?.({ data } as MessageEvent));
	}
	terminate(): void {
		this.terminated = true;
	}
}

afterEach(() => {
	vi.useRealTimers();
});

describe('a check in the worker', () => {
	it('hands over the cells in matrix order, the sanitizer ones run like the rest, then ends', async () => {
		const client = new CheckClient(() => new TaskWorker() as unknown as Worker);
		const cells: CheckCell[] = [];
		const end = await client.check(
			program,
			['atlas-training', 'atlas-a2'],
			['npu', 'cpu', 'sanitizer'],
			(cell) => cells.push(cell),
		);
		expect(end).toEqual({ kind: 'done' });
		expect(cells.map((c) => `${c.product}/${c.mode}:${c.outcome}`)).toEqual([
			'atlas-training/npu:hang',
			'atlas-training/cpu:abort',
			'atlas-training/sanitizer:hang',
			'atlas-a2/npu:completed',
			'atlas-a2/cpu:completed',
			'atlas-a2/sanitizer:completed',
		]);
		expect(cellRule(cells[1]!)).toMatchObject({ code: 'tque-buffer-limit', line: 59 });
	});

	it('stops an older check when a newer one starts', async () => {
		const client = new CheckClient(() => new TaskWorker() as unknown as Worker);
		const older: CheckCell[] = [];
		const first = client.check(program, ['atlas-a2', 'atlas-a3'], ['npu'], (c) => older.push(c));
		const second = client.check(program, ['atlas-training'], ['cpu'], () => {});
		expect(await first).toEqual({ kind: 'superseded' });
		expect(await second).toEqual({ kind: 'done' });
		expect(older.length).toBeLessThan(2);
	});

	it('terminates a worker whose next cell never comes and says how long it waited', async () => {
		vi.useFakeTimers();
		const workers: TaskWorker[] = [];
		const client = new CheckClient(() => {
			const worker = new TaskWorker(true);
			workers.push(worker);
			return worker as unknown as Worker;
		}, 5_000);
		const end = client.check(program, ['atlas-a2'], ['npu'], () => {});
		vi.advanceTimersByTime(5_000);
		expect(await end).toEqual({ kind: 'timeout', ms: 5_000 });
		expect(workers[0]!.terminated).toBe(true);
	});
});
