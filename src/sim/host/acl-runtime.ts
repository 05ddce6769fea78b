/**
 * The AscendCL runtime of one simulated process: its state (acl-state.ts), the one call protocol
 * every AscendCL call goes through ({@link AclRuntime.invoke}), and the services the group
 * modules under `acl/` use to write their semantics (state deltas, log lines, diagnostics).
 *
 * The protocol, in order: charge the call's virtual time; set the out-parameters to 0; check the
 * precondition (aclInit, a current context) and return its error code if it fails, else run the
 * semantics; record one step (the name as called, the arguments as the trace shows them, the
 * result label, the state deltas the semantics noted); remember a failed status as the last
 * error. The semantics only decide and change state.
 *
 * Handles are plain numbers and 0 is nullptr (a null stream is the current context's default
 * stream, as in AscendCL). Kernel launches and async copies complete asynchronously on their
 * stream: a failure is kept on the stream and reported by the next synchronize, with the log
 * lines the real runtime prints.
 *
 * Argument checks, where the documents give no specific code: a null pointer or handle, a zero
 * size or a bad enum returns ACL_ERROR_INVALID_PARAM (100000); a handle that is not (or no
 * longer) a live object of this process returns ACL_ERROR_RT_PARAM_INVALID (107000).
 */
import {
	HOST_DIAGNOSTICS,
	makeDiagnostic,
	type DiagnosticParams,
	type HostDiagnosticCode,
} from '../../diagnostics/index.ts';
import { Halt } from '../halt.ts';
import { hcclResultLabel } from '../hccl/hccl-types.ts';
import { formatPlogTime } from '../clock.ts';
import type { Recorder } from '../recorder.ts';
import type { CallSite, SourceSpan, StateChange } from '../trace.ts';
import type { HostCall, HostCallForm, HostCallSpec, HostProtocol } from './acl-call.ts';
import { ACL_ERROR, aclErrorLabel, type AclError } from './acl-error.ts';
import { newAclState, type AclState } from './acl-state.ts';
import type { CoreFault } from './acl/device-fault-log.ts';
import { launchKernel } from './acl/launch.ts';
import { noticeFailures } from './acl/task-errors.ts';
import { findDeviceAllocation } from './acl/memory.ts';
import { refuseWithoutContext } from './acl/context.ts';
import { busyOn, deviceBytesOn, held, releaseAll, reportLeaks } from './acl/process-resources.ts';
import type { Device } from './device.ts';
import {
	formatPlogLine,
	formatScreenCode,
	formatScreenError,
	formatTracebackLine,
	hex,
	type PlogLevel,
	type TracebackLine,
} from './host-log.ts';
import { SCREEN_CODES, type ScreenCode, type ScreenCodeId } from './screen-codes.ts';
import type { Context } from './host-resources.ts';
import { COPY_BYTES_PER_US } from './host-timing.ts';
import type { HostProcess } from './host-process.ts';
import type { Machine } from './machine.ts';

/** How a kernel ended, as the kernel-side simulator found when the interpreter ran its body. */
export type KernelOutcome =
	| { kind: 'completed' }
	/** A core waits forever (NPU): the device reports a timeout at the next synchronize. */
	| {
			kind: 'hang';
			reason: string;
			/** The blocks still running when the timeout fires (the cores the device reports). */
			blocks?: readonly number[];
	  }
	/** A device exception (bad address, trap): reported at the next synchronize, with each
	 * faulting core's report when the kernel simulator found them. */
	| { kind: 'exception'; reason: string; trap?: boolean; faults?: readonly CoreFault[] }
	/** A CPU-debug check fired: the process gets SIGABRT now. */
	| { kind: 'abort'; reason: string };

/** The outcome of a kernel that ran to the end (shared, so hot loops allocate nothing). */
export const KERNEL_COMPLETED: KernelOutcome = Object.freeze({ kind: 'completed' });

