import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pipeCoreChoices, pipeLanes } from '../../src/islands/repro/pipe-lanes.ts';
import { run } from '../../src/lang/run.ts';
import type { RunMode } from '../../src/sim/run-request.ts';

const PROGRAM = readFileSync(new URL('../programs/device/tbuf-sync.cpp', import.meta.url), 'utf8');

/** The program without the two lines marked `// SYNC <event>`. */
const without = (event: string) =>
	PROGRAM.split('\n')
		.filter((l) => !l.endsWith(`// SYNC ${event}`))
		.join('\n');

function pipesOf(source: string, mode: RunMode = 'npu') {
	const trace = run({ source, fileName: 'tbuf-sync.cpp', product: 'atlas-a2', mode });
	return trace.pipes ?? [];
}

/** The busy intervals of `pipe` on core 0. */
function busy(source: string, pipe: string, mode: RunMode = 'npu') {
	return pipesOf(source, mode)[0]!.busy.filter((b) => b.pipe === pipe);
}

describe('the pipe timeline of a kernel run from C++', () => {
	it('keeps every core of the launch, each with its MTE2 copies, V Add and MTE3 copy-out', () => {
		const cores = pipesOf(PROGRAM);
		expect(cores.length).toBeGreaterThan(1);
		expect(cores.map((c) => c.blockIdx)).toEqual(cores.map((_, i) => i));
		const pipes = new Set(cores[0]!.busy.map((b) => b.pipe));
		expect([...pipes].sort()).toEqual(['PIPE_MTE2', 'PIPE_MTE3', 'PIPE_V']);
		expect(cores[0]!.busy.find((b) => b.pipe === 'PIPE_V')!.call).toMatch(/^Add/);
		expect(pipeCoreChoices(cores)[1]!.label).toBe('core 1');
	});

	it('records the bytes each interval touched, as memory, tensor and byte range', () => {
		const [copy] = busy(PROGRAM, 'PIPE_MTE2');
		expect(copy!.ranges).toEqual([
			{ memory: 'UB', kind: 'write', tensor: 'xBuf#0', start: 0, end: 2048 },
			{ memory: 'GM', kind: 'read', tensor: 'xGm', buffer: 'x', start: 0, end: 2048 },
		]);
		expect(copy!.line).toBe(38);
	});

	it('runs the Add while the copies into UB are still moving data when MTE2→V is missing', () => {
		const source = without('MTE2_V');
		const copies = busy(source, 'PIPE_MTE2');
		const [add] = busy(source, 'PIPE_V');
		const lastCopyEnd = Math.max(...copies.slice(0, 2).map((c) => c.end));
		expect(add!.start).toBeLessThan(lastCopyEnd);
		const lanes = pipeLanes(pipesOf(source)[0]!);
		expect(lanes.find((l) => l.pipe === 'PIPE_V')!.bars[0]!.racing).toBe(true);
		// The copy-out writes z in GM while the copies in read x and y: other buffers, no race.
		expect(lanes.find((l) => l.pipe === 'PIPE_MTE3')!.bars.every((b) => !b.racing)).toBe(true);
	});

	it('starts the Add only when the flag the copies raise has been set, with the sync', () => {
		const core = pipesOf(PROGRAM)[0]!;
		const copies = core.busy.filter((b) => b.pipe === 'PIPE_MTE2');
		const add = core.busy.find((b) => b.pipe === 'PIPE_V')!;
		expect(add.start).toBeGreaterThanOrEqual(Math.max(copies[0]!.end, copies[1]!.end));
		const set = core.syncs.find((s) => s.kind === 'set' && s.event === 'MTE2_V')!;
		const wait = core.syncs.find((s) => s.kind === 'wait' && s.event === 'MTE2_V')!;
		expect(set.pipe).toBe('PIPE_MTE2');
		expect(wait.pipe).toBe('PIPE_V');
		expect(wait.time).toBe(set.time);
		expect(pipeLanes(core).every((l) => l.bars.every((b) => !b.racing))).toBe(true);
	});

	it('holds every pipe at a PipeBarrier<PIPE_ALL> standing in for the missing flag', () => {
		const source = without('MTE2_V').replace(
			'        Add(zLocal',
			'        PipeBarrier<PIPE_ALL>();\n        Add(zLocal',
		);
		const core = pipesOf(source)[0]!;
		const add = core.busy.find((b) => b.pipe === 'PIPE_V')!;
		const copies = core.busy.filter((b) => b.pipe === 'PIPE_MTE2' && b.start < add.start);
		expect(add.start).toBeGreaterThanOrEqual(Math.max(...copies.map((c) => c.end)));
		expect(core.syncs.some((s) => s.kind === 'barrier' && s.call.includes('PIPE_ALL'))).toBe(true);
	});

	it('orders a TQue kernel through the syncs EnQue and DeQue insert', () => {
		const source = readFileSync(
			new URL('../../content/cases/gm-out-of-bounds/add-tail-fixed.cpp', import.meta.url),
			'utf8',
		);
		const trace = run({ source, fileName: 'add.cpp', product: 'atlas-a2', mode: 'npu' });
		const core = trace.pipes![0]!;
		const enque = core.syncs.find((s) => s.call.endsWith('EnQue<float>') && s.kind === 'set')!;
		const deque = core.syncs.find((s) => s.call.endsWith('DeQue<float>') && s.kind === 'wait')!;
		expect([enque.pipe, enque.event]).toEqual(['PIPE_MTE2', 'MTE2_V']);
		expect([deque.pipe, deque.event]).toEqual(['PIPE_V', 'MTE2_V']);
		const firstAdd = core.busy.find((b) => b.pipe === 'PIPE_V')!;
		const firstCopy = core.busy.find((b) => b.pipe === 'PIPE_MTE2')!;
		expect(firstAdd.start).toBeGreaterThanOrEqual(firstCopy.end);
		expect(pipeLanes(core).every((l) => l.bars.every((b) => !b.racing))).toBe(true);
	});

	it('is the same in every mode, and absent from a run that launched no kernel', () => {
		expect(pipesOf(PROGRAM, 'cpu')[0]!.busy).toEqual(pipesOf(PROGRAM, 'npu')[0]!.busy);
		const host = run({
			source: 'int main() { return 0; }',
			fileName: 'host.cpp',
			product: 'atlas-a2',
			mode: 'npu',
		});
		expect(host.pipes).toBeUndefined();
	});
});
