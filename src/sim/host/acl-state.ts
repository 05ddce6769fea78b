/**
 * What one process's AscendCL runtime holds: whether aclInit ran, the current context, and every
 * live object by handle. The group modules (src/sim/host/acl/) read and change it; the call
 * protocol (AclRuntime.invoke) never does. Invariant: a handle is in at most one map, and every
 * object in a map belongs to this process (a stale model stream belongs to its device instead).
 */
import type { AclError } from './acl-error.ts';
import type {
	AclEvent,
	Allocation,
	Context,
	DataBuffer,
	Dataset,
	DeviceBinding,
	HostAllocation,
	Graph,
	Model,
	ModelDesc,
	Notify,
	Stream,
} from './host-resources.ts';

/** Where aclrtMallocHost addresses start (illustrative). */
export const HOST_ADDRESS_BASE = 0xfffe00000000;

/** The state of one process's runtime; see the file comment. */
export interface AclState {
	initialized: boolean;
	/**
	 * The current context of the calling host thread: AscendCL binds a context to a thread, so
	 * a thread that never called aclrtSetDevice or aclrtSetCurrentContext has none and gets
	 * ACL_ERROR_RT_CONTEXT_NULL (107002). Reads and writes go to `currentOf[thread]`.
	 */
	current: Context | undefined;
	/** The calling host thread (0: the thread running main). */
	thread: number;
	/** Each thread's current context. */
	readonly currentOf: Map<number, Context>;
	/** aclrtSetDevice bindings by device id. */
	readonly bindings: Map<number, DeviceBinding>;
	/** Contexts made with aclrtCreateContext (default contexts live in `bindings`). */
	readonly contexts: Map<number, Context>;
	/** Streams made with aclrtCreateStream (default streams live in their context). */
	readonly streams: Map<number, Stream>;
	readonly events: Map<number, AclEvent>;
	readonly allocations: Map<number, Allocation>;
	readonly hostAllocations: Map<number, HostAllocation>;
	readonly models: Map<number, Model>;
	readonly notifies: Map<number, Notify>;
	/** Model running instances (aclmdlRI) made by graph capture. */
	readonly graphs: Map<number, Graph>;
	/**
	 * User device id → physical device id, from ASCEND_RT_VISIBLE_DEVICES at aclInit; undefined
	 * when the variable is not set (ids are physical). An empty list: the variable was invalid.
	 */
	visibleDevices: readonly number[] | undefined;
	/** Why the visible-device list was rejected, when it was (aclrtGetDeviceCount reports it). */
	visibleDevicesError: 'range' | 'order' | 'duplicate' | undefined;
	/** aclmdlRICaptureThreadExchangeMode's mode for the (one) host thread; undefined: none set. */
	exchangeCaptureMode: number | undefined;
	/** Data buffers, datasets and model descriptions: host-only descriptors, not device resources. */
	readonly dataBuffers: Map<number, DataBuffer>;
	readonly datasets: Map<number, Dataset>;
	readonly modelDescs: Map<number, ModelDesc>;
	/** Whether a model execution already warned that outputs are filled, not computed. */
	warnedModelOutputs: boolean;
	/** Where the next aclrtMallocHost block starts. */
	hostTop: number;
	/** Device bytes this process holds (rounded and padded, as charged to the pool). */
	deviceBytes: number;
	/** The last screen error line, for aclGetRecentErrMsg. */
	recentErrMsg: string | null;
	/** The last non-zero aclError a call returned (one host thread per process). */
	lastError: AclError;
	/** The earliest time a task failure of this process is due (Infinity: none pending). */
	nextFailureAt: number;
	/**
	 * aclrtSetDeviceSatMode's aclrtFloatOverflowMode (0 saturation, 1 Inf/NaN) for the streams
	 * created after it; undefined: the product's default.
	 */
	satMode: number | undefined;
	/**
	 * The operator execution timeout aclrtSetOpExecuteTimeOut(V2) set for the process (µs);
	 * undefined: the product's default (op-timeout.ts).
	 */
	opExecuteTimeoutUs?: number;
}

/** A fresh, uninitialised runtime state. */
export function newAclState(): AclState {
	const currentOf = new Map<number, Context>();
	return {
		initialized: false,
		thread: 0,
		currentOf,
		get current(): Context | undefined {
			return currentOf.get(this.thread);
		},
		set current(context: Context | undefined) {
			if (context) currentOf.set(this.thread, context);
			else currentOf.delete(this.thread);
		},
		bindings: new Map(),
		contexts: new Map(),
		streams: new Map(),
		events: new Map(),
		allocations: new Map(),
		hostAllocations: new Map(),
		models: new Map(),
		notifies: new Map(),
		graphs: new Map(),
		visibleDevices: undefined,
		visibleDevicesError: undefined,
		exchangeCaptureMode: undefined,
		dataBuffers: new Map(),
		datasets: new Map(),
		modelDescs: new Map(),
		warnedModelOutputs: false,
		hostTop: HOST_ADDRESS_BASE,
		deviceBytes: 0,
		recentErrMsg: null,
		lastError: 0,
		nextFailureAt: Number.POSITIVE_INFINITY,
		satMode: undefined,
	};
}
