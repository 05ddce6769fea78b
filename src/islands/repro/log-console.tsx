/**
 * The log console: every line exactly as the simulated machine printed it, in order, in a
 * `role="log"` region. A line the triage library recognises gets a link to the case that
 * explains it, and every error code it quotes a link to the code's page, after the line so the
 * text itself stays verbatim.
 */
import type { LogLine } from '../../sim/trace.ts';
import type { LogLink } from './repro-props.ts';
import { format, type Strings } from './strings.ts';

/** Most lines rendered; the middle of a longer log is elided so the DOM stays small. */
export const MAX_RENDERED_LOG_LINES = 2_000;

/** Props of {@link LogConsole}. */
export interface LogConsoleProps {
	t: Strings;
	lines: readonly LogLine[];
	links?: readonly LogLink[];
	/** Heading/caption above the lines, e.g. "recorded at build time". */
	caption?: string;
}

/** The log region of the widget. */
export function LogConsole({ t, lines, links = [], caption }: LogConsoleProps) {
	const byLine = new Map<number, LogLink[]>();
	for (const link of links) byLine.set(link.line, [...(byLine.get(link.line) ?? []), link]);
	const head = Math.floor(MAX_RENDERED_LOG_LINES / 4);
	const tail = MAX_RENDERED_LOG_LINES - head;
	const elided = lines.length > MAX_RENDERED_LOG_LINES ? lines.length - head - tail : 0;
	const shown =
		elided > 0
			? [
					...lines.slice(0, head).map((l, i) => [l, i] as const),
					...lines.slice(-tail).map((l, i) => [l, lines.length - tail + i] as const),
				]
			: lines.map((l, i) => [l, i] as const);
	return (
		<div class="repro-log-wrap">
			{caption && <p class="repro-caption">{caption}</p>}
			<div role="log" aria-label={t.log} class="repro-log" tabIndex={0}>
				{lines.length === 0 && <div class="repro-muted">{t.logEmpty}</div>}
				{shown.map(([line, index]) => {
					const lineLinks = byLine.get(index) ?? [];
					return (
						<div
							key={index}
							class={`repro-log-line repro-ch-${line.channel}${line.level ? ` repro-lv-${line.level.toLowerCase()}` : ''}`}
						>
							{elided > 0 && index === lines.length - tail && (
								<div class="repro-muted">… {elided} …</div>
							)}
							<span class="repro-log-text">{line.text}</span>
							{lineLinks.map((link) =>
								link.code ? (
									<a key={link.href} class="repro-log-code" href={link.href}>
										{format(t.openErrorCode, { code: link.code })}
									</a>
								) : (
									<a key={link.href} class="repro-log-case" href={link.href}>
										{format(t.openCase, { case: link.title })}
									</a>
								),
							)}
						</div>
					);
				})}
			</div>
		</div>
	);
}
