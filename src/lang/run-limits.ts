/**
 * How `run()` applies its limits at the boundary: the limits of a request, the checks made
 * before anything is parsed, the diagnostic and outcome of whatever stopped a run (a limit, the
 * interpreter's own stack, the host's interrupt), and the summary diagnostics of what the
 * recorder counted instead of keeping.
 */
import { isHalt, type HaltKind } from '../sim/halt.ts';
import { formatBytes, LimitStop, resolveLimits, type RunLimits } from '../sim/limits.ts';
import { MAX_DIAGNOSTICS_PER_CODE, type Recorder } from '../sim/recorder.ts';
import type { RunRequest } from '../sim/run-request.ts';
import { likelyCause, SLOW_CAUSE_TEXT, type RunProgress } from '../sim/run-progress.ts';
import type { Diagnostic, Outcome, SourceSpan, Trace } from '../sim/trace.ts';
import type { DiagnosticParams } from '../diagnostics/index.ts';
import { langDiagnostic, LangStop, type LangCode } from './diagnostics.ts';
import type { Runtime } from './runtime.ts';

/** The limits of a request: `runLimits`, with the older `maxSteps` field as a fallback. */
export function limitsOf(request: Pick<RunRequest, 'runLimits' | 'maxSteps'>): RunLimits {
	const limits = { ...request.runLimits };
	if (limits.maxSteps === undefined && request.maxSteps !== undefined) {
		limits.maxSteps = request.maxSteps;
	}
	return resolveLimits(limits);
}

/** The recorder options that carry a run's limits. */
export function recorderLimits(limits: RunLimits) {
	return {
		maxStoredSteps: limits.maxTraceSteps,
		maxLogLines: limits.maxLogLines,
		maxLineLength: limits.maxLineLength,
		maxMemory: limits.maxMemory,
	};
}

/** Bytes of `text` in UTF-8, counted without encoding it. */
export function utf8Length(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) bytes += 1;
		else if (c < 0x800) bytes += 2;
		else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
			bytes += 4;
			i++;
		} else bytes += 3;
	}
	return bytes;
}

/** The `source-too-large` diagnostic when `source` is over the limit, else undefined. */
export function sourceTooLarge(source: string, limits: RunLimits): Diagnostic | undefined {
	// Most characters are one byte; only a source near the limit needs counting.
	if (source.length * 3 <= limits.maxSourceBytes) return undefined;
	const bytes = utf8Length(source);
	if (bytes <= limits.maxSourceBytes) return undefined;
	return langDiagnostic(
		'source-too-large',
		{ line: 1, column: 1 },
		{ size: formatBytes(bytes), limit: formatBytes(limits.maxSourceBytes) },
	);
}

/**
 * The trace of a program refused for its size before it was read in full (the CLI reads at most
 * the limit): `size` is its size when known (a regular file), else it is "more than" the limit.
 */
export function sourceTooLargeTrace(size: number | undefined, limit: number): Trace {
	const shown = size !== undefined ? formatBytes(size) : `more than ${formatBytes(limit)}`;
	return {
		outcome: 'rejected',
		log: [],
		diagnostics: [
			langDiagnostic(
				'source-too-large',
				{ line: 1, column: 1 },
				{ size: shown, limit: formatBytes(limit) },
			),
		],
		steps: [],
		series: [],
		leaks: [],
		calls: {},
	};
}

/** Whether `error` is the JavaScript engine's stack overflow (V8, SpiderMonkey, JSC). */
export function isStackOverflow(error: unknown): boolean {
	if (!(error instanceof Error)) return false;
	return (
		(error instanceof RangeError && /call stack|stack size/i.test(error.message)) ||
		(error.name === 'InternalError' && /too much recursion/i.test(error.message))
	);
}

/** The diagnostic of a limit stop, placed where the thrower said or where the run was. */
export function limitDiagnostic(stop: LimitStop, rt: Runtime | undefined): Diagnostic {
	const span: SourceSpan = stop.span ?? rt?.where() ?? { line: 1, column: 1 };
	return langDiagnostic(stop.code as LangCode, span, stop.values);
}

/** Outcomes of the limits that stop a run: a runaway is a hang, exhausted memory an abort. */
const LIMIT_OUTCOME: Readonly<Record<keyof RunLimits, Outcome>> = {
	maxSteps: 'hang',
	maxMemory: 'abort',
	maxDepth: 'abort',
	maxSourceBytes: 'rejected',
	maxNesting: 'rejected',
	maxLogLines: 'completed',
	maxLineLength: 'completed',
	maxTraceSteps: 'completed',
};

