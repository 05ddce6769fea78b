/**
 * A kernel launch: `blockDim` AI Cores, each with its own on-chip memory, TPipe and
 * `GetBlockIdx()`, sharing one recorder. The interpreter runs the kernel body once per core (in
 * block order) with that core's context, and the launch turns what happened into an outcome the
 * host side can act on: `completed`, `abort` (CPU debug: a check fired and raised SIGABRT) or
 * `hang` (NPU: a core waits forever; the host reports its timeout at synchronize).
 *
 * Blocks run one after another in virtual time, a simplification of the real parallel cores.
 */
import { type Halt, isHalt } from '../halt.ts';
import type { ProductId } from '../product-id.ts';
import { PRODUCT_BASES } from '../product.ts';
import type { Recorder } from '../recorder.ts';
import type { RunMode } from '../run-request.ts';
import type { CallSite, Outcome } from '../trace.ts';
import { Racecheck } from '../sanitizer/racecheck.ts';
import { PipeSchedule } from './pipe-schedule.ts';
import { SanitizerRun } from '../sanitizer/sanitizer-run.ts';
import { type CannWording, cannWording } from './cann-wording.ts';
import type { CoreHalt } from './core-abort.ts';
import { CoreContext } from './core-context.ts';
import { spanOf } from './core-trace.ts';
import { KERNEL_DIAGNOSTICS, makeDiagnostic } from '../../diagnostics/index.ts';
import { type KernelProfile, kernelProfile } from './kernel-profile.ts';

/** Most blocks one launch may ask for (illustrative cap; the real limit is 65535 per the launch API). */
export const MAX_BLOCK_DIM = 65535;

/** What starts a launch. */
export interface KernelLaunchOptions {
	product: ProductId;
	mode: RunMode;
	/** CANN version (picks the CPU-debug wording); omitted: the product's default. */
	cann?: string;
	/** Number of cores (`<<<blockDim, …>>>` or ICPU_RUN_KF's numBlocks). */
	blockDim: number;
	recorder: Recorder;
	/**
	 * Pid the CPU-debug `error happened!` line shows for block 0 (seed 000: 321674); block b
	 * shows pid + b, and the KERNEL_LOG line shows that pid + 4.
	 */
	pid: number;
	/** The `__global__` function, e.g. `add_custom`. */
	kernelName: string;
	/** The user's source file, for backtraces (a relative name prints as `/home/xxxx/<name>`). */
	fileName: string;
	/** Where the launch is in the user's program, for a diagnostic about blockDim. */
	site?: CallSite;
	/**
	 * Whether the cores start in saturation mode (the stream's aclrtFloatOverflowMode); omitted:
	 * the product's default.
	 */
	floatSaturation?: boolean;
}

/** How a launch ended. */
export type KernelOutcome = 'completed' | 'hang' | 'abort' | 'exception';

/** A launch's outcome as a run's: a device exception alone (no host to report it) is an error. */
export function runOutcome(outcome: KernelOutcome): Outcome {
	return outcome === 'exception' ? 'error' : outcome;
}

/** What the host side needs from a finished launch. */
export interface KernelRunResult {
	outcome: KernelOutcome;
	kernelName: string;
	blockDim: number;
	mode: RunMode;
	cann: string;
	/** The first core that stopped, with the call it stopped in (for the host's timeout report). */
	stalled?: CoreHalt;
	/** ERROR reports msSanitizer printed for this launch (sanitizer mode; 0 otherwise). */
	sanitizerErrors: number;
	/** Every core that stopped, in block order. */
	halts: CoreHalt[];
	/** Blocks that ran to the end of the kernel. */
	completedBlocks: number[];
	/** Virtual time (µs) when the launch started and finished. */
	startTime: number;
	endTime: number;
}

