/**
 * Splits a pasted line that holds several log records because its newlines were lost
 * (pasted through a single-line box, a chat client, or a Python repr with literal `\n`).
 */

/** Lines shorter than this are never split: two records do not fit in them. */
const MIN_COLLAPSED_LENGTH = 60;

/**
 * Where a new record starts inside a line: before a level tag (`[ERROR] `, `[ERROR][`,
 * `[Error]: `), a screen code (`EZ9999: `), a signal or backtrace frame, a Python traceback,
 * an msSanitizer line, and after a `[LINE:n]` tag that ends CANN's error-message lines.
 */
const BOUNDARY =
	/\s*(?:\\r)?\\n\s*|(?<=\[LINE:\d+\])\s+|(?<=\S)\s*(?=\[(?:ERROR|WARNING|WARN|INFO|DEBUG|EVENT|TRACE)\][ [](?!\]))|(?<=\S)\s*(?=\[Error\]: )|(?<=\S)\s+(?=(?:[A-Za-z_]+\()?[EW][0-9A-Z]\d{4}\)?: |SIGABRT Signal|\[#\d+\] 0x|Trace[Bb]ack \(most recent call last\)|RuntimeError: |====== )/;

/** Level tags that start a record when they appear after the start of a line. */
const LEVEL_TAGS = ['ERROR]', 'WARNING]', 'WARN]', 'INFO]', 'DEBUG]', 'EVENT]', 'TRACE]', 'Error]'];
/** Other record starts (and the `\n` escape), found with a plain substring search. */
const OTHER_MARKERS = [
	'\\n',
	'[LINE:',
	' SIGABRT Signal',
	' [#',
	' Trace',
	' RuntimeError: ',
	' ====== ',
];
const SCREEN_CODE = /[EW][0-9A-Z]\d{4}\)?: /;

/**
 * A cheap test run on every line before the boundary regex: whether a record start appears
 * anywhere after the first character. Almost every real line fails it in a few substring searches.
 */
function mayHoldSeveralRecords(line: string): boolean {
	for (let at = line.indexOf('[', 1); at >= 0; at = line.indexOf('[', at + 1)) {
		for (const tag of LEVEL_TAGS) if (line.startsWith(tag, at + 1)) return true;
	}
	for (const marker of OTHER_MARKERS) if (line.includes(marker)) return true;
	return SCREEN_CODE.test(line);
}

/**
 * The records of one line, in order; a line with no boundary is returned whole. Run it after
 * the line's own prefixes are stripped, so a prefix is never taken for a record of its own.
 */
export function splitRecords(line: string): string[] {
	if (line.length < MIN_COLLAPSED_LENGTH || !mayHoldSeveralRecords(line)) return [line];
	const parts = line.split(BOUNDARY);
	if (parts.length === 1) return parts;
	return parts.filter((part) => part.trim() !== '');
}
