/**
 * The AscendCL runtime of one simulated process: the API the C++ interpreter binds to.
 *
 * Every call takes the user's {@link CallSite} last, costs virtual time, records one step and
 * returns the real `aclError` (0 = ACL_SUCCESS). Pointer out-parameters come back as fields of
 * the result (`aclrtMalloc(size, policy, site) → { ret, ptr }`). Handles are plain numbers and 0
 * is nullptr (a null stream is the current context's default stream, as in AscendCL).
 *
 * Kernel launches and async copies complete asynchronously on their stream: a failure is kept on
 * the stream and reported by the next synchronize, with the log lines the real runtime prints.
 *
 * Argument checks, where the documents give no specific code: a null pointer or handle, a zero
 * size or a bad enum returns ACL_ERROR_INVALID_PARAM (100000); a handle that is not (or no
 * longer) a live object of this process returns ACL_ERROR_RT_PARAM_INVALID (107000).
 */
import { Halt } from '../halt.ts';
import { makeDiagnostic } from '../diagnostic.ts';
import type { Recorder } from '../recorder.ts';
import type { CallSite, SourceSpan, StateChange } from '../trace.ts';
import { ACL_ERROR, aclErrorLabel, type AclError } from './acl-error.ts';
import {
	ACL_EVENT_FLAGS,
	ACL_EVENT_RECORDED_STATUS,
	ACL_EVENT_STATUS,
	ACL_MEMCPY_KIND,
	ACL_STREAM_FAILURE_MODE,
} from './acl-constants.ts';
import type { Device } from './device.ts';
import { mallocFootprint } from './device-memory.ts';
import { HOST_DIAGNOSTICS } from './host-diagnostics.ts';
import { formatPlogLine, formatScreenCode, hex, type PlogLevel } from './host-log.ts';
import type {
	AclEvent,
	Allocation,
	Context,
	HostAllocation,
	Model,
	Stream,
} from './host-resources.ts';
import {
	COPY_BYTES_PER_US,
	DEFAULT_KERNEL_US,
	HOST_COST_US,
	NEW_EVENT_LINE_GAP_US,
	OLD_EVENT_LINE_GAPS_US,
} from './host-timing.ts';
import type { HostProcess } from './host-process.ts';
import type { Machine } from './machine.ts';
import { SIGNALS, signalName } from './signals.ts';

/** How a kernel ended, as the kernel-side simulator found when the interpreter ran its body. */
export type KernelOutcome =
	| { kind: 'completed' }
	/** A core waits forever (NPU): the device reports a timeout at the next synchronize. */
	| { kind: 'hang'; reason: string }
	/** A device exception (bad address, trap): reported at the next synchronize. */
	| { kind: 'exception'; reason: string; trap?: boolean }
	/** A CPU-debug check fired: the process gets SIGABRT now. */
	| { kind: 'abort'; reason: string };

/** The outcome of a kernel that ran to the end (shared, so hot loops allocate nothing). */
export const KERNEL_COMPLETED: KernelOutcome = Object.freeze({ kind: 'completed' });

/** What `kernel<<<blocks, l2ctrl, stream>>>(args)` hands to {@link AclRuntime.launchKernel}. */
export interface KernelLaunch {
	/** Kernel function name, e.g. `add_custom`; shown in logs as the fault kernel. */
	name: string;
	blocks: number;
	outcome: KernelOutcome;
	/** Device run time in microseconds (default {@link DEFAULT_KERNEL_US}). */
	durationUs?: number;
}

/** `aclrtMalloc` / `aclrtMallocHost`. */
export interface PtrResult {
	ret: AclError;
	ptr: number;
}
/** `aclrtCreateStream`. */
export interface StreamResult {
	ret: AclError;
	stream: number;
}
/** `aclrtCreateEvent` / `aclrtCreateEventWithFlag`. */
export interface EventResult {
	ret: AclError;
	event: number;
}
/** `aclrtCreateContext` / `aclrtGetCurrentContext`. */
export interface ContextResult {
	ret: AclError;
	context: number;
}
/** `aclmdlLoadFromFile`. */
export interface ModelResult {
	ret: AclError;
	modelId: number;
}
/** `aclrtQueryEvent` / `aclrtQueryEventStatus`. */
export interface StatusResult {
	ret: AclError;
	status: number;
}
/** `aclrtGetMemInfo`. */
export interface MemInfoResult {
	ret: AclError;
	free: number;
	total: number;
}
/** `aclrtGetDevice`, `aclrtGetDeviceCount`, `aclrtGetEventAvailNum`. */
export interface CountResult {
	ret: AclError;
	value: number;
}

/** A snapshot of what a process holds, for tests and the state view. */
export interface HeldResources {
	deviceBytes: number;
	allocations: number;
	hostAllocations: number;
	/** Streams created with aclrtCreateStream (default streams excluded). */
	streams: number;
	events: number;
	/** Event resources held (recorded, not yet reset or destroyed). */
	eventResources: number;
	/** Contexts created with aclrtCreateContext. */
	contexts: number;
	models: number;
	/** Model streams this process holds on devices (a stale one belongs to the device). */
	modelStreams: number;
	/** Devices set and not reset. */
	devices: number;
}

/** The model stream's task that is running: seed 002's unbind line shows `task.task_id=3`. */
export const MODEL_RUNNING_TASK_ID = 3;

/** Where aclrtMallocHost addresses start (illustrative). */
export const HOST_ADDRESS_BASE = 0xfffe00000000;

/**
 * The seed's old event lines show the calling thread 8 ids after the pid (18401 → 18409); newer
 * sources show the pid itself (234708 → 234708), so only the old wording uses this offset.
 */
export const OLD_WORDING_TID_OFFSET = 8;

const { ACL_SUCCESS } = ACL_ERROR;
const EMPTY: readonly string[] = Object.freeze([]);
const NO_SPAN: SourceSpan = Object.freeze({ line: 0, column: 0 });
/** Shared empty step extras, so steps past the stored cap allocate nothing. */
const NO_EXTRA = Object.freeze({});

/** A device binding of this process: aclrtSetDevice's reference count and default context. */
interface DeviceBinding {
	count: number;
	context: Context;
	site: CallSite;
}

/** One process's AscendCL runtime; see the file comment. */
export class AclRuntime {
	readonly #machine: Machine;
	readonly #process: HostProcess;
	readonly #recorder: Recorder;
	#actor: string;
	#initialized = false;
	/**
	 * The current context of each host thread (0 is the thread running main): AscendCL binds a
	 * context to the calling thread, so a thread that never called aclrtSetDevice or
	 * aclrtSetCurrentContext has none and gets ACL_ERROR_RT_CONTEXT_NULL (107002).
	 */
	readonly #currentOf = new Map<number, Context>();
	/** The host thread making calls now. */
	#thread = 0;
	readonly #bindings = new Map<number, DeviceBinding>();
	readonly #contexts = new Map<number, Context>();
	readonly #streams = new Map<number, Stream>();
	readonly #events = new Map<number, AclEvent>();
	readonly #allocations = new Map<number, Allocation>();
	readonly #hostAllocations = new Map<number, HostAllocation>();
	readonly #models = new Map<number, Model>();
	/** Data buffers and datasets: host-only descriptors, not device resources. */
	readonly #descriptors = new Set<number>();
	#hostTop = HOST_ADDRESS_BASE;
	#deviceBytes = 0;
	#recentErrMsg: string | null = null;
	/** The last non-zero aclError any call returned (one host thread per process). */
	#lastError: AclError = ACL_SUCCESS;
	/** State deltas for the next recorded step (only collected while steps are stored). */
	#changes: StateChange[] | undefined;
	readonly #prefix: string;

	constructor(machine: Machine, process: HostProcess) {
		this.#machine = machine;
		this.#process = process;
		this.#recorder = machine.recorder;
		this.#actor = `host:${process.pid}`;
		this.#prefix = `pid${process.pid}`;
	}

	/** The thread the following calls come from (0: main); each has its own current context. */
	setThread(thread: number): void {
		this.#thread = thread;
		this.#actor = thread === 0 ? `host:${this.#process.pid}` : `host:${this.#process.pid}:t${thread}`;
	}