/** A running launch; see the file comment. */
export class KernelLaunch {
	readonly product: ProductId;
	readonly mode: RunMode;
	readonly profile: KernelProfile;
	readonly wording: CannWording;
	readonly kernelName: string;
	readonly recorder: Recorder;
	readonly cores: readonly CoreContext[];
	readonly startTime: number;
	readonly #completed = new Set<number>();
	readonly #fileName: string;
	readonly #pid: number;
	#sanitizerErrors = 0;
	/** msSanitizer's checkers, in sanitizer mode. */
	#sanitizer: SanitizerRun | undefined;
	/** Each core's pipe model (pipe-schedule.ts), kept in the trace at the launch's end. */
	readonly #schedules: PipeSchedule[] = [];

	constructor(options: KernelLaunchOptions) {
		this.#fileName = options.fileName;
		this.#pid = options.pid;
		this.product = options.product;
		this.mode = options.mode;
		this.profile = kernelProfile(options.product);
		this.wording = cannWording(
			options.cann ?? this.profile.defaultCann.value,
			this.profile.defaultCann.value,
		);
		this.kernelName = options.kernelName;
		this.recorder = options.recorder;
		this.startTime = options.recorder.clock.now;
		let blockDim = options.blockDim;
		if (!Number.isInteger(blockDim) || blockDim < 1 || blockDim > MAX_BLOCK_DIM) {
			const span = options.site ? spanOf(options.site) : { line: 1, column: 1 };
			this.recorder.diagnostic(
				makeDiagnostic(KERNEL_DIAGNOSTICS, 'block-dim-invalid', span, {
					blockDim: String(blockDim),
					max: MAX_BLOCK_DIM,
				}),
			);
			blockDim = Math.min(
				MAX_BLOCK_DIM,
				Math.max(1, Math.trunc(Number.isFinite(blockDim) ? blockDim : 1)),
			);
		}
		const productName = PRODUCT_BASES[options.product].name;
		const cores: CoreContext[] = [];
		for (let b = 0; b < blockDim; b++) {
			cores.push(
				new CoreContext({
					blockIdx: b,
					blockNum: blockDim,
					recorder: options.recorder,
					mode: options.mode,
					profile: this.profile,
					product: options.product,
					productName,
					wording: this.wording,
					pid: options.pid + b,
					fileName: options.fileName,
					...(options.floatSaturation !== undefined
						? { floatSaturation: options.floatSaturation }
						: {}),
				}),
			);
		}
		this.cores = cores;
		if (this.mode === 'sanitizer') {
			this.#sanitizer = new SanitizerRun();
			for (const core of cores) this.#sanitizer.watch(core);
		} else if (this.mode === 'npu') {
			// Nothing on the device reports a race: racing reads see stale bytes and the simulator
			// diagnoses it (racecheck.ts).
			const races = new Racecheck(true);
			for (const core of cores) races.watch(core);
		}
		const launch = this.recorder.nextPipeLaunch();
		for (const core of cores) this.#schedules.push(watchPipes(core, launch, this.kernelName));
	}

	/** Number of cores. */
	get blockDim(): number {
		return this.cores.length;
	}

