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
	/** Devices of one server of this product: what `aclrtGetDeviceCount` sees by default. */
	devicesPerServer: Sourced;
	/** Max Notify objects per device (aclrtCreateNotify), shared by every process on it. */
	notifies: Sourced;
	/** Device memory npu-smi shows as the total (HBM or DDR), in bytes; the rest of it past
	 * `deviceMemoryBytes` is reserved by the system and shows as used on an idle card. */
	npuSmiMemoryBytes: Sourced;
	/** The chip name npu-smi prints in its Name column. */
	chipName: Sourced<string>;
	/** Chips (device ids) per NPU card as npu-smi groups them: 2 on Atlas A3. */
	chipsPerNpu: Sourced;
	/** Whether ACL graph capture (aclmdlRICaptureBegin and the rest) is supported. */
	graphCapture: Sourced<boolean>;
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
/** Default AI Core operator timeouts of the aclrtSetOpExecuteTimeOut reference (CANN 8.0.RC2). */
const TIMEOUT =
	'default AI Core operator execution timeout, aclrtSetOpExecuteTimeOut constraints (hiascend CANNCommunityEdition 80RC2alpha001 aclcppdevg_03_0233)';
const NOTIFY =
	'hicann/runtime:docs/zh/api_ref/08_notify_management.md (aclrtCreateNotify constraints)';
const SERVER_910 =
	'Atlas 800 training server, fully populated: 8 NPUs (hiascend mindcluster 730 schedulingug mxdlug_appendices_008)';
const SERVER_A2 =
	'8 Ascend AI processors per Atlas A2 server (hiascend canncommercial 700 tfmigr1_000026: "如果单Server中昇腾AI处理器的数量是8")';
const SERVER_A3 =
	'16 processors (8 HiAM modules of 2) per Atlas 800T/800I A3 SuperPoD server (hiascend mindcluster 730 dl_affinity_0040)';
const SERVER_310P =
	'Atlas 800 inference server (model 3000) with four Atlas 300I Duo cards of two processors each (hiascend mindcluster 730 dl_affinity_0009)';
const SERVER_EDGE =
	'illustrative: one Ascend processor on an Atlas 200I A2 module or 500 A2 station';
const A2_MEMORY =
	'60.97 GiB: the total capacity torch_npu reports from aclrtGetMemInfo on a 64 GB Atlas A2 card (zai-org/CogVideo#63, vllm-project/vllm-ascend#19)';
const HBM_64G =
	'npu-smi info shows 65536 MB of HBM per 910B / A3 chip (vllm-project/vllm-ascend#2534, #9596)';
const CAPTURE =
	'hicann/runtime:docs/zh/api_ref/15_model_running_instance__management.md (aclmdlRICaptureBegin product support)';
const NAME = 'illustrative: a chip name of the series as npu-smi prints it';
const ONE_CHIP: Sourced = {
	value: 1,
	source: 'npu-smi info lists one chip per NPU on A2 servers (vllm-project/vllm-ascend#1130)',
};

