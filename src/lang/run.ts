/**
 * The interpreter's public entry: run one C++ program (an Ascend C kernel, an AscendCL host
 * program, or both) on the simulator, with the user's actions, and return the trace.
 *
 * A program with `main` runs as host processes on one simulated machine: each `run` action
 * spawns a process; `wait`, `signal` and `suspend` actions after it are delivered while that
 * process runs (when virtual time reaches them) or after it ends. A program without `main`
 * launches every `__global__` kernel with synthetic GM buffers.
 */
import { opExecuteTimeoutUs } from '../sim/host/acl/op-timeout.ts';
import { VirtualClock } from '../sim/clock.ts';
import { Halt, isHalt } from '../sim/halt.ts';
import {
	HOST_PROFILES,
	KERNEL_COMPLETED,
	Machine,
	ProcessParked,
	SIGNALS,
	type KernelOutcome as HostKernelOutcome,
} from '../sim/host/index.ts';
import {
	createKernelLaunch,
	type KernelLaunchOptions,
	type KernelRunResult,
} from '../sim/kernel/index.ts';
import { MAX_BLOCK_DIM, runOutcome } from '../sim/kernel/kernel-launch.ts';
import type { CoreFault } from '../sim/host/acl/device-fault-log.ts';
import type { GmBuffer } from '../sim/kernel/global-tensor.ts';
import type { MemorySnapshot } from '../sim/kernel/memory-snapshot.ts';
import { PRODUCT_BASES } from '../sim/product.ts';
import type { RunLimits } from '../sim/limits.ts';
import { Recorder } from '../sim/recorder.ts';
import type { RunHooks } from '../sim/run-progress.ts';
import { HcclWorld, type PassRecord } from '../sim/hccl/hccl-world.ts';
import { MAX_RANKS, type Action, type RunRequest } from '../sim/run-request.ts';
import type { CallSite, Diagnostic, Leak, Outcome, Trace } from '../sim/trace.ts';
import { releaseOf } from './heap-blocks.ts';
import { createBindings, num, type SimEnv } from './bindings/index.ts';
import { Compiler, type LaunchKernel } from './compiler.ts';
import { langDiagnostic } from './diagnostics.ts';
import type { FuncDef } from './func-def.ts';
import { parseProject } from './parse.ts';
import { Project } from './project.ts';
import {
	limitsOf,
	recorderLimits,
	sourceTooLarge,
	stopOutcome,
	summariseDropped,
} from './run-limits.ts';
import { Frame, Runtime } from './runtime.ts';
import { T, type CType } from './types.ts';
import { ArrayStore, FuncValue, ObjectStore, Ptr, type Value } from './values.ts';
import { ProgramFileSystem } from './std/file-system.ts';
import { ThreadScheduler } from './thread-scheduler.ts';
import { GmArray } from './gm-array.ts';
import { kernelBudget } from './kernel-budget.ts';
import { kernelParamPointer } from './kernel-inputs.ts';
import { MemoryWatch } from './memory-watch.ts';
import { HCCL_DIAGNOSTICS, makeDiagnostic } from '../diagnostics/index.ts';

/** Bytes of each synthetic GM buffer when the request does not say (1 MiB, illustrative). */
export const DEFAULT_GM_BYTES = 1 << 20;

/** Pid the CPU-debug lines of a kernel run without `main` show for block 0 (seed 000). */
export const KERNEL_ONLY_PID = 321674;

/** Outcomes from best to worst; a scenario's outcome is the worst of its runs. */
const SEVERITY: Record<Outcome, number> = {
	completed: 0,
	error: 1,
	hang: 2,
	abort: 3,
	rejected: 4,
};

/**
 * Runs `request.source`: `main` if the program has one, otherwise every `__global__` kernel on
 * `request.blocks` blocks with synthetic GM buffers, executing `request.actions` against one
 * simulated machine. Never throws: whatever the input, the result is a trace whose outcome is
 * `completed`, `error`, `hang`, `abort` or `rejected`.
 */
