/**
 * The records a process's AscendCL runtime keeps for what it holds. Each remembers the call site
 * that created it (for the leak report). Handles are plain numbers, as C pointers are; 0 is null.
 */
import type { CallSite } from '../trace.ts';
import type { Device } from './device.ts';

/** An asynchronous failure waiting on a stream until a synchronize reports it. */
export interface StreamError {
	/** The aclError the next synchronize returns. */
	code: number;
	/** Virtual time the failure happens on the device. */
	at: number;
	kind: 'timeout' | 'exception';
	kernel: string;
	taskId: number;
	reason: string;
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
	/** Stop-on-failure: once a task failed, no new tasks after `at`. */
	failure: { code: number; at: number } | undefined;
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
	stopOnFailure: boolean;
	taskCount: number;
	site: CallSite;
	/** The call that created it (`aclrtCreateStream`, `aclrtCreateStreamWithConfig`), for the leak report. */
	api: string;
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
	site: CallSite;
	/** The call that created it, for the leak report. */
	api: string;
}

/** A block of device memory from aclrtMalloc. */
export interface Allocation {
	ptr: number;
	size: number;
	/** Bytes taken from the pool (size rounded, plus the pad). */
	bytes: number;
	device: Device;
	site: CallSite;
	/** The call that made it (`aclrtMalloc`, `aclrtMallocCached`), for the leak report. */
	api: string;
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

/** A device binding of a process: aclrtSetDevice's reference count and default context. */
export interface DeviceBinding {
	count: number;
	context: Context;
	site: CallSite;
}
