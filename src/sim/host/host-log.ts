/**
 * Formatters for the log lines the host side prints, in the real formats (ascend-facts C):
 * plog `[LEVEL] MODULE(pid,name):time [file:line]tid Func:msg`, device TSCH lines
 * `[LEVEL] TSCH(-1,null):time seq (cpuid:0) file.c:line func: msg`, and screen error codes.
 */
import { formatPlogTime } from '../clock.ts';

/** Log levels as plog prints them. */
export type PlogLevel = 'ERROR' | 'WARNING' | 'INFO' | 'DEBUG' | 'EVENT';

/**
 * A host plog line. `colon: false` drops the `:` after `(pid,name)`, which only the old CANN 6
 * event lines of seed 002 do (every other source has it; ascend-facts "Conflicts").
 */
export function formatPlogLine(
	level: PlogLevel,
	module: string,
	pid: number,
	processName: string,
	timeUs: number,
	body: string,
	colon = true,
): string {
	return `[${level}] ${module}(${pid},${processName})${colon ? ':' : ''}${formatPlogTime(timeUs)} ${body}`;
}

/** The core tag a TSCH line carries: `(cpuid:0)` or `(dieid:0,cpuid:0)`. */
export type TschCoreTag = '(cpuid:0)' | '(dieid:0,cpuid:0)';

/** A device-side task-scheduler line; TSCH has no host pid, so it prints `-1,null`. */
export function formatTschLine(
	level: PlogLevel,
	timeUs: number,
	seq: number,
	core: TschCoreTag,
	body: string,
): string {
	return `[${level}] TSCH(-1,null):${formatPlogTime(timeUs)} ${seq} ${core} ${body}`;
}

/** A screen error-code line with pid and time, e.g. `EL0003: [PID: 528886] 2025-…506 The argument is invalid.` */
export function formatScreenCode(
	code: string,
	pid: number,
	timeUs: number,
	message: string,
): string {
	return `${code}: [PID: ${pid}] ${formatPlogTime(timeUs)} ${message}`;
}

/** A device address or handle in the `0x…` form logs use. */
export function hex(value: number): string {
	// Device addresses sit above 2^40, where a double's radix conversion is slow: print the
	// digits above and below 2^24 separately (each a small integer), zero-padding the low part.
	if (!(value >= HEX_SPLIT) || !Number.isSafeInteger(value)) return `0x${value.toString(16)}`;
	const high = Math.floor(value / HEX_SPLIT);
	const low = (value - high * HEX_SPLIT).toString(16);
	return `0x${high.toString(16)}${HEX_PAD.slice(low.length)}${low}`;
}

const HEX_SPLIT = 0x1000000;
const HEX_PAD = '000000';

/** How the screen's error block starts: see cann-version.ts (`screenFormat`). */
export type ScreenErrorFormat = 'code-first' | 'title-first';

/**
 * The first line of a screen error block: `EL0004: [PID: 3132] <time> Failed to allocate memory.`
 * (code first, vllm-project/vllm-ascend#3479) or `[PID: 1613532] <time>
 * Memory_Allocation_Failure(EL0004): Failed to allocate memory.` (title first,
 * hw-native-sys/PTOAS#341).
 */
export function formatScreenError(
	format: ScreenErrorFormat,
	code: string,
	title: string,
	pid: number,
	timeUs: number,
	message: string,
): string {
	const time = formatPlogTime(timeUs);
	return format === 'code-first'
		? `${code}: [PID: ${pid}] ${time} ${message}`
		: `[PID: ${pid}] ${time} ${title}(${code}): ${message}`;
}

/** One line of a screen block's traceback, as the runtime tags it. */
export interface TracebackLine {
	text: string;
	func: string;
	file: string;
	line: number;
}

/** A traceback line: `        <text>[FUNC:f][FILE:x.cc][LINE:n]` (eight spaces, as printed). */
export function formatTracebackLine(t: TracebackLine): string {
	return `        ${t.text}[FUNC:${t.func}][FILE:${t.file}][LINE:${t.line}]`;
}
