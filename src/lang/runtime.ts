/**
 * The state of one interpreted run that compiled code touches while it executes: the step
 * budget, the user's call stack (for backtraces and call sites), console output, and the hook
 * through which user actions (signals, suspend) reach a running program.
 *
 * Invariant: `stack` holds one frame per active user function, innermost last; the innermost
 * frame's line is the line of the call being made.
 */
import type { Recorder } from '../sim/recorder.ts';
import type { CallSite, Frame as SiteFrame, SourceSpan } from '../sim/trace.ts';
import type { DiagnosticParams } from '../diagnostics/index.ts';
import { langDiagnostic, LangStop, type LangCode } from './diagnostics.ts';
import type { SimEnv } from './bindings/sim-env.ts';
import type { SourceMap } from './source-map.ts';
import { HeapBlocks } from './heap-blocks.ts';
import type { Value } from './values.ts';
import { HostMemory } from '../sim/host/host-memory.ts';

/** Completion codes of compiled statements. */
export const NORMAL = 0;
/** `break` left the statement. */
export const BREAK = 1;
/** `continue` left the statement. */
export const CONTINUE = 2;
/** `return` left the statement; the value is in `Frame.ret`. */
export const RETURN = 3;

/** Deepest user call nesting before the run stops. */
export const MAX_CALL_DEPTH = 400;

/** Where `malloc` and `new[]` addresses start (illustrative; any nonzero range works). */
const HEAP_BASE = 0x5550_0000_0000;

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
	maxSteps: number;
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
	/** The virtual clock; `dueAt` is when the next user action is due (Infinity: none). */
	readonly clock: { readonly now: number };
	dueAt = Number.POSITIVE_INFINITY;
	/** Host memory of a run without a process (a kernel run on its own). */
	readonly #ownMemory = new HostMemory();
	/** The live host-heap blocks of the running process (for its leak report). */
	readonly blocks = new HeapBlocks();
	#heapTop = HEAP_BASE;
	/** The loop entered last: where a run that exhausts its budget is reported. */
	loop: SourceSpan | undefined;
	/** Bumped for every new process: globals and statics initialise once per generation. */
	generation = 0;
	/** The pid that console output is attributed to. */
	pid: number | undefined;
	#out = { stdout: '', stderr: '' };

	/** The simulated world the program's bindings act on. */
	readonly env: SimEnv;

	constructor(recorder: Recorder, map: SourceMap, fileName: string, maxSteps: number, env: SimEnv) {
		this.env = env;
		this.recorder = recorder;
		this.clock = recorder.clock;
		this.map = map;
		this.fileName = fileName;
		this.maxSteps = maxSteps;
	}

	/**
	 * Host memory reached through plain addresses (malloc, new[], aclrtMallocHost): the running
	 * process's, which copies to and from the device read and write (sim/host/host-memory.ts).
	 */
	get memory(): HostMemory {
		return this.env.proc?.memory ?? this.#ownMemory;
	}

	/** Reserves `bytes` of host memory and returns its address (16-byte aligned, never 0). */
	alloc(bytes: number): number {
		const p = this.#heapTop;
		this.#heapTop += Math.max(16, Math.ceil(Math.max(0, bytes) / 16) * 16);
		return p;
	}

	/** Counts a step (loop iteration or call); cheap unless a slow check is due. */
	tick(): void {
		if (++this.steps >= this.nextCheck) this.check();
	}

	/** The slow check: the budget, then pending user actions. */
	check(): void {
		if (this.kernelLimit !== undefined && this.steps >= this.kernelLimit) this.onKernelLimit?.();
		if (this.steps >= this.maxSteps) {
			const top = this.stack[this.stack.length - 1];
			const at = this.loop ?? top ?? { line: 1, column: 1 };
			this.stop('steps-exhausted', { line: at.line, column: at.column }, { steps: this.maxSteps });
		}
		this.nextCheck = Math.min(
			this.maxSteps,
			this.kernelLimit ?? Number.POSITIVE_INFINITY,
			this.steps + CHECK_INTERVAL,
		);
		this.onCheck?.();
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

	/** Writes program output; complete lines become log lines. */
	write(channel: 'stdout' | 'stderr', text: string): void {
		let buf = this.#out[channel] + text;
		let nl = buf.indexOf('\n');
		while (nl >= 0) {
			this.#line(channel, buf.slice(0, nl));
			buf = buf.slice(nl + 1);
			nl = buf.indexOf('\n');
		}
		this.#out[channel] = buf;
	}

	/** Emits any unfinished output line (at process or kernel end). */
	flush(): void {
		if (!this.#out.stdout && !this.#out.stderr) return;
		for (const channel of ['stdout', 'stderr'] as const) {
			if (this.#out[channel]) {
				this.#line(channel, this.#out[channel]);
				this.#out[channel] = '';
			}
		}
	}

	#line(channel: 'stdout' | 'stderr', text: string): void {
		const line: { text: string; channel: 'stdout' | 'stderr'; pid?: number } = { text, channel };
		if (this.pid !== undefined) line.pid = this.pid;
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
