/**
 * The recorder collects what a run produces (steps, log lines, diagnostics, metric series,
 * leaks) while the simulator runs, and hands it over as a {@link Trace} at the end. Kernel and
 * host modules share one recorder per run, so their output interleaves in virtual-time order.
 * It also holds the run's {@link MemoryBudget}, which every store of program data charges.
 *
 * It also owns the run's {@link ResourceMeter}: the simulators feed its gauges, and every leak
 * is counted there too, so the trace carries a resource report.
 *
 * Invariants: steps are numbered from 1 without gaps; metric points of one series never go back
 * in time; what is kept stays within the caps whatever the program does — at most
 * `maxTraceSteps` steps (later ones are counted per call), `maxLogLines` log lines (the first
 * half and the last half; the middle is counted), `maxLineLength` characters per line, and
 * fixed caps on diagnostics per code, leaks and points per series. `trace.dropped` says what
 * was counted instead of kept. Every API call is counted under the name it was called by,
 * stored steps or not.
 */
import type { VirtualClock } from './clock.ts';
import type { CorePipes } from './facts/pipe-timeline.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { MemoryBudget } from './memory-budget.ts';
import { ResourceMeter } from './resources/resource-meter.ts';
import type {
	Diagnostic,
	Leak,
	LogLine,
	MetricSeries,
	Outcome,
	Trace,
	TraceDropped,
	TraceStep,
} from './trace.ts';

/** Default cap on stored steps; a million-iteration loop must not hold a million objects. */
export const DEFAULT_MAX_STORED_STEPS = DEFAULT_LIMITS.maxTraceSteps;

/** Diagnostics kept per code; a loop that fails the same way a million times keeps these. */
export const MAX_DIAGNOSTICS_PER_CODE = 20;

/** Leaks kept one by one (the leak case of the seeds reports about 3,000). */
export const MAX_LEAKS = 10_000;

/** Points kept per metric series; beyond it the series is thinned, keeping each pair's peak. */
export const MAX_SERIES_POINTS = 4_000;

/** Distinct calls the summary of dropped steps names; the rest are counted under `…`. */
const MAX_SUMMARISED_CALLS = 40;

/** Cores whose pipes a trace keeps (all launches together). */
export const MAX_PIPE_CORES = 64;

/** How many times one API was called. */
export interface CallCounter {
	n: number;
}

/** Options of a recorder; omitted caps take the defaults of `src/sim/limits.ts`. */
export interface RecorderOptions {
	maxStoredSteps?: number;
	maxLogLines?: number;
	maxLineLength?: number;
	/** Bytes of program data the run may hold (see {@link MemoryBudget}). */
	maxMemory?: number;
}

/** Collects a run's output; see the file comment for its invariants. */
export class Recorder {
	readonly clock: VirtualClock;
	/** The run's memory budget for program data. */
	readonly memory: MemoryBudget;
	/** Peaks of counted resources against their limits, and what was held at exit. */
	readonly resources = new ResourceMeter();
	readonly maxStoredSteps: number;
	readonly maxLineLength: number;
	readonly #logHead: number;
	readonly #logTail: number;
	#stepCount = 0;
	readonly #steps: TraceStep[] = [];
	readonly #droppedCalls = new Map<string, number>();
	readonly #log: LogLine[] = [];
	/** The last `#logTail` lines past the head, as a ring starting at `#tailStart`. */
	readonly #tail: LogLine[] = [];
	#tailStart = 0;
	#logCount = 0;
	#cutLines = 0;
	#cutChars = 0;
	readonly #diagnostics: Diagnostic[] = [];
	readonly #perCode = new Map<string, number>();
	readonly #series = new Map<string, MetricSeries>();
	readonly #leaks: Leak[] = [];
	#leakCount = 0;
	readonly #calls = new Map<string, CallCounter>();
	readonly #pipes: CorePipes[] = [];
	#pipeLaunches = 0;
	/** Called after every step with its number (a runner taking a memory copy at step N). */
	onStep: ((step: number) => void) | undefined;