/** What `kernel<<<blocks, l2ctrl, stream>>>(args)` hands to {@link AclRuntime.launchKernel}. */
export interface KernelLaunch {
	/** Kernel function name, e.g. `add_custom`; shown in logs as the fault kernel. */
	name: string;
	blocks: number;
	/**
	 * Runs the kernel's body and says how it ended; called when the launch is accepted and not
	 * captured (and again by each replay of a graph that captured it). `saturation`: whether the
	 * stream saturates half/bfloat16_t results (its aclrtFloatOverflowMode).
	 */
	run?: (saturation: boolean) => KernelOutcome;
	/** How the kernel ends, for callers that have no body to run (tests). */
	outcome?: KernelOutcome;
	/** The device addresses among the arguments (the kernel may write them until it ends). */
	args?: readonly number[];
	/** Device run time in microseconds (default DEFAULT_KERNEL_US). */
	durationUs?: number;
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
	/** Notify objects (aclrtCreateNotify). */
	notifies: number;
	/** Model running instances made by graph capture (aclmdlRI). */
	graphs: number;
}

/** The model stream's task that is running: seed 002's unbind line shows `task.task_id=3`. */
export const MODEL_RUNNING_TASK_ID = 3;

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

/** One process's AscendCL runtime; see the file comment. */
export class AclRuntime {
	readonly machine: Machine;
	readonly process: HostProcess;
	readonly recorder: Recorder;
	/** Everything the process holds; changed only by the group modules. */
	readonly state: AclState = newAclState();
	/** The process's pid, as its state facts name it. */
	readonly pid: number;
	/** Who the steps are by: `host:<pid>`, or `host:<pid>:t<n>` for another host thread. */
	#actor: string;
	/** State deltas for the next recorded step (only collected while steps are stored). */
	#changes: StateChange[] | undefined;
	/** What the semantics adds to a successful result label, e.g. `stream=0x5a0010`. */
	#detail: string | undefined;

	constructor(machine: Machine, process: HostProcess) {
		this.machine = machine;
		this.process = process;
		this.recorder = machine.recorder;
		this.#actor = `host:${process.pid}`;
		this.pid = process.pid;
	}

	/**
	 * The host thread the following calls come from (0: the thread running main): each thread
	 * has its own current context, and its steps its own actor, `host:<pid>:t<n>`.
	 */
	setThread(thread: number): void {
		this.state.thread = thread;
		this.#actor = thread === 0 ? `host:${this.process.pid}` : `host:${this.process.pid}:t${thread}`;
	}

	// ── the call protocol ────────────────────────────────────────────────────────────────────

	/**
	 * The call protocol of the file comment compiled for one API: a closure made once per
	 * catalog row when the table loads, with the row's cost, precondition, forms and semantics
	 * held as constants, so a hot loop of one API does not go through a call site shared by
	 * every API. The cold parts (a refused precondition, the step's argument text) are methods.
	 */
	static protocol<C extends HostCall>(spec: HostCallSpec<C>): HostProtocol<C> {
		const { costUs, requires, forms, run } = spec;
		// An HcclResult is the call's result but not AscendCL's last error.
		const hccl = spec.resultFormat === 'hccl';
		const status = spec.result === 'status' && !hccl;
		const needsInit = requires !== 'none';
		const needsContext = requires === 'current-context';
		const single = forms.length === 1 ? forms[0] : undefined;
		const invoke = (rt: AclRuntime, call: C): unknown => {
			const form = single ?? forms[call.form]!;
			const bytesArg = form.bytesArg;
			const clock = rt.machine.clock;
			clock.advance(
				bytesArg < 0
					? costUs
					: costUs + Math.ceil((call.args[bytesArg] as number) / COPY_BYTES_PER_US),
			);
			const state = rt.state;
			if (state.nextFailureAt <= clock.now) noticeFailures(rt);
			const outs = form.outs;
			for (let i = 0; i < outs.length; i++) call.out(outs[i]!, 0);
			if (needsInit && (!state.initialized || (needsContext && state.current === undefined)))
				return rt.#refuse(needsContext, form, call);
			rt.#detail = undefined;
			const result = run(rt, call);
			if (status && result !== ACL_SUCCESS) state.lastError = result as AclError;
			rt.#record(form, call, status ? 'status' : spec.resultFormat, result);
			return result;
		};
		return { ...spec, invoke };
	}

	/** Runs one AscendCL call under the protocol of `spec`; returns the C result. */
	invoke<C extends HostCall>(protocol: HostProtocol<C>, call: C): unknown {
		return protocol.invoke(this, call);
	}

