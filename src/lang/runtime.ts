/**
 * The state of one interpreted run that compiled code touches while it executes: the limits
 * (steps, call depth; memory through the recorder's budget), the user's call stack (for
 * backtraces and call sites), host memory, console output, and the hooks through which user
 * actions (signals, suspend) and the host (progress, interrupt) reach a running program.
 *
 * Invariant: `stack` holds one frame per active user function, innermost last; the innermost
 * frame's line is the line of the call being made. `autos` holds the local arrays of the blocks
 * being executed, innermost last; a block gives back the storage of its own when it ends.
 */
import type { RunLimits } from '../sim/limits.ts';
import type { Recorder } from '../sim/recorder.ts';
import type { RunHooks, RunInterrupt, RunProgress } from '../sim/run-progress.ts';
import type { CallSite, Frame as SiteFrame, SourceSpan } from '../sim/trace.ts';
import type { DiagnosticParams } from '../diagnostics/index.ts';
import { langDiagnostic, LangStop, type LangCode } from './diagnostics.ts';
import { interruptValues } from './run-limits.ts';
import type { SourceMap } from './source-map.ts';
import type { SimEnv } from './bindings/sim-env.ts';
import { HeapBlocks } from './heap-blocks.ts';
import type { ArrayStore, Value } from './values.ts';
import { HostMemory } from '../sim/host/host-memory.ts';

/** Completion codes of compiled statements. */
export const NORMAL = 0;
/** `break` left the statement. */
export const BREAK = 1;
/** `continue` left the statement. */
export const CONTINUE = 2;
/** `return` left the statement; the value is in `Frame.ret`. */
export const RETURN = 3;

/** Where `malloc` and `new[]` addresses start (illustrative; any nonzero range works). */
const HEAP_BASE = 0x5550_0000_0000;

/** How much address space `malloc` hands out before it returns NULL (64 TiB, illustrative). */
const HEAP_SPAN = 2 ** 46;

/** How many steps run between two slow checks (budget, pending user actions). */
const CHECK_INTERVAL = 512;

/** The locals of one active call. */
export class Frame {
	readonly s: Value[];
	readonly self: Value;
	ret: Value = undefined;
	constructor(slots: number, self: Value) {
		this.s = new Array<Value>(slots);
		this.self = self;
	}
}

/** One entry of the user's call stack; mutable so a call only updates a line number. */
export interface StackEntry {
	func: string;
	line: number;
	column: number;
	/** The function's file, when the program has several. */
	file?: string | undefined;
}