export function run(request: RunRequest, hooks: RunHooks = {}): Trace {
	const limits = limitsOf(request);
	let previous: PassRecord | undefined;
	for (let pass = 1; ; pass++) {
		const world = new HcclWorld(request.product, previous);
		const trace = runPass(request, limits, world, hooks);
		const settled = !world.used || world.settled();
		if (settled || pass >= MAX_PASSES || trace.outcome === 'rejected') {
			if (world.used) trace.hccl = world.facts(pass, settled);
			if (!settled && world.used && trace.outcome !== 'rejected')
				trace.diagnostics.push(
					makeDiagnostic(
						HCCL_DIAGNOSTICS,
						'hccl-ranks-unsettled',
						{ line: 1, column: 1 },
						{ passes: pass },
					),
				);
			return trace;
		}
		previous = world.record();
	}
}

/**
 * Most passes a run of several ranks takes (see hccl-world.ts); each settles at least one more
 * rendezvous, so only a program whose ranks keep changing what they do ends here unsettled
 * (illustrative bound).
 */
export const MAX_PASSES = 32;

/** One pass of `request` (every rank from the start) against `world`. */
function runPass(request: RunRequest, limits: RunLimits, world: HcclWorld, hooks: RunHooks): Trace {
	const recorder = new Recorder(new VirtualClock(), recorderLimits(limits));
	const state: RunState = { hooks };
	let outcome: Outcome;
	try {
		outcome = runInner(request, limits, recorder, state, world);
		for (const d of world.findings) recorder.diagnostic(d);
	} catch (error) {
		// A stop outside any process or kernel (while compiling): the program cannot run.
		stopOutcome(error, recorder, state.rt);
		outcome = 'rejected';
	}
	try {
		state.machine?.flushSeries();
	} catch {
		// Series are a view; a failure here must not hide the outcome.
	}
	let snapshot: MemorySnapshot | undefined;
	try {
		snapshot = state.memory?.result();
	} catch (error) {
		// Copying generated pages can exhaust the memory budget too; the run's outcome stands.
		stopOutcome(error, recorder, state.rt);
	}
	summariseDropped(recorder, limits);
	try {
		const trace = recorder.finish(outcome);
		const outputs = state.files?.outputs() ?? [];
		if (outputs.length > 0) trace.files = outputs;
		if (snapshot) trace.memory = snapshot;
		return trace;
	} catch {
		return {
			outcome: 'rejected',
			log: [],
			diagnostics: [...recorder.diagnostics],
			steps: [],
			series: [],
			leaks: [],
			calls: {},
		};
	}
}

/**
 * Everything the interpreter can say about `request.source` without running it: preprocessor,
 * syntax and name-resolution diagnostics (unknown calls, types, unsupported constructs), for an
 * editor to show as you type. Never throws.
 */
export function checkProgram(
	request: Pick<RunRequest, 'source' | 'product' | 'mode'> & Partial<RunRequest>,
): Diagnostic[] {
	const limits = limitsOf(request);
	const recorder = new Recorder(new VirtualClock(), recorderLimits(limits));
	const state: RunState = { hooks: {}, compileOnly: true };
	try {
		runInner(request as RunRequest, limits, recorder, state);
	} catch (error) {
		stopOutcome(error, recorder, state.rt);
	}
	return [...recorder.diagnostics];
}

/** What the boundary of a run learns from inside it. */
interface RunState {
	hooks: RunHooks;
	compileOnly?: boolean;
	/** The runtime of the scenario's own program (where a stop with no place is reported). */
	rt?: Runtime;
	machine?: Machine;
	/** The memory copy the request asked for. */
	memory?: MemoryWatch;
	/** The run's program files (what the program wrote comes back in the trace). */
	files?: ProgramFileSystem;
}

/** A compiled program: what running its `main` as a process, or its kernels alone, needs. */
interface Unit {
	env: SimEnv;
	rt: Runtime;
	compiler: Compiler;
	parsed: ReturnType<typeof parseProject>;
	runKernel: RunKernel;
	memory: MemoryWatch;
}

type RunKernel = (
	kernel: FuncDef,
	blocks: number,
	args: Value[],
	pid: number,
	site?: CallSite,
	/** Whether the launch's stream saturates float results (undefined: the product's default). */
	saturation?: boolean,
) => KernelEnd;

/** A program with `main`, ready to start as processes. */
interface HostProgram {
	main: FuncDef;
	env: SimEnv;
	rt: Runtime;
	compiler: Compiler;
}

