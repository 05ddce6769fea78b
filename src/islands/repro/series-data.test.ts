import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '../../sim/trace.ts';
import { alignSeries, formatValue, summarizeSeries, valueAt } from './series-data.ts';

const memory: MetricSeries = {
	id: 'device-memory',
	label: { zh: '设备内存', en: 'Device memory' },
	unit: 'bytes',
	points: [
		[0, 0],
		[10, 1024],
		[30, 2048],
	],
};
const events: MetricSeries = {
	id: 'events',
	label: { zh: '事件', en: 'Events' },
	unit: 'count',
	limit: 1023,
	points: [
		[5, 1],
		[20, 2],
	],
};
const vecin: MetricSeries = { ...events, id: 'buffers:VECIN', limit: 4, points: [[10, 3]] };

describe('metric series for the chart and its table', () => {
	it('reads a step function at any time', () => {
		expect(valueAt(memory.points, -1)).toBe(0);
		expect(valueAt(memory.points, 15)).toBe(1024);
		expect(valueAt(memory.points, 99)).toBe(2048);
	});

	it('groups series by unit and samples each at every change time of its group', () => {
		const [bytes, counts] = alignSeries([memory, events, vecin]);
		expect(bytes).toMatchObject({ unit: 'bytes', x: [0, 10, 30], ys: [[0, 1024, 2048]] });
		expect(counts).toMatchObject({
			unit: 'count',
			x: [5, 10, 20],
			ys: [
				[1, 1, 2],
				[0, 3, 3],
			],
		});
	});

	it('leaves a series that never left zero out of the chart', () => {
		const flat = {
			...events,
			id: 'flat',
			points: [
				[0, 0],
				[9, 0],
			] as Array<[number, number]>,
		};
		expect(alignSeries([memory, flat]).flatMap((g) => g.series.map((s) => s.id))).toEqual([
			'device-memory',
		]);
	});

	it('summarises start, peak, end and limit so a rising metric reads as rising', () => {
		expect(summarizeSeries([memory, events])).toEqual([
			{ id: 'device-memory', label: memory.label, unit: 'bytes', start: 0, peak: 2048, end: 2048 },
			{ id: 'events', label: events.label, unit: 'count', start: 1, peak: 2, end: 2, limit: 1023 },
		]);
	});

	it('formats bytes in binary units and counts as integers', () => {
		expect(formatValue(512, 'bytes')).toBe('512 B');
		expect(formatValue(32 * 1024 * 1024, 'bytes')).toBe('32.0 MiB');
		expect(formatValue(7, 'count')).toBe('7');
	});
});