/** The outcome of a process or kernel a {@link Halt} stopped. */
const HALT_OUTCOME: Readonly<Record<HaltKind, Outcome>> = {
	exit: 'completed',
	hang: 'hang',
	exception: 'error',
	abort: 'abort',
	signal: 'abort',
};

/** Codes of interpreter stops that are crashes of the program rather than unsupported code. */
const CRASH_CODES: ReadonlySet<string> = new Set([
	'division-by-zero',
	'null-dereference',
	'index-out-of-range',
	'recursion-too-deep',
]);

/**
 * Records the diagnostic of whatever stopped a run (or one process or kernel of it) and returns
 * the outcome it means. `rejected` is for code the interpreter cannot run; a bug of the
 * interpreter itself is reported as `internal-error`.
 */
export function stopOutcome(error: unknown, recorder: Recorder, rt: Runtime | undefined): Outcome {
	if (error instanceof LangStop) {
		recorder.diagnostic(error.diagnostic);
		const code = error.diagnostic.code;
		if (code === 'steps-exhausted' || code === 'run-interrupted' || code === 'thread-blocked') {
			return 'hang';
		}
		if (CRASH_CODES.has(code)) return 'abort';
		return 'rejected';
	}
	if (error instanceof LimitStop) {
		recorder.diagnostic(limitDiagnostic(error, rt));
		return LIMIT_OUTCOME[error.limit];
	}
	if (isHalt(error)) return HALT_OUTCOME[error.kind];
	if (isStackOverflow(error)) {
		recorder.diagnostic(
			langDiagnostic('stack-exhausted', rt?.where() ?? { line: 1, column: 1 }, {
				depth: rt?.stack.length ?? 0,
			}),
		);
		return 'abort';
	}
	recorder.diagnostic(
		langDiagnostic('internal-error', { line: 1, column: 1 }, { detail: describeError(error) }),
	);
	return 'rejected';
}

/**
 * The values of a `run-interrupted` diagnostic: how long, at which step, and the likeliest
 * cause from the first and the latest snapshots of the run.
 */
export function interruptValues(
	ms: number,
	first: Readonly<RunProgress> | undefined,
	last: Readonly<RunProgress>,
	limits: RunLimits,
): DiagnosticParams {
	const cause = SLOW_CAUSE_TEXT[likelyCause(first, last, limits)];
	return {
		seconds: Math.round(ms / 100) / 10,
		steps: last.steps,
		cause: cause.cause,
		advice: cause.advice,
	};
}

/** Adds a diagnostic for each thing the recorder counted instead of keeping. */
export function summariseDropped(recorder: Recorder, limits: RunLimits): void {
	const dropped = recorder.dropped();
	if (!dropped) return;
	const at = { line: 1, column: 1 };
	const n = (v: number) => v.toLocaleString('en-US');
	if (dropped.logLines) {
		const kept = recorder.logCount - dropped.logLines.count;
		recorder.diagnostic(
			langDiagnostic('log-truncated', at, {
				count: n(recorder.logCount),
				head: n(dropped.logLines.at),
				tail: n(kept - dropped.logLines.at),
				dropped: n(dropped.logLines.count),
			}),
		);
	}
	if (dropped.logChars) {
		recorder.diagnostic(
			langDiagnostic('log-line-truncated', at, {
				lines: n(dropped.logChars.lines),
				limit: n(limits.maxLineLength),
				chars: n(dropped.logChars.chars),
			}),
		);
	}
	if (dropped.steps) {
		const calls = mostCounted(dropped.steps.calls.map((c) => [c.call, c.count]));
		recorder.diagnostic(
			langDiagnostic('trace-truncated', at, {
				kept: n(recorder.stepCount - dropped.steps.count),
				total: n(recorder.stepCount),
				dropped: n(dropped.steps.count),
				calls: calls || '—',
			}),
		);
	}
	if (dropped.diagnostics) {
		const codes = mostCounted(dropped.diagnostics.codes.map((c) => [c.code, c.count]));
		recorder.diagnostic(
			langDiagnostic('diagnostics-truncated', at, {
				count: n(dropped.diagnostics.count),
				codes,
				limit: MAX_DIAGNOSTICS_PER_CODE,
			}),
		);
	}
}

/** The first three of `counts` (most first) as `name × 1,234, …`. */
function mostCounted(counts: ReadonlyArray<readonly [string, number]>): string {
	return counts
		.slice(0, 3)
		.map(([name, count]) => `${name} × ${count.toLocaleString('en-US')}`)
		.join(', ');
}

/** An error as one line for `internal-error`. */
export function describeError(error: unknown): string {
	if (error instanceof Error) {
		const where = error.stack?.split('\n')[1]?.trim() ?? '';
		return `${error.name}: ${error.message}${where ? ` (${where})` : ''}`;
	}
	return String(error);
}
