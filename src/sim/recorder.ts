/**
 * The recorder collects what a run produces (steps, log lines, diagnostics, metric series,
 * leaks) while the simulator runs, and hands it over as a {@link Trace} at the end. Kernel and
 * host modules share one recorder per run, so their output interleaves in virtual-time order.
 *
 * It also owns the run's {@link ResourceMeter}: the simulators feed its gauges, and every leak
 * is counted there too, so the trace carries a resource report.
 *
 * Invariants: steps are numbered from 1 without gaps; metric points of one series never go back
 * in time; at most `maxStoredSteps` steps are kept (later ones are counted, not stored); every
 * API call is counted under the name it was called by, stored steps or not.
 */
import type { VirtualClock } from './clock.ts';
import { ResourceMeter } from './resources/resource-meter.ts';
import type {
	Diagnostic,
	Leak,
	LogLine,
	MetricSeries,
	Outcome,
	Trace,
	TraceStep,
} from './trace.ts';

/** Default cap on stored steps; a million-iteration loop must not hold a million objects. */
export const DEFAULT_MAX_STORED_STEPS = 20_000;

/** How many times one API was called. */
export interface CallCounter {
	n: number;
}

/** Options of a recorder. */
export interface RecorderOptions {
	maxStoredSteps?: number;
}

/** Collects a run's output; see the file comment for its invariants. */
export class Recorder {
	readonly clock: VirtualClock;
	/** Peaks of counted resources against their limits, and what was held at exit. */
	readonly resources = new ResourceMeter();
	readonly #maxStoredSteps: number;
	#stepCount = 0;
	readonly #steps: TraceStep[] = [];
	readonly #log: LogLine[] = [];
	readonly #diagnostics: Diagnostic[] = [];
	readonly #series = new Map<string, MetricSeries>();
	readonly #leaks: Leak[] = [];
	readonly #calls = new Map<string, CallCounter>();
	/** Called after every step with its number (a runner taking a memory copy at step N). */
	onStep: ((step: number) => void) | undefined;

	constructor(clock: VirtualClock, options: RecorderOptions = {}) {
		this.clock = clock;
		this.#maxStoredSteps = options.maxStoredSteps ?? DEFAULT_MAX_STORED_STEPS;
	}

	/** Whether the next step will be stored (the cap is not reached yet). */
	get storesSteps(): boolean {
		return this.#steps.length < this.#maxStoredSteps;
	}

	/** Number of steps recorded so far, stored or not. */
	get stepCount(): number {
		return this.#stepCount;
	}

	/** Records one step at the current virtual time and returns its number. */
	step(
		actor: string,
		call: string,
		args: readonly string[],
		result: string,
		extra: Pick<TraceStep, 'span' | 'changes' | 'streams'> = {},
	): number {
		const step = ++this.#stepCount;
		if (this.#steps.length < this.#maxStoredSteps) {
			const entry: TraceStep = { step, time: this.clock.now, actor, call, args, result };
			if (extra.span) entry.span = extra.span;
			if (extra.changes && extra.changes.length > 0) entry.changes = extra.changes;
			if (extra.streams && extra.streams.length > 0) entry.streams = extra.streams;
			this.#steps.push(entry);
		}
		this.onStep?.(step);
		return step;
	}

	/**
	 * Appends a log line stamped with the current virtual time, or with `line.time` when the line
	 * reports something that happened earlier on the same lane (a heartbeat event noticed late).
	 */
	log(line: Omit<LogLine, 'time'> & { time?: number }): void {
		this.#log.push({ ...line, time: line.time ?? this.clock.now });
	}

	/** Records a diagnostic. */
	diagnostic(diagnostic: Diagnostic): void {
		this.#diagnostics.push(diagnostic);
	}

	/** Declares a metric series (idempotent); call before {@link metric}. */
	defineSeries(series: Omit<MetricSeries, 'points'>): void {
		if (!this.#series.has(series.id)) this.#series.set(series.id, { ...series, points: [] });
	}

	/**
	 * Adds a point to a declared series at the current time. Consecutive points with the same
	 * value are merged, and a second point at the same instant replaces the first.
	 */
	metric(id: string, value: number): void {
		const series = this.#series.get(id);
		if (!series) throw new Error(`metric series "${id}" was not declared`);
		const time = this.clock.now;
		const points = series.points;
		const last = points[points.length - 1];
		if (last && last[0] === time) {
			last[1] = value;
			return;
		}
		if (last && last[1] === value) return;
		points.push([time, value]);
	}

	/** Records a resource still held at process exit. */
	leak(leak: Leak): void {
		this.resources.held(leak);
		this.#leaks.push(leak);
	}

	/**
	 * The counter of API `name` as the program calls it (an alias counts under its own name).
	 * Callers keep the counter and bump `n` per call, so counting costs nothing on hot paths.
	 */
	callCounter(name: string): CallCounter {
		let counter = this.#calls.get(name);
		if (!counter) {
			counter = { n: 0 };
			this.#calls.set(name, counter);
		}
		return counter;
	}

	/** Log lines so far (read-only view). */
	get logLines(): readonly LogLine[] {
		return this.#log;
	}

	/** Diagnostics so far (read-only view). */
	get diagnostics(): readonly Diagnostic[] {
		return this.#diagnostics;
	}

	/**
	 * The finished trace. Each series gets a closing point at the end time. When actors ran on
	 * several clock lanes (see VirtualClock), steps, log lines and series points are put in
	 * virtual-time order, ties in the order they were recorded, and steps are numbered again.
	 */
	finish(outcome: Outcome): Trace {
		const interleaved = this.clock.interleaved;
		const end = this.clock.latest;
		const series = [...this.#series.values()].map((s) => {
			const copied = s.points.map((p) => [p[0], p[1]] as [number, number]);
			const points = interleaved ? mergeInstants(byTime(copied, (p) => p[0])) : copied;
			const last = points[points.length - 1];
			if (last && last[0] < end) points.push([end, last[1]]);
			return { ...s, points };
		});
		const calls: Record<string, number> = {};
		for (const name of [...this.#calls.keys()].sort()) {
			const n = this.#calls.get(name)!.n;
			if (n > 0) calls[name] = n;
		}
		const steps = interleaved
			? byTime(this.#steps, (t) => t.time).map((t, i) => ({ ...t, step: i + 1 }))
			: [...this.#steps];
		const trace: Trace = {
			outcome,
			calls,
			log: interleaved ? byTime(this.#log, (l) => l.time) : [...this.#log],
			diagnostics: [...this.#diagnostics],
			steps,
			series,
			leaks: [...this.#leaks],
			resources: this.resources.report(),
		};
		if (this.#stepCount > this.#steps.length) trace.stepsTruncated = true;
		return trace;
	}
}

/** `items` in order of `time`, ties kept in their order (a stable sort). */
function byTime<T>(items: readonly T[], time: (item: T) => number): T[] {
	return items
		.map((item, index) => ({ item, index, at: time(item) }))
		.sort((a, b) => a.at - b.at || a.index - b.index)
		.map((e) => e.item);
}

/** Points of one series with one point per instant (the last) and no repeated values. */
function mergeInstants(points: Array<[number, number]>): Array<[number, number]> {
	const out: Array<[number, number]> = [];
	for (const p of points) {
		const last = out[out.length - 1];
		if (last && last[0] === p[0]) last[1] = p[1];
		else if (!last || last[1] !== p[1]) out.push(p);
	}
	return out;
}
