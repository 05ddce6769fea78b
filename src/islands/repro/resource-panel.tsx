/**
 * The resource panel: every counted resource of the run (buffers per TPosition, bytes per
 * position and memory, event ids per HardEvent, device memory, streams, event resources) with its
 * peak against the product's limit and the line where it peaked or first went over. The table
 * is the text; the bar in each row only draws the same fraction and is hidden from assistive
 * technology.
 */
import { formatAmount } from '../../check/amount.ts';
import { resourceName } from '../../check/check-words.ts';
import type { Lang } from '../../cases/schema.ts';
import type { ResourcePeak, ResourcePlace } from '../../sim/resources/resource-report.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';

/** Props of {@link ResourcePanel}. */
export interface ResourcePanelProps {
	t: Strings;
	lang: Lang;
	level: HeadingLevel;
	peaks: readonly ResourcePeak[];
}

/** Where a peak happened and where it went over, as one line of text. */
function whereText(t: Strings, p: ResourcePeak): string {
	const line = (place: ResourcePlace | undefined) =>
		place ? format(t.resourceLine, { line: place.line }) : '?';
	const parts: string[] = [];
	if (p.at) parts.push(format(t.resourceAt, { line: line(p.at) }));
	if (p.over) {
		const template = !p.over.refused
			? t.resourceOver
			: p.unit === 'count'
				? t.resourceRefusedCount
				: t.resourceRefusedBytes;
		parts.push(
			format(template, { line: line(p.over.at), value: formatAmount(p.over.value, p.unit) }),
		);
	}
	if (p.core !== undefined) parts.push(format(t.resourceCore, { n: p.core }));
	return parts.join(' · ');
}

/** The resource panel. */
export function ResourcePanel({ t, lang, level, peaks }: ResourcePanelProps) {
	return (
		<section class="repro-resources" aria-label={t.resources}>
			<Heading level={level}>{t.resources}</Heading>
			{peaks.length === 0 ? (
				<p class="repro-muted">{t.resourcesNone}</p>
			) : (
				<div class="repro-table-wrap" tabIndex={0} role="region" aria-label={t.resourcesTable}>
					<table class="repro-table">
						<caption>{t.resourcesTable}</caption>
						<thead>
							<tr>
								<th scope="col">{t.resourceName}</th>
								<th scope="col">{t.resourcePeak}</th>
								<th scope="col">{t.resourceLimit}</th>
								<th scope="col">{t.resourceWhere}</th>
							</tr>
						</thead>
						<tbody>
							{peaks.map((p) => {
								const over = p.over !== undefined;
								const fraction = p.limit > 0 ? Math.min(1, p.peak / p.limit) : 1;
								return (
									<tr
										key={`${p.kind}:${p.subject}`}
										data-resource={`${p.kind}:${p.subject}`}
										data-peak={p.peak}
										data-limit={p.limit}
										class={over ? 'repro-resource-over' : undefined}
									>
										<th scope="row">{resourceName(p.kind, p.subject, lang)}</th>
										<td>
											<span class="repro-meter" aria-hidden="true">
												<span style={{ width: `${Math.round(fraction * 100)}%` }} />
											</span>
											{formatAmount(p.peak, p.unit)}
										</td>
										<td>
											{formatAmount(p.limit, p.unit)}
											{p.illustrative && <span class="repro-muted"> ({t.illustrative})</span>}
										</td>
										<td>{whereText(t, p)}</td>
									</tr>
								);
							})}
						</tbody>
					</table>
				</div>
			)}
		</section>
	);
}