/** See the file comment. */
export class Runtime {
	readonly recorder: Recorder;
	readonly map: SourceMap;
	readonly fileName: string;
	readonly limits: Readonly<RunLimits>;
	maxSteps: number;
	/** Deepest user call nesting before the run stops. */
	readonly maxDepth: number;
	steps = 0;
	/**
	 * A kernel core's step limit while one runs (kernel-budget.ts); undefined outside kernels.
	 * Reaching it calls {@link onKernelLimit}, which stops the core by throwing or lets it go on.
	 */
	kernelLimit: number | undefined;
	onKernelLimit: (() => void) | undefined;
	nextCheck = CHECK_INTERVAL;
	/** The user's call stack; a kernel launch swaps in its own and puts this one back after. */
	stack: StackEntry[] = [];
	/** Called on slow checks while a program runs: delivers due user actions. */
	onCheck: (() => void) | undefined;
	/** How many simulator objects the running process holds (charged to the memory budget). */
	objects: (() => number) | undefined;
	#checks = 0;
	/** The virtual clock; `dueAt` is when the next user action is due (Infinity: none). */
	readonly clock: { readonly now: number };
	dueAt = Number.POSITIVE_INFINITY;
	/** Host memory of a run without a process (a kernel run on its own). */
	readonly #ownMemory: HostMemory;
	/** The live host-heap blocks of the running process (for its leak report). */
	readonly blocks = new HeapBlocks();
	#heapTop = HEAP_BASE;
	/** Local arrays of the blocks being executed (see the file comment). */
	readonly autos: ArrayStore[] = [];
	/** The host's hooks (progress snapshots, interrupt). */
	readonly #hooks: RunHooks;
	/** The snapshot handed to `onProgress`, updated in place. */
	readonly #progress: RunProgress = { phase: 'run', steps: 0, logLines: 0, memory: 0, depth: 0 };
	/** The first snapshot handed to the host (the baseline of a slow run's cause). */
	#first: RunProgress | undefined;
	/** Why the host interrupted the run, once it has. */
	interrupted: RunInterrupt | undefined;
	/** The loop entered last: where a run that exhausts its budget is reported. */
	loop: SourceSpan | undefined;
	/** Bumped for every new process: globals and statics initialise once per generation. */
	generation = 0;
	/** The pid that console output is attributed to. */
	pid: number | undefined;
	/** Unfinished output lines: their pieces, and their length so far. */
	readonly #out = {
		stdout: { parts: [] as string[], length: 0 },
		stderr: { parts: [] as string[], length: 0 },
	};

	/** The simulated world the program's bindings act on. */
	readonly env: SimEnv;

	constructor(
		recorder: Recorder,
		map: SourceMap,
		fileName: string,
		limits: Readonly<RunLimits>,
		env: SimEnv,
		hooks: RunHooks = {},
	) {
		this.env = env;
		this.recorder = recorder;
		this.clock = recorder.clock;
		this.map = map;
		this.fileName = fileName;
		this.limits = limits;
		this.maxSteps = limits.maxSteps;
		this.maxDepth = limits.maxDepth;
		this.#ownMemory = new HostMemory(recorder.memory);
		this.#hooks = hooks;
	}

	/**
	 * Host memory reached through plain addresses (malloc, new[], aclrtMallocHost): the running
	 * process's, which copies to and from the device read and write (sim/host/host-memory.ts).
	 * What the program writes there is charged to the run's memory budget.
	 */
	get memory(): HostMemory {
		return this.env.proc?.memory ?? this.#ownMemory;
	}

	/**
	 * Reserves `bytes` of host memory and returns its address (16-byte aligned, never 0), or 0
	 * (NULL) when the request does not fit the address space left, as `malloc` would fail.
	 */
	alloc(bytes: number): number {
		const size = Math.max(16, Math.ceil(Math.max(0, Number.isFinite(bytes) ? bytes : 0) / 16) * 16);
		if (!Number.isFinite(bytes) || this.#heapTop + size > HEAP_BASE + HEAP_SPAN) return 0;
		const p = this.#heapTop;
		this.#heapTop += size;
		this.memory.allocated(p, bytes, this.here());
		return p;
	}

	/** `free(p)` / `delete[] p`: gives back what `alloc` reserved at `address`. */
	free(address: number): void {
		if (typeof address === 'number' && address !== 0) this.memory.freed(address);
	}

	/** Where the program is: the line of the call being made in the innermost frame. */
	here(): SourceSpan | undefined {
		const top = this.stack[this.stack.length - 1];
		return top ? { line: top.line, column: top.column } : undefined;
	}

	/** Gives back the storage of the local arrays declared since `mark` (their block ended). */
	releaseAutos(mark: number): void {
		const autos = this.autos;
		for (let i = autos.length - 1; i >= mark; i--) autos[i]!.release();
		autos.length = mark;
	}

	/** Counts a step (loop iteration or call); cheap unless a slow check is due. */
	tick(): void {
		if (++this.steps >= this.nextCheck) this.check();
	}

	/** The slow check: the budget, the host's hooks, then pending user actions. */
	check(): void {
		if (this.kernelLimit !== undefined && this.steps >= this.kernelLimit) this.onKernelLimit?.();
		if (this.steps >= this.maxSteps) {
			this.stop('steps-exhausted', this.where(), { steps: this.maxSteps, flag: '--max-steps' });
		}
		this.nextCheck = Math.min(
			this.maxSteps,
			this.kernelLimit ?? Number.POSITIVE_INFINITY,
			this.steps + CHECK_INTERVAL,
		);
		// Counting held objects walks some tables; every 64th check is often enough.
		if (this.objects && (++this.#checks & 63) === 0)
			this.recorder.memory.holdObjects(this.objects());
		if (this.#hooks.onProgress) {
			const progress = this.progress();
			this.#first ??= { ...progress };
			const interrupt = this.#hooks.onProgress(progress);
			if (interrupt) {
				this.interrupted = interrupt;
				const values = interruptValues(interrupt.ms, this.#first, progress, this.limits);
				this.stop('run-interrupted', this.where(), values);
			}
		}
		this.onCheck?.();
	}

	/** Where a stop that has no better place is reported: the loop entered last, or the call. */
	where(): SourceSpan {
		const at = this.loop ?? this.stack[this.stack.length - 1] ?? { line: 1, column: 1 };
		return { line: at.line, column: at.column };
	}

	/** The current snapshot for the host (the same object every time, updated). */
	progress(): Readonly<RunProgress> {
		const p = this.#progress;
		p.steps = this.steps;
		p.logLines = this.recorder.logCount;
		p.memory = this.recorder.memory.used;
		p.depth = this.stack.length;
		if (this.loop) p.loop = this.loop;
		return p;
	}

	/** Stops the run at a diagnostic. */
	stop(code: LangCode, span: SourceSpan, values: DiagnosticParams = {}): never {
		throw new LangStop(langDiagnostic(code, span, values));
	}

	/**
	 * The user's call stack as the simulator wants it, for one call in the program. Sites are
	 * never mutated once made, so each call keeps the last one it made and hands it out again
	 * while the stack still reads the same: a loop calling the runtime a million times from
	 * one line builds one site, not a million.
	 */
	siteOfCall(): () => CallSite {
		let last: CallSite | undefined;
		return () => {
			if (last && sameStack(last.stack, this.stack)) return last;
			return (last = this.#makeSite());
		};
	}

	#makeSite(): CallSite {
		const frames: SiteFrame[] = this.stack.map((e) => ({
			func: e.func,
			line: e.line,
			column: e.column,
			file: e.file ?? this.fileName,
		}));
		return { stack: frames };
	}

	/**
	 * Writes program output; complete lines become log lines. An unfinished line keeps at most
	 * the line-length cap (the rest is counted as cut), so output without newlines stays small.
	 */
	write(channel: 'stdout' | 'stderr', text: string): void {
		const out = this.#out[channel];
		let from = 0;
		let nl = text.indexOf('\n');
		while (nl >= 0) {
			this.#append(out, text, from, nl);
			this.#line(channel, out);
			from = nl + 1;
			nl = text.indexOf('\n', from);
		}
		if (from < text.length) this.#append(out, text, from, text.length);
	}

	/** Emits any unfinished output line (at process or kernel end). */
	flush(): void {
		if (this.#out.stdout.length > 0) this.#line('stdout', this.#out.stdout);
		if (this.#out.stderr.length > 0) this.#line('stderr', this.#out.stderr);
	}

	#append(out: { parts: string[]; length: number }, text: string, from: number, to: number): void {
		const max = this.recorder.maxLineLength;
		const room = max - Math.min(out.length, max);
		if (room > 0) out.parts.push(text.slice(from, Math.min(to, from + room)));
		out.length += to - from;
	}

	#line(channel: 'stdout' | 'stderr', out: { parts: string[]; length: number }): void {
		const text = out.parts.join('');
		const line: { text: string; channel: 'stdout' | 'stderr'; pid?: number; cut?: number } = {
			text,
			channel,
		};
		if (out.length > text.length) line.cut = out.length - text.length;
		if (this.pid !== undefined) line.pid = this.pid;
		out.parts.length = 0;
		out.length = 0;
		this.recorder.log(line);
	}
}

/** Whether a site's frames read the same as the live stack (function, line and column). */
function sameStack(frames: readonly SiteFrame[], stack: readonly StackEntry[]): boolean {
	if (frames.length !== stack.length) return false;
	for (let i = 0; i < stack.length; i++) {
		const a = frames[i]!;
		const b = stack[i]!;
		if (a.line !== b.line || a.column !== b.column || a.func !== b.func) return false;
	}
	return true;
}
