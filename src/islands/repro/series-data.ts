/**
 * Turns the trace's metric series into what the chart and its text alternative need: aligned
 * columns per unit for uPlot (step functions sampled at every time any series changed), and a
 * start/peak/end/limit summary per series. Pure.
 */
import { formatAmount } from '../../check/amount.ts';
import type { MetricSeries } from '../../sim/trace.ts';

/** x values (virtual µs) and one y column per series, all the same length. */
export interface AlignedSeries {
	unit: MetricSeries['unit'];
	series: MetricSeries[];
	x: number[];
	ys: number[][];
}

/** One row of the summary table. */
export interface SeriesSummary {
	id: string;
	label: MetricSeries['label'];
	unit: MetricSeries['unit'];
	start: number;
	peak: number;
	end: number;
	limit?: number;
}

/** The value of a step-function series at `time` (0 before its first point). */
export function valueAt(points: MetricSeries['points'], time: number): number {
	let value = 0;
	for (const [t, v] of points) {
		if (t > time) break;
		value = v;
	}
	return value;
}

/** Series that ever left zero, grouped by unit, each group sampled at the union of its change times. */
export function alignSeries(series: readonly MetricSeries[]): AlignedSeries[] {
	const groups = new Map<MetricSeries['unit'], MetricSeries[]>();
	for (const s of series) {
		// A series that never left zero says nothing a chart could add; the table still lists it.
		if (s.points.every((p) => p[1] === 0)) continue;
		const group = groups.get(s.unit) ?? [];
		group.push(s);
		groups.set(s.unit, group);
	}
	return [...groups].map(([unit, group]) => {
		const times = [...new Set(group.flatMap((s) => s.points.map((p) => p[0])))].sort(
			(a, b) => a - b,
		);
		return {
			unit,
			series: group,
			x: times,
			ys: group.map((s) => times.map((t) => valueAt(s.points, t))),
		};
	});
}

/** Start, peak and end value of every non-empty series. */
export function summarizeSeries(series: readonly MetricSeries[]): SeriesSummary[] {
	return series
		.filter((s) => s.points.length > 0)
		.map((s) => {
			const values = s.points.map((p) => p[1]);
			const summary: SeriesSummary = {
				id: s.id,
				label: s.label,
				unit: s.unit,
				start: values[0]!,
				peak: Math.max(...values),
				end: values[values.length - 1]!,
			};
			if (s.limit !== undefined) summary.limit = s.limit;
			return summary;
		});
}

/** `bytes` as a short human figure (KiB/MiB/GiB), counts as they are. */
export function formatValue(value: number, unit: MetricSeries['unit']): string {
	return formatAmount(value, unit);
}
