/**
 * Moving a trace from the worker to the page in pieces: a trace with 20,000 steps cloned in one
 * message can block the main thread for longer than 50 ms, so the worker sends a head (outcome,
 * diagnostics, series, leaks) and then steps and log lines in bounded chunks; the page assembles
 * them between frames. Pure data in, pure data out.
 */
import type { RunProgress } from '../../sim/run-progress.ts';
import type { LogLine, Trace, TraceStep } from '../../sim/trace.ts';
import type { LogLink } from './repro-props.ts';

/** Steps or log lines per message; small enough that one clone stays well under 50 ms. */
export const TRACE_CHUNK_SIZE = 1_000;

/** One message of a transferred trace. `run` numbers the request, so stale replies are dropped. */
export type TraceMessage =
	| {
			type: 'head';
			run: number;
			trace: Omit<Trace, 'steps' | 'log'>;
			stepCount: number;
			logCount: number;
	  }
	| { type: 'steps'; run: number; steps: TraceStep[] }
	| { type: 'log'; run: number; lines: LogLine[] }
	| { type: 'links'; run: number; links: LogLink[] }
	| { type: 'progress'; run: number; progress: RunProgress }
	| { type: 'done'; run: number }
	| { type: 'failed'; run: number; message: string };

/** Splits `trace` into messages for request `run`: head, log chunks, step chunks, done. */
export function splitTrace(trace: Trace, run: number, size = TRACE_CHUNK_SIZE): TraceMessage[] {
	const { steps, log, ...rest } = trace;
	const messages: TraceMessage[] = [
		{ type: 'head', run, trace: rest, stepCount: steps.length, logCount: log.length },
	];
	for (let i = 0; i < log.length; i += size) {
		messages.push({ type: 'log', run, lines: log.slice(i, i + size) });
	}
	for (let i = 0; i < steps.length; i += size) {
		messages.push({ type: 'steps', run, steps: steps.slice(i, i + size) });
	}
	messages.push({ type: 'done', run });
	return messages;
}

/** Rebuilds the trace of one request from its messages, in the order they were sent. */
export class TraceAssembler {
	readonly run: number;
	#head: Extract<TraceMessage, { type: 'head' }> | undefined;
	#steps: TraceStep[] = [];
	#log: LogLine[] = [];
	#links: LogLink[] = [];

	constructor(run: number) {
		this.run = run;
	}

	/** Links from log lines to cases, sent after the trace (empty when triage found none). */
	get links(): readonly LogLink[] {
		return this.#links;
	}

	/**
	 * Takes one message. Returns the finished trace on `done`, undefined while pieces are
	 * missing; messages of another request are ignored. Throws if `done` comes before the head
	 * or with pieces missing, which would be a bug in the sender.
	 */
	add(message: TraceMessage): Trace | undefined {
		if (message.run !== this.run) return undefined;
		switch (message.type) {
			case 'head':
				this.#head = message;
				return undefined;
			case 'steps':
				this.#steps.push(...message.steps);
				return undefined;
			case 'log':
				this.#log.push(...message.lines);
				return undefined;
			case 'links':
				this.#links.push(...message.links);
				return undefined;
			case 'progress':
				return undefined;
			case 'failed':
				return undefined;
			case 'done': {
				const head = this.#head;
				if (!head) throw new Error('trace transfer: done before head');
				if (head.stepCount !== this.#steps.length || head.logCount !== this.#log.length) {
					throw new Error('trace transfer: pieces missing');
				}
				return { ...head.trace, steps: this.#steps, log: this.#log };
			}
		}
	}
}
