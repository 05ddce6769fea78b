/**
 * The records a process's AscendCL runtime keeps for what it holds. Each remembers the call site
 * that created it (for the leak report). Handles are plain numbers, as C pointers are; 0 is null.
 */
import type { ModelIo } from './acl/model-io.ts';
import type { MemoryBudget } from '../memory-budget.ts';
import type { CallSite } from '../trace.ts';
import type { CoreFault } from './acl/device-fault-log.ts';
import type { AclRuntime } from './acl-runtime.ts';
import type { DeviceBlock } from './device-memory.ts';
import type { Device } from './device.ts';
import type { KernelOutcome } from './acl-runtime.ts';
import { hex } from './host-log.ts';

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
	/** The cores that raised a device exception, for the runtime's PrintCoreInfo lines. */
	faults?: readonly CoreFault[];
	/** The blocks of a kernel that ran into the execution timeout, for the same lines. */
	hung?: readonly number[];
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
	/**
	 * Whether kernels on it saturate half/bfloat16_t results (the device's aclrtFloatOverflowMode
	 * when it was created: aclrtSetDeviceSatMode does not change streams that already exist).
	 */
	saturation: boolean;
	taskCount: number;
	site: CallSite;
	/** The call that created it (`aclrtCreateStream`, `aclrtCreateStreamWithConfig`), for the leak report. */
	api: string;
	/** The graph its tasks are captured into, between aclmdlRICaptureBegin and End. */
	capture: Capture | undefined;
}

/**
 * A stream's capture: the graph being filled, the mode, the thread that began it, whether this is
 * the stream aclmdlRICaptureBegin named (the origin stream) or a sub stream that joined by waiting
 * on an event recorded in the capture, and the last task captured on it (aclmdlRICaptureEnd checks
 * that every sub stream ends with an event record joined back to the origin stream).
 */
export interface Capture {
	graph: Graph;
	mode: number;
	thread: number;
	origin: boolean;
	last: CapturedTask | undefined;
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
	| { kind: 'record' | 'wait'; event: AclEvent }
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
	/** The streams captured into it: the origin stream first, then each sub stream as it joined. */
	streams: Stream[];
	/** A captured call failed (TerminateCapture): ending the capture returns 507903. */
	invalid: boolean;
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
	/** Its last record inside a capture: the graph, the recording stream and who waited on it. */
	capture: CaptureEvent | undefined;
	site: CallSite;
	/** The call that created it, for the leak report. */
	api: string;
}

/**
 * An event record captured into a graph. A stream that waits on it joins the capture; the origin
 * stream waiting on it is what joins a sub stream back (runtime event_capture.cc,
 * IsRecordOrigCaptureStream).
 */
export interface CaptureEvent {
	graph: Graph;
	stream: Stream;
	waiters: Set<Stream>;
	/** The id the runtime gives the record (from the device's capture-event pool; illustrative). */
	id: number;
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
	/**
	 * Its contents, as the kernel side sees them (renamed after the kernel parameter it reaches);
	 * read it through {@link allocationContents}, which makes it on first use.
	 */
	gm: AllocationBuffer | undefined;
	/** The run's memory budget the pages of its contents are charged to. */
	readonly budget: MemoryBudget | undefined;
	/** A kernel that was given this memory and runs until `until` (it may still be writing). */
	writer?: { kernel: string; until: number } | undefined;
}

/**
 * An aclrtMalloc block's contents as a GM buffer: a name for messages, the size, and the budget
 * the pages it touches are charged to.
 */
export interface AllocationBuffer {
	name: string;
	readonly bytes: number;
	readonly budget: MemoryBudget | undefined;
	/** Its contents remember which bytes were written (initcheck on GM). */
	readonly tracksWrites: true;
}

/**
 * The contents of aclrtMalloc block `a` as a GM buffer (the buffer object is the key of its
 * bytes), named `devPtr@0x…` until a kernel parameter renames it. Made on first use, so a
 * malloc/free loop that no copy or kernel touches builds none.
 */
export function allocationContents(a: Allocation): AllocationBuffer {
	return (a.gm ??= new AllocationContents(a.ptr, a.size, a.budget));
}

/**
 * An allocation's contents; the default name is only spelled out when something reads it, since
 * a launch renames the buffer after its parameter first (a launch loop formats no address).
 */
class AllocationContents implements AllocationBuffer {
	readonly bytes: number;
	readonly budget: MemoryBudget | undefined;
	readonly #ptr: number;
	/** The allocation's bytes record which were written (GM initcheck). */
	readonly tracksWrites = true;
	#name: string | undefined;

	constructor(ptr: number, bytes: number, budget: MemoryBudget | undefined) {
		this.#ptr = ptr;
		this.bytes = bytes;
		this.budget = budget;
		this.#name = undefined;
	}

	get name(): string {
		return (this.#name ??= `devPtr@${hex(this.#ptr)}`);
	}

	set name(name: string) {
		this.#name = name;
	}
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
	/**
	 * Its inputs and outputs, from the model file given with the program; undefined when the
	 * machine has no program files (a run driven from TypeScript), whose datasets go unchecked.
	 */
	io?: ModelIo;
	/** The call that loaded it (`aclmdlLoadFromFile`, `aclmdlLoadFromFileWithMem`). */
	api: string;
}

/** An aclDataBuffer: a host-side descriptor of memory the program allocated. */
export interface DataBuffer {
	handle: number;
	/** The address it describes (0 is allowed: an empty buffer). */
	data: number;
	size: number;
	site: CallSite;
}

/** An aclmdlDataset: the data buffers added to it, in order. */
export interface Dataset {
	handle: number;
	buffers: number[];
	site: CallSite;
}

/** An aclmdlDesc: empty until aclmdlGetDesc fills it from a loaded model. */
export interface ModelDesc {
	handle: number;
	io: ModelIo | undefined;
	site: CallSite;
}

/** A device binding of a process: aclrtSetDevice's reference count, default context, and the runtime's pool on the device. */
export interface DeviceBinding {
	count: number;
	context: Context;
	site: CallSite;
	pool: DeviceBlock;
}