function runInner(
	request: RunRequest,
	limits: RunLimits,
	recorder: Recorder,
	state: RunState,
	world?: HcclWorld,
): Outcome {
	// The files every process and program of this run reads and writes: the data files given
	// with the program, and what they write (an output file, the ranks' root-info hand-over).
	const files = new ProgramFileSystem(new Project(request));
	state.files = files;
	const unit = compileUnit(request, limits, recorder, files, state, true);
	if (typeof unit === 'string') return unit;
	const { env, rt, compiler, parsed, runKernel, memory } = unit;
	if (state.compileOnly) {
		const hasEntry = compiler.findFunction('main') || compiler.kernels().length > 0;
		if (!hasEntry) recorder.diagnostic(langDiagnostic('entry-missing', { line: 1, column: 1 }));
		return hasEntry ? 'completed' : 'rejected';
	}
	const actions: readonly Action[] =
		request.actions && request.actions.length > 0 ? request.actions : [{ do: 'run' }];
	const main = compiler.findFunction('main');
	if (main) {
		const ranks = rankCount(request);
		// A job of more ranks than the server has cards gets a card per rank (illustrative).
		const deviceCount =
			request.deviceCount ??
			(ranks > HOST_PROFILES[request.product].devicesPerServer.value ? ranks : undefined);
		const m = new Machine({
			product: request.product,
			recorder,
			maxStoredSteps: limits.maxTraceSteps,
			...(request.cann ? { cann: request.cann } : {}),
			...(deviceCount !== undefined ? { deviceCount } : {}),
			...(request.env ? { env: request.env } : {}),
			...(request.limits ? { limits: request.limits } : {}),
			...(request.unusableDevices ? { unusableDevices: request.unusableDevices } : {}),
			...(world ? { hccl: world } : {}),
			files,
		});
		state.machine = m;
		env.machine = m;
		// The other programs a `run` action names, compiled when first started.
		const others = new Map<string, HostProgram | undefined>();
		const programFor = (name: string | undefined): HostProgram | undefined => {
			if (name === undefined || name === request.fileName) return { main, env, rt, compiler };
			if (others.has(name)) return others.get(name);
			const source = request.programs?.[name];
			if (source === undefined) throw new Error(`no program "${name}" in the request's programs`);
			let program: HostProgram | undefined;
			const other = compileUnit(
				{ ...request, source, fileName: name },
				limits,
				recorder,
				files,
				state,
				false,
			);
			const otherMain = typeof other === 'string' ? undefined : other.compiler.findFunction('main');
			if (typeof other !== 'string' && otherMain) {
				other.env.machine = m;
				program = { main: otherMain, env: other.env, rt: other.rt, compiler: other.compiler };
			}
			others.set(name, program);
			return program;
		};
		return runHost(m, actions, programFor, ranks);
	}
	const kernels = compiler.kernels();
	if (kernels.length === 0) {
		recorder.diagnostic(langDiagnostic('entry-missing', { line: 1, column: 1 }));
		return 'rejected';
	}
	const blocks = request.blocks ?? 1;
	const gmBytes = request.gmBytes ?? DEFAULT_GM_BYTES;
	let worst: Outcome = 'completed';
	for (const action of actions) {
		if (action.do !== 'run') {
			if (action.do === 'wait') recorder.clock.advance(action.ms * 1000);
			continue;
		}
		for (const kernel of kernels) {
			const params = compiler.params(kernel);
			const span = parsed.map.position(kernel.node!.from);
			recorder.diagnostic(
				langDiagnostic('kernel-synthetic-args', span, {
					name: kernel.name,
					blocks,
					bytes: gmBytes,
				}),
			);
			const args = params.map((p): Value => {
				if (p.type.k !== 'ptr') return compiler.defaultOf(p.type);
				const { ptr, buffer } = kernelParamPointer(
					p.name,
					p.type.to,
					request,
					gmBytes,
					recorder.memory,
				);
				memory.buffers.push(buffer);
				return ptr;
			});
			rt.generation++;
			let outcome: Outcome;
			try {
				for (const init of compiler.globalInits) init(new Frame(0, null));
				const result = runKernel(kernel, blocks, args, KERNEL_ONLY_PID);
				outcome = runOutcome(result.outcome);
				if (result.sanitizerErrors > 0) outcome = worse(outcome, 'error');
			} catch (error) {
				outcome = stopOutcome(error, recorder, rt);
			}
			rt.flush();
			rt.releaseAutos(0);
			worst = worse(worst, outcome);
		}
	}
	return worst;
}

/**
 * Parses and compiles `request.source`; an outcome when it cannot run (`rejected`). The
 * `primary` unit is the scenario's own program: its runtime and memory copy go to `state`.
 */
