/**
 * The log reader: turns pasted text into records, whatever the paste went through
 * (CRLF, collapsed newlines, framework prefixes, grep output). Pure and linear in the text size.
 */
import { classifyRecord } from './classify-record.ts';
import type { LogRecord } from './log-record.ts';
import { splitRecords } from './split-records.ts';
import { stripPrefixes } from './strip-prefixes.ts';

/** Splits a text into its lines, accepting `\n`, `\r\n` and lone `\r`. */
export function splitLines(text: string): string[] {
	const lines = text.split(/\r\n|\n|\r/);
	if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/** Reads a pasted log into records, in order; empty lines give no record. */
export function readLog(text: string): LogRecord[] {
	const records: LogRecord[] = [];
	const lines = splitLines(text);
	for (let index = 0; index < lines.length; index++) {
		const raw = lines[index]!;
		if (raw.trim() === '') continue;
		for (const part of splitRecords(raw)) {
			const { text: cleaned, grepLine } = stripPrefixes(part);
			if (cleaned === '') continue;
			const record: LogRecord = { line: index + 1, raw, text: cleaned, ...classifyRecord(cleaned) };
			if (grepLine !== undefined) record.grepLine = grepLine;
			records.push(record);
		}
	}
	return records;
}
