/**
 * The shape of a simulation run: what the simulator hands to every runner (CLI, worker, tests).
 * Everything here is plain data, so a trace can cross a worker boundary or be written as JSON.
 */
import type { MemorySnapshot } from './kernel/memory-snapshot.ts';
import type { Outcome } from '../cases/schema.ts';
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import type { StateChange } from './facts/state-change.ts';
import type { CorePipes } from './facts/pipe-timeline.ts';
import type { HcclFacts } from './hccl/hccl-world.ts';
import type { ResourceReport } from './resources/resource-report.ts';

export type { Diagnostic, Outcome, ResourceReport, Severity };

/** A place in the user's program, 1-based as an editor shows it. */
export interface SourceSpan {
	line: number;
	column: number;
	/** The file, when the program has several (a path among its files). */
	file?: string;
	endLine?: number;
	endColumn?: number;
}

/** One frame of the user's call stack; the simulator names it in backtraces. */
export interface Frame {
	/** Qualified function name as C++ would print it, e.g. `KernelAdd::Compute(int)`. */
	func: string;
	line: number;
	column?: number;
	file?: string;
}

/**
 * What every simulator API call receives from its caller: where in the user's program it was
 * made, innermost frame last.
 */
export interface CallSite {
	stack: readonly Frame[];
}

/**
 * Where a log line would appear on a real machine; `shell` is what a command the user types
 * beside the program prints (`npu-smi info`).
 */
export type LogChannel = 'plog' | 'device' | 'cpu-debug' | 'screen' | 'stdout' | 'stderr' | 'shell';

/** One line of output, exactly as the real tool prints it. */
export interface LogLine {
	text: string;
	channel: LogChannel;
	/** Virtual time in microseconds. */
	time: number;
	pid?: number;
	level?: 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR' | 'EVENT';
	/** Characters cut from the end of an over-long line (see `maxLineLength`); absent if none. */
	cut?: number;
}

/** One piece of machine state a step changed: a typed fact (see facts/state-change.ts). */
export type { StateChange };

/** One simulated step: an API call (or a machine event) and what it changed. */
export interface TraceStep {
	step: number;
	time: number;
	/** Who acted: `host:<pid>`, `core:<blockIdx>`, `driver`, `tsch`, `user`. */
	actor: string;
	call: string;
	args: readonly string[];
	result: string;
	span?: SourceSpan;
	changes?: readonly StateChange[];
	/** The streams the call acted on: handles of its `aclrtStream` arguments (the default stream, 0, left out). */
	streams?: readonly number[];
}

/** A named time series, e.g. device memory in use or buffers on VECIN. */
export interface MetricSeries {
	id: string;
	label: { zh: string; en: string };
	unit: 'bytes' | 'count';
	/** A limit to draw as a line, when the metric has one. */
	limit?: number;
	points: Array<[time: number, value: number]>;
}

/** What a leaked resource is: one kind per AscendCL object a process must give back. */
export type LeakKind =
	| 'device-memory'
	| 'host-memory'
	| 'stream'
	| 'event'
	| 'notify'
	| 'graph'
	| 'model'
	// A model description, dataset or data buffer (host-side descriptors) never destroyed.
	| 'model-object'
	| 'context'
	| 'device'
	// A host-heap block of the program's own (malloc/new) never freed.
	| 'host-heap';

/** A resource still held when a process exited, with the line that took it. */
export interface Leak {
	kind: LeakKind;
	detail: string;
	pid: number;
	span?: SourceSpan;
	bytes?: number;
}

export type { MemorySnapshot };

/** The whole record of a run. */
export interface Trace {
	outcome: Outcome;
	log: LogLine[];
	diagnostics: Diagnostic[];
	steps: TraceStep[];
	series: MetricSeries[];
	leaks: Leak[];
	/** How many times each API was called, by the name the program used (aliases under their own). */
	calls: Record<string, number>;
	/**
	 * Peaks of counted resources against the product's limits, with the line of each, and what
	 * was still held at exit (absent only from traces made without a recorder).
	 */
	resources?: ResourceReport;
	/** True when `steps` was cut short to keep the trace small (the run itself was not). */
	stepsTruncated?: boolean;
	/** What the run produced beyond the caps of its limits, counted instead of kept. */
	dropped?: TraceDropped;
	/** Files the program wrote (`fopen(…, "w")`, `std::ofstream`, `WriteFile`), by path. */
	files?: Array<{ path: string; bytes: Uint8Array }>;
	/** The run's memory at the step the request asked for (RunRequest.snapshot). */
	memory?: MemorySnapshot;
	/** The ranks and their collectives, when the program used HCCL (for the ranks view). */
	hccl?: HcclFacts;
	/** Each core's pipes in virtual time, per kernel launch (absent when no kernel ran). */
	pipes?: CorePipes[];
}

/**
 * What a trace counted instead of keeping (src/sim/limits.ts). The run itself went on; only
 * the record of it was summarised.
 */
export interface TraceDropped {
	/** Log lines dropped from the middle; they stood between `log[at - 1]` and `log[at]`. */
	logLines?: { count: number; at: number };
	/** Lines cut at the line-length cap, and the characters cut from them in all. */
	logChars?: { lines: number; chars: number };
	/** Steps past the trace cap, and how many of them each call made (most first). */
	steps?: { count: number; calls: Array<{ call: string; count: number }> };
	/** Diagnostics past the per-code cap, per code. */
	diagnostics?: { count: number; codes: Array<{ code: string; count: number }> };
	/** Leaks past the leak cap. */
	leaks?: { count: number };
}
