/**
 * One record of a pasted log, after the reader has taken off what the pasting added (framework
 * prefixes, `grep -n` numbers, colours) and split lines that had their newlines collapsed.
 * Several records can share one `line` when a paste lost its newlines.
 */

/** What printed the record, as far as its shape tells. */
export const RECORD_KINDS = [
	/** Host application log: `[ERROR] RUNTIME(pid,name):yyyy-mm-dd-hh:mm:ss.mmm.uuu [file:line]tid Func:msg`. */
	'plog',
	/** Device-side log (TSCH, pid -1): `[ERROR] TSCH(-1,null):… file.c:563 func: msg`. */
	'device',
	/** CPU-debug kernel log: `[ERROR][Core_0][file:line][func][pid] msg` or the `[Block_n][AIV_n]` form. */
	'cpu-debug',
	/** A screen error code line: `EZ9999: Inner Error!`, `Resource_Error(EE1023): …`. */
	'error-code',
	/** torch_npu wrappers: `NPU function error: … error code is N`, `ERR00100 PTA call acl api failed`. */
	'torch-npu',
	/** msSanitizer report lines (`====== ERROR: …`). */
	'sanitizer',
	/** Signal and backtrace lines (`SIGABRT Signal …`, `[#0] 0x…: frame`). */
	'backtrace',
	/** Anything else. */
	'other',
] as const;
/** One of {@link RECORD_KINDS}. */
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A record of the log. `text` is what CANN printed; `raw` is the pasted line it came from. */
export interface LogRecord {
	/** 1-based line number in the pasted text. */
	line: number;
	/** The pasted line as it was (without the line break). */
	raw: string;
	/** The record with pasting artefacts removed; signatures are matched against this. */
	text: string;
	/** The line number a `grep -n` prefix gave, when there was one. */
	grepLine?: number;
	kind: RecordKind;
	/** `ERROR`, `WARNING`, `INFO`, `DEBUG`, `EVENT`… when the record states one. */
	level?: string;
	/** The plog module (`RUNTIME`, `DRV`, `TSCH`…) when the record states one. */
	module?: string;
}
