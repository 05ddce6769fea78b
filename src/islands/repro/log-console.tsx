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
export const MAX_RENDERED_LOG_LINES = 1_000;

/** Most characters of one line drawn; the rest is counted (the trace keeps more). */
export const MAX_RENDERED_LINE_CHARS = 400;

/** Most characters drawn in all: in a flood of long lines, the middle is elided sooner. */
export const MAX_RENDERED_LOG_CHARS = 200_000;

/** Props of {@link LogConsole}. */
export interface LogConsoleProps {
	t: Strings;
	lines: readonly LogLine[];
	links?: readonly LogLink[];
	/** Heading/caption above the lines, e.g. "recorded at build time". */
	caption?: string;
	/** Lines the simulator counted but did not keep, and the index they stood before. */
	dropped?: { count: number; at: number };
}

/** One row of the console: a kept line, or a marker for lines not shown. */
type Row = { line: LogLine; index: number } | { gap: string; key: string };

/**
 * The rows to draw: the kept lines, with the middle of a long log elided so the DOM stays small,
 * and one marker where lines are missing (not kept by the simulator, or not drawn here).
 */
export function logRows(
	t: Strings,
	lines: readonly LogLine[],
	dropped?: { count: number; at: number },
): Row[] {
	const limit = renderedLineBudget(lines);
	const head = Math.floor(limit / 4);
	const tail = limit - head;
	const elided = lines.length > limit ? lines.length - head - tail : 0;
	const rows: Row[] = [];
	const marker = (n: number, key: string, kept: boolean) =>
		rows.push({ gap: format(kept ? t.logDropped : t.logHidden, { n: n.toLocaleString() }), key });
	if (elided === 0) {
		lines.forEach((line, index) => {
			if (dropped && index === dropped.at) marker(dropped.count, 'dropped', true);
			rows.push({ line, index });
		});
		if (dropped && dropped.at >= lines.length) marker(dropped.count, 'dropped', true);
		return rows;
	}
	const tailStart = lines.length - tail;
	const droppedInside = dropped && dropped.at >= head && dropped.at <= tailStart;
	for (let i = 0; i < head; i++) {
		if (dropped && !droppedInside && i === dropped.at) marker(dropped.count, 'dropped', true);
		rows.push({ line: lines[i]!, index: i });
	}
	marker(elided + (droppedInside ? dropped.count : 0), 'elided', !!droppedInside);
	for (let i = tailStart; i < lines.length; i++) {
		if (dropped && !droppedInside && i === dropped.at) marker(dropped.count, 'dropped', true);
		rows.push({ line: lines[i]!, index: i });
	}
	return rows;
}

/** The log region of the widget. */
export function LogConsole({ t, lines, links = [], caption, dropped }: LogConsoleProps) {
	const byLine = new Map<number, LogLink[]>();
	for (const link of links) byLine.set(link.line, [...(byLine.get(link.line) ?? []), link]);
	const rows = logRows(t, lines, dropped);
	return (
		<div class="repro-log-wrap">
			{caption && <p class="repro-caption">{caption}</p>}
			<div role="log" aria-label={t.log} class="repro-log" tabIndex={0}>
				{lines.length === 0 && <div class="repro-muted">{t.logEmpty}</div>}
				{rows.map((row) => {
					if ('gap' in row) {
						return (
							<div key={row.key} class="repro-muted repro-log-gap">
								{row.gap}
							</div>
						);
					}
					const { line, index } = row;
					const lineLinks = byLine.get(index) ?? [];
					return (
						<div
							key={index}
							class={`repro-log-line repro-ch-${line.channel}${line.level ? ` repro-lv-${line.level.toLowerCase()}` : ''}`}
						>
							<span class="repro-log-text">{line.text.slice(0, MAX_RENDERED_LINE_CHARS)}</span>
							{cutOf(line) > 0 && (
								<span class="repro-muted">
									{format(t.lineCut, { n: cutOf(line).toLocaleString() })}
								</span>
							)}
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

/**
 * How many lines to draw: at most {@link MAX_RENDERED_LOG_LINES}, and no more than fit
 * {@link MAX_RENDERED_LOG_CHARS} drawn characters, counting from both ends as they are shown.
 */
function renderedLineBudget(lines: readonly LogLine[]): number {
	let chars = 0;
	let fit = 0;
	for (let lo = 0, hi = lines.length - 1; lo <= hi && fit < MAX_RENDERED_LOG_LINES; fit++) {
		const line = fit % 4 === 0 ? lines[lo++]! : lines[hi--]!;
		chars += Math.min(line.text.length, MAX_RENDERED_LINE_CHARS) + 1;
		if (chars > MAX_RENDERED_LOG_CHARS) break;
	}
	return Math.max(1, fit);
}

/** Characters of `line` not drawn: cut by the simulator, or past what the view draws. */
function cutOf(line: LogLine): number {
	return (line.cut ?? 0) + Math.max(0, line.text.length - MAX_RENDERED_LINE_CHARS);
}
