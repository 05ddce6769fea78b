/**
 * The leak report at exit: every resource a process still held when it ended, with the line
 * that took it. Shown after a run; an empty report says so in words.
 */
import type { Leak } from '../../sim/trace.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';

/** Props of {@link LeakReport}. */
export interface LeakReportProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	leaks: readonly Leak[];
}

/** The leak report panel. */
export function LeakReport({ t, level, leaks }: LeakReportProps) {
	return (
		<section class="repro-leaks" aria-label={t.leaks}>
			<Heading level={level}>{t.leaks}</Heading>
			{leaks.length === 0 ? (
				<p class="repro-muted">{t.leaksNone}</p>
			) : (
				<ul>
					{leaks.map((leak, i) => (
						<li key={i}>
							<code>{leak.kind}</code> {leak.detail}
							{leak.bytes !== undefined && ` (${leak.bytes} B)`} · pid {leak.pid}
							{leak.span &&
								` · ${format(t.lineColumn, { line: leak.span.line, column: leak.span.column })}`}
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
