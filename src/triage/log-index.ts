/**
 * A log held for matching: its text with line starts, and records read only for the lines that
 * need them. A pattern's required literals are searched in the whole text first, so a 10 MB log
 * is read record by record only where a signature or a code could be. The literals a matcher
 * will ask for can be found all at once ({@link LogIndex.findLiterals}, one pass over the text);
 * any other literal is searched for when asked.
 */
import { LiteralScan } from './literal-scan.ts';
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
	/** Literal → the 0-based lines holding it, ascending. */
	readonly #linesOf = new Map<string, readonly number[]>();

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

	/**
	 * The records of line `index` (0-based) without keeping them when no one has asked for them
	 * yet: for a pass over many lines that looks at each once (the level rules read most lines of
	 * a long log; kept, their records would fill the heap).
	 */
	peekRecordsOf(index: number): LogRecord[] {
		return this.#records[index] ?? readLine(this.lineText(index), index + 1);
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

	/**
	 * Finds where each of `literals` occurs in one pass over the text, so that
	 * {@link recordsContaining} does not search the text once per literal.
	 */
	findLiterals(literals: Iterable<string>): void {
		const wanted = new Set<string>();
		for (const literal of literals) {
			if (literal !== '' && !literal.includes('\n') && !this.#linesOf.has(literal)) {
				wanted.add(literal);
			}
		}
		if (wanted.size === 0) return;
		const scan = scanFor([...wanted]);
		scan.lines(this.text).forEach((lines, id) => this.#linesOf.set(scan.literals[id]!, lines));
	}

	/** The records of the lines holding at least one of `literals`, in order. */
	recordsContaining(literals: readonly string[]): LogRecord[] {
		const lines = this.linesContaining(literals);
		return lines === undefined ? this.allRecords() : this.#recordsOfLines(lines);
	}

	/**
	 * The lines (0-based, ascending) holding at least one of `literals`; undefined when a literal
	 * spans lines, so that any line may be part of a match.
	 */
	linesContaining(literals: readonly string[]): readonly number[] | undefined {
		const lists: (readonly number[])[] = [];
		for (const literal of literals) {
			if (literal.includes('\n')) return undefined;
			let lines = this.#linesOf.get(literal);
			if (lines === undefined) {
				lines = this.#search(literal);
				this.#linesOf.set(literal, lines);
			}
			lists.push(lines);
		}
		return lists.length === 1 ? lists[0]! : unionOfLines(lists);
	}

	/** The 0-based lines holding `literal`, by searching the text. */
	#search(literal: string): number[] {
		const lines: number[] = [];
		for (let at = this.text.indexOf(literal); at >= 0;) {
			const line = this.#lineAt(at);
			lines.push(line);
			const next = this.starts[line + 1];
			if (next === undefined) break;
			at = this.text.indexOf(literal, next);
		}
		return lines;
	}

	/** The records of lines that may quote an error code. */
	recordsWithCodeMarkers(): LogRecord[] {
		const lines: number[] = [];
		CODE_MARKERS.lastIndex = 0;
		for (let found = CODE_MARKERS.exec(this.text); found; found = CODE_MARKERS.exec(this.text)) {
			const line = this.#lineAt(found.index);
			lines.push(line);
			const next = this.starts[line + 1];
			if (next === undefined) break;
			CODE_MARKERS.lastIndex = next;
		}
		return this.#recordsOfLines(lines);
	}

	/** The records of `lines` (0-based, ascending, unique). */
	#recordsOfLines(lines: readonly number[]): LogRecord[] {
		const records: LogRecord[] = [];
		for (const line of lines) {
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

/** The lines of several ascending lists, ascending and each once. */
function unionOfLines(lists: readonly (readonly number[])[]): number[] {
	const all = new Int32Array(lists.reduce((sum, list) => sum + list.length, 0));
	let at = 0;
	for (const list of lists) for (const line of list) all[at++] = line;
	all.sort();
	const lines: number[] = [];
	for (const line of all) if (lines[lines.length - 1] !== line) lines.push(line);
	return lines;
}

let lastScan: { key: string; scan: LiteralScan } | undefined;

/** The automaton of `literals`, kept for the next log matched against the same literals. */
function scanFor(literals: readonly string[]): LiteralScan {
	const key = literals.join('\u0000');
	if (lastScan?.key !== key) lastScan = { key, scan: new LiteralScan(literals) };
	return lastScan.scan;
}
