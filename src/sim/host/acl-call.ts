/**
 * The shape of one AscendCL call as the runtime's call protocol takes it (acl-runtime.ts,
 * `AclRuntime.invoke`): what the API catalog says about the API (its cost, precondition, how
 * its arguments and result read in the trace) and the call itself (name as called, arguments,
 * out-parameters, site). The catalog's host rows provide the spec; the interpreter or a test
 * provides the call.
 */
import type { CallSite } from '../trace.ts';
import type { AclRuntime } from './acl-runtime.ts';

/** One AscendCL call: arguments already numbers, strings or null; out-parameters written with `out`. */
export interface HostCall {
	/** The name the program used (an alias is traced under it). */
	readonly name: string;
	/** Which signature of the API the call matched. */
	readonly form: number;
	readonly args: readonly unknown[];
	site(): CallSite;
	out(index: number, value: unknown): void;
	/** The value behind in-out pointer argument `index` (e.g. aclmdlRICaptureThreadExchangeMode's mode). */
	peek?(index: number): unknown;
}

/** How one argument reads in the trace; `hidden` ones (out-parameters, descriptors) are left out. */
export type TraceArgFormat = 'number' | 'hex' | 'string' | 'hidden';

/** One signature of an API, as the protocol needs it. */
export interface HostCallForm {
	/** Shown before the arguments: values the call implies but does not pass (an event's flags). */
	readonly fixedArgs: readonly string[];
	readonly traceArgs: readonly TraceArgFormat[];
	/** Indices of the out-parameters (set to 0 before the semantics runs). */
	readonly outs: readonly number[];
	/** Index of the parameter whose byte count adds copy time, or -1. */
	readonly bytesArg: number;
	/** Indices of the `aclrtStream` arguments: the step names the streams the call acted on. */
	readonly streamArgs: readonly number[];
}

/**
 * What the protocol needs to know about an API:
 * - `costUs`: virtual time per call (a copy adds its bytes at COPY_BYTES_PER_US);
 * - `requires`: `acl-init` (ACL_ERROR_UNINITIALIZE without aclInit) or `current-context`
 *   (also ACL_ERROR_RT_CONTEXT_NULL without a current context), checked before the semantics;
 * - `result`: `status` (an aclError: non-zero is a failure and becomes the last error; or, with
 *   `resultFormat` `hccl`, an HcclResult, which AscendCL's last error does not see) or `value`;
 *   `resultFormat` says how a result reads in the trace;
 * - `run`: the semantics.
 */
export interface HostCallSpec<C extends HostCall = HostCall> {
	readonly costUs: number;
	readonly requires: 'none' | 'acl-init' | 'current-context';
	readonly result: 'status' | 'value';
	readonly resultFormat: 'error' | 'hccl' | 'handle' | 'message';
	readonly forms: readonly HostCallForm[];
	readonly run: (rt: AclRuntime, call: C) => unknown;
}

/**
 * A spec with its protocol compiled (AclRuntime.protocol): `invoke` charges the cost, checks
 * the precondition, runs the semantics and records the step, for this API alone.
 */
export interface HostProtocol<C extends HostCall = HostCall> extends HostCallSpec<C> {
	readonly invoke: (rt: AclRuntime, call: C) => unknown;
}
