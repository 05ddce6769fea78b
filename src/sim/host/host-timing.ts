/**
 * Virtual time each host operation takes, in microseconds. No source gives these; they are
 * illustrative, chosen so logs and charts read plausibly (a call costs microseconds, a kernel tens).
 */
export const HOST_COST_US = {
	/** Any API call not listed below. */
	call: 2,
	aclInit: 1000,
	aclFinalize: 500,
	setDevice: 2000,
	resetDevice: 500,
	createContext: 200,
	createStream: 50,
	destroyStream: 20,
	createEvent: 5,
	recordEvent: 3,
	malloc: 5,
	free: 3,
	mallocHost: 5,
	launch: 5,
	modelLoad: 5000,
	modelExecute: 2000,
	/** Process teardown before the driver's release (also keeps exit points apart in charts). */
	processExit: 1000,
	/** Fixed part of a copy; bytes are added at {@link COPY_BYTES_PER_US}. */
	memcpy: 10,
} as const;

/** Copy bandwidth: 10 GB/s, i.e. 10,000 bytes per microsecond (illustrative). */
export const COPY_BYTES_PER_US = 10_000;

/** A kernel's run time when the launch names none (illustrative). */
export const DEFAULT_KERNEL_US = 20;

/** The seed's old event lines are 17 µs then 15 µs apart (seed 002, case 2). */
export const OLD_EVENT_LINE_GAPS_US = [17, 15] as const;

/** The newer event lines are 9,650 µs apart (ascend-facts D.3, 739.680 → 749.330). */
export const NEW_EVENT_LINE_GAP_US = 9650;

/** The two suspend lines are 22 µs apart (seed 002, case 4: 850.781 → 850.803). */
export const SUSPEND_LINE_GAP_US = 22;
