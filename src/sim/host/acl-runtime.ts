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
	type HostDiagnosticCode,
} from '../../diagnostics/index.ts';
import type { Recorder } from '../recorder.ts';
import type { CallSite, SourceSpan, StateChange } from '../trace.ts';
import type { HostCall, HostCallForm, HostCallSpec } from './acl-call.ts';
import { ACL_ERROR, aclErrorLabel, type AclError } from './acl-error.ts';
import { newAclState, type AclState } from './acl-state.ts';
import { launchKernel } from './acl/launch.ts';
import { findDeviceAllocation } from './acl/memory.ts';
import { busyOn, held, releaseAll, reportLeaks } from './acl/process-resources.ts';
import type { Device } from './device.ts';
import { formatPlogLine, formatScreenCode, hex, type PlogLevel } from './host-log.ts';
import type { Context } from './host-resources.ts';
import { COPY_BYTES_PER_US } from './host-timing.ts';
import type { HostProcess } from './host-process.ts';
import type { Machine } from './machine.ts';

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
	/** Prefix of this process's state paths, e.g. `pid18401`. */
	readonly prefix: string;
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
		this.prefix = `pid${process.pid}`;
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

	/** Runs one AscendCL call under the protocol of the file comment; returns the C result. */
	invoke<C extends HostCall>(spec: HostCallSpec<C>, call: C): unknown {
		const form = spec.forms[call.form]!;
		const clock = this.machine.clock;
		let us = spec.costUs;
		if (form.bytesArg >= 0)
			us += Math.ceil((call.args[form.bytesArg] as number) / COPY_BYTES_PER_US);
		clock.advance(us);
		const outs = form.outs;
		for (let i = 0; i < outs.length; i++) call.out(outs[i]!, 0);
		this.#detail = undefined;
		const refused = spec.requires === 'none' ? ACL_SUCCESS : this.#precondition(spec.requires);
		const result = refused !== ACL_SUCCESS ? refused : spec.run(this, call);
		const site = call.site();
		let label: string;
		if (spec.result === 'status' || refused !== ACL_SUCCESS) {
			const ret = result as AclError;
			if (ret !== ACL_SUCCESS) this.state.lastError = ret;
			const base = aclErrorLabel(ret);
			const detail = this.#detail;
			label = detail !== undefined && ret === ACL_SUCCESS ? `${base} ${detail}` : base;
		} else label = resultLabel(spec.resultFormat, result);
		this.rawStep(call.name, this.detailed() ? traceArgs(form, call) : EMPTY, label, site);
		return result;
	}

	#precondition(requires: 'acl-init' | 'current-context'): AclError {
		if (!this.state.initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
		if (requires === 'current-context' && !this.state.current)
			return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
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
	 * Notes a state delta (`pid<n>.mem.<ptr>`, `device<n>.memory`, …) for the step being recorded;
	 * `null` removes the path. Skipped once steps are no longer stored.
	 */
	note(path: string, value: unknown): void {
		if (this.recorder.stepCount >= this.machine.maxStoredSteps) return;
		(this.#changes ??= []).push({ path, value });
	}

	/** Lets virtual time reach `us` (never back). */
	advanceTo(us: number): void {
		const clock = this.machine.clock;
		if (us > clock.now) clock.advanceTo(us);
	}

	/** Records one step of this process (for calls outside the protocol: kernel launches). */
	rawStep(call: string, args: readonly string[], result: string, site: CallSite): void {
		const recorder = this.recorder;
		if (recorder.stepCount < this.machine.maxStoredSteps) {
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

	/** Records host diagnostic `code` at the innermost frame of `site`. */
	diagnose(
		code: HostDiagnosticCode,
		site: CallSite,
		values: Readonly<Record<string, string | number>>,
	): void {
		this.recorder.diagnostic(makeDiagnostic(HOST_DIAGNOSTICS, code, spanOf(site), values));
	}

	// ── kernels and process-level accounting (called by the interpreter and HostProcess) ──────

	/**
	 * `kernel<<<blocks, l2ctrl, stream>>>(args)`: queues the kernel on `stream` (0 = default
	 * stream); see acl/launch.ts.
	 */
	launchKernel(stream: number, launch: KernelLaunch, site: CallSite): AclError {
		return launchKernel(this, stream, launch, site);
	}

	/** The aclrtMalloc block containing `ptr`, for an interpreter that keeps device bytes itself. */
	findDeviceAllocation(ptr: number): { base: number; size: number } | undefined {
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
				out.push(hex(v as number));
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

/** How a value result reads in the trace. */
function resultLabel(format: HostCallSpec['resultFormat'], v: unknown): string {
	switch (format) {
		case 'error':
			return aclErrorLabel(v as AclError);
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