	get #current(): Context | undefined {
		return this.#currentOf.get(this.#thread);
	}

	set #current(context: Context | undefined) {
		if (context) this.#currentOf.set(this.#thread, context);
		else this.#currentOf.delete(this.#thread);
	}

	// ── initialisation ───────────────────────────────────────────────────────────────────────

	/** `aclInit(configPath)`; a second call returns ACL_ERROR_REPEAT_INITIALIZE (100002). */
	aclInit(configPath: string | null, site: CallSite): AclError {
		this.#cost(HOST_COST_US.aclInit);
		let ret: AclError = ACL_SUCCESS;
		if (this.#initialized) ret = ACL_ERROR.ACL_ERROR_REPEAT_INITIALIZE;
		else this.#initialized = true;
		return this.#step(
			'aclInit',
			[configPath === null ? 'nullptr' : JSON.stringify(configPath)],
			ret,
			site,
		);
	}

	/** `aclFinalize()`; without aclInit it returns ACL_ERROR_REPEAT_FINALIZE (100037). */
	aclFinalize(site: CallSite): AclError {
		this.#cost(HOST_COST_US.aclFinalize);
		let ret: AclError = ACL_SUCCESS;
		if (!this.#initialized) ret = ACL_ERROR.ACL_ERROR_REPEAT_FINALIZE;
		else {
			this.#raceCheck('aclFinalize', site);
			this.#initialized = false;
		}
		return this.#step('aclFinalize', EMPTY, ret, site);
	}

	// ── devices and contexts ─────────────────────────────────────────────────────────────────

	/** `aclrtSetDevice(deviceId)`: reference counted; the first call makes the default context. */
	aclrtSetDevice(deviceId: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.setDevice);
		const args = this.#detailed() ? [String(deviceId)] : EMPTY;
		if (!this.#initialized)
			return this.#step('aclrtSetDevice', args, ACL_ERROR.ACL_ERROR_UNINITIALIZE, site);
		const device = this.#machine.device(deviceId);
		if (!device)
			return this.#step('aclrtSetDevice', args, ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID, site);
		const binding = this.#bindings.get(deviceId);
		if (binding) this.#raceCheck('aclrtResetDevice', site);
		if (binding) {
			binding.count++;
			this.#current = binding.context;
			if (this.#detailed())
				this.#note(`${this.#prefix}.device${deviceId}`, `set ×${binding.count}`);
			return this.#step('aclrtSetDevice', args, ACL_SUCCESS, site);
		}
		const context = this.#newContext(device, true, site);
		if (!context)
			return this.#step('aclrtSetDevice', args, ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, site);
		this.#bindings.set(deviceId, { count: 1, context, site });
		this.#current = context;
		if (this.#detailed()) this.#note(`${this.#prefix}.device${deviceId}`, 'set ×1');
		return this.#step('aclrtSetDevice', args, ACL_SUCCESS, site);
	}

	/**
	 * `aclrtResetDevice(deviceId)`: drops one reference; the last one waits for the default
	 * context's tasks and releases it with every stream created in it. Resetting a device this
	 * process has not set succeeds and does nothing.
	 */
	aclrtResetDevice(deviceId: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.resetDevice);
		const args = this.#detailed() ? [String(deviceId)] : EMPTY;
		if (!this.#machine.device(deviceId))
			return this.#step('aclrtResetDevice', args, ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID, site);
		const binding = this.#bindings.get(deviceId);
		if (binding) {
			if (this.#detailed())
				this.#note(
					`${this.#prefix}.device${deviceId}`,
					binding.count > 1 ? `set ×${binding.count - 1}` : null,
				);
		}
		if (binding && --binding.count === 0) {
			this.#bindings.delete(deviceId);
			this.#waitContext(binding.context);
			this.#dropContext(binding.context);
		}
		return this.#step('aclrtResetDevice', args, ACL_SUCCESS, site);
	}

	/** `aclrtResetDeviceForce(deviceId)`: releases the device whatever its reference count. */
	aclrtResetDeviceForce(deviceId: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.resetDevice);
		const args = this.#detailed() ? [String(deviceId)] : EMPTY;
		if (!this.#machine.device(deviceId))
			return this.#step(
				'aclrtResetDeviceForce',
				args,
				ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID,
				site,
			);
		const binding = this.#bindings.get(deviceId);
		if (binding) {
			this.#raceCheck('aclrtResetDeviceForce', site);
			this.#bindings.delete(deviceId);
			if (this.#detailed()) this.#note(`${this.#prefix}.device${deviceId}`, null);
			this.#waitContext(binding.context);
			this.#dropContext(binding.context);
		}
		return this.#step('aclrtResetDeviceForce', args, ACL_SUCCESS, site);
	}

	/** `aclrtGetDevice(&deviceId)`: the current context's device. */
	aclrtGetDevice(site: CallSite): CountResult {
		this.#cost(HOST_COST_US.call);
		const context = this.#current;
		const ret = context ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
		this.#step('aclrtGetDevice', EMPTY, ret, site);
		return { ret, value: context ? context.device.id : -1 };
	}

	/** `aclrtGetDeviceCount(&count)`. */
	aclrtGetDeviceCount(site: CallSite): CountResult {
		this.#cost(HOST_COST_US.call);
		this.#step('aclrtGetDeviceCount', EMPTY, ACL_SUCCESS, site);
		return { ret: ACL_SUCCESS, value: this.#machine.deviceCount };
	}

	/** `aclrtCreateContext(&context, deviceId)`: a new context, made current. */
	aclrtCreateContext(deviceId: number, site: CallSite): ContextResult {
		this.#cost(HOST_COST_US.createContext);
		const args = this.#detailed() ? [String(deviceId)] : EMPTY;
		if (!this.#initialized)
			return {
				ret: this.#step('aclrtCreateContext', args, ACL_ERROR.ACL_ERROR_UNINITIALIZE, site),
				context: 0,
			};
		const device = this.#machine.device(deviceId);
		if (!device)
			return {
				ret: this.#step('aclrtCreateContext', args, ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID, site),
				context: 0,
			};
		const context = this.#newContext(device, false, site);
		if (!context)
			return {
				ret: this.#step(
					'aclrtCreateContext',
					args,
					ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
					site,
				),
				context: 0,
			};
		this.#contexts.set(context.handle, context);
		this.#current = context;
		this.#step('aclrtCreateContext', args, ACL_SUCCESS, site, `context=${hex(context.handle)}`);
		return { ret: ACL_SUCCESS, context: context.handle };
	}

	/** `aclrtDestroyContext(context)`: releases it and every stream in it. */
	aclrtDestroyContext(context: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(context)] : EMPTY;
		if (context === 0)
			return this.#step('aclrtDestroyContext', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		const found = this.#contexts.get(context);
		if (!found)
			return this.#step('aclrtDestroyContext', args, ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID, site);
		this.#raceCheck('aclrtDestroyContext', site);
		this.#contexts.delete(context);
		this.#waitContext(found);
		this.#dropContext(found);
		return this.#step('aclrtDestroyContext', args, ACL_SUCCESS, site);
	}

	/** `aclrtSetCurrentContext(context)`. */
	aclrtSetCurrentContext(context: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(context)] : EMPTY;
		const found = this.#findContext(context);
		if (!found)
			return this.#step(
				'aclrtSetCurrentContext',
				args,
				context === 0 ? ACL_ERROR.ACL_ERROR_INVALID_PARAM : ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID,
				site,
			);
		this.#current = found;
		return this.#step('aclrtSetCurrentContext', args, ACL_SUCCESS, site);
	}

	/** `aclrtGetCurrentContext(&context)`. */
	aclrtGetCurrentContext(site: CallSite): ContextResult {
		this.#cost(HOST_COST_US.call);
		const context = this.#current;
		const ret = context ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
		this.#step('aclrtGetCurrentContext', EMPTY, ret, site);
		return { ret, context: context ? context.handle : 0 };
	}

	// ── streams ──────────────────────────────────────────────────────────────────────────────

	/**
	 * `aclrtCreateStream(&stream)` in the current context. Past the device's stream limit it
	 * returns ACL_ERROR_RT_RESOURCE_ALLOC_FAIL (207005) with the `Alloc sq cq failed` plog line
	 * (and the EE1023 screen line from CANN 8.5), as in ascend-facts D.6.
	 */
	aclrtCreateStream(site: CallSite): StreamResult {
		this.#cost(HOST_COST_US.createStream);
		const context = this.#needContext();
		if (typeof context === 'number')
			return { ret: this.#step('aclrtCreateStream', EMPTY, context, site), stream: 0 };
		const device = context.device;
		if (!device.streams.take()) {
			this.#plog(
				'ERROR',
				'RUNTIME',
				`[stream.cc:728]${this.#process.pid} Setup:Alloc sq cq failed, stream_id=${device.streams.inUse}, retCode=0x7020023.`,
			);
			if (this.#machine.cann.eventAllocWording === 'rt-pair-ee1023') {
				this.#screen(
					'Resource_Error(EE1023): Alloc Stream resource failed. Reason: Too many streams are created.',
				);
			}
			return {
				ret: this.#step(
					'aclrtCreateStream',
					EMPTY,
					ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
					site,
				),
				stream: 0,
			};
		}
		context.streamCount++;
		const stream = this.#newStream(context, false, site);
		this.#streams.set(stream.handle, stream);
		if (this.#detailed())
			this.#note(`${this.#prefix}.stream.${hex(stream.handle)}`, `stream ${stream.id}`);
		if (this.#detailed()) this.#note(`device${device.id}.streams`, device.streams.inUse);
		this.#step('aclrtCreateStream', EMPTY, ACL_SUCCESS, site, `stream=${hex(stream.handle)}`);
		return { ret: ACL_SUCCESS, stream: stream.handle };
	}

	/** `aclrtDestroyStream(stream)`: waits for its tasks, then releases it. */
	aclrtDestroyStream(stream: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.destroyStream);
		const args = this.#detailed() ? [hex(stream)] : EMPTY;
		if (stream === 0)
			return this.#step('aclrtDestroyStream', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		const found = this.#streams.get(stream);
		if (!found)
			return this.#step('aclrtDestroyStream', args, ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID, site);
		this.#raceCheck('aclrtDestroyStream', site);
		this.#advanceTo(found.busyUntil);
		this.#streams.delete(stream);
		found.context.streamCount--;
		found.context.device.streams.give();
		if (this.#detailed()) this.#note(`${this.#prefix}.stream.${hex(stream)}`, null);
		if (this.#detailed())
			this.#note(`device${found.context.device.id}.streams`, found.context.device.streams.inUse);
		return this.#step('aclrtDestroyStream', args, ACL_SUCCESS, site);
	}

	/**
	 * `aclrtDestroyStreamForce(stream)`: destroys without waiting; its unfinished tasks are
	 * dropped, and so is a failure no synchronize reported yet.
	 */
	aclrtDestroyStreamForce(stream: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.destroyStream);
		const args = this.#detailed() ? [hex(stream)] : EMPTY;
		if (stream === 0)
			return this.#step('aclrtDestroyStreamForce', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		const found = this.#streams.get(stream);
		if (!found)
			return this.#step(
				'aclrtDestroyStreamForce',
				args,
				ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID,
				site,
			);
		this.#raceCheck('aclrtDestroyStreamForce', site);
		this.#streams.delete(stream);
		found.context.streamCount--;
		found.context.device.streams.give();
		if (this.#detailed()) this.#note(`${this.#prefix}.stream.${hex(stream)}`, null);
		if (this.#detailed())
			this.#note(`device${found.context.device.id}.streams`, found.context.device.streams.inUse);
		return this.#step('aclrtDestroyStreamForce', args, ACL_SUCCESS, site);
	}

	/** `aclrtSetStreamFailureMode(stream, mode)`: ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1). */
	aclrtSetStreamFailureMode(stream: number, mode: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(stream), String(mode)] : EMPTY;
		const found = this.#resolveStream(stream);
		if (typeof found === 'number')
			return this.#step('aclrtSetStreamFailureMode', args, found, site);
		if (
			mode !== ACL_STREAM_FAILURE_MODE.ACL_CONTINUE_ON_FAILURE &&
			mode !== ACL_STREAM_FAILURE_MODE.ACL_STOP_ON_FAILURE
		) {
			return this.#step('aclrtSetStreamFailureMode', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		}
		found.stopOnFailure = mode === ACL_STREAM_FAILURE_MODE.ACL_STOP_ON_FAILURE;
		return this.#step('aclrtSetStreamFailureMode', args, ACL_SUCCESS, site);
	}

	/** `aclrtSynchronizeStream(stream)`: waits for the stream; reports its first failure. */
	aclrtSynchronizeStream(stream: number, site: CallSite): AclError {
		return this.#syncStream('aclrtSynchronizeStream', stream, -1, site);
	}

	/**
	 * `aclrtSynchronizeStreamWithTimeout(stream, timeout)`: as above, but after `timeout` ms it
	 * gives up with ACL_ERROR_RT_STREAM_SYNC_TIMEOUT (507046). -1 waits forever.
	 */
	aclrtSynchronizeStreamWithTimeout(stream: number, timeoutMs: number, site: CallSite): AclError {
		return this.#syncStream('aclrtSynchronizeStreamWithTimeout', stream, timeoutMs, site);
	}

	/** `aclrtSynchronizeDevice()`: waits for every stream of this process on the current device. */
	aclrtSynchronizeDevice(site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const context = this.#needContext();
		if (typeof context === 'number')
			return this.#step('aclrtSynchronizeDevice', EMPTY, context, site);
		const device = context.device;
		let target = this.#machine.clock.now;
		for (const s of this.#allStreams())
			if (s.context.device === device && s.busyUntil > target) target = s.busyUntil;
		this.#advanceTo(target);
		let ret: AclError = ACL_SUCCESS;
		for (const s of this.#allStreams()) {
			if (s.context.device !== device) continue;
			const code = this.#reportStreamError(s, true);
			if (code !== ACL_SUCCESS && ret === ACL_SUCCESS) ret = code;
		}
		return this.#step('aclrtSynchronizeDevice', EMPTY, ret, site);
	}

	// ── kernels ──────────────────────────────────────────────────────────────────────────────

	/**
	 * `kernel<<<blocks, l2ctrl, stream>>>(args)`: queues the kernel on `stream` (0 = default
	 * stream). The interpreter has already run the body and passes its outcome: a hang or a
	 * device exception is reported by the next synchronize; an `abort` (CPU debug) ends the
	 * process with SIGABRT at once and throws a {@link Halt} of kind `abort`.
	 */
	launchKernel(stream: number, launch: KernelLaunch, site: CallSite): AclError {
		const clock = this.#machine.clock;
		clock.advance(HOST_COST_US.launch);
		const detailed = this.#detailed();
		const args = detailed ? [launch.name, String(launch.blocks), hex(stream)] : EMPTY;
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step('launchKernel', args, s, site);
		const refused = this.#stoppedContext(s.context);
		if (refused !== ACL_SUCCESS) return this.#step('launchKernel', args, refused, site);
		const outcome = launch.outcome;
		if (outcome.kind === 'abort') {
			this.#rawStep('launchKernel', args, `abort: ${outcome.reason}`, site);
			this.#process.terminateBySignal(SIGNALS.SIGABRT);
			throw new Halt('abort', outcome.reason, SIGNALS.SIGABRT);
		}
		const start = s.busyUntil > clock.now ? s.busyUntil : clock.now;
		const taskId = s.taskCount++;
		if (outcome.kind === 'completed') {
			s.busyUntil = start + (launch.durationUs ?? DEFAULT_KERNEL_US);
			return this.#step('launchKernel', args, ACL_SUCCESS, site);
		}
		const vector = this.#machine.profile.kernelCore.value === 'vector';
		let end: number;
		let code: number;
		if (outcome.kind === 'hang') {
			end = start + this.#machine.profile.kernelTimeoutUs.value;
			code = vector
				? ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT
				: ACL_ERROR.ACL_ERROR_RT_AICORE_TIMEOUT;
		} else {
			end = start + (launch.durationUs ?? DEFAULT_KERNEL_US);
			code = outcome.trap
				? ACL_ERROR.ACL_ERROR_RT_AICORE_TRAP_EXCEPTION
				: vector
					? ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION
					: ACL_ERROR.ACL_ERROR_RT_AICORE_EXCEPTION;
		}
		s.busyUntil = end;
		if (!s.error) {
			s.error = {
				code,
				at: end,
				kind: outcome.kind === 'hang' ? 'timeout' : 'exception',
				kernel: launch.name,
				taskId,
				reason: outcome.reason,
			};
		}
		if (s.stopOnFailure && !s.context.failure) s.context.failure = { code, at: end };
		return this.#step(
			'launchKernel',
			args,
			ACL_SUCCESS,
			site,
			`queued; fails at ${end}us: ${outcome.reason}`,
		);
	}

	// ── events ───────────────────────────────────────────────────────────────────────────────

	/** `aclrtCreateEvent(&event)`: no device resource is taken until aclrtRecordEvent. */
	aclrtCreateEvent(site: CallSite): EventResult {
		return this.#createEvent('aclrtCreateEvent', 0, site);
	}

	/** `aclrtCreateEventWithFlag(&event, flag)`, e.g. ACL_EVENT_SYNC (0x1). */
	aclrtCreateEventWithFlag(flag: number, site: CallSite): EventResult {
		return this.#createEvent('aclrtCreateEventWithFlag', flag, site);
	}

	/**
	 * `aclrtRecordEvent(event, stream)`: captures the stream's queued tasks and takes a device
	 * event resource if the event holds none. With none left it prints the version's event-id
	 * lines (see cann-version.ts) and returns ACL_ERROR_RT_DRV_INTERNAL_ERROR (507899, the code
	 * the application saw on the troubleshooting page, ascend-facts D.3).
	 */
	aclrtRecordEvent(event: number, stream: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.recordEvent);
		const args = this.#detailed() ? [hex(event), hex(stream)] : EMPTY;
		const e = this.#resolveEvent(event);
		if (typeof e === 'number') return this.#step('aclrtRecordEvent', args, e, site);
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step('aclrtRecordEvent', args, s, site);
		const refused = this.#stoppedContext(s.context);
		if (refused !== ACL_SUCCESS) return this.#step('aclrtRecordEvent', args, refused, site);
		const device = s.context.device;
		if (e.holding !== device) {
			if (!device.events.take()) {
				this.#logEventExhausted(device);
				this.#diagnose('event-resource-exhausted', site, {
					limit: device.events.limit,
					device: device.id,
				});
				device.eventSeries.flush();
				return this.#step(
					'aclrtRecordEvent',
					args,
					ACL_ERROR.ACL_ERROR_RT_DRV_INTERNAL_ERROR,
					site,
				);
			}
			if (e.holding) this.#releaseEventResource(e);
			e.holding = device;
			if (this.#detailed()) this.#note(`device${device.id}.events`, device.events.inUse);
			device.eventSeries.update(device.events.inUse);
		}
		e.recorded = true;
		if (this.#detailed()) this.#note(`${this.#prefix}.event.${hex(e.handle)}`, 'recorded');
		e.completeAt = s.busyUntil;
		e.failedCode = s.context.failure && s.error ? s.error.code : 0;
		return this.#step('aclrtRecordEvent', args, ACL_SUCCESS, site);
	}

	/** `aclrtStreamWaitEvent(stream, event)`: later tasks on `stream` wait for the event. */
	aclrtStreamWaitEvent(stream: number, event: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(stream), hex(event)] : EMPTY;
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step('aclrtStreamWaitEvent', args, s, site);
		const e = this.#resolveEvent(event);
		if (typeof e === 'number') return this.#step('aclrtStreamWaitEvent', args, e, site);
		if (!this.#syncFlag(e))
			this.#diagnose('event-wait-plain', site, { version: this.#machine.cann.version });
		if (e.recorded && e.completeAt > s.busyUntil) s.busyUntil = e.completeAt;
		return this.#step('aclrtStreamWaitEvent', args, ACL_SUCCESS, site);
	}

	/**
	 * `aclrtResetEvent(event, stream)`: returns the event's resource for reuse. From CANN 8.5 a
	 * plain aclrtCreateEvent event must not be reset: the call returns 0 but keeps the resource
	 * (the undefined behaviour shows as a leak) and warns.
	 */
	aclrtResetEvent(event: number, stream: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(event), hex(stream)] : EMPTY;
		const e = this.#resolveEvent(event);
		if (typeof e === 'number') return this.#step('aclrtResetEvent', args, e, site);
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step('aclrtResetEvent', args, s, site);
		if (!this.#syncFlag(e)) {
			this.#diagnose('event-reset-plain', site, { version: this.#machine.cann.version });
			return this.#step(
				'aclrtResetEvent',
				args,
				ACL_SUCCESS,
				site,
				'ACL_SUCCESS (resource kept: undefined behaviour)',
			);
		}
		if (e.holding) this.#releaseEventResource(e);
		e.recorded = false;
		if (this.#detailed()) this.#note(`${this.#prefix}.event.${hex(e.handle)}`, 'reset');
		e.failedCode = 0;
		return this.#step('aclrtResetEvent', args, ACL_SUCCESS, site);
	}

	/** `aclrtDestroyEvent(event)`: frees the event and any resource it holds. */
	aclrtDestroyEvent(event: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(event)] : EMPTY;
		const e = this.#resolveEvent(event);
		if (typeof e === 'number') return this.#step('aclrtDestroyEvent', args, e, site);
		if (e.holding) this.#releaseEventResource(e);
		this.#events.delete(event);
		if (this.#detailed()) this.#note(`${this.#prefix}.event.${hex(event)}`, null);
		return this.#step('aclrtDestroyEvent', args, ACL_SUCCESS, site);
	}

	/** `aclrtQueryEvent(event, &status)` (deprecated): ACL_EVENT_STATUS_COMPLETE (0) or NOT_READY (1). */
	aclrtQueryEvent(event: number, site: CallSite): StatusResult {
		const result = this.#queryEvent('aclrtQueryEvent', event, site);
		const complete = result.status === 1;
		return {
			ret: result.ret,
			status: complete
				? ACL_EVENT_STATUS.ACL_EVENT_STATUS_COMPLETE
				: ACL_EVENT_STATUS.ACL_EVENT_STATUS_NOT_READY,
		};
	}

	/** `aclrtQueryEventStatus(event, &status)`: ACL_EVENT_RECORDED_STATUS_COMPLETE (1) or NOT_READY (0). */
	aclrtQueryEventStatus(event: number, site: CallSite): StatusResult {
		return this.#queryEvent('aclrtQueryEventStatus', event, site);
	}

	/** `aclrtSynchronizeEvent(event)`: waits until the captured tasks are done. */
	aclrtSynchronizeEvent(event: number, site: CallSite): AclError {
		return this.#syncEvent('aclrtSynchronizeEvent', event, -1, site);
	}

	/** `aclrtSynchronizeEventWithTimeout(event, timeout)`: gives up with 507047 after `timeout` ms. */
	aclrtSynchronizeEventWithTimeout(event: number, timeoutMs: number, site: CallSite): AclError {
		return this.#syncEvent('aclrtSynchronizeEventWithTimeout', event, timeoutMs, site);
	}

	/** `aclrtGetEventAvailNum(&count)`: free event resources on the current device. */
	aclrtGetEventAvailNum(site: CallSite): CountResult {
		this.#cost(HOST_COST_US.call);
		const context = this.#needContext();
		if (typeof context === 'number')
			return { ret: this.#step('aclrtGetEventAvailNum', EMPTY, context, site), value: 0 };
		this.#step('aclrtGetEventAvailNum', EMPTY, ACL_SUCCESS, site);
		return { ret: ACL_SUCCESS, value: context.device.events.available };
	}

	// ── memory ───────────────────────────────────────────────────────────────────────────────

	/**
	 * `aclrtMalloc(&devPtr, size, policy)` on the current device. The pool is charged the size
	 * rounded up to 32 plus the product's pad. When it cannot hold that it returns
	 * ACL_ERROR_RT_MEMORY_ALLOCATION (207001) and prints EL0004 on the screen.
	 */
	aclrtMalloc(size: number, policy: number, site: CallSite): PtrResult {
		this.#machine.clock.advance(HOST_COST_US.malloc);
		const args = this.#detailed() ? [String(size), String(policy)] : EMPTY;
		const context = this.#needContext();
		if (typeof context === 'number')
			return { ret: this.#step('aclrtMalloc', args, context, site), ptr: 0 };
		if (!(size > 0) || !Number.isInteger(size))
			return {
				ret: this.#step('aclrtMalloc', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site),
				ptr: 0,
			};
		const device = context.device;
		const bytes = mallocFootprint(size, this.#machine.profile.mallocPadBytes.value);
		const ptr = device.memory.allocate(bytes);
		if (ptr < 0) {
			// EL0004 is the driver's Memory_Allocation_Failure code (ascend-facts D.10); the
			// module filled into its "%s" is our choice: no source shows a filled-in line.
			this.#screenCode('EL0004', 'Failed to allocate memory requested by RUNTIME module.');
			this.#diagnose('device-memory-exhausted', site, {
				size,
				used: device.memory.used,
				capacity: device.memory.capacity,
			});
			device.memorySeries.flush();
			return {
				ret: this.#step('aclrtMalloc', args, ACL_ERROR.ACL_ERROR_RT_MEMORY_ALLOCATION, site),
				ptr: 0,
			};
		}
		this.#allocations.set(ptr, { ptr, size, bytes, device, site });
		if (this.#detailed()) this.#note(`${this.#prefix}.mem.${hex(ptr)}`, size);
		if (this.#detailed()) this.#note(`device${device.id}.memory`, device.memory.used);
		this.#deviceBytes += bytes;
		device.memorySeries.update(device.memory.used);
		this.#step(
			'aclrtMalloc',
			args,
			ACL_SUCCESS,
			site,
			this.#detailed() ? `ptr=${hex(ptr)}` : undefined,
		);
		return { ret: ACL_SUCCESS, ptr };
	}

	/** `aclrtFree(devPtr)`: a pointer aclrtMalloc did not return (or already freed) gives 207002. */
	aclrtFree(ptr: number, site: CallSite): AclError {
		this.#machine.clock.advance(HOST_COST_US.free);
		const args = this.#detailed() ? [hex(ptr)] : EMPTY;
		if (ptr === 0) return this.#step('aclrtFree', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		const allocation = this.#allocations.get(ptr);
		if (!allocation) return this.#step('aclrtFree', args, ACL_ERROR.ACL_ERROR_RT_MEMORY_FREE, site);
		this.#raceCheck('aclrtFree', site);
		this.#freeAllocation(allocation);
		return this.#step('aclrtFree', args, ACL_SUCCESS, site);
	}

	/** `aclrtMallocHost(&hostPtr, size)`: pinned host memory (not charged to the device). */
	aclrtMallocHost(size: number, site: CallSite): PtrResult {
		this.#cost(HOST_COST_US.mallocHost);
		const args = this.#detailed() ? [String(size)] : EMPTY;
		if (!this.#initialized)
			return {
				ret: this.#step('aclrtMallocHost', args, ACL_ERROR.ACL_ERROR_UNINITIALIZE, site),
				ptr: 0,
			};
		if (!(size > 0) || !Number.isInteger(size))
			return {
				ret: this.#step('aclrtMallocHost', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site),
				ptr: 0,
			};
		const ptr = this.#hostTop;
		this.#hostTop += Math.ceil(size / 64) * 64;
		this.#hostAllocations.set(ptr, { ptr, size, site });
		if (this.#detailed()) this.#note(`${this.#prefix}.host.${hex(ptr)}`, size);
		this.#step('aclrtMallocHost', args, ACL_SUCCESS, site, `ptr=${hex(ptr)}`);
		return { ret: ACL_SUCCESS, ptr };
	}

	/** `aclrtFreeHost(hostPtr)`. */
	aclrtFreeHost(ptr: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.free);
		const args = this.#detailed() ? [hex(ptr)] : EMPTY;
		if (ptr === 0)
			return this.#step('aclrtFreeHost', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		if (!this.#hostAllocations.delete(ptr))
			return this.#step('aclrtFreeHost', args, ACL_ERROR.ACL_ERROR_RT_MEMORY_FREE, site);
		if (this.#detailed()) this.#note(`${this.#prefix}.host.${hex(ptr)}`, null);
		return this.#step('aclrtFreeHost', args, ACL_SUCCESS, site);
	}

	/**
	 * `aclrtMemcpy(dst, destMax, src, count, kind)`: synchronous copy. The device side of the
	 * kind must point into live aclrtMalloc memory with `count` bytes to spare.
	 */
	aclrtMemcpy(
		dst: number,
		destMax: number,
		src: number,
		count: number,
		kind: number,
		site: CallSite,
	): AclError {
		this.#cost(HOST_COST_US.memcpy + Math.ceil(count / COPY_BYTES_PER_US));
		const args = this.#detailed()
			? [hex(dst), String(destMax), hex(src), String(count), String(kind)]
			: EMPTY;
		const context = this.#needContext();
		if (typeof context === 'number') return this.#step('aclrtMemcpy', args, context, site);
		return this.#step('aclrtMemcpy', args, this.#checkCopy(dst, destMax, src, count, kind), site);
	}

	/** `aclrtMemcpyAsync(dst, destMax, src, count, kind, stream)`: a copy task on `stream`. */
	aclrtMemcpyAsync(
		dst: number,
		destMax: number,
		src: number,
		count: number,
		kind: number,
		stream: number,
		site: CallSite,
	): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed()
			? [hex(dst), String(destMax), hex(src), String(count), String(kind), hex(stream)]
			: EMPTY;
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step('aclrtMemcpyAsync', args, s, site);
		const refused = this.#stoppedContext(s.context);
		if (refused !== ACL_SUCCESS) return this.#step('aclrtMemcpyAsync', args, refused, site);
		const ret = this.#checkCopy(dst, destMax, src, count, kind);
		if (ret === ACL_SUCCESS) {
			const now = this.#machine.clock.now;
			s.busyUntil =
				(s.busyUntil > now ? s.busyUntil : now) +
				HOST_COST_US.memcpy +
				Math.ceil(count / COPY_BYTES_PER_US);
			s.taskCount++;
		}
		return this.#step('aclrtMemcpyAsync', args, ret, site);
	}

	/** `aclrtMemset(devPtr, maxCount, value, count)`. */
	aclrtMemset(
		ptr: number,
		maxCount: number,
		value: number,
		count: number,
		site: CallSite,
	): AclError {
		this.#cost(HOST_COST_US.memcpy + Math.ceil(count / COPY_BYTES_PER_US));
		const args = this.#detailed()
			? [hex(ptr), String(maxCount), String(value), String(count)]
			: EMPTY;
		const context = this.#needContext();
		if (typeof context === 'number') return this.#step('aclrtMemset', args, context, site);
		let ret: AclError = ACL_SUCCESS;
		if (ptr === 0 || count > maxCount || count < 0) ret = ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		else if (!this.#deviceRange(ptr, count)) ret = ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		return this.#step('aclrtMemset', args, ret, site);
	}

	/** `aclrtGetMemInfo(attr, &free, &total)` for the current device. */
	aclrtGetMemInfo(attr: number, site: CallSite): MemInfoResult {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [String(attr)] : EMPTY;
		const context = this.#needContext();
		if (typeof context === 'number')
			return { ret: this.#step('aclrtGetMemInfo', args, context, site), free: 0, total: 0 };
		const memory = context.device.memory;
		this.#step(
			'aclrtGetMemInfo',
			args,
			ACL_SUCCESS,
			site,
			`free=${memory.capacity - memory.used} total=${memory.capacity}`,
		);
		return { ret: ACL_SUCCESS, free: memory.capacity - memory.used, total: memory.capacity };
	}

	/** The aclrtMalloc block containing `ptr`, for an interpreter that keeps device bytes itself. */
	findDeviceAllocation(ptr: number): { base: number; size: number } | undefined {
		const exact = this.#allocations.get(ptr);
		if (exact) return { base: exact.ptr, size: exact.size };
		for (const a of this.#allocations.values())
			if (ptr >= a.ptr && ptr < a.ptr + a.size) return { base: a.ptr, size: a.size };
		return undefined;
	}

	// ── models ───────────────────────────────────────────────────────────────────────────────

	/**
	 * `aclmdlLoadFromFile(modelPath, &modelId)`: loads a model on the current device and binds a
	 * model stream to it. Model ids start at 512 and model-stream queues at 514 (seed 002).
	 */
	aclmdlLoadFromFile(path: string, site: CallSite): ModelResult {
		this.#cost(HOST_COST_US.modelLoad);
		const args = this.#detailed() ? [JSON.stringify(path)] : EMPTY;
		const context = this.#needContext();
		if (typeof context === 'number')
			return { ret: this.#step('aclmdlLoadFromFile', args, context, site), modelId: 0 };
		if (path === '')
			return {
				ret: this.#step('aclmdlLoadFromFile', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site),
				modelId: 0,
			};
		const device = context.device;
		if (!device.streams.take()) {
			return {
				ret: this.#step(
					'aclmdlLoadFromFile',
					args,
					ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
					site,
				),
				modelId: 0,
			};
		}
		const model: Model = {
			id: device.takeModelId(),
			path,
			device,
			context,
			sqId: device.takeSqId(),
			running: false,
			stale: false,
			site,
		};
		this.#models.set(model.id, model);
		if (this.#detailed()) this.#note(`${this.#prefix}.model.${model.id}`, 'loaded');
		this.#step('aclmdlLoadFromFile', args, ACL_SUCCESS, site, `modelId=${model.id}`);
		return { ret: ACL_SUCCESS, modelId: model.id };
	}

	/**
	 * `aclmdlExecute(modelId, input, output)`: synchronous. If a model stream of an earlier
	 * process is still bound and running on the device, TSCH cannot unbind it: it prints the
	 * `proc_model_stream_unbind` line of seed 002 and the execution fails with
	 * ACL_ERROR_RT_MODEL_EXECUTE (507011).
	 */
	aclmdlExecute(modelId: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [String(modelId)] : EMPTY;
		if (!this.#initialized)
			return this.#step('aclmdlExecute', args, ACL_ERROR.ACL_ERROR_UNINITIALIZE, site);
		const model = this.#models.get(modelId);
		if (!model) return this.#step('aclmdlExecute', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		if (this.#staleUnbind(model))
			return this.#step('aclmdlExecute', args, ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE, site);
		if (!model.running) this.#note(`${this.#prefix}.model.${model.id}`, 'running');
		model.running = true;
		this.#machine.clock.advance(HOST_COST_US.modelExecute);
		return this.#step('aclmdlExecute', args, ACL_SUCCESS, site);
	}

	/**
	 * `aclmdlExecuteAsync(modelId, input, output, stream)`: queues one execution on `stream`
	 * (finish it with aclrtSynchronizeStream). A stale model stream fails it as aclmdlExecute does.
	 */
	aclmdlExecuteAsync(modelId: number, stream: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [String(modelId), hex(stream)] : EMPTY;
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step('aclmdlExecuteAsync', args, s, site);
		const model = this.#models.get(modelId);
		if (!model)
			return this.#step('aclmdlExecuteAsync', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		if (this.#staleUnbind(model))
			return this.#step('aclmdlExecuteAsync', args, ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE, site);
		const refused = this.#stoppedContext(s.context);
		if (refused !== ACL_SUCCESS) return this.#step('aclmdlExecuteAsync', args, refused, site);
		if (!model.running) this.#note(`${this.#prefix}.model.${model.id}`, 'running');
		model.running = true;
		const now = this.#machine.clock.now;
		s.busyUntil = (s.busyUntil > now ? s.busyUntil : now) + HOST_COST_US.modelExecute;
		s.taskCount++;
		return this.#step('aclmdlExecuteAsync', args, ACL_SUCCESS, site);
	}

	/** `aclmdlUnload(modelId)`: unbinds and frees the model stream. */
	aclmdlUnload(modelId: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [String(modelId)] : EMPTY;
		const model = this.#models.get(modelId);
		if (!model) return this.#step('aclmdlUnload', args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		this.#raceCheck('aclmdlUnload', site);
		this.#dropModel(model);
		return this.#step('aclmdlUnload', args, ACL_SUCCESS, site);
	}

	/** `aclCreateDataBuffer(data, size)`: a host-side descriptor; returns its handle (0 on bad input). */
	aclCreateDataBuffer(ptr: number, size: number, site: CallSite): number {
		this.#cost(HOST_COST_US.call);
		const handle = size >= 0 ? this.#machine.nextHandle() : 0;
		if (handle !== 0) this.#descriptors.add(handle);
		this.#rawStep(
			'aclCreateDataBuffer',
			this.#detailed() ? [hex(ptr), String(size)] : EMPTY,
			handle === 0 ? 'nullptr' : hex(handle),
			site,
		);
		return handle;
	}

	/** `aclDestroyDataBuffer(buffer)`. */
	aclDestroyDataBuffer(buffer: number, site: CallSite): AclError {
		return this.#destroyDescriptor('aclDestroyDataBuffer', buffer, site);
	}

	/** `aclmdlCreateDataset()`: a host-side list of data buffers; returns its handle. */
	aclmdlCreateDataset(site: CallSite): number {
		this.#cost(HOST_COST_US.call);
		const handle = this.#machine.nextHandle();
		this.#descriptors.add(handle);
		this.#rawStep('aclmdlCreateDataset', EMPTY, hex(handle), site);
		return handle;
	}

	/** `aclmdlAddDatasetBuffer(dataset, buffer)`. */
	aclmdlAddDatasetBuffer(dataset: number, buffer: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(dataset), hex(buffer)] : EMPTY;
		const ok = this.#descriptors.has(dataset) && this.#descriptors.has(buffer);
		return this.#step(
			'aclmdlAddDatasetBuffer',
			args,
			ok ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_INVALID_PARAM,
			site,
		);
	}

	/** `aclmdlDestroyDataset(dataset)`. */
	aclmdlDestroyDataset(dataset: number, site: CallSite): AclError {
		return this.#destroyDescriptor('aclmdlDestroyDataset', dataset, site);
	}

	// ── errors ───────────────────────────────────────────────────────────────────────────────

	/**
	 * `aclrtPeekAtLastError(level)`: the last error code a call of this process returned, kept
	 * (ascend-facts B.7). The simulator has one host thread, so every level reads the same value.
	 */
	aclrtPeekAtLastError(level: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		this.#rawStep(
			'aclrtPeekAtLastError',
			this.#detailed() ? [String(level)] : EMPTY,
			aclErrorLabel(this.#lastError),
			site,
		);
		return this.#lastError;
	}

	/** `aclrtGetLastError(level)`: as {@link aclrtPeekAtLastError}, then clears it. */
	aclrtGetLastError(level: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const last = this.#lastError;
		this.#lastError = ACL_SUCCESS;
		this.#rawStep(
			'aclrtGetLastError',
			this.#detailed() ? [String(level)] : EMPTY,
			aclErrorLabel(last),
			site,
		);
		return last;
	}

	/** `aclGetRecentErrMsg()`: the last screen error message of this process, or null. */
	aclGetRecentErrMsg(site: CallSite): string | null {
		this.#cost(HOST_COST_US.call);
		this.#rawStep(
			'aclGetRecentErrMsg',
			EMPTY,
			this.#recentErrMsg === null ? 'nullptr' : 'message',
			site,
		);
		return this.#recentErrMsg;
	}

	// ── process-level accounting (called by HostProcess) ─────────────────────────────────────

	/** State deltas noted since the last step (for a step recorded outside this runtime). */
	takeChanges(): StateChange[] {
		const changes = this.#changes ?? [];
		this.#changes = undefined;
		return changes;
	}

	/** What this process holds now. */
	held(): HeldResources {
		let eventResources = 0;
		for (const e of this.#events.values()) if (e.holding) eventResources++;
		let modelStreams = 0;
		for (const m of this.#models.values()) if (!m.stale) modelStreams++;
		return {
			deviceBytes: this.#deviceBytes,
			allocations: this.#allocations.size,
			hostAllocations: this.#hostAllocations.size,
			streams: this.#streams.size,
			events: this.#events.size,
			eventResources,
			contexts: this.#contexts.size,
			models: this.#models.size,
			modelStreams,
			devices: this.#bindings.size,
		};
	}

	/**
	 * Whether this (live) process keeps `device`'s hwts busy: a task queued or running, a model
	 * running, or a stream that has issued tasks and is still open. The last one is what makes
	 * seed 002 case 4 hold whatever instant the suspend arrives: the task queues of a running AI
	 * process stay on hwts until it exits, which is why the fix is to end the process first.
	 */
	busyOn(device: Device): boolean {
		const now = this.#machine.clock.now;
		for (const s of this.#allStreams()) {
			if (s.context.device === device && (s.busyUntil > now || s.taskCount > 0)) return true;
		}
		for (const m of this.#models.values()) if (m.device === device && m.running) return true;
		return false;
	}

	/** Records every resource still held as a leak, with the line that took it (normal exit). */
	reportLeaks(): void {
		const pid = this.#process.pid;
		const recorder = this.#recorder;
		const at = (site: CallSite) => {
			const frame = site.stack[site.stack.length - 1];
			return frame ? ` at line ${frame.line}` : '';
		};
		const leak = (kind: string, detail: string, site: CallSite, bytes?: number) => {
			const entry: Parameters<Recorder['leak']>[0] = { kind, detail, pid };
			const span = spanOf(site);
			if (span !== NO_SPAN) entry.span = span;
			if (bytes !== undefined) entry.bytes = bytes;
			recorder.leak(entry);
		};
		for (const a of this.#allocations.values()) {
			leak(
				'device-memory',
				`aclrtMalloc(${a.size}) at ${hex(a.ptr)}${at(a.site)} was never freed with aclrtFree`,
				a.site,
				a.bytes,
			);
		}
		for (const h of this.#hostAllocations.values()) {
			leak(
				'host-memory',
				`aclrtMallocHost(${h.size}) at ${hex(h.ptr)}${at(h.site)} was never freed with aclrtFreeHost`,
				h.site,
				h.size,
			);
		}
		for (const s of this.#streams.values()) {
			leak(
				'stream',
				`aclrtCreateStream${at(s.site)} was never paired with aclrtDestroyStream`,
				s.site,
			);
		}
		for (const e of this.#events.values()) {
			const held = e.holding ? ' and still holds an event resource' : '';
			leak(
				'event',
				`${e.flags === 0 ? 'aclrtCreateEvent' : 'aclrtCreateEventWithFlag'}${at(e.site)} was never paired with aclrtDestroyEvent${held}`,
				e.site,
			);
		}
		for (const m of this.#models.values()) {
			leak(
				'model',
				`aclmdlLoadFromFile(${JSON.stringify(m.path)})${at(m.site)} was never paired with aclmdlUnload`,
				m.site,
			);
		}
		for (const c of this.#contexts.values()) {
			leak(
				'context',
				`aclrtCreateContext${at(c.site)} was never paired with aclrtDestroyContext`,
				c.site,
			);
		}
		for (const [id, b] of this.#bindings) {
			leak(
				'device',
				`aclrtSetDevice(${id})${at(b.site)} was never paired with aclrtResetDevice`,
				b.site,
			);
		}
	}

	/**
	 * The driver's release at process exit: every device resource of the process goes back to
	 * its device, except model streams a signal handler left running (they stay bound).
	 */
	releaseAll(): void {
		for (const m of [...this.#models.values()]) this.#dropModel(m);
		for (const e of this.#events.values()) {
			if (e.holding) this.#releaseEventResource(e);
			if (this.#detailed()) this.#note(`${this.#prefix}.event.${hex(e.handle)}`, null);
		}
		this.#events.clear();
		for (const a of [...this.#allocations.values()]) this.#freeAllocation(a);
		for (const ptr of this.#hostAllocations.keys())
			if (this.#detailed()) this.#note(`${this.#prefix}.host.${hex(ptr)}`, null);
		this.#hostAllocations.clear();
		for (const c of [...this.#contexts.values()]) this.#dropContext(c);
		this.#contexts.clear();
		for (const [id, b] of this.#bindings) {
			this.#dropContext(b.context);
			if (this.#detailed()) this.#note(`${this.#prefix}.device${id}`, null);
		}
		this.#bindings.clear();
		this.#streams.clear();
		this.#descriptors.clear();
		this.#currentOf.clear();
		this.#initialized = false;
	}

	// ── internals ────────────────────────────────────────────────────────────────────────────

	#cost(us: number): void {
		this.#machine.clock.advance(us);
	}

	#advanceTo(us: number): void {
		const clock = this.#machine.clock;
		if (us > clock.now) clock.advanceTo(us);
	}

	#detailed(): boolean {
		return this.#recorder.stepCount < this.#machine.maxStoredSteps;
	}

	#step(
		call: string,
		args: readonly string[],
		ret: AclError,
		site: CallSite,
		detail?: string,
	): AclError {
		if (ret !== ACL_SUCCESS) this.#lastError = ret;
		const label = aclErrorLabel(ret);
		this.#rawStep(
			call,
			args,
			detail !== undefined && ret === ACL_SUCCESS ? `${label} ${detail}` : label,
			site,
		);
		return ret;
	}

	#rawStep(call: string, args: readonly string[], result: string, site: CallSite): void {
		const recorder = this.#recorder;
		if (recorder.stepCount < this.#machine.maxStoredSteps) {
			const span = spanOf(site);
			const extra: { span?: SourceSpan; changes?: StateChange[] } = {};
			if (span !== NO_SPAN) extra.span = span;
			const changes = this.takeChanges();
			if (changes.length > 0) extra.changes = changes;
			recorder.step(this.#actor, call, args, result, extra);
		} else {
			this.#changes = undefined;
			recorder.step(this.#actor, call, EMPTY, result, NO_EXTRA);
		}
	}

	/**
	 * Notes a state delta (`pid<n>.mem.<ptr>`, `device<n>.memory`, …) for the step being recorded;
	 * `null` removes the path. Skipped once steps are no longer stored.
	 */
	#note(path: string, value: unknown): void {
		if (this.#recorder.stepCount >= this.#machine.maxStoredSteps) return;
		(this.#changes ??= []).push({ path, value });
	}

	#plog(level: PlogLevel, module: string, body: string, colon = true): void {
		const process = this.#process;
		this.#recorder.log({
			text: formatPlogLine(
				level,
				module,
				process.pid,
				process.name,
				this.#machine.clock.now,
				body,
				colon,
			),
			channel: 'plog',
			pid: process.pid,
			level,
		});
	}

	/** A screen line; it also becomes what aclGetRecentErrMsg returns. */
	#screen(text: string): void {
		this.#recorder.log({ text, channel: 'screen', pid: this.#process.pid, level: 'ERROR' });
		this.#recentErrMsg = text;
	}

	#screenCode(code: string, message: string): void {
		this.#screen(formatScreenCode(code, this.#process.pid, this.#machine.clock.now, message));
	}

	#diagnose(code: string, site: CallSite, values: Readonly<Record<string, string | number>>): void {
		this.#recorder.diagnostic(makeDiagnostic(HOST_DIAGNOSTICS, code, spanOf(site), values));
	}

	/** The current context, or the aclError to return when there is none. */
	#needContext(): Context | AclError {
		if (!this.#initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
		return this.#current ?? ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
	}

	#findContext(handle: number): Context | undefined {
		const explicit = this.#contexts.get(handle);
		if (explicit) return explicit;
		for (const b of this.#bindings.values()) if (b.context.handle === handle) return b.context;
		return undefined;
	}

	/** `stream` (0 = current default stream) in the current context, or the aclError. */
	#resolveStream(stream: number): Stream | AclError {
		const context = this.#current;
		if (!this.#initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
		if (!context) return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
		if (stream === 0) return context.defaultStream;
		const found = this.#streams.get(stream);
		if (!found) return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
		// ascend-facts D.9: a stream used outside its context (e.g. after switching device).
		if (found.context !== context) return ACL_ERROR.ACL_ERROR_RT_STREAM_CONTEXT;
		return found;
	}

	#resolveEvent(event: number): AclEvent | AclError {
		if (!this.#initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
		if (event === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		return this.#events.get(event) ?? ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	}

	/** Stop-on-failure: after the failing task ends, the context takes no new tasks. */
	#stoppedContext(context: Context): AclError {
		const failure = context.failure;
		if (failure && this.#machine.clock.now >= failure.at) return failure.code;
		return ACL_SUCCESS;
	}

	#syncFlag(event: AclEvent): boolean {
		return (
			(event.flags & ACL_EVENT_FLAGS.ACL_EVENT_SYNC) !== 0 || this.#machine.cann.plainEventReset
		);
	}

	#newContext(device: Device, isDefault: boolean, site: CallSite): Context | undefined {
		const defaults = this.#machine.profile.defaultStreamsPerContext.value;
		if (!device.streams.take(defaults)) return undefined;
		if (this.#detailed()) this.#note(`device${device.id}.streams`, device.streams.inUse);
		const context = {
			handle: this.#machine.nextHandle(),
			device,
			isDefault,
			streamCount: defaults,
			failure: undefined,
			site,
		} as Omit<Context, 'defaultStream'> as Context;
		context.defaultStream = this.#newStream(context, true, site);
		return context;
	}

	#newStream(context: Context, isDefault: boolean, site: CallSite): Stream {
		return {
			handle: isDefault ? 0 : this.#machine.nextHandle(),
			id: context.device.nextStreamId(),
			context,
			isDefault,
			busyUntil: this.#machine.clock.now,
			error: undefined,
			stopOnFailure: false,
			taskCount: 0,
			site,
		};
	}

	/** Waits for every stream of `context` (destroy and reset wait for unfinished tasks). */
	#waitContext(context: Context): void {
		for (const s of this.#allStreams()) if (s.context === context) this.#advanceTo(s.busyUntil);
	}

	/** Releases `context`, its default streams and every stream created in it. */
	#dropContext(context: Context): void {
		for (const [handle, s] of this.#streams) {
			// Their stream units are in context.streamCount, given back below.
			if (s.context !== context) continue;
			this.#streams.delete(handle);
			if (this.#detailed()) this.#note(`${this.#prefix}.stream.${hex(handle)}`, null);
		}
		for (const m of [...this.#models.values()]) if (m.context === context) this.#dropModel(m);
		context.device.streams.give(context.streamCount);
		context.streamCount = 0;
		if (this.#detailed())
			this.#note(`device${context.device.id}.streams`, context.device.streams.inUse);
		// Every thread that had it current has none now.
		for (const [thread, c] of this.#currentOf) if (c === context) this.#currentOf.delete(thread);
	}

	#dropModel(model: Model): void {
		this.#models.delete(model.id);
		if (this.#detailed()) this.#note(`${this.#prefix}.model.${model.id}`, null);
		const device = model.device;
		device.releaseModelId(model.id);
		if (model.stale) return;
		device.releaseSqId(model.sqId);
		device.streams.give();
	}

	#freeAllocation(allocation: Allocation): void {
		this.#allocations.delete(allocation.ptr);
		if (this.#detailed()) this.#note(`${this.#prefix}.mem.${hex(allocation.ptr)}`, null);
		if (this.#detailed())
			this.#note(
				`device${allocation.device.id}.memory`,
				allocation.device.memory.used - allocation.bytes,
			);
		this.#deviceBytes -= allocation.bytes;
		const device = allocation.device;
		device.memory.release(allocation.ptr, allocation.bytes);
		device.memorySeries.update(device.memory.used);
	}

	#releaseEventResource(event: AclEvent): void {
		const device = event.holding;
		if (!device) return;
		event.holding = undefined;
		device.events.give();
		if (this.#detailed()) this.#note(`device${device.id}.events`, device.events.inUse);
		device.eventSeries.update(device.events.inUse);
	}

	/** Every stream of this process: explicit ones and each context's default stream. */
	*#allStreams(): Generator<Stream> {
		yield* this.#streams.values();
		for (const c of this.#contexts.values()) yield c.defaultStream;
		for (const b of this.#bindings.values()) yield b.context.defaultStream;
	}

	#createEvent(call: string, flags: number, site: CallSite): EventResult {
		this.#cost(HOST_COST_US.createEvent);
		const args = this.#detailed() ? [hex(flags)] : EMPTY;
		const context = this.#needContext();
		if (typeof context === 'number')
			return { ret: this.#step(call, args, context, site), event: 0 };
		const event: AclEvent = {
			handle: this.#machine.nextHandle(),
			flags,
			holding: undefined,
			recorded: false,
			completeAt: 0,
			failedCode: 0,
			site,
		};
		this.#events.set(event.handle, event);
		if (this.#detailed()) this.#note(`${this.#prefix}.event.${hex(event.handle)}`, 'created');
		this.#step(call, args, ACL_SUCCESS, site, `event=${hex(event.handle)}`);
		return { ret: ACL_SUCCESS, event: event.handle };
	}

	/** Status in aclrtEventRecordedStatus terms (1 complete, 0 not ready). */
	#queryEvent(call: string, event: number, site: CallSite): StatusResult {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(event)] : EMPTY;
		const e = this.#resolveEvent(event);
		if (typeof e === 'number') return { ret: this.#step(call, args, e, site), status: 0 };
		const complete = !e.recorded || (e.failedCode === 0 && e.completeAt <= this.#machine.clock.now);
		this.#step(call, args, ACL_SUCCESS, site, complete ? 'COMPLETE' : 'NOT_READY');
		return {
			ret: ACL_SUCCESS,
			status: complete
				? ACL_EVENT_RECORDED_STATUS.ACL_EVENT_RECORDED_STATUS_COMPLETE
				: ACL_EVENT_RECORDED_STATUS.ACL_EVENT_RECORDED_STATUS_NOT_READY,
		};
	}

	#syncEvent(call: string, event: number, timeoutMs: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed()
			? timeoutMs < 0
				? [hex(event)]
				: [hex(event), String(timeoutMs)]
			: EMPTY;
		const e = this.#resolveEvent(event);
		if (typeof e === 'number') return this.#step(call, args, e, site);
		if (!e.recorded) return this.#step(call, args, ACL_SUCCESS, site);
		if (!this.#waitUntil(e.completeAt, timeoutMs)) {
			return this.#step(call, args, ACL_ERROR.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, site);
		}
		return this.#step(call, args, e.failedCode, site);
	}

	#syncStream(call: string, stream: number, timeoutMs: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed()
			? timeoutMs < 0
				? [hex(stream)]
				: [hex(stream), String(timeoutMs)]
			: EMPTY;
		const s = this.#resolveStream(stream);
		if (typeof s === 'number') return this.#step(call, args, s, site);
		if (!this.#waitUntil(s.busyUntil, timeoutMs)) {
			return this.#step(call, args, ACL_ERROR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, site);
		}
		return this.#step(call, args, this.#reportStreamError(s, false), site);
	}

	/**
	 * Waits until `target`, or for `timeoutMs` when that is shorter (negative: no limit).
	 * False when the timeout expired first.
	 */
	#waitUntil(target: number, timeoutMs: number): boolean {
		const clock = this.#machine.clock;
		if (target <= clock.now) return true;
		if (timeoutMs >= 0 && target - clock.now > timeoutMs * 1000) {
			clock.advance(Math.round(timeoutMs * 1000));
			return false;
		}
		clock.advanceTo(target);
		return true;
	}

	/**
	 * If the stream's first failure has happened by now, prints what the runtime prints for it
	 * and returns its code (once: the error is then cleared); otherwise ACL_SUCCESS.
	 */
	#reportStreamError(stream: Stream, deviceSync: boolean): AclError {
		const error = stream.error;
		if (!error || error.at > this.#machine.clock.now) return ACL_SUCCESS;
		stream.error = undefined;
		const pid = this.#process.pid;
		const device = stream.context.device.id;
		const vector = this.#machine.profile.kernelCore.value === 'vector';
		if (error.kind === 'exception') {
			// hicann/runtime:docs/zh/FAQ/如何通过plog日志定位Device侧异常.md (ascend-facts D.12).
			this.#plog(
				'ERROR',
				'RUNTIME',
				`[stars_engine.cc:1321]${pid} ProcLogicCqReport:[INIT][DEFAULT]Task run failed, device_id=${device}, stream_id=${stream.id}, task_id=${error.taskId}, sqe_type=0(ffts), errType=0x1(task exception), sqSwStatus=0`,
			);
			if (vector) {
				this.#plog(
					'ERROR',
					'RUNTIME',
					`[davinic_kernel_task.cc:1219]${pid} PreCheckTaskErr:[INIT][DEFAULT]Kernel task happen error, retCode=0x31, [vector core exception].`,
				);
			}
			this.#plog(
				'ERROR',
				'RUNTIME',
				`[davinic_kernel_task.cc:1143]${pid} PrintErrorInfoForDavinciTask:[INIT][DEFAULT]Aicore kernel execute failed, device_id=${device}, stream_id=${stream.id}, report_stream_id=${stream.id}, task_id=${error.taskId}, flip_num=0, fault kernel_name=${error.kernel}`,
			);
			// ascend-facts D.13 and C: the screen shows EZ9999 after a device exception.
			this.#screen('EZ9999: Inner Error!');
		} else {
			// ascend-facts D.19: a core timeout shows EH9999 and, at device sync, the reason line.
			this.#screen('EH9999: Inner Error!');
			if (deviceSync && vector) {
				this.#recorder.log({
					text: 'rtDeviceSynchronize execute failed, reason=[vector core timeout]',
					channel: 'screen',
					pid,
					level: 'ERROR',
				});
			}
		}
		return error.code;
	}

	/** Prints the event-resource failure in the wording of this run's CANN version. */
	#logEventExhausted(device: Device): void {
		const pid = this.#process.pid;
		const clock = this.#machine.clock;
		const wording = this.#machine.cann.eventAllocWording;
		if (wording === 'drv-trio') {
			// Seed 002, case 2, verbatim apart from pid, thread id and time (no ":" after ")").
			const tid = pid + OLD_WORDING_TID_OFFSET;
			this.#plog('ERROR', 'DRV', '[devdrv] [drvEventIdAlloc 647] error.', false);
			clock.advance(OLD_EVENT_LINE_GAPS_US[0]);
			this.#plog('ERROR', 'RUNTIME', `${tid} EventIdAlloc:drvEventIdAlloc:errorcode = 7`, false);
			clock.advance(OLD_EVENT_LINE_GAPS_US[1]);
			this.#plog('INFO', 'RUNTIME', `${tid} EventIdAlloc:id = -1`, false);
			return;
		}
		// ascend-facts D.3 (canncommercial troubleshooting_0111 / en 800 troubleshooting_0112).
		this.#plog(
			'ERROR',
			'RUNTIME',
			`[event.cc:378]${pid} Record:Event id alloc error, deviceId=${device.id}, tsId=0, retCode=0x7020019!`,
		);
		clock.advance(NEW_EVENT_LINE_GAP_US);
		this.#plog(
			'ERROR',
			'RUNTIME',
			`[api_c.cc:716]${pid} rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019`,
		);
		if (wording === 'rt-pair-ee1023') {
			// hicann/runtime:docs/zh/FAQ/EE1023资源不足问题.md
			this.#screen(
				'Resource_Error(EE1023): Alloc Event resource failed. Reason: Too many events are created.',
			);
		}
	}

	#checkCopy(dst: number, destMax: number, src: number, count: number, kind: number): AclError {
		if (dst === 0 || src === 0 || count < 0 || count > destMax)
			return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		const K = ACL_MEMCPY_KIND;
		const dstDevice =
			kind === K.ACL_MEMCPY_HOST_TO_DEVICE || kind === K.ACL_MEMCPY_DEVICE_TO_DEVICE;
		const srcDevice =
			kind === K.ACL_MEMCPY_DEVICE_TO_HOST || kind === K.ACL_MEMCPY_DEVICE_TO_DEVICE;
		if (
			kind < K.ACL_MEMCPY_HOST_TO_HOST ||
			kind > K.ACL_MEMCPY_INTER_DEVICE_TO_DEVICE ||
			!Number.isInteger(kind)
		) {
			return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		}
		if (dstDevice && !this.#deviceRange(dst, count)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		if (srcDevice && !this.#deviceRange(src, count)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		return ACL_SUCCESS;
	}

	#deviceRange(ptr: number, count: number): boolean {
		const block = this.findDeviceAllocation(ptr);
		return block !== undefined && ptr + count <= block.base + block.size;
	}

	#destroyDescriptor(call: string, handle: number, site: CallSite): AclError {
		this.#cost(HOST_COST_US.call);
		const args = this.#detailed() ? [hex(handle)] : EMPTY;
		if (handle === 0) return this.#step(call, args, ACL_ERROR.ACL_ERROR_INVALID_PARAM, site);
		const ret = this.#descriptors.delete(handle) ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_INVALID_PARAM;
		return this.#step(call, args, ret, site);
	}

	/**
	 * A model stream an earlier process left bound and running blocks TSCH from (re)binding one
	 * on this device: it prints seed 002's `proc_model_stream_unbind` line. True when it did.
	 */
	#staleUnbind(model: Model): boolean {
		const stale = model.device.staleModelStreams[0];
		if (!stale) return false;
		model.device.tsch(
			'ERROR',
			'(cpuid:0)',
			`task_scheduler_engine.c:707 proc_model_stream_unbind: unbind model stream failed, stream is running. stream->model_id=${stale.modelId}, model_id=${model.id}, task.sq_id=${stale.sqId}, task.task_id=${stale.taskId}`,
		);
		return true;
	}

	/**
	 * The handler/driver race of seed 002, case 3: releasing device resources inside a signal
	 * handler while a model of this process runs leaves its model stream bound and running.
	 */
	#raceCheck(call: string, site: CallSite): void {
		const signo = this.#process.handlingSignal;
		if (signo === 0) return;
		for (const m of this.#models.values()) {
			if (!m.running) continue;
			const device = m.device;
			if (m.stale) continue;
			m.stale = true;
			if (this.#detailed())
				this.#note(
					`device${device.id}.staleModelStream.${m.sqId}`,
					`model ${m.id}, bound and running`,
				);
			device.staleModelStreams.push({
				modelId: m.id,
				sqId: m.sqId,
				taskId: MODEL_RUNNING_TASK_ID,
				pid: this.#process.pid,
			});
			this.#diagnose('signal-handler-release-race', site, {
				signal: signalName(signo),
				call,
				model: m.id,
				sq: m.sqId,
			});
		}
	}
}

/** The innermost frame of `site` as a span, or {@link NO_SPAN} for an empty stack. */
function spanOf(site: CallSite): SourceSpan {
	const stack = site.stack;
	const frame = stack[stack.length - 1];
	if (!frame) return NO_SPAN;
	return { line: frame.line, column: frame.column ?? 1 };
}
