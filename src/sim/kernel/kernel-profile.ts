/**
 * The kernel (AI Core) side of each product profile: the per-position buffer limit, on-chip
 * memory sizes, the 64-buffer cap, alignment rules and the CPU-debug log layout. Every number
 * carries its source; `src/sim/product.ts` joins these rows with the host profiles.
 */
import type { ProductId } from '../product-id.ts';
import type { Sourced } from '../product.ts';
import type { Hardware, NpuArch } from './tposition.ts';

/** Kilobytes → bytes. */
const KB = 1024;

/** The kernel-side limits and sizes of one product. */
export interface KernelProfile {
	/** `__NPU_ARCH__`, which picks position→memory maps and queue events. */
	arch: NpuArch;
	/**
	 * `QUE_MAX_EVENT`: sync event ids per HardEvent, which is the buffer limit per TPosition
	 * (4 on Atlas training series, 8 elsewhere).
	 */
	queMaxEvent: Sourced;
	/** `QBUF_MAX_LEN`: buffers one TPipe may manage. */
	maxBuffers: Sourced;
	/** Bytes InitBuffer rounds each block up to (`ONE_BLK_SIZE`). */
	blockAlign: Sourced;
	/** Bytes of each on-chip memory on the device. */
	memory: Readonly<Record<Exclude<Hardware, 'GM'>, Sourced>>;
	/** Where the CPU-debug model allocates a different size than the device (checked in CPU mode). */
	cpuModelMemory: Readonly<Partial<Record<Exclude<Hardware, 'GM'>, Sourced>>>;
	/** Start-address alignment per memory, in bytes. */
	alignment: Readonly<Record<Exclude<Hardware, 'GM'>, Sourced>>;
	/** `core`: `[ERROR][Core_n]…`; `block-aiv`: `[ERROR][Block_n][AIV_n]…` (2201, A2/A3). */
	cpuLogLayout: Sourced<'core' | 'block-aiv'>;
	/** CANN version assumed when the run names none. */
	defaultCann: Sourced<string>;
}

const LIMIT_SOURCE =
	'FAQ "运行验证时AllocTensor/FreeTensor失败" (hiascend atlas_ascendc_10_0107); QUE_MAX_EVENT in cannmirror/asc-devkit:impl/basic_api/kernel_macros.h (ascend-facts A.8)';
const QBUF_SOURCE =
	'InitBuffer.md "不超过64"; #define QBUF_MAX_LEN 64 in cannmirror/asc-devkit:impl/basic_api/kernel_macros.h (ascend-facts A.5)';
const BLK_SOURCE =
	'ONE_BLK_SIZE = 32 in cannmirror/asc-devkit:impl/basic_api/utils/kernel_utils_constants.h (ascend-facts A.2, A.3)';
const DEVICE_SIZES =
	'device constants in cannmirror/asc-devkit:impl/basic_api/utils/kernel_utils_constants.h (ascend-facts A.2)';
const CPU_SIZES =
	'bufferInitLen in cannmirror/asc-devkit:impl/basic_api/utils/kernel_utils_mode_cpu.h (ascend-facts A.2)';
const ALIGN_SOURCE =
	'TPosition→memory table, 8.2.RC1 API docs atlasascendc_api_07_0004 (ascend-facts A.3); older 8.0.RC2 docs said L1 512 B (see Conflicts)';
const LOG_SOURCE =
	'KERNEL_LOG in cannmirror/asc-devkit:impl/basic_api/kernel_log.h (ascend-facts A.10)';
const CANN_SOURCE =
	'the FAQ of seed 000 (canncommercial 9.0.0 docs) prints /usr/local/Ascend/cann/ and "current size is"; see cann-wording.ts';

const s = (value: number, source: string): Sourced => ({ value, source });

function sizes(
	ub: number,
	l1: number,
	l0c: number,
	bias: number,
	fixbuf: number,
	ubSource = DEVICE_SIZES,
	l1Source = DEVICE_SIZES,
): KernelProfile['memory'] {
	return {
		UB: s(ub * KB, ubSource),
		L1: s(l1 * KB, l1Source),
		L0A: s(64 * KB, CPU_SIZES),
		L0B: s(64 * KB, CPU_SIZES),
		L0C: s(l0c * KB, DEVICE_SIZES),
		BIAS: s(bias * KB, CPU_SIZES),
		FIXBUF: s(fixbuf * KB, CPU_SIZES),
	};
}

const ALIGNMENT: KernelProfile['alignment'] = {
	UB: s(32, ALIGN_SOURCE),
	L1: s(32, ALIGN_SOURCE),
	L0A: s(512, ALIGN_SOURCE),
	L0B: s(512, ALIGN_SOURCE),
	L0C: s(64, ALIGN_SOURCE),
	BIAS: s(64, ALIGN_SOURCE),
	FIXBUF: s(64, `${ALIGN_SOURCE}; NPU架构版本2201.md (Fixpipe buffer 64 B)`),
};

function profile(
	arch: NpuArch,
	queMaxEvent: number,
	memory: KernelProfile['memory'],
	cpuModelMemory: KernelProfile['cpuModelMemory'] = {},
): KernelProfile {
	return {
		arch,
		queMaxEvent: s(queMaxEvent, LIMIT_SOURCE),
		maxBuffers: s(64, QBUF_SOURCE),
		blockAlign: s(32, BLK_SOURCE),
		memory,
		cpuModelMemory,
		alignment: ALIGNMENT,
		cpuLogLayout: { value: arch === 2201 ? 'block-aiv' : 'core', source: LOG_SOURCE },
		defaultCann: { value: '9.0.0', source: CANN_SOURCE },
	};
}

// 1001/2002: UB 256 KB, L1 1 MB, L0C 256 KB on the device; BIAS/FIXBUF only in the CPU model.
const V100_V200 = sizes(256, 1024, 256, 64, 64);
// 2201: UB 192 KB, L1 512 KB (the device keeps 128 B of it for KFC), L0C 128 KB.
const V220 = sizes(
	192,
	512,
	128,
	1,
	7,
	DEVICE_SIZES,
	`${DEVICE_SIZES}; the device reserves 128 B of L1 for KFC, not modelled`,
);
// 3002: the device constant says UB 248 KB; the CPU model allocates 256 KB (see Conflicts).
const V300 = sizes(248, 1024, 128, 1, 7);

/** Kernel profiles of the six products. */
export const KERNEL_PROFILES: Readonly<Record<ProductId, KernelProfile>> = {
	'atlas-training': profile(1001, 4, V100_V200),
	'atlas-inference-aicore': profile(2002, 8, V100_V200),
	'atlas-inference-vectorcore': profile(2002, 8, V100_V200),
	'atlas-a2': profile(2201, 8, V220),
	'atlas-a3': profile(2201, 8, V220),
	'atlas-200i-500-a2': profile(3002, 8, V300, { UB: s(256 * KB, CPU_SIZES) }),
};

/** The kernel profile of `product`. */
export function kernelProfile(product: ProductId): KernelProfile {
	return KERNEL_PROFILES[product];
}
