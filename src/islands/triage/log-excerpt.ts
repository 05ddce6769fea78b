/**
 * Which lines of a log the results show: the whole log when it is short, otherwise the marked
 * lines with a little context and counted gaps between them, so a 10 MB log renders only what
 * matters. Pure.
 */
import { splitLines } from '../../triage/read-log.ts';
import type { TriageResult } from '../../triage/match-log.ts';

/** Logs up to this many lines are shown whole. */
export const WHOLE_LOG_MAX_LINES = 300;
/** Lines of context shown before and after a marked line. */
export const CONTEXT_LINES = 2;
/** At most this many marked lines get a window; the rest are listed by number only. */
export const MAX_MARKED_WINDOWS = 200;
/** Shown lines are cut at this many characters. */
export const MAX_LINE_CHARS = 2000;

/** Why a line is marked. */
export type LineMark = 'match' | 'hint' | 'note' | 'harmless';

/** One row of the excerpt: a line (maybe marked) or a run of skipped lines. */
export type ExcerptRow =
	{ kind: 'line'; number: number; text: string; mark?: LineMark } | { kind: 'gap'; count: number };

/** The marks of each marked line: a match outranks a hint, a hint a note, a note a harmless line. */
export function lineMarks(result: TriageResult): Map<number, LineMark> {
	const marks = new Map<number, LineMark>();
	for (const item of result.harmless) for (const line of item.lines) marks.set(line, 'harmless');
	for (const note of result.notes) for (const line of note.lines) marks.set(line, 'note');
	for (const hint of result.hints) for (const line of hint.lines) marks.set(line, 'hint');
	for (const match of result.matches) for (const line of match.lines) marks.set(line, 'match');
	return marks;
}

/** The rows to show for `text` given its triage result. */
export function buildExcerpt(text: string, result: TriageResult): ExcerptRow[] {
	const lines = splitLines(text);
	const marks = lineMarks(result);
	const shown = new Set<number>();
	if (lines.length <= WHOLE_LOG_MAX_LINES) {
		for (let number = 1; number <= lines.length; number++) shown.add(number);
	} else {
		const marked = [...marks.keys()].sort((a, b) => a - b).slice(0, MAX_MARKED_WINDOWS);
		for (const line of marked) {
			const from = Math.max(1, line - CONTEXT_LINES);
			const to = Math.min(lines.length, line + CONTEXT_LINES);
			for (let number = from; number <= to; number++) shown.add(number);
		}
	}
	const rows: ExcerptRow[] = [];
	let previous = 0;
	for (const number of [...shown].sort((a, b) => a - b)) {
		if (number > previous + 1) rows.push({ kind: 'gap', count: number - previous - 1 });
		const raw = lines[number - 1] ?? '';
		const text = raw.length > MAX_LINE_CHARS ? `${raw.slice(0, MAX_LINE_CHARS)}…` : raw;
		const mark = marks.get(number);
		rows.push(mark ? { kind: 'line', number, text, mark } : { kind: 'line', number, text });
		previous = number;
	}
	if (rows.length > 0 && previous < lines.length) {
		rows.push({ kind: 'gap', count: lines.length - previous });
	}
	return rows;
}
