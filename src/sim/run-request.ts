/**
 * What a runner asks the simulator to do: run one program (source text) on a product in a mode,
 * with the user's actions. `src/lang`'s `run(request)` takes this and returns a `Trace`.
 */
import type { Action } from '../cases/schema.ts';
import type { ProductId } from './product-id.ts';
import type { HostLimitOverrides } from './host/host-profile.ts';

export type { Action };

/**
 * The modes the simulator runs a program in, in the order tools list them: NPU (what the device
 * does: a rule the hardware checks raises a device exception, the rest hang or corrupt data
 * silently), CPU debug (the CPU twin's checks print, then SIGABRT) and msSanitizer (the device
 * run under `mssanitizer`, whose checks print `======` reports). Every list of modes (CLI flags,
 * `casebook check`'s default, the widget, case.yaml, share links) reads this one.
 */
export const RUN_MODES = ['npu', 'cpu', 'sanitizer'] as const;

/** One of {@link RUN_MODES}. */
export type RunMode = (typeof RUN_MODES)[number];

/** Whether `value` names a mode the simulator has. */
export function isRunMode(value: string): value is RunMode {
	return (RUN_MODES as readonly string[]).includes(value);
}

/** Default step budget: a runaway loop stops here with a diagnostic, not a frozen tab. */
export const DEFAULT_MAX_STEPS = 2_000_000;

/** One run of one program. */
export interface RunRequest {
	/** The C++ program. */
	source: string;
	/** Shown in backtraces and diagnostics, e.g. `add_custom.cpp`. */
	fileName?: string;
	product: ProductId;
	mode: RunMode;
	/** CANN version, e.g. `8.0.RC2`; picks log wording. Omitted: the product's default. */
	cann?: string;
	maxSteps?: number;
	/** User actions in order (run, wait, signal, suspend). Omitted: one plain run. */
	actions?: readonly Action[];
	/** For kernels with no `main`: blocks to launch and bytes per synthetic GM buffer. */
	blocks?: number;
	gmBytes?: number;
	/** Smaller host limits than the product's (streams, events, device memory, kernel timeout), for tests and demos. */
	limits?: HostLimitOverrides;
}