function compileUnit(
	request: RunRequest,
	limits: RunLimits,
	recorder: Recorder,
	files: ProgramFileSystem,
	state: RunState,
	primary: boolean,
): Unit | Outcome {
	const fileName = request.fileName ?? 'main.cpp';
	const tooLarge = sourceTooLarge(request.source, limits);
	if (tooLarge) {
		recorder.diagnostic(tooLarge);
		return 'rejected';
	}
	state.hooks.onProgress?.({ phase: 'compile', steps: 0, logLines: 0, memory: 0, depth: 0 });
	const predefined: Record<string, string> = {
		__NPU_ARCH__: String(PRODUCT_BASES[request.product]?.npuArch.value ?? 2201),
		__cplusplus: '201703',
	};
	if (request.mode === 'cpu') {
		predefined['ASCENDC_CPU_DEBUG'] = '1';
		predefined['__CCE_KT_TEST__'] = '1';
	}
	for (const [name, value] of Object.entries(request.defines ?? {}))
		if (/^[A-Za-z_]\w*$/.test(name) && name !== '__proto__') predefined[name] = String(value);
	for (const name of request.undefines ?? []) delete predefined[name];
	const project = new Project(request);
	const parsed = parseProject(project, { predefined, maxNesting: limits.maxNesting });
	for (const d of parsed.diagnostics) recorder.diagnostic(d);
	if (parsed.diagnostics.some((d) => d.severity === 'error')) return 'rejected';

	const env: SimEnv = {
		product: request.product,
		mode: request.mode,
		cann: request.cann,
		recorder,
		fileName,
		machine: undefined,
		proc: undefined,
		core: undefined,
		handlers: new Map(),
		gmBuffers: new Map(),
		sawError: false,
		kernelOutcome: 'completed',
		launches: 0,
		tiling: request.tiling ?? {},
		tilingKey: request.tilingKey ?? smallestTilingKey(parsed.pre.text),
		threads: undefined as unknown as ThreadScheduler,
		files,
		apiCounters: [],
	};
	const rt = new Runtime(recorder, parsed.map, fileName, limits, env, state.hooks);
	if (primary) state.rt = rt;
	env.threads = new ThreadScheduler(rt, recorder);
	const memory = new MemoryWatch(recorder, env, primary ? request.snapshot : undefined);
	if (primary) state.memory = memory;
	let compiler!: Compiler;
	// A smart pointer's object is deleted as `delete` does: destructor, then the block.
	const bindings = createBindings(env, (p) => {
		if (rt.blocks.freed(p.base) && p.base instanceof ObjectStore)
			compiler.destroyValue(p.base.target);
	});
	const paramCache = new Map<FuncDef, Array<{ name: string; type: CType }>>();

	const runKernel: RunKernel = (kernel, blocks, args, pid, site, saturation) => {
		const compiled = kernel.compiled!;
		if (
			compiled.empty &&
			Number.isInteger(blocks) &&
			blocks >= 1 &&
			blocks <= MAX_BLOCK_DIM &&
			rt.steps + blocks < rt.nextCheck
		) {
			// An empty body only counts one step per block and flushes output: no core can stop
			// and no slow check falls due, so the launch completes exactly as running it would,
			// without building a launch of `blocks` cores that nothing would touch.
			env.launches++;
			let params = paramCache.get(kernel);
			if (!params) paramCache.set(kernel, (params = compiler.params(kernel)));
			for (let i = 0; i < args.length; i++)
				nameKernelArg(args[i], params[i]?.name ?? `arg${i}`, env);
			rt.steps += blocks;
			rt.flush();
			return EMPTY_KERNEL_END;
		}
		const options: KernelLaunchOptions = {
			product: request.product,
			mode: request.mode,
			blockDim: blocks,
			recorder,
			pid,
			kernelName: kernel.name,
			fileName,
		};
		if (request.cann) options.cann = request.cann;
		if (site) options.site = site;
		if (saturation !== undefined) options.floatSaturation = saturation;
		const launch = createKernelLaunch(options);
		memory.launched(launch.cores);
		env.launches++;
		// The kernel runs on a call stack of its own; the host's is put back as it was.
		const saved = rt.stack;
		rt.stack = [];
		let params = paramCache.get(kernel);
		if (!params) paramCache.set(kernel, (params = compiler.params(kernel)));
		const kargs = new Array<Value>(args.length);
		for (let i = 0; i < args.length; i++)
			kargs[i] = toKernelArg(args[i], params[i]?.name ?? `arg${i}`, env, params[i]?.type);
		const profile = env.machine?.profile ?? HOST_PROFILES[request.product];
		const acl = env.proc?.acl;
		const timeoutUs = acl ? opExecuteTimeoutUs(acl) : profile.kernelTimeoutUs.value;
		const budget = kernelBudget(rt, kernel.name, profile, timeoutUs);
		try {
			const result = launch.run((core) => {
				env.core = core;
				if (rt.stack.length > 0) rt.stack.length = 0;
				const mark = rt.autos.length;
				budget.begin();
				try {
					compiled.invoke(null, kargs);
				} catch (error) {
					rt.flush();
					throw budget.stopCore(error, core);
				} finally {
					// A halted core leaves its blocks early; their local arrays end here.
					rt.releaseAutos(mark);
				}
				rt.flush();
			});
			if (
				result.outcome === 'abort' ||
				(result.outcome !== 'completed' && env.kernelOutcome === 'completed')
			) {
				env.kernelOutcome = result.outcome;
			}
			// A device exception is the runtime's to report (at a later call), not an outcome here.
			return result;
		} finally {
			budget.restore();
			env.core = undefined;
			rt.stack = saved;
		}
	};

	const launch: LaunchKernel = (kernel, blocks, stream, args, call) => {
		const proc = env.proc;
		const pid = proc ? proc.pid + 1 : KERNEL_ONLY_PID;
		const site = call.site();
		if (!proc) {
			const result = runKernel(kernel, blocks, args, pid, site);
			// An msSanitizer ERROR fails the run, whatever the program does next (issue 14).
			if (result.sanitizerErrors > 0) env.sawError = true;
			return 0;
		}
		// The runtime decides whether the body runs now, is captured into a graph (and run at each
		// replay), or the launch is refused; each run of it is a fresh launch of the kernel.
		const run = (saturation: boolean): HostKernelOutcome => {
			const result = runKernel(kernel, blocks, args, pid, site, saturation);
			if (result.sanitizerErrors > 0) env.sawError = true;
			if (result.outcome === 'completed') return KERNEL_COMPLETED;
			const reason = result.stalled?.reason ?? result.outcome;
			if (result.outcome === 'exception')
				return { kind: 'exception', reason, faults: coreFaults(result) };
			if (result.outcome === 'hang') return { kind: 'hang', reason, blocks: hungBlocks(result) };
			return { kind: result.outcome, reason };
		};
		const devicePtrs: number[] = [];
		for (const a of args) if (typeof a === 'number' && a !== 0) devicePtrs.push(a);
		const ret = proc.acl.launchKernel(
			num(stream),
			{ name: kernel.name, blocks, run, args: devicePtrs },
			site,
		);
		if (ret !== 0) env.sawError = true;
		return undefined;
	};
	// CPU debug's launch macro: the kernel runs in forked processes, outside the runtime; a
	// failed check aborts the host program too.
	bindings.functions.set('ICPU_RUN_KF', (call) => {
		const fn = call.args[0];
		const def = fn instanceof FuncValue ? compiler.findFunction(fn.name) : undefined;
		if (!def) return call.rt.stop('call-unknown', call.span, { name: 'ICPU_RUN_KF kernel' });
		const pid = env.proc ? env.proc.pid + 1 : KERNEL_ONLY_PID;
		const result = runKernel(def, num(call.args[1]), call.args.slice(2), pid, call.site());
		if (result.outcome === 'abort' && env.proc) {
			env.proc.terminateBySignal(SIGNALS.SIGABRT);
			throw new Halt('abort', result.stalled?.reason ?? 'kernel aborted', SIGNALS.SIGABRT);
		}
		return undefined;
	});

	compiler = new Compiler(parsed, { bindings, rt, launch });
	compiler.compileProgram(parsed.tree.topNode);
	for (const d of compiler.diagnostics) recorder.diagnostic(d);
	if (compiler.diagnostics.some((d) => d.severity === 'error')) return 'rejected';
	return { env, rt, compiler, parsed, runKernel, memory };
}

