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
	const unified = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
	const lines = unified.split('\n');
	if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/**
 * Reads one pasted line (number `line`, 1-based) into its records: the line loses its pasting
 * prefixes first, then is split where collapsed records meet, and each further record loses its
 * own prefixes. A blank line gives none.
 */
export function readLine(raw: string, line: number): LogRecord[] {
	const head = stripPrefixes(raw);
	if (head.text === '') return [];
	const parts = splitRecords(head.text);
	const records: LogRecord[] = [];
	for (let part = 0; part < parts.length; part++) {
		const stripped =
			part === 0 ? { ...head, text: parts[0]!.trimEnd() } : stripPrefixes(parts[part]!);
		if (stripped.text === '') continue;
		const record: LogRecord = { line, raw, text: stripped.text, ...classifyRecord(stripped.text) };
		if (stripped.grepLine !== undefined) record.grepLine = stripped.grepLine;
		// The record's own level tag wins; a Python logging prefix states one for the rest.
		if (record.level === undefined && stripped.level !== undefined) record.level = stripped.level;
		records.push(record);
	}
	return records;
}

/** Reads a pasted log into records, in order (see {@link readLine}). */
export function readLog(text: string): LogRecord[] {
	const lines = splitLines(text);
	const records: LogRecord[] = [];
	for (let index = 0; index < lines.length; index++) {
		for (const record of readLine(lines[index]!, index + 1)) records.push(record);
	}
	return records;
}
