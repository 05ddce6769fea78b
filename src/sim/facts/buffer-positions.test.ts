/**
 * The buffer map read from the trace's facts, for C++ kernels as a reader would run them: blocks
 * grouped by their queue's position with the product's limit, the kernel's engaged rule, the
 * blocks past the limit, and a pipe Reset taking its queues' blocks away.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import type { ProductId } from '../product-id.ts';
import type { RunMode } from '../run-request.ts';
import { bufferPositions } from './buffer-positions.ts';
import { stateAfter } from './machine-state.ts';

function positionsAtEnd(
	body: string,
	product: ProductId = 'atlas-training',
	mode: RunMode = 'npu',
	blocks = 1,
) {
	const trace = run({
		source: `extern "C" __global__ __aicore__ void probe(GM_ADDR x)
{
    AscendC::TPipe pipe;
${body}
}
`,
		fileName: 'probe.cpp',
		product,
		mode,
		blocks,
	});
	return bufferPositions(stateAfter(trace.steps, trace.steps.length));
}

const QUEUE = (name: string, pos = 'VECIN') =>
	`    AscendC::TQue<AscendC::TPosition::${pos}, 1> ${name};\n    pipe.InitBuffer(${name}, 1, 512);\n`;

describe('the buffer map of a kernel run', () => {
	it("groups blocks under their queue's position, with the product's buffer limit", () => {
		const [vecin, vecout] = positionsAtEnd(
			`${QUEUE('a')}${QUEUE('b', 'VECOUT')}    AscendC::LocalTensor<half> t = a.AllocTensor<half>();`,
		);
		expect([vecin!.position, vecin!.limit, vecin!.occupancy]).toEqual(['VECIN', 4, 1]);
		expect(vecin!.slots.map((s) => [s.block.queue, s.block.state, s.engaged])).toEqual([
			['a', 'OCCUPIED', true],
		]);
		expect([vecout!.position, vecout!.slots[0]!.engaged]).toEqual(['VECOUT', false]);
	});

	it('counts a freed block that still holds its FreeTensor event id as engaged', () => {
		const [vecin] = positionsAtEnd(
			`${QUEUE('a')}    AscendC::LocalTensor<half> t = a.AllocTensor<half>();\n    a.FreeTensor(t);`,
		);
		expect(vecin!.slots[0]).toMatchObject({ event: 'free#0', engaged: true, over: false });
		expect(vecin!.slots[0]!.block.state).toBe('FREE');
	});

	it('marks the engaged blocks past the limit: the fifth VECIN buffer on Atlas training', () => {
		const names = ['q0', 'q1', 'q2', 'q3', 'q4'];
		const body =
			names.map((n) => QUEUE(n)).join('') +
			names
				.map((n) => `    AscendC::LocalTensor<half> t${n} = ${n}.AllocTensor<half>();\n`)
				.join('');
		const [vecin] = positionsAtEnd(body);
		expect(vecin!.slots.map((s) => s.over)).toEqual([false, false, false, false, true]);
		const [eight] = positionsAtEnd(body, 'atlas-a2');
		expect([eight!.limit, eight!.slots.some((s) => s.over)]).toEqual([8, false]);
	});

	it("drops a queue's blocks once its pipe is reset", () => {
		expect(
			positionsAtEnd(
				`${QUEUE('a')}    AscendC::LocalTensor<half> t = a.AllocTensor<half>();\n    pipe.Reset();`,
			),
		).toEqual([]);
	});

	it('keeps the positions of each core apart', () => {
		const rows = positionsAtEnd(QUEUE('a'), 'atlas-a2', 'npu', 2);
		expect(rows.map((r) => [r.core, r.position])).toEqual([
			[0, 'VECIN'],
			[1, 'VECIN'],
		]);
	});
});