/** Runs the host scenario: one process per `run` action, other actions delivered in time. */
function runHost(
	machine: Machine,
	actions: readonly Action[],
	programFor: (name: string | undefined) => HostProgram | undefined,
	ranks: number,
): Outcome {
	let worst: Outcome = 'completed';
	const tally: SuspendTally = { failed: 0 };
	let i = 0;
	// Actions before the first run (e.g. a suspend on an idle device).
	while (i < actions.length && actions[i]!.do !== 'run') deliverIdle(actions[i++]!, machine, tally);
	while (i < actions.length) {
		const start = actions[i++]! as Extract<Action, { do: 'run' }>;
		const pending: Array<{ action: Action; due: number }> = [];
		let due = machine.clock.now;
		while (i < actions.length && actions[i]!.do !== 'run') {
			const a = actions[i++]!;
			if (a.do === 'wait') due += a.ms * 1000;
			pending.push({ action: a, due });
		}
		const program = programFor(start.program);
		// A background program (a holder, a tenant) is one process; the job's program runs as its ranks.
		const name = processName(start.program);
		const outcome = !program
			? 'rejected'
			: ranks > 1 && start.background !== true
				? runRanks(program, machine, pending, tally, ranks, name)
				: runProcess(program, machine, pending, tally, start.background === true, name);
		worst = worse(worst, outcome);
		// What the process did not live to see happens now.
		for (const p of pending) {
			if (p.action.do === 'wait') {
				if (p.due > machine.clock.now) machine.wait((p.due - machine.clock.now) / 1000);
			} else deliverIdle(p.action, machine, tally);
		}
	}
	return tally.failed > 0 ? worse(worst, 'error') : worst;
}

