/**
 * Resource metrics: a uPlot chart per unit (loaded lazily, on first render of this panel) and,
 * as its text alternative, a table with start, peak, end and limit of every series. The chart
 * canvas is hidden from assistive technology; the table carries the same facts.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Lang } from '../../cases/schema.ts';
import type { MetricSeries } from '../../sim/trace.ts';
import { alignSeries, formatValue, summarizeSeries } from './series-data.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import type { Strings } from './strings.ts';

/** Props of {@link MetricsView}. */
export interface MetricsViewProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	lang: Lang;
	series: readonly MetricSeries[];
}

/** The metrics panel. */
export function MetricsView({ t, level, lang, series }: MetricsViewProps) {
	const summaries = summarizeSeries(series);
	const chartHost = useRef<HTMLDivElement>(null);

	useEffect(() => {
		const host = chartHost.current;
		if (!host || summaries.length === 0) return;
		let disposed = false;
		let cleanup: (() => void) | undefined;
		let timer: ReturnType<typeof setTimeout> | undefined;
		import('./metrics-chart.ts')
			.then(({ drawCharts }) => {
				// Drawing gets its own task, apart from evaluating uPlot.
				timer = setTimeout(() => {
					if (!disposed) cleanup = drawCharts(host, alignSeries(series), lang);
				}, 0);
			})
			.catch(() => {
				// The table below carries the same facts; a chart that fails to load is not fatal.
			});
		return () => {
			disposed = true;
			clearTimeout(timer);
			cleanup?.();
		};
	}, [series, lang]);

	return (
		<section class="repro-metrics" aria-label={t.metrics}>
			<Heading level={level}>{t.metrics}</Heading>
			{summaries.length === 0 ? (
				<p class="repro-muted">{t.metricsNone}</p>
			) : (
				<>
					<div class="repro-chart" ref={chartHost} aria-hidden="true" />
					<div class="repro-table-wrap" tabIndex={0} role="region" aria-label={t.metricsTable}>
						<table class="repro-table">
							<caption>{t.metricsTable}</caption>
							<thead>
								<tr>
									<th scope="col">{t.metricName}</th>
									<th scope="col">{t.metricStart}</th>
									<th scope="col">{t.metricPeak}</th>
									<th scope="col">{t.metricEnd}</th>
									<th scope="col">{t.metricLimit}</th>
								</tr>
							</thead>
							<tbody>
								{summaries.map((s) => (
									<tr
										key={s.id}
										data-series={s.id}
										data-start={s.start}
										data-peak={s.peak}
										data-end={s.end}
									>
										<th scope="row">{s.label[lang]}</th>
										<td>{formatValue(s.start, s.unit)}</td>
										<td>{formatValue(s.peak, s.unit)}</td>
										<td>{formatValue(s.end, s.unit)}</td>
										<td>{s.limit === undefined ? '—' : formatValue(s.limit, s.unit)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				</>
			)}
		</section>
	);
}
