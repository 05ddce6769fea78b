/**
 * The status line of the widget (a polite live region): running, not run yet, the outcome with
 * a hang marker, a step budget or watchdog stop, an internal failure, and where step-through is.
 */
import { SLOW_CAUSE_TEXT, type SlowCause } from '../../sim/run-progress.ts';
import type { Outcome, TraceStep } from '../../sim/trace.ts';
import { format, outcomeText, type Strings } from './strings.ts';

/** What the status line shows. */
export interface StatusLineProps {
	t: Strings;
	kind: 'idle' | 'running' | 'done' | 'timeout' | 'failed';
	/** Outcome of the run shown (live or recorded), if any. */
	outcome?: Outcome;
	/** What a limit that ended the run says (steps, memory, depth, time…), if one did. */
	limitText?: string;
	/** Watchdog time, for `timeout`. */
	timeoutMs?: number;
	/** What the run was likely doing when the watchdog stopped it, for `timeout`. */
	cause?: SlowCause;
	/** The widget's language (picks the words of the cause). */
	lang: 'zh' | 'en';
	/** Failure text, for `failed`. */
	message?: string;
	/** Whether "not run yet" applies (no recorded output is shown). */
	showIdle: boolean;
	step: number;
	total: number;
	current?: TraceStep;
	truncated: boolean;
}

/** The status line. */
export function StatusLine(p: StatusLineProps) {
	const { t } = p;
	return (
		<div class="repro-status" role="status" aria-live="polite">
			<span class="repro-muted">{t.status}: </span>
			{p.kind === 'running' && t.running}
			{p.kind === 'idle' && p.showIdle && t.idle}
			{p.kind === 'timeout' && (
				<strong class="repro-bad" data-cause={p.cause ?? 'loop'}>
					{watchdogText(p)}
				</strong>
			)}
			{p.kind === 'failed' && <strong class="repro-bad">{p.message}</strong>}
			{p.outcome && p.kind !== 'running' && (
				<strong class={`repro-outcome repro-outcome-${p.outcome}`} data-outcome={p.outcome}>
					{p.limitText ? (
						p.limitText
					) : (
						<>
							{p.outcome === 'hang' && '⏳ '}
							{outcomeText(t, p.outcome)}
						</>
					)}
				</strong>
			)}
			{p.total > 0 && (
				<span class="repro-muted">
					{' · '}
					{format(t.stepOf, { n: p.step, total: p.total })}
					{p.current && ` · ${t.time} ${(p.current.time / 1000).toFixed(3)} ms · ${p.current.call}`}
				</span>
			)}
			{p.truncated && <div class="repro-muted">{format(t.stepsTruncated, { n: p.total })}</div>}
		</div>
	);
}

/** The watchdog's sentence: how long, what the run was likely doing, what to look for. */
function watchdogText(p: StatusLineProps): string {
	const text = SLOW_CAUSE_TEXT[p.cause ?? 'loop'];
	return format(p.t.watchdog, {
		s: (p.timeoutMs ?? 0) / 1000,
		cause: text.cause[p.lang],
		advice: text.advice[p.lang],
	});
}