/** Counts suspends that failed in a scenario (a failed suspend makes the outcome `error`). */
interface SuspendTally {
	failed: number;
}

function suspend(machine: Machine, tally: SuspendTally): void {
	if (!machine.suspend().ok) tally.failed++;
}

function deliverIdle(action: Action, machine: Machine, tally: SuspendTally): void {
	switch (action.do) {
		case 'wait':
			machine.wait(action.ms);
			return;
		case 'suspend':
			suspend(machine, tally);
			return;
		case 'npu-smi':
			machine.npuSmi();
			return;
		case 'signal': {
			const target = machine.newestLiveProcess();
			if (target) machine.kill(target.pid, SIGNALS[action.signal]);
			else machine.recorder.step('user', 'kill', [`-${SIGNALS[action.signal]}`], 'no such process');
			return;
		}
		default:
			return;
	}
}

/**
 * The name a process shows in plog lines and npu-smi: `main` for the scenario's own program,
 * the file name without its extension for another one it starts (`other-tenant.cpp` → other-tenant).
 */
function processName(program: string | undefined): string {
	return program === undefined ? 'main' : program.replace(/\.(?:cpp|asc)$/, '');
}

export { MAX_RANKS };

/** How many ranks each `run` action starts (1 unless the request asks for more). */
function rankCount(request: RunRequest): number {
	const n = request.ranks ?? 1;
	return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_RANKS) : 1;
}

/**
 * One `run` of a job of `ranks` processes: rank r runs the program with RANK_ID=r,
 * RANK_SIZE=ranks and DEVICE_ID=r, all starting now on clock lanes of their own, so they run at
 * once in virtual time though one after another here. Signals and suspends due meanwhile reach
 * every rank, as Ctrl-C reaches every process of a job started from one terminal.
 */
function runRanks(
	program: HostProgram,
	machine: Machine,
	pending: Array<{ action: Action; due: number }>,
	tally: SuspendTally,
	ranks: number,
	name: string,
): Outcome {
	const clock = machine.clock;
	const start = clock.now;
	const home = clock.lane;
	let end = start;
	let worst: Outcome = 'completed';
	let left = pending;
	for (let r = 0; r < ranks; r++) {
		const mine = pending.map((p) => ({ ...p }));
		const rank = {
			env: { RANK_ID: String(r), RANK_SIZE: String(ranks), DEVICE_ID: String(r) },
			start,
		};
		worst = worse(worst, runProcess(program, machine, mine, tally, false, name, rank));
		if (clock.now > end) end = clock.now;
		left = mine;
	}
	clock.enterLane(home, end);
	pending.length = 0;
	pending.push(...left);
	return worst;
}

