import { describe, expect, it } from 'vitest';
import { buildBufferMap } from './buffer-map.ts';
import { runScript } from './kernel-test-util.ts';

const SCRIPT = `10 pipe = TPipe
11 x = TQue VECIN 2
12 z = TQue VECOUT 1
13 pipe.InitBuffer x 2 512
14 pipe.InitBuffer z 1 512
15 a = x.AllocTensor half
16 x.EnQue a
17 b = x.DeQue half
18 x.FreeTensor b`;

describe('the buffer map rebuilt from state deltas', () => {
	it('shows each position with its queues, blocks, states and occupancy at a step', () => {
		const { trace } = runScript(SCRIPT);
		const enqueued = trace.steps.find((s) => s.call === 'x.EnQue<half>')!.step;
		const [core] = buildBufferMap(trace.steps, enqueued);
		const vecin = core!.positions.find((p) => p.position === 'VECIN')!;
		expect(vecin.occupancy).toBe(1);
		expect(vecin.queues).toEqual([
			{
				name: 'x',
				kind: 'TQue',
				depth: 2,
				queued: 1,
				blocks: [
					{ index: 0, state: 'ENQUE', address: 0, bytes: 512, event: 'enque#0' },
					{ index: 1, state: 'FREE', address: 512, bytes: 512 },
				],
			},
		]);
		expect(core!.events).toEqual({ MTE2_V: [0] });
	});

	it('shows a freed block still holding its FreeTensor event at the end', () => {
		const { trace } = runScript(SCRIPT);
		const [core] = buildBufferMap(trace.steps);
		const x = core!.positions.find((p) => p.position === 'VECIN')!.queues[0]!;
		expect(x.blocks[0]).toEqual({
			index: 0,
			state: 'FREE',
			address: 0,
			bytes: 512,
			event: 'free#0',
		});
		expect(core!.events).toEqual({ MTE2_V: [], V_MTE2: [0] });
		expect(core!.positions.map((p) => p.position)).toEqual(['VECIN', 'VECOUT']);
	});
});
