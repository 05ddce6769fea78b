/**
 * What one core records: its steps (stamped at the end of the call, after the call's cost, and
 * naming the user's line), its diagnostics (with the product filled in), and, when a rule stops
 * the core, the stop itself (core-abort.ts). The core's state lives in CoreContext, and which
 * step a call records is the call protocol's (CoreContext.protocol); this is only how the core
 * reports.
 */
import {
	KERNEL_DIAGNOSTICS,
	makeDiagnostic,
	type DiagnosticParams,
	type KernelDiagnosticCode,
} from '../../diagnostics/index.ts';
import type { Localized } from '../../triage/localized.ts';
import type { Recorder } from '../recorder.ts';
import type { RunMode } from '../run-request.ts';
import type { CallSite, StateChange } from '../trace.ts';
import type { CannWording } from './cann-wording.ts';
import { abortCore, type CoreHalt, type Violation } from './core-abort.ts';
import type { KernelProfile } from './kernel-profile.ts';
import type { ProductId } from '../product-id.ts';

/**
 * Virtual microseconds of a kernel step outside the catalog's costs (a stop, a step written
 * without a catalog call); illustrative: keeps steps and metric points apart.
 */
export const KERNEL_CALL_US = 1;

/** Who a core is, as its reports name it. */
export interface CoreIdentity {
	readonly blockIdx: number;
	readonly recorder: Recorder;
	readonly mode: RunMode;
	readonly profile: KernelProfile;
	/** The product the kernel runs on. */
	readonly product: ProductId;
	/** The product's name in both languages, for diagnostics. */
	readonly productName: Localized;
	readonly wording: CannWording;
	/** Pid the CPU-debug `error happened!` line shows for this core. */
	readonly pid: number;
	readonly fileName: string;
}

/** The reporting side of one core; see the file comment. */
export class CoreTrace {
	readonly core: CoreIdentity;
	readonly recorder: Recorder;
	/** Actor name in trace steps, e.g. `core:0`. */
	readonly actor: string;
	/** How the core stopped, once it has. */
	halt: CoreHalt | undefined;

	constructor(core: CoreIdentity) {
		this.core = core;
		this.recorder = core.recorder;
		this.actor = `core:${core.blockIdx}`;
	}

	/** Records one step at the user's line after {@link KERNEL_CALL_US}; returns its number (the stop's step). */
	step(site: CallSite, call: string, args: readonly string[], result: string): number {
		this.advance(KERNEL_CALL_US);
		return this.write(site, call, args, result);
	}

	/** Lets `us` of virtual time pass (a call's cost, before its step is written). */
	advance(us: number): void {
		if (us > 0) this.recorder.clock.advance(us);
	}

	/** Records a step at the current time, with the state it changed. */
	write(
		site: CallSite,
		call: string,
		args: readonly string[],
		result: string,
		changes?: readonly StateChange[],
	): number {
		const span = spanOf(site);
		return this.recorder.step(
			this.actor,
			call,
			args,
			result,
			changes && changes.length > 0 ? { span, changes } : { span },
		);
	}

	/** Records a diagnostic at the user's line without stopping. */
	diagnose(site: CallSite, code: KernelDiagnosticCode, values: DiagnosticParams): void {
		const filled: DiagnosticParams = { product: this.core.productName, ...values };
		this.recorder.diagnostic(makeDiagnostic(KERNEL_DIAGNOSTICS, code, spanOf(site), filled));
	}

	/** Stops the core at a violated rule (see core-abort.ts). */
	fail(site: CallSite, call: string, v: Violation): never {
		return abortCore(this, site, call, v);
	}
}

/** The source span of a call site: its innermost frame. */
export function spanOf(site: CallSite): { line: number; column: number } {
	const f = site.stack[site.stack.length - 1];
	return { line: f?.line ?? 1, column: f?.column ?? 1 };
}