function runProcess(
	{ main, env, rt, compiler }: HostProgram,
	machine: Machine,
	pending: Array<{ action: Action; due: number }>,
	tally: SuspendTally,
	background: boolean,
	name: string,
	rank?: { env: Readonly<Record<string, string>>; start: number },
): Outcome {
	const proc = machine.spawn({ name, background, ...(rank ? { env: rank.env } : {}) });
	// A rank runs on a clock lane of its own (its pid), starting when the job does.
	if (rank) machine.clock.enterLane(proc.pid, rank.start);
	env.proc = proc;
	env.threads.reset(proc.acl, proc.pid);
	env.sawError = false;
	env.kernelOutcome = 'completed';
	env.handlers.clear();
	rt.pid = proc.pid;
	rt.blocks.clear();
	rt.generation++;
	rt.loop = undefined;
	rt.stack.length = 0;
	let killedByUser = false;
	const nextDue = () => (pending.length > 0 ? pending[0]!.due : Number.POSITIVE_INFINITY);
	rt.dueAt = nextDue();
	rt.objects = () => {
		const h = proc.acl.held();
		return h.allocations + h.hostAllocations + h.streams + h.events + h.contexts + h.models;
	};
	rt.onCheck = () => {
		while (pending.length > 0 && machine.clock.now >= pending[0]!.due && proc.alive) {
			const { action } = pending.shift()!;
			rt.dueAt = nextDue();
			if (action.do === 'suspend') suspend(machine, tally);
			else if (action.do === 'npu-smi') machine.npuSmi();
			else if (action.do === 'signal') {
				const signo = SIGNALS[action.signal];
				const delivery = machine.kill(proc.pid, signo);
				if (delivery.action === 'handler') {
					const fn = env.handlers.get(delivery.handler);
					const depth = rt.stack.length;
					fn?.call([signo]);
					rt.stack.length = depth;
					proc.handlerReturned();
				} else if (delivery.action === 'terminated') {
					killedByUser = true;
					throw haltSignal(signo);
				}
			}
		}
		rt.dueAt = nextDue();
	};
	let outcome: Outcome;
	try {
		for (const init of compiler.globalInits) init(new Frame(0, null));
		const argv = new Ptr(ArrayStore.of(['main', null], { k: 'ptr', to: T.char }, 'argv'), 0, {
			k: 'ptr',
			to: T.char,
		});
		// Deliver actions already due at start (e.g. `run` then `signal` with no wait).
		rt.check();
		const code = num(main.compiled!.invoke(null, [1, argv]));
		rt.flush();
		// The process ends at main's closing brace.
		const end = rt.map.position(Math.max(0, main.node!.to - 1));
		reportHeapLeaks(rt, machine, proc.pid);
		proc.returnFromMain(code, { stack: [{ func: 'main', line: end.line, column: end.column }] });
		outcome = hostOutcome(env, code !== 0);
	} catch (error) {
		rt.flush();
		// A background process stops at its first sleep and keeps what it holds.
		if (error instanceof ProcessParked) return hostOutcome(env, false);
		if (isHalt(error)) outcome = haltOutcome(error, env, killedByUser);
		else outcome = stopOutcome(error, machine.recorder, rt);
		if (proc.alive) proc.terminateBySignal(SIGNALS.SIGKILL);
	} finally {
		rt.releaseAutos(0);
		rt.onCheck = undefined;
		rt.objects = undefined;
		machine.recorder.memory.holdObjects(0);
		rt.dueAt = Number.POSITIVE_INFINITY;
		env.proc = undefined;
		rt.pid = undefined;
	}
	return outcome;
}

/** Host-heap blocks still live when the process returns from main, as leaks (line of each). */
function reportHeapLeaks(rt: Runtime, machine: Machine, pid: number): void {
	for (const b of rt.blocks.live()) {
		const leak: Leak = {
			kind: 'host-heap',
			detail: `${b.what} at line ${b.span.line} was never released with ${releaseOf(b.kind)}`,
			pid,
			span: {
				line: b.span.line,
				column: b.span.column,
				...(b.span.file ? { file: b.span.file } : {}),
			},
			bytes: b.bytes,
		};
		machine.recorder.leak(leak);
	}
}

function hostOutcome(env: SimEnv, failedExit: boolean): Outcome {
	if (env.kernelOutcome === 'abort') return 'abort';
	if (env.kernelOutcome === 'hang') return 'hang';
	return env.sawError || failedExit || env.kernelOutcome === 'exception' ? 'error' : 'completed';
}

