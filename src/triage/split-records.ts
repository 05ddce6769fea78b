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

/** The records of one pasted line, in order; a line with no boundary is returned whole. */
export function splitRecords(line: string): string[] {
	if (line.length < MIN_COLLAPSED_LENGTH) return [line];
	const parts = line.split(BOUNDARY);
	if (parts.length === 1) return parts;
	return parts.filter((part) => part.trim() !== '');
}
