/**
 * Error reports: the block of lines CANN and torch_npu print for one failure. A report starts at
 * a headline (`RuntimeError: … error code is 507035`, `[ERROR] aclrtSetDevice(deviceId) failed:
 * 507033`) and goes on with lines that continue it: torch_npu's `ERR00100 PTA call acl api
 * failed` and `[Error]: …` lines, the error manager's screen-code message
 * (`Invalid_Argument(EE1001): …`, `EZ9999: Inner Error!`, `[ERROR] RecentErrMsg: …`), its
 * `TraceBack (most recent call last):` and every indented line under them. Codes quoted in one
 * report describe one failure: the headline's public code and, in the TraceBack, the calls
 * beneath it that failed first (`halDeviceOpen failed … drvRetCode=7` → `retCode=0x7020010` →
 * `runtime result = 507033`).
 */
import type { LogIndex } from './log-index.ts';
import type { LogRecord } from './log-record.ts';

/** Lines that continue a report whatever their indentation. */
const CONTINUATION = [
	/^TraceBack \(most recent call last\)/,
	/^\[Error\]:/,
	/^\[ERROR\] RecentErrMsg:/,
	/^\[ERROR\] \d{4}-\d\d-\d\d-\d\d:\d\d:\d\d \(PID:\d+, Device:-?\d+, RankID:-?\d+\) ERR\d{5}\b/,
	/^(?:\[PID: \d+\] \S+ )?(?:\w+\()?[EW][0-9A-Z]\d{4}(?:\)|\[PID|:| {2})/,
];

/** How far back a report may reach for its headline (a TraceBack is rarely longer). */
const MAX_REPORT_LINES = 200;

/** Whether the record was printed indented: two or more spaces, or a tab, before its text. */
function indented(record: LogRecord): boolean {
	const at = record.raw.indexOf(record.text);
	if (at <= 0) return false;
	const before = record.raw.slice(0, at);
	return /(?:\t| {2,})$/.test(before);
}

/** Whether the record continues the report above it. */
function continues(record: LogRecord): boolean {
	if (record.kind === 'error-code') return true;
	return indented(record) || CONTINUATION.some((pattern) => pattern.test(record.text));
}

/**
 * Finds the headline line of the report each line belongs to; a line that continues nothing is
 * its own headline. Results are cached, so asking for every code line of a log stays linear.
 */
export class ReportHeads {
	readonly #log: LogIndex;
	readonly #heads = new Map<number, number>();

	constructor(log: LogIndex) {
		this.#log = log;
	}

	/** The 1-based headline line of the report that 1-based `line` belongs to. */
	headOf(line: number): number {
		const known = this.#heads.get(line);
		if (known !== undefined) return known;
		let head = line;
		const visited: number[] = [];
		while (head > 1 && visited.length < MAX_REPORT_LINES && this.#continuesAbove(head)) {
			visited.push(head);
			head--;
			const cached = this.#heads.get(head);
			if (cached !== undefined) {
				head = cached;
				break;
			}
		}
		for (const seen of visited) this.#heads.set(seen, head);
		this.#heads.set(line, head);
		return head;
	}

	/** Whether the first record of 1-based `line` continues the report above it. */
	#continuesAbove(line: number): boolean {
		const [record] = this.#log.recordsOf(line - 1);
		return record !== undefined && continues(record);
	}
}