	constructor(clock: VirtualClock, options: RecorderOptions = {}) {
		this.clock = clock;
		this.maxStoredSteps = options.maxStoredSteps ?? DEFAULT_MAX_STORED_STEPS;
		this.maxLineLength = options.maxLineLength ?? DEFAULT_LIMITS.maxLineLength;
		const lines = Math.max(2, options.maxLogLines ?? DEFAULT_LIMITS.maxLogLines);
		this.#logHead = Math.ceil(lines / 2);
		this.#logTail = lines - this.#logHead;
		this.memory = new MemoryBudget(options.maxMemory ?? DEFAULT_LIMITS.maxMemory);
	}

	/** Whether the next step will be stored (the cap is not reached yet). */
	get storesSteps(): boolean {
		return this.#steps.length < this.maxStoredSteps;
	}

	/** Number of steps recorded so far, stored or not. */
	get stepCount(): number {
		return this.#stepCount;
	}

	/** Number of log lines produced so far, kept or not. */
	get logCount(): number {
		return this.#logCount;
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
		if (this.#steps.length < this.maxStoredSteps) {
			const entry: TraceStep = { step, time: this.clock.now, actor, call, args, result };
			if (extra.span) entry.span = extra.span;
			if (extra.changes && extra.changes.length > 0) entry.changes = extra.changes;
			if (extra.streams && extra.streams.length > 0) entry.streams = extra.streams;
			this.#steps.push(entry);
		} else {
			const calls = this.#droppedCalls;
			const seen = calls.get(call);
			if (seen !== undefined) calls.set(call, seen + 1);
			else {
				const key = calls.size < MAX_SUMMARISED_CALLS ? call : '…';
				calls.set(key, (calls.get(key) ?? 0) + 1);
			}
		}
		this.onStep?.(step);
		return step;
	}