	/** The precondition failed: the error code is the result, traced and kept as the last error. */
	#refuse(needsContext: boolean, form: HostCallForm, call: HostCall): AclError {
		const ret = this.#precondition(needsContext ? 'current-context' : 'acl-init');
		this.state.lastError = ret;
		this.#detail = undefined;
		this.#record(form, call, 'status', ret);
		return ret;
	}

	/** Records the call's step: its arguments and result label only while steps are stored. */
	#record(
		form: HostCallForm,
		call: HostCall,
		format: 'status' | HostCallSpec['resultFormat'],
		result: unknown,
	): void {
		const recorder = this.recorder;
		if (recorder.stepCount >= this.machine.maxStoredSteps) {
			// Past the cap the step is only counted: no label, no argument text.
			this.#changes = undefined;
			recorder.step(this.#actor, call.name, EMPTY, '', NO_EXTRA);
			return;
		}
		this.#recordStored(form, call, format, result);
	}

	/**
	 * A stored step: the result label (with what the semantics added) and the argument text.
	 * Kept out of {@link #record} so the protocol's hot path stays small enough to inline.
	 */
	#recordStored(
		form: HostCallForm,
		call: HostCall,
		format: 'status' | HostCallSpec['resultFormat'],
		result: unknown,
	): void {
		let label = resultLabel(format === 'status' ? 'error' : format, result);
		// What the semantics added (`stream=0x…`) goes after a successful status or HcclResult.
		const detail = this.#detail;
		if (
			(format === 'status' || format === 'hccl') &&
			detail !== undefined &&
			result === ACL_SUCCESS
		)
			label = `${label} ${detail}`;
		this.rawStep(call.name, traceArgs(form, call), label, call.site(), streamsOf(form, call));
	}

	#precondition(requires: 'acl-init' | 'current-context'): AclError {
		if (!this.state.initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
		if (requires === 'current-context' && !this.state.current) return refuseWithoutContext(this);
		return ACL_SUCCESS;
	}

	// ── services for the group modules ───────────────────────────────────────────────────────

	/** The current context; only call it where the precondition `current-context` held. */
	get context(): Context {
		return this.state.current!;
	}

	/** Whether steps are still stored (argument text and state deltas are only built then). */
	detailed(): boolean {
		return this.recorder.stepCount < this.machine.maxStoredSteps;
	}

	/** Adds `text` to the result label of the call being made, when it succeeds. */
	detail(text: string): void {
		this.#detail = text;
	}

	/**
	 * Notes a state change (facts/state-change.ts: an allocation, a device counter…) for the step
	 * being recorded. Skipped once steps are no longer stored.
	 */
	note(change: StateChange): void {
		if (this.recorder.stepCount >= this.machine.maxStoredSteps) return;
		(this.#changes ??= []).push(change);
	}

	/** Lets virtual time reach `us` (never back). */
	advanceTo(us: number): void {
		const clock = this.machine.clock;
		if (us === Number.POSITIVE_INFINITY) throw new Halt('hang', 'waits for a task that never ends');
		if (us > clock.now) clock.advanceTo(us);
	}

	/**
	 * Records one step of this process (for calls outside the protocol: kernel launches), with
	 * the state changes noted since the last step and the streams it acted on.
	 */
	rawStep(
		call: string,
		args: readonly string[],
		result: string,
		site: CallSite,
		streams?: readonly number[],
	): void {
		const recorder = this.recorder;
		if (recorder.stepCount < this.machine.maxStoredSteps) {
			const span = spanOf(site);
			const extra: { span?: SourceSpan; changes?: StateChange[]; streams?: readonly number[] } = {};
			if (span !== NO_SPAN) extra.span = span;
			const changes = this.takeChanges();
			if (changes.length > 0) extra.changes = changes;
			if (streams) extra.streams = streams;
			recorder.step(this.#actor, call, args, result, extra);
		} else {
			this.#changes = undefined;
			recorder.step(this.#actor, call, EMPTY, result, NO_EXTRA);
		}
	}

	/** A plog line of this process at the current virtual time. */
	plog(level: PlogLevel, module: string, body: string, colon = true): void {
		const process = this.process;
		this.recorder.log({
			text: formatPlogLine(
				level,
				module,
				process.pid,
				process.name,
				this.machine.clock.now,
				body,
				colon,
			),
			channel: 'plog',
			pid: process.pid,
			level,
		});
	}

	/** A screen line; it also becomes what aclGetRecentErrMsg returns. */
	screen(text: string): void {
		this.recorder.log({ text, channel: 'screen', pid: this.process.pid, level: 'ERROR' });
		this.state.recentErrMsg = text;
	}

	/** A screen line in the `<code>: [PID:…] …` format of the error-code tables. */
	screenCode(code: string, message: string): void {
		this.screen(formatScreenCode(code, this.process.pid, this.machine.clock.now, message));
	}

	/** The calling host thread's id as plog prints it after `[file:line]` (the pid for main). */
	get tid(): number {
		return this.process.pid;
	}

	/**
	 * A RUNTIME plog error line: `[ERROR] RUNTIME(pid,name):time [file:line]tid Func:body`, the
	 * shape of every line in hicann/runtime docs/zh/FAQ/EE1023资源不足问题.md.
	 */
	runtimeError(at: string, func: string, body: string): void {
		this.plog('ERROR', 'RUNTIME', `[${at}]${this.tid} ${func}:${body}`);
	}

	/**
	 * An ASCENDCL plog error line `… [event.cpp:107]tid aclrtRecordEventImpl:body`
	 * (vllm-project/vllm-ascend#16234); `body` starts with a space where the source's does
	 * (`aclrtSetDeviceImpl: open device 0 failed`, gpustack/gpustack#3352).
	 */
	aclError(at: string, func: string, body: string): void {
		this.plog('ERROR', 'ASCENDCL', `[${at}]${this.tid} ${func}:${body}`);
	}

	/** A plog line printed with time `at` (a device failure the host notices later). */
	plogAt(at: number, level: PlogLevel, module: string, body: string): void {
		const process = this.process;
		this.recorder.log({
			text: formatPlogLine(level, module, process.pid, process.name, at, body, true),
			channel: 'plog',
			pid: process.pid,
			level,
		});
	}

	/**
	 * A screen error block: the code line in this version's format, its cause and solution, and
	 * the traceback; aclGetRecentErrMsg returns the whole block.
	 */
	screenError(code: ScreenCodeId, message: string, traceback: readonly TracebackLine[] = []): void {
		const entry: ScreenCode = SCREEN_CODES[code];
		const lines = [
			formatScreenError(
				this.machine.cann.screenFormat,
				code,
				entry.title,
				this.process.pid,
				this.machine.clock.now,
				message,
			),
		];
		if (entry.cause) lines.push(`        Possible Cause: ${entry.cause}`);
		if (entry.solution) lines.push(`        Solution: ${entry.solution}`);
		this.#screenBlock(lines, traceback);
	}

	/**
	 * The `EE9999: Inner Error!` block (or EZ9999 after a device exception) with its traceback:
	 * errors the runtime reports as internal.
	 */
	innerError(code: 'EE9999' | 'EZ9999' | 'EH9999', traceback: readonly TracebackLine[]): void {
		const lines = [`${code}: Inner Error!`];
		let rest = traceback;
		if (this.machine.cann.screenFormat === 'title-first' && traceback.length > 0) {
			// 2026 logs print the first inner message with pid and time: `EE9999[PID: 1802934]
			// <time> (EE9999):  [SqCqManage]Alloc sq cq fail, …[FUNC:Setup][FILE:stream…`
			// (vllm-project/vllm-ascend#8393, vllm-project/vllm-omni#4519).
			const first = formatTracebackLine(traceback[0]!).trimStart();
			lines.push(
				`${code}[PID: ${this.process.pid}] ${formatPlogTime(this.machine.clock.now)} (${code}):  ${first}`,
			);
			rest = traceback.slice(1);
		}
		this.#screenBlock(lines, rest);
	}

	#screenBlock(lines: string[], traceback: readonly TracebackLine[]): void {
		if (traceback.length > 0) {
			lines.push('        TraceBack (most recent call last):');
			for (const t of traceback) lines.push(formatTracebackLine(t));
		}
		const pid = this.process.pid;
		for (const text of lines) this.recorder.log({ text, channel: 'screen', pid, level: 'ERROR' });
		this.state.recentErrMsg = lines.join('\n');
	}

	/** Records host diagnostic `code` at the innermost frame of `site`. */
	diagnose(code: HostDiagnosticCode, site: CallSite, values: DiagnosticParams): void {
		this.recorder.diagnostic(makeDiagnostic(HOST_DIAGNOSTICS, code, spanOf(site), values));
	}

	/** Records host diagnostic `code` at `span` (an access the interpreter reports). */
	diagnoseAt(code: HostDiagnosticCode, span: SourceSpan, values: DiagnosticParams): void {
		this.recorder.diagnostic(makeDiagnostic(HOST_DIAGNOSTICS, code, span, values));
	}

	// ── kernels and process-level accounting (called by the interpreter and HostProcess) ──────

	/**
	 * `kernel<<<blocks, l2ctrl, stream>>>(args)`: queues the kernel on `stream` (0 = default
	 * stream); see acl/launch.ts.
	 */
	launchKernel(stream: number, launch: KernelLaunch, site: CallSite): AclError {
		return launchKernel(this, stream, launch, site);
	}

	/** The aclrtMalloc block containing `ptr`, with the buffer its contents live in. */
	findDeviceAllocation(
		ptr: number,
	): { base: number; size: number; buffer: { name: string; bytes: number } } | undefined {
		return findDeviceAllocation(this, ptr);
	}

	/** State deltas noted since the last step (for a step recorded outside this runtime). */
	takeChanges(): StateChange[] {
		const changes = this.#changes ?? [];
		this.#changes = undefined;
		return changes;
	}

	/** What this process holds now. */
	held(): HeldResources {
		return held(this);
	}

	/** Whether this (live) process keeps `device`'s hwts busy (see acl/process-resources.ts). */
	busyOn(device: Device): boolean {
		return busyOn(this, device);
	}

	/** Device memory this process holds on `device`, or undefined when it does not use it. */
	deviceBytesOn(device: Device): number | undefined {
		return deviceBytesOn(this, device);
	}

	/** Records every resource still held as a leak, with the line that took it (normal exit). */
	reportLeaks(): void {
		reportLeaks(this);
	}

	/**
	 * The driver's release at process exit: every device resource of the process goes back to
	 * its device, except model streams a signal handler left running (they stay bound).
	 */
	releaseAll(): void {
		releaseAll(this);
	}
}

/** The arguments of `call` as the trace shows them. */
function traceArgs(form: HostCallForm, call: HostCall): string[] {
	const out: string[] = form.fixedArgs.length > 0 ? [...form.fixedArgs] : [];
	const formats = form.traceArgs;
	for (let i = 0; i < formats.length; i++) {
		const v = call.args[i];
		switch (formats[i]) {
			case 'hidden':
				break;
			case 'hex':
				// A byte-reference argument (an `HcclRootInfo *`) shows the address it stands for.
				out.push(
					hex(typeof v === 'number' ? v : ((v as { address?: number } | null)?.address ?? 0)),
				);
				break;
			case 'string':
				out.push(v === null || v === undefined ? 'nullptr' : JSON.stringify(v));
				break;
			default:
				out.push(String(v));
		}
	}
	return out;
}

/** The non-default streams among the call's `aclrtStream` arguments, or undefined. */
function streamsOf(form: HostCallForm, call: HostCall): number[] | undefined {
	const indices = form.streamArgs;
	if (indices.length === 0) return undefined;
	const out: number[] = [];
	for (const i of indices) {
		const v = call.args[i];
		if (typeof v === 'number' && v !== 0) out.push(v);
	}
	return out.length > 0 ? out : undefined;
}

/** How a value result reads in the trace. */
function resultLabel(format: HostCallSpec['resultFormat'], v: unknown): string {
	switch (format) {
		case 'error':
			return aclErrorLabel(v as AclError);
		case 'hccl':
			return hcclResultLabel(v as number);
		case 'handle':
			return v === 0 || v === null || v === undefined ? 'nullptr' : hex(v as number);
		case 'message':
			return v === null || v === undefined ? 'nullptr' : 'message';
	}
}

/** The innermost frame of `site` as a span, or {@link NO_SPAN} for an empty stack. */
export function spanOf(site: CallSite): SourceSpan {
	const stack = site.stack;
	const frame = stack[stack.length - 1];
	if (!frame) return NO_SPAN;
	return { line: frame.line, column: frame.column ?? 1 };
}

/** Whether `span` is the empty-stack span (no line to report). */
export function isNoSpan(span: SourceSpan): boolean {
	return span === NO_SPAN;
}