/** The faulting cores of a launch that ended in a device exception, for the runtime's report. */
/** The blocks of a launch that never finished (the cores a timeout report names). */
function hungBlocks(result: KernelEnd): number[] {
	return result.halts.flatMap((h) => (h.kind === 'hang' ? [h.blockIdx] : []));
}

function coreFaults(result: KernelEnd): CoreFault[] {
	return result.halts.flatMap((h) =>
		h.fault
			? [{ blockIdx: h.blockIdx, errorCode: h.fault.errorCode, errorStr: h.fault.errorStr }]
			: [],
	);
}

function haltOutcome(halt: Halt, env: SimEnv, killedByUser: boolean): Outcome {
	switch (halt.kind) {
		case 'exit':
			return hostOutcome(env, halt.code !== 0);
		case 'abort':
			return 'abort';
		case 'hang':
			return 'hang';
		case 'exception':
			return 'error';
		case 'signal':
			return killedByUser ? hostOutcome(env, false) : 'abort';
	}
}

function haltSignal(signo: number): Halt {
	return new Halt('signal', `killed by signal ${signo}`, signo);
}

/** The smallest key a kernel's `TILING_KEY_IS(k)` tests (0 when it tests none). */
function smallestTilingKey(text: string): number {
	let min: number | undefined;
	for (const m of text.matchAll(/\bTILING_KEY_IS\s*\(\s*(\d+)[uUlL]*\s*\)/g)) {
		const k = Number(m[1]);
		if (min === undefined || k < min) min = k;
	}
	return min ?? 0;
}

/** What the runner reads from a finished launch. */
type KernelEnd = Pick<KernelRunResult, 'outcome' | 'stalled' | 'halts' | 'sanitizerErrors'>;

/** How every launch of an empty kernel ends. */
const EMPTY_KERNEL_END: KernelEnd = Object.freeze({
	outcome: 'completed',
	halts: [],
	sanitizerErrors: 0,
});

function worse(a: Outcome, b: Outcome): Outcome {
	return SEVERITY[b] > SEVERITY[a] ? b : a;
}

/** A kernel argument: host device addresses become GM pointers into their allocation. */
function toKernelArg(v: Value, name: string, env: SimEnv, type?: CType): Value {
	if (!env.proc) return v;
	// A pointer the host passes that no allocation holds (nullptr, a stray address) is still an
	// address to the NPU: touching it raises a device exception (global-tensor.ts, unmapped).
	const pointer = type !== undefined && (type.k === 'ptr' || type.k === 'unknown');
	if (pointer && env.mode === 'npu' && (v === null || v === 0)) return unmappedArg(0, name);
	if (typeof v !== 'number' || v === 0) return v;
	const alloc = env.proc.acl.findDeviceAllocation(v);
	if (!alloc) return pointer && env.mode === 'npu' ? unmappedArg(v, name) : v;
	return new Ptr(gmView(alloc, name, env), v - alloc.base, T.u8);
}

/**
 * What passing `v` to a kernel parameter named `name` leaves behind when the body is empty and
 * no pointer is made: the allocation's view, named after the first parameter it reaches.
 */
function nameKernelArg(v: Value, name: string, env: SimEnv): void {
	if (!env.proc || typeof v !== 'number' || v === 0) return;
	const alloc = env.proc.acl.findDeviceAllocation(v);
	if (alloc) gmView(alloc, name, env);
}

/**
 * The view a kernel reads and writes allocation `alloc` through. The runtime keeps the
 * allocation's contents (copies move them); the view is named after the parameter the allocation
 * first reaches, one view per allocation (kept by its base address: a later allocation at the
 * same address gets its own). The view holds no bytes of its own, so a launch that touches none
 * costs no memory.
 */
function gmView(
	alloc: { readonly base: number; readonly buffer: { name: string; readonly bytes: number } },
	name: string,
	env: SimEnv,
): GmBuffer {
	const known = env.gmBuffers.get(alloc.base);
	if (known?.contentsOf === alloc.buffer) return known;
	alloc.buffer.name = name;
	const buffer = new GmArray(name, alloc.buffer.bytes, undefined, { contentsOf: alloc.buffer });
	env.gmBuffers.set(alloc.base, buffer);
	return buffer;
}

/** A GM pointer at `address` that no device allocation maps. */
function unmappedArg(address: number, name: string): Ptr {
	const buffer: GmBuffer = { name, bytes: 0, unmapped: true };
	return new Ptr(buffer, address, T.u8);
}
