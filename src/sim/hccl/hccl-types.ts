/**
 * The HCCL types the simulator speaks: the `HcclResult` codes, `HcclDataType` and `HcclReduceOp`
 * with their values, the size of `HcclRootInfo`, and which element types each collective takes
 * on each product.
 *
 * Values: hicann/hcomm include/hccl/hccl_types.h (9d4a927) and the HcclResult reference page of
 * the HCCL docs. Names and element types per product: hicann/hccl docs/zh/api_ref/
 * comm_op_interface/*.md (09300b7). How a log line spells each type (`float32`, `bfp16`) follows
 * the `dataType[float32]` of the HCCL logs; the other spellings follow the reference pages' lists.
 */
import type { ProductId } from '../product-id.ts';

/** `HcclResult`, by name. */
export const HCCL_RESULT = {
	HCCL_SUCCESS: 0,
	HCCL_E_PARA: 1,
	HCCL_E_PTR: 2,
	HCCL_E_MEMORY: 3,
	HCCL_E_INTERNAL: 4,
	HCCL_E_NOT_SUPPORT: 5,
	HCCL_E_NOT_FOUND: 6,
	HCCL_E_UNAVAIL: 7,
	HCCL_E_SYSCALL: 8,
	HCCL_E_TIMEOUT: 9,
	HCCL_E_OPEN_FILE_FAILURE: 10,
	HCCL_E_TCP_CONNECT: 11,
	HCCL_E_ROCE_CONNECT: 12,
	HCCL_E_TCP_TRANSFER: 13,
	HCCL_E_ROCE_TRANSFER: 14,
	HCCL_E_RUNTIME: 15,
	HCCL_E_DRV: 16,
	HCCL_E_PROFILING: 17,
	HCCL_E_CCE: 18,
	HCCL_E_NETWORK: 19,
	HCCL_E_AGAIN: 20,
	HCCL_E_REMOTE: 21,
	HCCL_E_SUSPENDING: 22,
	HCCL_E_OPRETRY_FAIL: 23,
	HCCL_E_OOM: 24,
	HCCL_E_IN_STATUS: 1041,
} as const;

/** A name of {@link HCCL_RESULT}. */
export type HcclResultName = keyof typeof HCCL_RESULT;

const RESULT_NAMES = new Map<number, string>(
	Object.entries(HCCL_RESULT).map(([name, code]) => [code, name]),
);

/** `"9 HCCL_E_TIMEOUT"`, `"HCCL_SUCCESS"`: how a result reads in the trace. */
export function hcclResultLabel(code: number): string {
	if (code === 0) return 'HCCL_SUCCESS';
	return `${code} ${RESULT_NAMES.get(code) ?? 'HCCL_E_UNKNOWN'}`;
}

/** One element type a collective moves. */
export interface HcclDataTypeInfo {
	/** The enum constant, e.g. `HCCL_DATA_TYPE_FP32`. */
	readonly constant: string;
	readonly value: number;
	/** How the logs and the reference pages spell it, e.g. `float32`. */
	readonly name: string;
	/** The simulator's element type (src/sim/kernel/dtype.ts) the bytes are read as. */
	readonly element: string;
	readonly bytes: number;
}

/** `HcclDataType`: the element types the simulator computes with (the fp8 types are not). */
export const HCCL_DATA_TYPES: readonly HcclDataTypeInfo[] = [
	{ constant: 'HCCL_DATA_TYPE_INT8', value: 0, name: 'int8', element: 'int8_t', bytes: 1 },
	{ constant: 'HCCL_DATA_TYPE_INT16', value: 1, name: 'int16', element: 'int16_t', bytes: 2 },
	{ constant: 'HCCL_DATA_TYPE_INT32', value: 2, name: 'int32', element: 'int32_t', bytes: 4 },
	{ constant: 'HCCL_DATA_TYPE_FP16', value: 3, name: 'float16', element: 'half', bytes: 2 },
	{ constant: 'HCCL_DATA_TYPE_FP32', value: 4, name: 'float32', element: 'float', bytes: 4 },
	{ constant: 'HCCL_DATA_TYPE_INT64', value: 5, name: 'int64', element: 'int64_t', bytes: 8 },
	{ constant: 'HCCL_DATA_TYPE_UINT64', value: 6, name: 'uint64', element: 'uint64_t', bytes: 8 },
	{ constant: 'HCCL_DATA_TYPE_UINT8', value: 7, name: 'uint8', element: 'uint8_t', bytes: 1 },
	{ constant: 'HCCL_DATA_TYPE_UINT16', value: 8, name: 'uint16', element: 'uint16_t', bytes: 2 },
	{ constant: 'HCCL_DATA_TYPE_UINT32', value: 9, name: 'uint32', element: 'uint32_t', bytes: 4 },
	{ constant: 'HCCL_DATA_TYPE_FP64', value: 10, name: 'float64', element: 'double', bytes: 8 },
	{ constant: 'HCCL_DATA_TYPE_BFP16', value: 11, name: 'bfp16', element: 'bfloat16_t', bytes: 2 },
];

