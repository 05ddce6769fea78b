/**
 * The limits of one run: how far a program may go before the simulator stops it with a
 * diagnostic (steps, memory, call depth, source size, nesting), and how much of what it produces
 * is kept before the rest is summarised (log lines, line length, trace steps). One row per limit;
 * the CLI's flags and `--help`, the docs test and the run itself all read this table, so adding
 * a limit is adding a row.
 *
 * Invariant: every limit is a positive whole number, and a run never holds more than its limits
 * allow: program data beyond `maxMemory` is refused, output beyond the caps is counted, not kept.
 */
import type { SourceSpan } from './trace.ts';

/** One limit: its command-line flag, default, unit, effect and the diagnostic that reports it. */
export interface LimitRow {
	/** The `casebook sim` flag that sets it. */
	readonly flag: `--${string}`;
	readonly default: number;
	/** Sizes accept `k`, `m` and `g` suffixes on the command line. */
	readonly unit: 'count' | 'bytes';
	/** `stop`: reaching it ends the run; `summarise`: what lies beyond is counted, not kept. */
	readonly effect: 'stop' | 'summarise';
	/** The diagnostic code that reports reaching it (in the interpreter's catalog). */
	readonly code: string;
	/** What it bounds, for `--help` and the docs. */
	readonly about: { readonly zh: string; readonly en: string };
}

/** Bytes in a mebibyte. */
export const MIB = 1 << 20;

/** Every limit of a run. */
export const LIMITS = {
	maxSteps: {
		flag: '--max-steps',
		default: 2_000_000,
		unit: 'count',
		effect: 'stop',
		code: 'steps-exhausted',
		about: { zh: '循环迭代与函数调用的总步数', en: 'loop iterations and calls' },
	},
	maxMemory: {
		flag: '--max-memory',
		default: 256 * MIB,
		unit: 'bytes',
		effect: 'stop',
		code: 'memory-budget-exceeded',
		about: {
			zh: '程序数据实际写到的字节数（数组、堆、GM 缓冲区；只算用到的部分，不算声明的大小）',
			en: 'bytes of program data actually touched (arrays, heap, GM buffers; not their declared size)',
		},
	},
	maxDepth: {
		flag: '--max-depth',
		default: 400,
		unit: 'count',
		effect: 'stop',
		code: 'recursion-too-deep',
		about: { zh: '函数调用的嵌套层数', en: 'nested calls' },
	},
	maxSourceBytes: {
		flag: '--max-source-bytes',
		default: 2 * MIB,
		unit: 'bytes',
		effect: 'stop',
		code: 'source-too-large',
		about: {
			zh: '源程序的大小，以及宏展开后新增的文本量',
			en: 'size of the program, and of the text its macros expand to',
		},
	},
	maxNesting: {
		flag: '--max-nesting',
		default: 256,
		unit: 'count',
		effect: 'stop',
		code: 'nesting-too-deep',
		about: {
			zh: '括号、语句块和表达式的嵌套层数',
			en: 'nesting of brackets, blocks and expressions',
		},
	},
	maxLogLines: {
		flag: '--max-log-lines',
		default: 10_000,
		unit: 'count',
		effect: 'summarise',
		code: 'log-truncated',
		about: {
			zh: '保留的日志行数（保留开头一半和结尾一半，中间的只计数）',
			en: 'log lines kept (the first half and the last half; the middle is counted)',
		},
	},
	maxLineLength: {
		flag: '--max-line-length',
		default: 4096,
		unit: 'count',
		effect: 'summarise',
		code: 'log-line-truncated',
		about: { zh: '每行日志保留的字符数', en: 'characters kept of one log line' },
	},
	maxTraceSteps: {
		flag: '--max-trace-steps',
		default: 20_000,
		unit: 'count',
		effect: 'summarise',
		code: 'trace-truncated',
		about: {
			zh: '轨迹中逐条保留的步骤数（之后的步骤按调用汇总）',
			en: 'trace steps kept one by one (later ones are summarised per call)',
		},
	},
} as const satisfies Record<string, LimitRow>;

/** The name of a limit, e.g. `maxMemory`. */
export type LimitKey = keyof typeof LIMITS;

/** Every limit with its value. */
export type RunLimits = Record<LimitKey, number>;

/** The limit names in table order. */
export const LIMIT_KEYS = Object.keys(LIMITS) as LimitKey[];

/** The defaults of every limit. */
export const DEFAULT_LIMITS: Readonly<RunLimits> = Object.fromEntries(
	LIMIT_KEYS.map((key) => [key, LIMITS[key].default]),
) as RunLimits;

/**
 * The limits of a run: the defaults with `overrides` on top. A value that is not a positive
 * whole number is ignored (the CLI and the share codec refuse those before they get here).
 */
export function resolveLimits(overrides: Partial<RunLimits> = {}): RunLimits {
	const out = { ...DEFAULT_LIMITS };
	for (const key of LIMIT_KEYS) {
		const v = overrides[key];
		if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) out[key] = v;
	}
	return out;
}

/**
 * Reads a count or a size as written on a command line: a positive whole number, with an
 * optional `k`, `m` or `g` suffix (powers of 1024; `KiB`/`MiB`/`GiB` and a final `B` are
 * accepted too) when `sized`. Returns undefined when the text is not one.
 */
export function parseCount(text: string, sized: boolean): number | undefined {
	const m = /^\s*(\d+)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(text);
	if (!m) return undefined;
	if (!sized && /[a-z]/i.test(text)) return undefined;
	const scale = m[2] ? 1024 ** ('kmg'.indexOf(m[2].toLowerCase()) + 1) : 1;
	const n = Number(m[1]) * scale;
	return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Reads the value of limit `key` as written on a command line (see {@link parseCount}). */
export function parseLimitValue(key: LimitKey, text: string): number | undefined {
	return parseCount(text, LIMITS[key].unit === 'bytes');
}

/** A byte count as people read it: `256 MiB`, `1.5 GiB`, `4,096 B`. */
export function formatBytes(bytes: number): string {
	const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
	let v = bytes;
	let u = 0;
	while (v >= 1024 && u < units.length - 1 && Number.isFinite(v)) {
		v /= 1024;
		u++;
	}
	if (u === 0) return `${Math.round(v).toLocaleString('en-US')} B`;
	return `${Number(v.toFixed(1))} ${units[u]}`;
}

/** Placeholder values of a limit's diagnostic: numbers, names, or prose in both languages. */
export type LimitValues = Readonly<
	Record<string, string | number | { readonly zh: string; readonly en: string }>
>;

/**
 * Thrown by the simulator or the interpreter when a run reaches a limit that stops it. Caught at
 * the run boundary and turned into the limit's diagnostic; never escapes `run()`. Like `Halt`,
 * it is control flow and carries no stack.
 */
export class LimitStop {
	readonly limit: LimitKey;
	/** The diagnostic to report: the limit's own, unless the thrower names a more precise one. */
	readonly code: string;
	/** Values for the diagnostic's placeholders (prose comes in both languages). */
	readonly values: LimitValues;
	/** Where the program was, when the thrower knows; otherwise the runner fills it in. */
	readonly span: SourceSpan | undefined;

	constructor(
		limit: LimitKey,
		values: LimitValues,
		span?: SourceSpan,
		code: string = LIMITS[limit].code,
	) {
		this.limit = limit;
		this.code = code;
		this.values = values;
		this.span = span;
	}
}
