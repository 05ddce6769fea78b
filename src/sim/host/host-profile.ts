/**
 * The host-side product profile: per-device runtime limits and the defaults that pick log wording.
 * Every number carries its source; `illustrative` marks a value no source gives (the UI labels it).
 */
import type { ProductId } from '../product-id.ts';
import type { Sourced } from '../product.ts';

/** Which core type runs a vector kernel, which decides the timeout/exception codes at sync. */
export type KernelCore = 'aicore' | 'vector';

/** Host-side limits and defaults of one product (per device). */
export interface HostProfile {
	/** Max streams per device, default streams included (N creatable = max − existing). */
	streams: Sourced;
	/** Max event resources per device (taken by aclrtRecordEvent). */
	events: Sourced;
	/** Device memory that aclrtMalloc can hand out, in bytes. */
	deviceMemoryBytes: Sourced;
	/** Streams every context starts with (its default stream, plus internal ones). */
	defaultStreamsPerContext: Sourced;
	/** Bytes aclrtMalloc adds after rounding the size up to 32 (+32 on these products). */
	mallocPadBytes: Sourced;
	/** CANN version assumed when the run does not name one. */
	defaultCann: Sourced<string>;
	/** Core type that reports a vector kernel's timeout or exception. */
	kernelCore: Sourced<KernelCore>;
	/** How long a hung kernel runs before the device reports a timeout, in microseconds. */
	kernelTimeoutUs: Sourced;
}

const STREAMS = 'hicann/runtime:docs/zh/api_ref/06_stream_management.md (ascend-facts B.4, B.6)';
const EVENTS = 'hicann/runtime:docs/zh/api_ref/07_event_management.md (ascend-facts B.5, B.6)';
const PAD =
	'hicann/runtime:docs/zh/api_ref/11-01_device_memory_malloc_and_free.md: round up to 32, then +32 (ascend-facts B.3)';
const CONTEXT = 'hicann/runtime:docs/zh/api_ref/05_context_management.md (ascend-facts B.2)';
const OLD_CANN =
	'illustrative: the old drvEventIdAlloc wording of seed 002 is documented for CANN 6.0.1 on 310, 310P and 910 (ascend-facts D.3)';
const NEW_CANN =
	'illustrative: the product postdates CANN 6.x; 8.0.0 is the EN troubleshooting page with the Event id alloc error wording (ascend-facts D.3)';
const MEMORY =
	'illustrative: no device memory size is in ascend-facts; a round size of the usual HBM/DDR class of the product';
const AICORE =
	'illustrative: vector kernels run on the AI Core on these products, so failures are reported as aicore';
const VECTOR =
	'illustrative: vector kernels run on the vector cores (AIV), reported as vector core (ascend-facts D.19)';
const TIMEOUT = 'illustrative: no default kernel execution timeout is in ascend-facts';

const GIB = 1024 * 1024 * 1024;
const ONE_DEFAULT_STREAM: Sourced = { value: 1, source: CONTEXT };
/** Atlas inference EP: every context holds the default stream and an internal-sync stream. */
const TWO_DEFAULT_STREAMS_EP: Sourced = {
	value: 2,
	source: `${CONTEXT}: on Atlas inference EP a context has the default stream plus an internal-sync stream`,
};
const PAD_32: Sourced = { value: 32, source: PAD };
const TIMEOUT_30S: Sourced = { value: 30_000_000, source: TIMEOUT };

/** The host profile of every product. */
export const HOST_PROFILES: Readonly<Record<ProductId, HostProfile>> = {
	'atlas-training': {
		streams: { value: 2048, source: STREAMS },
		events: { value: 65535, source: EVENTS },
		deviceMemoryBytes: { value: 32 * GIB, source: MEMORY },
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '6.0.1', source: OLD_CANN },
		kernelCore: { value: 'aicore', source: AICORE },
		kernelTimeoutUs: TIMEOUT_30S,
	},
	'atlas-inference-aicore': {
		streams: { value: 1024, source: STREAMS },
		events: { value: 1023, source: EVENTS },
		deviceMemoryBytes: { value: 24 * GIB, source: MEMORY },
		defaultStreamsPerContext: TWO_DEFAULT_STREAMS_EP,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '6.0.1', source: OLD_CANN },
		kernelCore: { value: 'aicore', source: AICORE },
		kernelTimeoutUs: TIMEOUT_30S,
	},
	'atlas-inference-vectorcore': {
		streams: { value: 1024, source: STREAMS },
		events: { value: 1023, source: EVENTS },
		deviceMemoryBytes: { value: 24 * GIB, source: MEMORY },
		defaultStreamsPerContext: TWO_DEFAULT_STREAMS_EP,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '6.0.1', source: OLD_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_30S,
	},
	'atlas-a2': {
		streams: { value: 1984, source: `${STREAMS}; CANN 8.0.0 docs say 2048` },
		events: { value: 65536, source: `${EVENTS}; CANN 8.0 docs say 65535` },
		deviceMemoryBytes: { value: 64 * GIB, source: MEMORY },
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '8.0.0', source: NEW_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_30S,
	},
	'atlas-a3': {
		streams: { value: 1984, source: STREAMS },
		events: { value: 65536, source: EVENTS },
		deviceMemoryBytes: { value: 64 * GIB, source: MEMORY },
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '8.0.0', source: NEW_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_30S,
	},
	'atlas-200i-500-a2': {
		streams: { value: 512, source: STREAMS },
		events: { value: 65536, source: `${EVENTS}; older docs say 65535` },
		deviceMemoryBytes: { value: 4 * GIB, source: MEMORY },
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '8.0.0', source: NEW_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_30S,
	},
};

/** Overrides a run may apply to a product's profile (small-limit demos, tests). */
export interface HostLimitOverrides {
	streams?: number;
	events?: number;
	deviceMemoryBytes?: number;
	kernelTimeoutUs?: number;
}

/** The profile of `product` with `overrides` applied; overridden values are marked as such. */
export function hostProfile(product: ProductId, overrides: HostLimitOverrides = {}): HostProfile {
	const base = HOST_PROFILES[product];
	const mark = (value: number) => ({ value, source: 'run setting (overrides the product limit)' });
	return {
		...base,
		...(overrides.streams !== undefined ? { streams: mark(overrides.streams) } : {}),
		...(overrides.events !== undefined ? { events: mark(overrides.events) } : {}),
		...(overrides.deviceMemoryBytes !== undefined
			? { deviceMemoryBytes: mark(overrides.deviceMemoryBytes) }
			: {}),
		...(overrides.kernelTimeoutUs !== undefined
			? { kernelTimeoutUs: mark(overrides.kernelTimeoutUs) }
			: {}),
	};
}