	/**
	 * Runs `body` once per core in block order, catching each core's Halt. In CPU mode the run
	 * stops after the first abort (the framework reports the failed core and the process ends).
	 * Anything thrown that is not a Halt (a bug, or a limit that stops the run) propagates.
	 */
	run(body: (core: CoreContext) => void): KernelRunResult {
		for (const core of this.cores) {
			try {
				body(core);
				this.blockDone(core);
			} catch (error) {
				if (!isHalt(error)) throw error;
				this.noteHalt(core, error);
				if (this.mode === 'cpu' && error.kind === 'abort') break;
			} finally {
				// A finished block's local memories are never read again; their pages go back
				// to the budget so a loop of launches does not add them up.
				core.releaseStores();
			}
		}
		if (this.#sanitizer) this.#sanitizerErrors = this.#printSanitizerReports(this.#sanitizer);
		for (const schedule of this.#schedules) {
			const facts = schedule.facts();
			if (facts) this.recorder.pipes(facts);
		}
		return this.finish();
	}

	/** Prints the sanitizer's reports of this launch; returns how many are ERRORs. */
	#printSanitizerReports(sanitizer: SanitizerRun): number {
		const reports = sanitizer.reports(this.kernelName, this.#fileName);
		for (const { lines, error } of reports) {
			const level = error ? 'ERROR' : 'WARNING';
			for (const text of lines)
				this.recorder.log({ text, channel: 'screen', pid: this.#pid, level });
		}
		return reports.filter((r) => r.error).length;
	}

	/** Marks a core as having run to the end of the kernel. */
	blockDone(core: CoreContext): void {
		if (!core.halt) this.#completed.add(core.blockIdx);
	}

	/**
	 * Notes a Halt that stopped `core`. The kernel API already records its own; this is for
	 * Halts raised elsewhere (e.g. the interpreter's step budget), recorded as that core's stop.
	 */
	noteHalt(core: CoreContext, halt: Halt): void {
		if (core.halt) return;
		const kind = halt.kind === 'abort' || halt.kind === 'exception' ? halt.kind : 'hang';
		core.trace.halt = {
			blockIdx: core.blockIdx,
			kind,
			call: '(interpreter)',
			reason: halt.reason,
			code: '',
			site: { stack: [] },
			step: this.recorder.stepCount,
		};
	}

	/**
	 * The result so far: abort if any core aborted, else exception if any core raised one (the
	 * task fails as soon as a core traps, whatever the others do), else hang if any hung, else
	 * completed.
	 */
	finish(): KernelRunResult {
		const halts = this.cores.flatMap((c) => (c.halt ? [c.halt] : []));
		const outcome: KernelOutcome = halts.some((h) => h.kind === 'abort')
			? 'abort'
			: halts.some((h) => h.kind === 'exception')
				? 'exception'
				: halts.length > 0
					? 'hang'
					: 'completed';
		const result: KernelRunResult = {
			outcome,
			sanitizerErrors: this.#sanitizerErrors,
			kernelName: this.kernelName,
			blockDim: this.blockDim,
			mode: this.mode,
			cann: this.wording.version,
			halts,
			completedBlocks: [...this.#completed].sort((a, b) => a - b),
			startTime: this.startTime,
			endTime: this.recorder.clock.now,
		};
		const first = halts.find((h) => h.kind === outcome) ?? halts[0];
		if (first) result.stalled = first;
		return result;
	}
}

/** Follows `core`'s accesses and syncs in a pipe schedule, after the observers already set. */
function watchPipes(core: CoreContext, launch: number, kernel: string): PipeSchedule {
	const schedule = new PipeSchedule(launch, kernel, core.blockIdx);
	const access = core.onAccess;
	const sync = core.onSync;
	core.onAccess = (site, call, accesses, pipe) => {
		access?.(site, call, accesses, pipe);
		schedule.access(site, call, accesses, pipe);
	};
	core.onSync = (site, call, s) => {
		sync?.(site, call, s);
		schedule.sync(site, call, s);
	};
	return schedule;
}

/**
 * Starts a kernel launch and returns its per-block core contexts.
 *
 * @example
 * const launch = createKernelLaunch({ product: 'atlas-training', mode: 'cpu', blockDim: 8,
 *   recorder, pid: 321674, kernelName: 'add_custom', fileName: 'add_custom.cpp' });
 * const result = launch.run((core) => {
 *   const pipe = core.createTPipe(site, 'pipe');
 *   const inQueueX = core.createTQue(site, 'VECIN', 2, 'inQueueX');
 *   pipe.InitBuffer(site, inQueueX, 2, 256 * 2);
 *   const x = inQueueX.AllocTensor(site, 'half');
 *   inQueueX.EnQue(site, x);
 *   inQueueX.FreeTensor(site, inQueueX.DeQue(site, 'half'));
 * });
 * result.outcome; // 'completed' | 'hang' | 'abort'
 */
export function createKernelLaunch(options: KernelLaunchOptions): KernelLaunch {
	return new KernelLaunch(options);
}
