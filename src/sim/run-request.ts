/**
 * What a runner asks the simulator to do: run one program (source text) on a product in a mode,
 * with the user's actions. `src/lang`'s `run(request)` takes this and returns a `Trace`.
 */
import type { Action } from '../cases/schema.ts';
import type { ProductId } from './product-id.ts';
import type { HostLimitOverrides } from './host/host-profile.ts';
import type { GmFill } from './kernel/gm-fill.ts';

/** Most ranks a run starts (illustrative: a few servers' worth of cards). */
export const MAX_RANKS = 64;

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

/**
 * One file of a program beyond the first: a source file (`.cpp`, `.cc`, `.c`, `.cxx`, `.asc`),
 * a header (`.h`, `.hpp`, …) or a data file the program reads (`input_x.bin`, `model.om`).
 * `path` is relative to the program's root folder, with `/` separators.
 */
export interface ProgramFile {
	path: string;
	/** The text of a source, header or text data file. */
	text: string;
	/** The bytes of a binary data file, when they are not text (then `text` is ignored). */
	bytes?: Uint8Array;
	/** The size of a data file too large to carry, whose contents are not given. */
	size?: number;
}

/** One run of one program. */
export interface RunRequest {
	/** The C++ program (its first file, when it has several). */
	source: string;
	/** Shown in backtraces and diagnostics, e.g. `add_custom.cpp`; the path of the first file. */
	fileName?: string;
	/**
	 * The other files of the program: every further source file is compiled and linked with the
	 * first, headers are there for `#include "…"`, data files for the program's own reads.
	 */
	files?: readonly ProgramFile[];
	/** Folders (paths as in `files`) that `#include "…"` searches after the given files (`-I`). */
	includeDirs?: readonly string[];
	product: ProductId;
	mode: RunMode;
	/**
	 * Macros defined before the program, as a compiler's `-D NAME[=VALUE]` (value `1` when none),
	 * and predefined ones removed, as `-U NAME` (e.g. `ASCENDC_CPU_DEBUG`).
	 */
	defines?: Readonly<Record<string, string>>;
	undefines?: readonly string[];
	/** CANN version, e.g. `8.0.RC2`; picks log wording. Omitted: the product's default. */
	cann?: string;
	maxSteps?: number;
	/** User actions in order (run, wait, signal, suspend). Omitted: one plain run. */
	actions?: readonly Action[];
	/** Values of an operator-framework kernel's tiling fields (`GET_TILING_DATA`), by name. */
	tiling?: Readonly<Record<string, number>>;
	/** The tiling key `TILING_KEY_IS(k)` tests; omitted: the smallest key the kernel tests. */
	tilingKey?: number;
	/** For kernels with no `main`: blocks to launch and bytes per synthetic GM buffer. */
	blocks?: number;
	gmBytes?: number;
	/**
	 * For kernels with no `main`: the bytes of GM parameters, by parameter name (raw,
	 * little-endian, as `--input x=x.bin` reads them); a parameter given here gets a buffer of
	 * exactly that size.
	 */
	gmInputs?: Readonly<Record<string, Uint8Array>>;
	/** For kernels with no `main`: what the other GM parameters hold (default: a ramp, gm-fill.ts). */
	gmFill?: GmFill;
	/**
	 * Take a copy of the run's memory after step N (a step number of the trace), or at the end
	 * (`'end'`); it comes back as `Trace.memory`.
	 */
	snapshot?: number | 'end';
	/**
	 * Processes each `run` action starts, as the ranks of one job on one server: rank r gets
	 * RANK_ID=r, RANK_SIZE and DEVICE_ID=r in its environment (default 1).
	 */
	ranks?: number;
	/** Physical devices of the server; omitted: the product's devices per server. */
	deviceCount?: number;
	/** Environment every process starts with, e.g. ASCEND_RT_VISIBLE_DEVICES or HCCL_EXEC_TIMEOUT. */
	env?: Readonly<Record<string, string>>;
	/**
	 * Physical devices no process can open (not mapped into the container, or faulty): opening
	 * one fails with 507033 as in Ascend/pytorch#67.
	 */
	unusableDevices?: readonly number[];
	/** Other programs a `run` action names (`program:`), by file name: each is its own process. */
	programs?: Readonly<Record<string, string>>;
	/** Smaller host limits than the product's (streams, events, device memory, kernel timeout), for tests and demos. */
	limits?: HostLimitOverrides;
}