const TYPE_BY_VALUE = new Map(HCCL_DATA_TYPES.map((t) => [t.value, t]));

/** The data type with enum value `value`, or undefined for one the simulator does not know. */
export function hcclDataType(value: number): HcclDataTypeInfo | undefined {
	return TYPE_BY_VALUE.get(value);
}

/** `HcclReduceOp`, by name. */
export const HCCL_REDUCE_OP = {
	HCCL_REDUCE_SUM: 0,
	HCCL_REDUCE_PROD: 1,
	HCCL_REDUCE_MAX: 2,
	HCCL_REDUCE_MIN: 3,
	HCCL_REDUCE_RESERVED: 255,
} as const;

/** A reduction, as the logs print it (`op[sum]`, `reduceType[sum]`). */
export type ReduceOpName = 'sum' | 'prod' | 'max' | 'min';

/** The reduction of enum value `value`, or undefined (255 and unknown values). */
export function reduceOpName(value: number): ReduceOpName | undefined {
	return (['sum', 'prod', 'max', 'min'] as const)[value];
}

/** `HCCL_ROOT_INFO_BYTES`: sizeof(HcclRootInfo), its `char internal[4108]`. */
export const HCCL_ROOT_INFO_BYTES = 4108;

/** The collectives and point-to-point operations the simulator runs. */
export type HcclOpKind =
	'AllReduce' | 'AllGather' | 'ReduceScatter' | 'Broadcast' | 'Barrier' | 'Send' | 'Receive';

/**
 * Whether `op` reduces (AllReduce, ReduceScatter) or only moves data; the two families take
 * different element types on each product.
 */
function reduces(op: HcclOpKind): boolean {
	return op === 'AllReduce' || op === 'ReduceScatter';
}

// The reference pages' 数据类型说明 / dataType说明 per product. Atlas inference series: the pages
// list the Atlas 300I Duo card, taken here for both inference products.
const REDUCE_TYPES: Readonly<Record<ProductId, readonly string[]>> = {
	'atlas-training': ['int8', 'int32', 'int64', 'float16', 'float32'],
	'atlas-inference-aicore': ['int8', 'int16', 'int32', 'float16', 'float32'],
	'atlas-inference-vectorcore': ['int8', 'int16', 'int32', 'float16', 'float32'],
	'atlas-a2': ['int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'bfp16'],
	'atlas-a3': ['int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'bfp16'],
	// Not in the product lists of the HCCL pages; taken as Atlas A2 (illustrative).
	'atlas-200i-500-a2': ['int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'bfp16'],
};

const MOVE_ALL = HCCL_DATA_TYPES.map((t) => t.name);
const MOVE_TYPES: Readonly<Record<ProductId, readonly string[]>> = {
	'atlas-training': MOVE_ALL.filter((n) => n !== 'bfp16'),
	'atlas-inference-aicore': MOVE_ALL.filter((n) => n !== 'bfp16'),
	'atlas-inference-vectorcore': MOVE_ALL.filter((n) => n !== 'bfp16'),
	'atlas-a2': MOVE_ALL,
	'atlas-a3': MOVE_ALL,
	'atlas-200i-500-a2': MOVE_ALL,
};

/**
 * Whether `product` runs `op` on `dtype` with reduction `reduce`: the element types of the
 * reference page, and its exceptions (prod takes neither int16 nor bfp16 on A2/A3; prod, max
 * and min take no int16 on the Atlas 300I Duo card).
 */
export function supports(
	product: ProductId,
	op: HcclOpKind,
	dtype: HcclDataTypeInfo,
	reduce: ReduceOpName | undefined,
): boolean {
	if (!reduces(op)) return MOVE_TYPES[product].includes(dtype.name);
	if (!REDUCE_TYPES[product].includes(dtype.name) || reduce === undefined) return false;
	const inference = product.startsWith('atlas-inference');
	if (inference && reduce !== 'sum' && dtype.name === 'int16') return false;
	if (!inference && reduce === 'prod' && (dtype.name === 'int16' || dtype.name === 'bfp16'))
		return false;
	return true;
}
