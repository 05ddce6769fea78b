/**
 * Draws the metric charts with uPlot. This module (and uPlot with its stylesheet) is imported
 * only when a metrics panel first renders, never with the page. Colours come from the site's
 * CSS custom properties so the chart follows the light or dark theme.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Lang } from '../../cases/schema.ts';
import { type AlignedSeries, formatValue } from './series-data.ts';

const PALETTE = ['--link', '--accent', '--ok', '--warn'];
const FALLBACK = ['#0b57d0', '#c7000b', '#067647', '#9a6700'];

/** A limit far above everything drawn would flatten the data; such limits stay in the table. */
const LIMIT_DRAW_RATIO = 4;

function colour(host: HTMLElement, index: number): string {
	const name = PALETTE[index % PALETTE.length]!;
	const value = getComputedStyle(host).getPropertyValue(name).trim();
	return value || FALLBACK[index % FALLBACK.length]!;
}

/** Draws one chart per unit group into `host`; returns a function that removes them. */
export function drawCharts(
	host: HTMLElement,
	groups: readonly AlignedSeries[],
	lang: Lang,
): () => void {
	const plots: uPlot[] = [];
	host.replaceChildren();
	const fg = getComputedStyle(host).getPropertyValue('--fg').trim() || 'currentColor';
	const grid = getComputedStyle(host).getPropertyValue('--border').trim() || '#8884';
	for (const group of groups) {
		const el = document.createElement('div');
		host.append(el);
		const peak = Math.max(0, ...group.ys.flat());
		const limits = group.series.filter(
			(s) => s.limit !== undefined && s.limit <= Math.max(peak, 1) * LIMIT_DRAW_RATIO,
		);
		const data: uPlot.AlignedData = [
			group.x.map((us) => us / 1000),
			...group.ys,
			...limits.map((s) => group.x.map(() => s.limit!)),
		];
		const series: uPlot.Series[] = [
			{ label: 'ms' },
			...group.series.map((s, i) => ({
				label: s.label[lang],
				stroke: colour(host, i),
				width: 2,
				paths: uPlot.paths.stepped!({ align: 1 }),
				value: (_: uPlot, v: number | null) => (v === null ? '—' : formatValue(v, group.unit)),
			})),
			...limits.map((s) => ({
				label: `${s.label[lang]} ≤ ${formatValue(s.limit!, group.unit)}`,
				stroke: colour(host, group.series.indexOf(s)),
				dash: [6, 4],
				width: 1,
				points: { show: false },
			})),
		];
		const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
		const width = Math.max(280, Math.min(host.clientWidth || 600, 900));
		const plot = new uPlot(
			{
				width,
				height: 180,
				series,
				scales: { x: { time: false } },
				axes: [
					{
						...axis,
						label: 'ms',
						labelSize: 18,
						values: (_u, ticks) => ticks.map((v) => String(v)),
					},
					{
						...axis,
						size: 70,
						values: (_u, ticks) => ticks.map((v) => formatValue(v, group.unit)),
					},
				],
				legend: { show: true },
				cursor: { drag: { x: false, y: false } },
			},
			data,
			el,
		);
		plots.push(plot);
	}
	const resize = new ResizeObserver(() => {
		const width = Math.max(280, Math.min(host.clientWidth, 900));
		for (const plot of plots) plot.setSize({ width, height: 180 });
	});
	resize.observe(host);
	return () => {
		resize.disconnect();
		for (const plot of plots) plot.destroy();
		host.replaceChildren();
	};
}
