/**
 * The leak report at exit: every resource a process still held when it ended, grouped by the
 * line that took it (count, bytes, one example). Shown after a run; an empty report says so.
 */
import type { Leak } from '../../sim/trace.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { groupLeaks } from './leak-groups.ts';
import { formatValue } from './series-data.ts';
import { format, type Strings } from './strings.ts';

/** Props of {@link LeakReport}. */
export interface LeakReportProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	leaks: readonly Leak[];
	/** Leaks the simulator counted but did not keep. */
	more?: number;
}

/** The leak report panel. */
export function LeakReport({ t, level, leaks, more = 0 }: LeakReportProps) {
	const groups = groupLeaks(leaks);
	return (
		<section class="repro-leaks" aria-label={t.leaks}>
			<Heading level={level}>{t.leaks}</Heading>
			{groups.length === 0 ? (
				<p class="repro-muted">{t.leaksNone}</p>
			) : (
				<ul>
					{groups.map((g, i) => (
						<li key={i} data-count={g.count}>
							<strong>
								{g.count} × <code>{g.kind}</code>
							</strong>
							{g.bytes !== undefined && ` · ${formatValue(g.bytes, 'bytes')}`} · pid {g.pid}
							{g.span && ` · ${format(t.lineColumn, { line: g.span.line, column: g.span.column })}`}
							<div class="repro-muted">{g.example}</div>
						</li>
					))}
				</ul>
			)}
			{more > 0 && (
				<p class="repro-muted">{format(t.leaksDropped, { n: more.toLocaleString() })}</p>
			)}
		</section>
	);
}
