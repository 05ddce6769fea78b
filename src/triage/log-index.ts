/**
 * A log held for matching: its text with line starts, and records read only for the lines that
 * need them. A pattern's required literals are searched in the whole text first, so a 10 MB log
 * is read record by record only where a signature or a code could be.
 */
import type { LogRecord } from './log-record.ts';
import { readLine } from './read-log.ts';

/** Terminal colour and cursor codes (the same set `strip-prefixes.ts` removes per line). */
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** Substrings of which one is in every line that quotes a code `find-codes.ts` understands. */
const CODE_MARKERS =
	/rror[ _]?[Cc]ode|RROR CODE|rr[Cc]ode|et[Cc]ode|\bret(?:urn)?\b|nner ?[Cc]ode|aclError|aclnnStatus|module_name=|ERROR_|HCCL_E_|rror=|rror: ?\d{6}\b|errNo\[|NPU out of memory|\bresult\b|failed:? \d{6}\b|hcclRet|[EW][0-9A-Z]\d{4}(?:\)?:|\]| Inner)|\bERR\d{5}\b|\([EW][0-9A-Z]\d{4}\)[ \t]*(?:\n|$)/g;

/** The pasted text split into lines, with records read on demand and cached. */
export class LogIndex {
	/** The text with every line break turned into `\n` and terminal colour codes removed. */
	readonly text: string;
	/** Offset in `text` where each line starts; line `i` (0-based) is `[starts[i], starts[i+1]-1)`. */
	readonly starts: readonly number[];
	#records: (LogRecord[] | undefined)[];
	#all: LogRecord[] | undefined;

	constructor(text: string) {
		const lines = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
		// Colour codes go first, so a literal they would split is still found by a plain search.
		const unified = lines.includes('\x1b') ? lines.replace(ANSI, '') : lines;
		this.text = unified;
		const starts = [0];
		for (let at = unified.indexOf('\n'); at >= 0; at = unified.indexOf('\n', at + 1)) {
			starts.push(at + 1);
		}
		// A final line break ends the last line rather than starting an empty one.
		if (starts.length > 1 && starts[starts.length - 1] === unified.length) starts.pop();
		if (unified === '') starts.pop();
		this.starts = starts;
		this.#records = new Array(starts.length);
	}

	/** How many lines the text has. */
	get lineCount(): number {
		return this.starts.length;
	}

	/** Line `index` (0-based) without its line break. */
	lineText(index: number): string {
		const start = this.starts[index]!;
		const next = this.starts[index + 1];
		return this.text.slice(start, next === undefined ? this.text.length : next - 1);
	}

	/** The records of line `index` (0-based). */
	recordsOf(index: number): LogRecord[] {
		let records = this.#records[index];
		if (records === undefined) {
			records = readLine(this.lineText(index), index + 1);
			this.#records[index] = records;
		}
		return records;
	}

	/** Every record of the log, in order. */
	allRecords(): LogRecord[] {
		if (this.#all === undefined) {
			const all: LogRecord[] = [];
			for (let index = 0; index < this.starts.length; index++) {
				for (const record of this.recordsOf(index)) all.push(record);
			}
			this.#all = all;
		}
		return this.#all;
	}

	/** The records of the lines holding at least one of `literals`, in order. */
	recordsContaining(literals: readonly string[]): LogRecord[] {
		const lines = new Set<number>();
		for (const literal of literals) {
			if (literal.includes('\n')) return this.allRecords();
			for (let at = this.text.indexOf(literal); at >= 0;) {
				const line = this.#lineAt(at);
				lines.add(line);
				const next = this.starts[line + 1];
				if (next === undefined) break;
				at = this.text.indexOf(literal, next);
			}
		}
		return this.#recordsOfLines(lines);
	}

	/** The records of lines that may quote an error code. */
	recordsWithCodeMarkers(): LogRecord[] {
		const lines = new Set<number>();
		CODE_MARKERS.lastIndex = 0;
		for (let found = CODE_MARKERS.exec(this.text); found; found = CODE_MARKERS.exec(this.text)) {
			const line = this.#lineAt(found.index);
			lines.add(line);
			const next = this.starts[line + 1];
			if (next === undefined) break;
			CODE_MARKERS.lastIndex = next;
		}
		return this.#recordsOfLines(lines);
	}

	#recordsOfLines(lines: ReadonlySet<number>): LogRecord[] {
		const records: LogRecord[] = [];
		for (const line of [...lines].sort((a, b) => a - b)) {
			for (const record of this.recordsOf(line)) records.push(record);
		}
		return records;
	}

	/** The 0-based line holding offset `at` (binary search over line starts). */
	#lineAt(at: number): number {
		let low = 0;
		let high = this.starts.length - 1;
		while (low < high) {
			const mid = (low + high + 1) >> 1;
			if (this.starts[mid]! <= at) low = mid;
			else high = mid - 1;
		}
		return low;
	}
}
