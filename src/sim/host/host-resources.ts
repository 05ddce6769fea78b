/**
 * The records a process's AscendCL runtime keeps for what it holds. Each remembers the call site
 * that created it (for the leak report). Handles are plain numbers, as C pointers are; 0 is null.
 */
import type { CallSite } from '../trace.ts';
import type { AclRuntime } from './acl-runtime.ts';
import type { DeviceBlock } from './device-memory.ts';
import type { Device } from './device.ts';
import type { KernelOutcome } from './acl-runtime.ts';

/** An asynchronous failure waiting on a stream until a synchronize reports it. */
export interface StreamError {
	/** The aclError the next synchronize returns. */
	code: number;
	/** Virtual time the failure happens on the device. */
	at: number;
	kind: 'timeout' | 'exception' | 'hccl';
	kernel: string;
	taskId: number;
	reason: string;
	/** Prints what the host shows when it learns of the failure (an HCCL task's lines). */
	report?: (rt: AclRuntime) => void;
	/** The host has noticed it (its device-side lines are printed; an exception aborted the context). */
	noticed: boolean;
	/** Source line of the launch (0 when unknown). */
	line: number;
}

/** A context: a device binding with its default stream and the streams created in it. */
export interface Context {
	handle: number;
	device: Device;
	/** Made by aclrtSetDevice (true) or aclrtCreateContext (false). */
	isDefault: boolean;
	defaultStream: Stream;
	/** Streams that count against the device's stream limit, default ones included. */
	streamCount: number;
	/**
	 * A task of a stop-on-failure stream failed at `at` (ACL_STOP_ON_FAILURE): from then on the
	 * context is aborted, and every submission or wait in it returns `code` (`context is abort`,
	 * status `status`).
	 */
	abort: { code: number; at: number; status: number; kernel: string; line: number } | undefined;
	/** The capture mode set by aclmdlRICaptureBegin while one of its streams captures. */
	captureMode: number | undefined;
	site: CallSite;
}

/**
 * A stream: tasks run in order, so its state is when its last task ends (`busyUntil`) and the
 * first failure not yet reported. Invariant: `error.at ≤ busyUntil`.
 */
export interface Stream {
	handle: number;
	id: number;
	context: Context;
	isDefault: boolean;
	busyUntil: number;
	error: StreamError | undefined;
	/** Stream slots it holds on its device (0 for the default streams, counted in their context). */
	slots: number;
	stopOnFailure: boolean;
	taskCount: number;
	site: CallSite;
	/** The call that created it (`aclrtCreateStream`, `aclrtCreateStreamWithConfig`), for the leak report. */
	api: string;
	/** The graph its tasks are captured into, between aclmdlRICaptureBegin and End. */
	capture: Capture | undefined;
}

/** A stream's capture: the graph being filled, the mode, and the thread that began it. */
export interface Capture {
	graph: Graph;
	mode: number;
	thread: number;
}

/** A task a capture recorded, run again by each aclmdlRIExecuteAsync. */
export type CapturedTask =
	| {
			kind: 'kernel';
			name: string;
			blocks: number;
			run: () => KernelOutcome;
			args: readonly number[];
	  }
	| { kind: 'copy'; replay: (stream: Stream) => void }
	| { kind: 'other'; api: string };

/**
 * A model running instance (aclmdlRI) made by a capture. It holds the stream slots of the
 * streams it captured until aclmdlRIDestroy (runtime docs: captured tasks keep stream resources).
 */
export interface Graph {
	handle: number;
	/** Device model id (capture models are numbered like models). */
	modelId: number;
	device: Device;
	context: Context;
	tasks: CapturedTask[];
	/** Stream slots held (one per captured stream). */
	streamSlots: number;
	state: 'capturing' | 'ready';
	site: CallSite;
}

/** A Notify object: one device Notify resource from aclrtCreateNotify until aclrtDestroyNotify. */
export interface Notify {
	handle: number;
	id: number;
	device: Device;
	/** When the last record of it completes, or undefined when it is not recorded. */
	recordedAt: number | undefined;
	site: CallSite;
}

/** An event. It holds a device event resource from aclrtRecordEvent until reset or destroy. */
export interface AclEvent {
	handle: number;
	flags: number;
	/** Device whose event resource it holds, if any. */
	holding: Device | undefined;
	recorded: boolean;
	/** When the tasks it captured are done. */
	completeAt: number;
	/** A failure among the captured tasks (stop-on-failure): the event never completes. */
	failedCode: number;
	/** Recorded on a stream that was capturing: it belongs to the graph (107028 if waited on). */
	captured: boolean;
	site: CallSite;
	/** The call that created it, for the leak report. */
	api: string;
}

/** A block of device memory from aclrtMalloc. */
export interface Allocation {
	ptr: number;
	size: number;
	/** Bytes requested from the device (size rounded, plus the pad). */
	bytes: number;
	/** What the device gave: address and pages. */
	block: DeviceBlock;
	device: Device;
	site: CallSite;
	/** The call that made it (`aclrtMalloc`, `aclrtMallocCached`), for the leak report. */
	api: string;
	/** Its contents, as the kernel side sees them (renamed after the kernel parameter it reaches). */
	gm: { name: string; bytes: number };
	/** A kernel that was given this memory and runs until `until` (it may still be writing). */
	writer?: { kernel: string; until: number } | undefined;
}

/** A block of pinned host memory from aclrtMallocHost. */
export interface HostAllocation {
	ptr: number;
	size: number;
	site: CallSite;
}

/** A loaded model with its model stream on the device. */
export interface Model {
	id: number;
	path: string;
	device: Device;
	context: Context;
	sqId: number;
	/** Set by the first aclmdlExecute; the model stream keeps running until unload. */
	running: boolean;
	/** Its model stream was left bound and running by a handler race; it belongs to the device now. */
	stale: boolean;
	site: CallSite;
}

/** A device binding of a process: aclrtSetDevice's reference count, default context, and the runtime's pool on the device. */
export interface DeviceBinding {
	count: number;
	context: Context;
	site: CallSite;
	pool: DeviceBlock;
}
