import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '../../sim/trace.ts';
import { bufferRows } from './buffer-blocks.ts';

const vecinSeries: MetricSeries = {
	id: 'kernel.core0.VECIN',
	label: { zh: 'VECIN', en: 'VECIN' },
	unit: 'count',
	limit: 4,
	points: [[0, 0]],
};

function state(entries: Array<[string, unknown]>) {
	return new Map(entries);
}

describe('the buffer map reads blocks per TPosition from the kernel state', () => {
	const queues: Array<[string, unknown]> = [
		['core0.que0', { kind: 'TQue', position: 'VECIN', depth: 1, blocks: 1 }],
		['core0.que1', { kind: 'TQue', position: 'VECOUT', depth: 1, blocks: 1 }],
	];

	it('groups blocks under their queue position, with the limit from the occupancy series', () => {
		const rows = bufferRows(
			state([
				...queues,
				['core0.que0.block0', { state: 'OCCUPIED', address: 0, bytes: 512 }],
				['core0.que1.block0', { state: 'FREE', address: 512, bytes: 512 }],
			]),
			[vecinSeries],
		);
		expect(rows.map((r) => [r.title, r.limit, r.blocks.map((b) => b.label)])).toEqual([
			['VECIN', 4, ['que0.block0']],
			['VECOUT', undefined, ['que1.block0']],
		]);
		expect(rows[0]!.blocks[0]).toMatchObject({ state: 'OCCUPIED', bytes: 512, engaged: true });
	});

	it('marks the engaged blocks past the limit, counting a free block that still holds an event id', () => {
		const entries: Array<[string, unknown]> = [queues[0]!];
		for (let i = 0; i < 6; i++) {
			entries.push([`core0.q${i}`, { kind: 'TQue', position: 'VECIN', depth: 1 }]);
			entries.push([
				`core0.q${i}.block0`,
				i === 1 ? { state: 'FREE', bytes: 32, event: 'free#1' } : { state: 'OCCUPIED', bytes: 32 },
			]);
		}
		const [row] = bufferRows(state(entries), [vecinSeries]);
		expect(row!.blocks.map((b) => b.over)).toEqual([false, false, false, false, true, true]);
		expect(row!.blocks[1]).toMatchObject({ engaged: true, event: 'free#1' });
	});

	it('names the core when more than one core has buffers', () => {
		const rows = bufferRows(
			state([
				['core0.q', { position: 'VECIN' }],
				['core0.q.block0', { state: 'FREE' }],
				['core1.q', { position: 'VECIN' }],
				['core1.q.block0', { state: 'FREE' }],
			]),
			[],
		);
		expect(rows.map((r) => r.title)).toEqual(['core0 · VECIN', 'core1 · VECIN']);
	});

	it('ignores state that is not a buffer', () => {
		expect(
			bufferRows(
				state([
					['core0.VECIN.occupancy', 3],
					['core0.events.V_MTE2', [0, 1]],
				]),
				[],
			),
		).toEqual([]);
	});
});