	/**
	 * Appends a log line stamped with the current virtual time, or with `line.time` when the line
	 * reports something that happened earlier on the same lane (a heartbeat event noticed late).
	 * A line longer than the cap keeps its start and says how many characters were cut (`cut`).
	 */
	log(line: Omit<LogLine, 'time'> & { time?: number }): void {
		const entry: LogLine = { ...line, time: line.time ?? this.clock.now };
		if (entry.text.length > this.maxLineLength) {
			const cut = entry.text.length - this.maxLineLength;
			entry.text = entry.text.slice(0, this.maxLineLength);
			entry.cut = (entry.cut ?? 0) + cut;
		}
		if (entry.cut) {
			this.#cutLines++;
			this.#cutChars += entry.cut;
		}
		this.#logCount++;
		if (this.#log.length < this.#logHead) {
			this.#log.push(entry);
			return;
		}
		if (this.#logTail === 0) return;
		if (this.#tail.length < this.#logTail) this.#tail.push(entry);
		else {
			this.#tail[this.#tailStart] = entry;
			this.#tailStart = (this.#tailStart + 1) % this.#logTail;
		}
	}

	/** Records a diagnostic; past {@link MAX_DIAGNOSTICS_PER_CODE} of one code it is counted. */
	diagnostic(diagnostic: Diagnostic): void {
		const seen = (this.#perCode.get(diagnostic.code) ?? 0) + 1;
		this.#perCode.set(diagnostic.code, seen);
		if (seen <= MAX_DIAGNOSTICS_PER_CODE) this.#diagnostics.push(diagnostic);
	}

	/** Declares a metric series (idempotent); call before {@link metric}. */
	defineSeries(series: Omit<MetricSeries, 'points'>): void {
		if (!this.#series.has(series.id)) this.#series.set(series.id, { ...series, points: [] });
	}

	/**
	 * Adds a point to a declared series at the current time. Consecutive points with the same
	 * value are merged, and a second point at the same instant replaces the first. A series that
	 * reaches {@link MAX_SERIES_POINTS} is thinned to half, each pair kept as its higher value.
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
		if (points.length >= MAX_SERIES_POINTS) thin(points);
		points.push([time, value]);
	}

	/** Records a resource still held at process exit; past {@link MAX_LEAKS} it is counted. */
	leak(leak: Leak): void {
		// The meter sees every leak (its held-at-exit report groups them); the list keeps a cap.
		this.resources.held(leak);
		this.#leakCount++;
		if (this.#leaks.length < MAX_LEAKS) this.#leaks.push(leak);
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

	/** Log lines kept so far, in order (the dropped middle of a long log is not among them). */
	get logLines(): readonly LogLine[] {
		return this.#tail.length === 0 ? this.#log : [...this.#log, ...this.#orderedTail()];
	}

	/** Diagnostics so far (read-only view). */
	get diagnostics(): readonly Diagnostic[] {
		return this.#diagnostics;
	}

	/** Numbers the next kernel launch whose pipes are kept (0 first). */
	nextPipeLaunch(): number {
		return this.#pipeLaunches++;
	}

	/**
	 * Keeps the pipes of one core of a launch for the trace (src/sim/facts/pipe-timeline.ts), up
	 * to {@link MAX_PIPE_CORES} cores in a run; a loop of launches keeps its first ones.
	 */
	pipes(core: CorePipes): void {
		if (this.#pipes.length < MAX_PIPE_CORES) this.#pipes.push(core);
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
			log: interleaved
				? [...byTime(this.#log, (l) => l.time), ...byTime(this.#orderedTail(), (l) => l.time)]
				: [...this.logLines],
			diagnostics: [...this.#diagnostics],
			steps,
			series,
			leaks: [...this.#leaks],
			resources: this.resources.report(),
		};
		if (this.#pipes.length > 0) trace.pipes = [...this.#pipes];
		if (this.#stepCount > this.#steps.length) trace.stepsTruncated = true;
		const dropped = this.dropped();
		if (dropped) trace.dropped = dropped;
		return trace;
	}

	/** What was counted instead of kept so far; undefined when everything was kept. */
	dropped(): TraceDropped | undefined {
		const out: TraceDropped = {};
		const lines = this.#logCount - this.#log.length - this.#tail.length;
		if (lines > 0) out.logLines = { count: lines, at: this.#log.length };
		if (this.#cutLines > 0) out.logChars = { lines: this.#cutLines, chars: this.#cutChars };
		const steps = this.#stepCount - this.#steps.length;
		if (steps > 0) {
			const calls = [...this.#droppedCalls]
				.map(([call, count]) => ({ call, count }))
				.sort((a, b) => b.count - a.count || (a.call < b.call ? -1 : 1));
			out.steps = { count: steps, calls };
		}
		const codes = [...this.#perCode]
			.filter(([, n]) => n > MAX_DIAGNOSTICS_PER_CODE)
			.map(([code, n]) => ({ code, count: n - MAX_DIAGNOSTICS_PER_CODE }));
		if (codes.length > 0) {
			out.diagnostics = { count: codes.reduce((s, c) => s + c.count, 0), codes };
		}
		if (this.#leakCount > this.#leaks.length) {
			out.leaks = { count: this.#leakCount - this.#leaks.length };
		}
		return Object.keys(out).length > 0 ? out : undefined;
	}

	#orderedTail(): LogLine[] {
		const t = this.#tail;
		return this.#tailStart === 0
			? t
			: [...t.slice(this.#tailStart), ...t.slice(0, this.#tailStart)];
	}
}

/** Halves a series in place: each pair of points becomes one at the first time, the higher value. */
function thin(points: Array<[number, number]>): void {
	let w = 0;
	for (let r = 0; r < points.length; r += 2) {
		const a = points[r]!;
		const b = points[r + 1];
		points[w++] = b && b[1] > a[1] ? [a[0], b[1]] : a;
	}
	points.length = w;
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