const GIB = 1024 * 1024 * 1024;
const ONE_DEFAULT_STREAM: Sourced = { value: 1, source: CONTEXT };
/** Atlas inference EP: every context holds the default stream and an internal-sync stream. */
const TWO_DEFAULT_STREAMS_EP: Sourced = {
	value: 2,
	source: `${CONTEXT}: on Atlas inference EP a context has the default stream plus an internal-sync stream`,
};
const PAD_32: Sourced = { value: 32, source: PAD };
const SECOND = 1_000_000;
const TIMEOUT_TRAINING: Sourced = {
	value: 68 * SECOND,
	source: `${TIMEOUT}: Atlas 训练系列产品 68 s`,
};
const TIMEOUT_INFERENCE: Sourced = {
	value: 547 * SECOND,
	source: `${TIMEOUT}: Atlas 推理系列产品 547 s`,
};
const TIMEOUT_A2: Sourced = {
	value: 1091 * SECOND,
	source: `${TIMEOUT}: Atlas A2 训练系列产品 1091 s`,
};
const TIMEOUT_EDGE: Sourced = {
	value: 1091 * SECOND,
	source: `${TIMEOUT}: Atlas 200I/500 A2 推理产品 1091 s`,
};
const TIMEOUT_A3: Sourced = {
	value: 1091 * SECOND,
	source: 'illustrative: the 8.0.RC2 table has no A3 row; taken as the A2 value (1091 s)',
};
const MIB = 1024 * 1024;
/** Illustrative system reserve of cards whose usable size no source gives. */
const reserve = (bytes: number): Sourced => ({
	value: bytes + 3 * GIB,
	source: 'illustrative: the usable memory plus a 3 GiB system reserve',
});
const CAPTURE_YES: Sourced<boolean> = { value: true, source: CAPTURE };
const CAPTURE_NO: Sourced<boolean> = { value: false, source: CAPTURE };

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
		kernelTimeoutUs: TIMEOUT_TRAINING,
		devicesPerServer: { value: 8, source: SERVER_910 },
		notifies: { value: 1024, source: NOTIFY },
		npuSmiMemoryBytes: reserve(32 * GIB),
		chipName: { value: '910A', source: NAME },
		chipsPerNpu: ONE_CHIP,
		graphCapture: CAPTURE_NO,
	},
	'atlas-inference-aicore': {
		streams: { value: 1024, source: STREAMS },
		events: { value: 1023, source: EVENTS },
		deviceMemoryBytes: { value: 24 * GIB, source: MEMORY },
		defaultStreamsPerContext: TWO_DEFAULT_STREAMS_EP,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '6.0.1', source: OLD_CANN },
		kernelCore: { value: 'aicore', source: AICORE },
		kernelTimeoutUs: TIMEOUT_INFERENCE,
		devicesPerServer: { value: 8, source: SERVER_310P },
		notifies: { value: 1024, source: NOTIFY },
		npuSmiMemoryBytes: reserve(24 * GIB),
		chipName: { value: '310P3', source: NAME },
		chipsPerNpu: ONE_CHIP,
		graphCapture: CAPTURE_YES,
	},
	'atlas-inference-vectorcore': {
		streams: { value: 1024, source: STREAMS },
		events: { value: 1023, source: EVENTS },
		deviceMemoryBytes: { value: 24 * GIB, source: MEMORY },
		defaultStreamsPerContext: TWO_DEFAULT_STREAMS_EP,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '6.0.1', source: OLD_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_INFERENCE,
		devicesPerServer: { value: 8, source: SERVER_310P },
		notifies: { value: 1024, source: NOTIFY },
		npuSmiMemoryBytes: reserve(24 * GIB),
		chipName: { value: '310P3', source: NAME },
		chipsPerNpu: ONE_CHIP,
		graphCapture: CAPTURE_YES,
	},
	'atlas-a2': {
		streams: { value: 1984, source: `${STREAMS}; CANN 8.0.0 docs say 2048` },
		events: { value: 65536, source: `${EVENTS}; CANN 8.0 docs say 65535` },
		deviceMemoryBytes: { value: Math.round(60.97 * GIB), source: A2_MEMORY },
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '8.0.0', source: NEW_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_A2,
		devicesPerServer: { value: 8, source: SERVER_A2 },
		notifies: { value: 8192, source: NOTIFY },
		npuSmiMemoryBytes: { value: 65536 * MIB, source: HBM_64G },
		chipName: { value: '910B3', source: NAME },
		chipsPerNpu: ONE_CHIP,
		graphCapture: CAPTURE_YES,
	},
	'atlas-a3': {
		streams: { value: 1984, source: STREAMS },
		events: { value: 65536, source: EVENTS },
		deviceMemoryBytes: {
			value: Math.round(60.97 * GIB),
			source: `${A2_MEMORY}; A3 chips have the same 64 GB`,
		},
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '8.0.0', source: NEW_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_A3,
		devicesPerServer: { value: 16, source: SERVER_A3 },
		notifies: { value: 8192, source: NOTIFY },
		npuSmiMemoryBytes: { value: 65536 * MIB, source: HBM_64G },
		chipName: { value: 'Ascend910', source: NAME },
		chipsPerNpu: {
			value: 2,
			source:
				'npu-smi info lists two chips per NPU with a Phy-ID on A3 (ModelEngine-Group/unified-cache-management#748)',
		},
		graphCapture: CAPTURE_YES,
	},
	'atlas-200i-500-a2': {
		streams: { value: 512, source: STREAMS },
		events: { value: 65536, source: `${EVENTS}; older docs say 65535` },
		deviceMemoryBytes: { value: 4 * GIB, source: MEMORY },
		defaultStreamsPerContext: ONE_DEFAULT_STREAM,
		mallocPadBytes: PAD_32,
		defaultCann: { value: '8.0.0', source: NEW_CANN },
		kernelCore: { value: 'vector', source: VECTOR },
		kernelTimeoutUs: TIMEOUT_EDGE,
		devicesPerServer: { value: 1, source: SERVER_EDGE },
		notifies: { value: 2048, source: NOTIFY },
		npuSmiMemoryBytes: reserve(4 * GIB),
		chipName: { value: '310B4', source: NAME },
		chipsPerNpu: ONE_CHIP,
		graphCapture: CAPTURE_NO,
	},
};

/** Overrides a run may apply to a product's profile (small-limit demos, tests). */
export interface HostLimitOverrides {
	streams?: number;
	events?: number;
	notifies?: number;
	deviceMemoryBytes?: number;
	kernelTimeoutUs?: number;
}

/** The profile of `product` with `overrides` applied; overridden values are marked as such. */
export function hostProfile(product: ProductId, overrides: HostLimitOverrides = {}): HostProfile {
	const base = HOST_PROFILES[product];
	const mark = (value: number) => ({ value, source: 'run setting (overrides the product limit)' });
	const memory = overrides.deviceMemoryBytes;
	return {
		...base,
		...(memory !== undefined && memory > base.npuSmiMemoryBytes.value
			? { npuSmiMemoryBytes: mark(memory) }
			: {}),
		...(overrides.streams !== undefined ? { streams: mark(overrides.streams) } : {}),
		...(overrides.events !== undefined ? { events: mark(overrides.events) } : {}),
		...(overrides.notifies !== undefined ? { notifies: mark(overrides.notifies) } : {}),
		...(overrides.deviceMemoryBytes !== undefined
			? { deviceMemoryBytes: mark(overrides.deviceMemoryBytes) }
			: {}),
		...(overrides.kernelTimeoutUs !== undefined
			? { kernelTimeoutUs: mark(overrides.kernelTimeoutUs) }
			: {}),
	};
}
