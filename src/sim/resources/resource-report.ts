/**
 * The resource report of one run: for every counted resource the run touched, the highest level
 * it reached against the product's limit and the line where that happened, and what the program
 * still held when its processes exited. Plain data, so it crosses a worker boundary and becomes
 * `resources` in `casebook sim --json` unchanged.
 */

/**
 * What one peak counts, and how to read its `subject`:
 * - `position-buffers`: buffers in use on one TPosition of a core, or waiting for their
 *   FreeTensor event id (subject: the TPosition, e.g. `VECIN`; limit: `QUE_MAX_EVENT`);
 * - `position-bytes`: bytes InitBuffer carved for one TPosition (subject: the TPosition; limit:
 *   the capacity of the memory it lives in);
 * - `memory-bytes`: bytes InitBuffer carved from one on-chip memory (subject: `UB`, `L1`, `L0A`…);
 * - `event-ids`: sync event ids of one HardEvent held on a TPipe (subject: e.g. `MTE2_V`);
 * - `device-memory`: device memory bytes taken by aclrtMalloc (subject: the device id);
 * - `streams`: streams on a device, default streams included (subject: the device id);
 * - `event-resources`: event resources on a device, taken by aclrtRecordEvent (subject: the
 *   device id);
 * - `notifies`: notify resources on a device (subject: the device id).
 */
export const RESOURCE_KINDS = [
	'position-buffers',
	'position-bytes',
	'memory-bytes',
	'event-ids',
	'device-memory',
	'streams',
	'event-resources',
	'notifies',
] as const;

/** One of {@link RESOURCE_KINDS}. */
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Kinds counted per AI Core (their peak names the core); the others are counted per device. */
export const KERNEL_RESOURCE_KINDS: ReadonlySet<ResourceKind> = new Set<ResourceKind>([
	'position-buffers',
	'position-bytes',
	'memory-bytes',
	'event-ids',
]);

/** A place in the user's program, 1-based; `file` when the frame names one. */
export interface ResourcePlace {
	line: number;
	column: number;
	file?: string;
}

/** Where a resource first went above its limit. */
export interface ResourceOverrun {
	/** The level reached (or asked for, when `refused`). */
	value: number;
	at?: ResourcePlace;
	/**
	 * True when the simulator refused the request (no id, no memory, no stream left); false when
	 * the level really went past the limit (the framework does not check it there, and a later
	 * call fails instead).
	 */
	refused: boolean;
}

/** The highest level of one resource in a run. Invariant: `peak ≤ limit` unless `over` is set. */
export interface ResourcePeak {
	kind: ResourceKind;
	/** The TPosition, memory, HardEvent or device id, as {@link RESOURCE_KINDS} says per kind. */
	subject: string;
	unit: 'count' | 'bytes';
	/** Highest level held at once. */
	peak: number;
	/** The product's limit (in this mode: the CPU model's memory size in CPU debug). */
	limit: number;
	/** True when no source gives the limit (the UI marks it illustrative). */
	illustrative?: boolean;
	/** Where the peak was first reached. */
	at?: ResourcePlace;
	/** The core (block index) on which the peak was reached, for per-core kinds. */
	core?: number;
	/** The first time the level, or a request, went above the limit. */
	over?: ResourceOverrun;
}

/** Resources of one kind that processes still held at exit, taken at one line. */
export interface HeldResource {
	/** The leak kind: `device-memory`, `stream`, `event`, `context`, `host-heap`, … */
	kind: string;
	count: number;
	/** Bytes, summed, when the resources have a size. */
	bytes?: number;
	/** The line that took them. */
	at?: ResourcePlace;
	/** One of them described, e.g. `aclrtMalloc(1024) at 0x124080000000 … never freed`. */
	example: string;
}

/** The resource report of a run. */
export interface ResourceReport {
	/** One entry per resource touched, in {@link RESOURCE_KINDS} order, then first use. */
	peaks: ResourcePeak[];
	/** What was still held at exit, grouped by kind and line, in line order. */
	held: HeldResource[];
}

/** Whether `peak` went above its limit (held or refused). */
export function isOverLimit(peak: ResourcePeak): boolean {
	return peak.over !== undefined;
}
