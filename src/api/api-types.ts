/**
 * The types the catalog's signatures use, as rows: AscendCL handles (opaque pointers in C,
 * numbers in the simulator), enums and `#define`d constant sets with their values, Ascend C
 * classes, and structs with their fields. The binder declares each to the interpreter (a handle
 * as `void *`, an enum as its underlying integer, a class as a simulator object) and binds each
 * constant; the reference pages list them.
 */
import {
	ACL_ERROR,
	ACL_EVENT_FLAGS,
	ACL_EVENT_RECORDED_STATUS,
	ACL_EVENT_STATUS,
	ACL_MEM_ATTR,
	ACL_MEM_MALLOC_POLICY,
	ACL_RT_OVERFLOW_MODE,
	ACL_MEMCPY_KIND,
	ACL_RUN_MODE,
	ACL_STREAM_FAILURE_MODE,
} from '../sim/host/index.ts';
import { HARD_EVENT_VALUES, PIPES, ROUND_MODES, TPOSITION_VALUES } from '../sim/kernel/index.ts';
import { CAPTURE_MODE, CAPTURE_STATUS } from '../sim/host/acl/graph-capture.ts';
import { ACL_NOTIFY_FLAGS } from '../sim/host/acl/notify.ts';
import type { Localized } from './api-row.ts';
import type { ApiGroupId } from './groups.ts';
import { API_STRUCT_TYPES } from './api-structs.ts';
import { HOST_TILING_TYPES } from './ascendc/host-tiling-types.ts';
import { ascendCDoc, runtimeDoc } from './sources.ts';
import { HCCL_API_TYPES } from './hccl/hccl-types.ts';
import { HARDWARE_VALUES } from '../sim/kernel/local-mem-allocator.ts';

/** The integer types an enum can sit on. */
export type EnumBase = 'int32_t' | 'uint8_t' | 'int8_t';

/** A field of a struct type. */
export interface ApiField {
	readonly name: string;
	readonly type: string;
	/** Older names of the same field (a union member in the header). */
	readonly aliases?: readonly string[];
	readonly defaultValue?: string;
	readonly doc: Localized;
}

/**
 * One type:
 * - `handle`: an opaque pointer typedef (`aclrtStream`);
 * - `enum`: an enum (`aclrtMemcpyKind`, `TPosition`); `scoped` values are written `TPosition::VECIN`;
 * - `macros`: constants `#define`d for a plain integer type (aclError codes, event flags);
 * - `class`: an Ascend C class the simulator models (`TPipe`, `LocalTensor`);
 * - `struct`: a parameter struct with fields (`DataCopyParams`).
 */
export interface ApiType {
	readonly name: string;
	readonly kind: 'handle' | 'enum' | 'macros' | 'class' | 'struct';
	readonly group: ApiGroupId;
	/** Other names of the same type (`QuePosition` for `TPosition`). */
	readonly aliases?: readonly string[];
	readonly base?: EnumBase;
	readonly scoped?: boolean;
	readonly values?: Readonly<Record<string, number>>;
	readonly fields?: readonly ApiField[];
	/** A struct's constructors (besides the default one), each as the fields it sets, in order. */
	readonly constructors?: ReadonlyArray<readonly string[]>;
	/** A struct template's parameters (`T` of `DataCopyPadExtParams<T>`); field types name them. */
	readonly templateParams?: readonly string[];
	readonly doc: Localized;
	readonly source: string;
}

const ENUMS = runtimeDoc('25-02_Enumerations.md');
const TYPEDEFS = runtimeDoc('25-05_Typedefs.md');

const handle = (name: string, group: ApiGroupId, zh: string, en: string): ApiType => ({
	name,
	kind: 'handle',
	group,
	doc: { zh, en },
	source: TYPEDEFS,
});

/** `EVENT_ID0`…`EVENT_ID7`: the plain ids 0…7 a `TEventID` holds. */
const EVENT_ID_VALUES = Object.fromEntries(
	Array.from({ length: 8 }, (_, i) => [`EVENT_ID${i}`, i]),
);

/** Every type of the catalog. */
export const API_TYPES: readonly ApiType[] = [
	handle('aclrtContext', 'acl-context', 'Context 句柄。', 'A context handle.'),
	handle(
		'aclrtStream',
		'acl-stream',
		'Stream 句柄；nullptr 表示当前 Context 的默认 Stream。',
		'A stream handle; nullptr means the current context’s default stream.',
	),
	handle('aclrtEvent', 'acl-event', 'Event 句柄。', 'An event handle.'),
	handle('aclrtNotify', 'acl-notify', 'Notify 句柄。', 'A notify handle.'),
	handle(
		'aclmdlRI',
		'acl-graph-capture',
		'模型运行实例的句柄（图捕获的结果）。',
		'A model running instance handle (what a graph capture makes).',
	),
	{
		name: 'aclmdlRICaptureMode',
		kind: 'enum',
		group: 'acl-graph-capture',
		base: 'int32_t',
		values: {
			ACL_MODEL_RI_CAPTURE_MODE_GLOBAL: CAPTURE_MODE.GLOBAL,
			ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL: CAPTURE_MODE.THREAD_LOCAL,
			ACL_MODEL_RI_CAPTURE_MODE_RELAXED: CAPTURE_MODE.RELAXED,
		},
		doc: {
			zh: '捕获期间哪些线程不能调用同步拷贝等非安全函数：GLOBAL 所有线程，THREAD_LOCAL 捕获线程，RELAXED 都可以。',
			en: 'Which threads may not call unsafe functions (blocking copies…) during capture: every thread (GLOBAL), the capturing one (THREAD_LOCAL), none (RELAXED).',
		},
		source: ENUMS,
	},
	{
		name: 'aclmdlRICaptureStatus',
		kind: 'enum',
		group: 'acl-graph-capture',
		base: 'int32_t',
		values: {
			ACL_MODEL_RI_CAPTURE_STATUS_NONE: CAPTURE_STATUS.NONE,
			ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE: CAPTURE_STATUS.ACTIVE,
			ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED: CAPTURE_STATUS.INVALIDATED,
		},
		doc: {
			zh: 'aclmdlRICaptureGetInfo 返回的捕获状态。',
			en: 'The capture status aclmdlRICaptureGetInfo reports.',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtNotifyFlag',
		kind: 'macros',
		group: 'acl-notify',
		values: ACL_NOTIFY_FLAGS,
		doc: {
			zh: '创建 Notify 的标志：ACL_NOTIFY_DEFAULT（Host 上调用）或 ACL_NOTIFY_DEVICE_USE_ONLY。',
			en: 'Notify creation flags: ACL_NOTIFY_DEFAULT (used from the host) or ACL_NOTIFY_DEVICE_USE_ONLY.',
		},
		source: runtimeDoc('08_notify_management.md'),
	},
	{
		name: 'aclrtStreamStatus',
		kind: 'enum',
		group: 'acl-stream',
		base: 'int32_t',
		values: { ACL_STREAM_STATUS_COMPLETE: 0, ACL_STREAM_STATUS_NOT_READY: 1 },
		doc: {
			zh: 'aclrtStreamQuery 返回的 Stream 状态。',
			en: 'The stream status aclrtStreamQuery reports.',
		},
		source: ENUMS,
	},
	handle('aclmdlDesc', 'acl-model', '模型描述信息的句柄。', 'A handle to a model description.'),
	handle(
		'aclmdlDataset',
		'acl-model',
		'模型输入或输出数据集的句柄。',
		'A handle to a model input or output dataset.',
	),
	handle(
		'aclDataBuffer',
		'acl-model',
		'一块数据缓冲区描述的句柄。',
		'A handle to a data-buffer descriptor.',
	),
	handle('aclTensorDesc', 'acl-model', 'Tensor 描述的句柄。', 'A handle to a tensor description.'),
	handle('aclopAttr', 'acl-model', '算子属性的句柄。', 'A handle to operator attributes.'),
	{
		name: 'aclError',
		kind: 'macros',
		group: 'acl-error',
		values: { ...ACL_ERROR, ACL_ERROR_NONE: 0 },
		doc: {
			zh: 'AscendCL 接口的返回码（`typedef int aclError`）；0 表示成功，旧样例写作 ACL_ERROR_NONE。',
			en: 'The return code of AscendCL calls (`typedef int aclError`); 0 is success, which older samples spell ACL_ERROR_NONE.',
		},
		source: runtimeDoc('25-01_aclError.md'),
	},
	{
		name: 'aclrtEventFlag',
		kind: 'macros',
		group: 'acl-event',
		values: ACL_EVENT_FLAGS,
		doc: {
			zh: '创建 Event 时可以按位组合的标志，例如 ACL_EVENT_SYNC。',
			en: 'Flags to combine when creating an event, e.g. ACL_EVENT_SYNC.',
		},
		source: runtimeDoc('07_event_management.md'),
	},
	{
		name: 'aclrtEventStatus',
		kind: 'enum',
		group: 'acl-event',
		base: 'int32_t',
		values: ACL_EVENT_STATUS,
		doc: {
			zh: '已废弃的 aclrtQueryEvent 返回的状态。',
			en: 'The status the deprecated aclrtQueryEvent reports.',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtEventRecordedStatus',
		kind: 'enum',
		group: 'acl-event',
		base: 'int32_t',
		values: ACL_EVENT_RECORDED_STATUS,
		doc: {
			zh: 'aclrtQueryEventStatus 返回的状态。',
			en: 'The status aclrtQueryEventStatus reports.',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtFloatOverflowMode',
		kind: 'enum',
		group: 'acl-device',
		base: 'int32_t',
		values: ACL_RT_OVERFLOW_MODE,
		doc: {
			zh: '浮点计算结果的输出模式：饱和模式（Inf 变成极大值，NaN 变成 0）或 Inf/NaN 模式。',
			en: 'How float results come out: saturation mode (Inf becomes the largest finite value, NaN becomes 0) or Inf/NaN mode.',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtMemMallocPolicy',
		kind: 'enum',
		group: 'acl-memory',
		base: 'int32_t',
		values: ACL_MEM_MALLOC_POLICY,
		doc: {
			zh: 'Device 内存的申请策略（大页、普通页等）。',
			en: 'How device memory is allocated (huge pages, normal pages…).',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtRunMode',
		kind: 'enum',
		group: 'acl-device',
		base: 'int32_t',
		values: ACL_RUN_MODE,
		doc: {
			zh: '应用运行在哪里：Device 上（ACL_DEVICE），还是连着 Device 的 Host 上（ACL_HOST）。',
			en: 'Where the application runs: on the device (ACL_DEVICE) or on a host attached to it (ACL_HOST).',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtMemcpyKind',
		kind: 'enum',
		group: 'acl-memory',
		base: 'int32_t',
		values: ACL_MEMCPY_KIND,
		doc: { zh: '内存复制的方向。', en: 'The direction of a memory copy.' },
		source: ENUMS,
	},
	{
		name: 'aclrtMemAttr',
		kind: 'enum',
		group: 'acl-memory',
		base: 'int32_t',
		values: ACL_MEM_ATTR,
		doc: {
			zh: 'aclrtGetMemInfo 查询的内存种类（数值为示意值，模拟器只有一个内存池）。',
			en: 'Which memory aclrtGetMemInfo reports on (values illustrative: the simulator has one pool).',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtStreamFailureMode',
		kind: 'macros',
		group: 'acl-stream',
		values: ACL_STREAM_FAILURE_MODE,
		doc: {
			zh: 'Stream 上任务失败后是否继续执行后续任务。',
			en: 'Whether a stream carries on after a task fails.',
		},
		source: runtimeDoc('06_stream_management.md'),
	},
	{
		name: 'aclrtLastErrLevel',
		kind: 'enum',
		group: 'acl-error',
		base: 'int32_t',
		values: { ACL_RT_THREAD_LEVEL: 0 },
		doc: {
			zh: '查询最近错误码的范围（线程级）。',
			en: 'The scope of the last-error query (per thread).',
		},
		source: ENUMS,
	},
	{
		name: 'aclrtRunMode',
		kind: 'enum',
		group: 'acl-device',
		base: 'int32_t',
		doc: {
			zh: '程序运行在 Host 还是 Device 上。',
			en: 'Whether the program runs on the host or on the device.',
		},
		source: ENUMS,
	},
	{
		name: 'aclDataType',
		kind: 'enum',
		group: 'acl-model',
		base: 'int32_t',
		doc: { zh: 'Tensor 的数据类型。', en: 'The data type of a tensor.' },
		source: ENUMS,
	},
	{
		name: 'aclFormat',
		kind: 'enum',
		group: 'acl-model',
		base: 'int32_t',
		doc: { zh: 'Tensor 的数据排布格式。', en: 'The layout format of a tensor.' },
		source: ENUMS,
	},
	{
		name: 'TPosition',
		kind: 'enum',
		group: 'ascendc-tque',
		aliases: ['QuePosition'],
		base: 'uint8_t',
		scoped: true,
		values: { ...TPOSITION_VALUES, LCM: TPOSITION_VALUES.VECCALC, SHM: TPOSITION_VALUES.SPM },
		doc: {
			zh: '逻辑位置：数据放在哪一级存储（VECIN、VECOUT、A1…），由框架映射到 UB、L1、L0A 等物理存储。',
			en: 'A logical position: which level of storage data lives in (VECIN, VECOUT, A1…), mapped by the framework to UB, L1, L0A and the other physical memories.',
		},
		source: ascendCDoc('辅助数据结构/TPosition.md'),
	},
	{
		name: 'HardEvent',
		kind: 'enum',
		group: 'ascendc-sync',
		base: 'uint8_t',
		scoped: true,
		values: HARD_EVENT_VALUES,
		doc: {
			zh: '两条流水之间的同步事件类型，例如 MTE2_V 表示搬入完成后矢量计算才能开始。',
			en: 'A sync event between two pipes, e.g. MTE2_V: vector compute waits for the copy-in.',
		},
		source: ascendCDoc('同步控制/核内同步/SetFlag-WaitFlag(ISASI).md'),
	},
	{
		name: 'pipe_t',
		kind: 'enum',
		group: 'ascendc-sync',
		base: 'int32_t',
		values: Object.fromEntries(PIPES.map((name, i) => [name, i])),
		doc: {
			zh: '流水类型（标量、矢量、搬运等），PipeBarrier 的模板参数。数值为模拟器内部取值。',
			en: 'A pipe (scalar, vector, the copy engines…), the template argument of PipeBarrier. The values are the simulator’s own.',
		},
		source: ascendCDoc('同步控制/核内同步/PipeBarrier(ISASI).md'),
	},
	{
		name: 'TEventID',
		kind: 'macros',
		group: 'ascendc-sync',
		base: 'int8_t',
		values: EVENT_ID_VALUES,
		doc: {
			zh: '同步事件 ID；EVENT_ID0…EVENT_ID7 就是 0…7。',
			en: 'A sync event id; EVENT_ID0…EVENT_ID7 are simply 0…7.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/TPipe/AllocEventID.md'),
	},
	{
		name: 'event_t',
		kind: 'enum',
		group: 'ascendc-sync',
		base: 'int32_t',
		doc: {
			zh: '编译器内置的事件 ID 类型；内核常把 FetchEventID/AllocEventID 的结果 static_cast 成它再传给 SetFlag/WaitFlag，取值同 EVENT_ID0…EVENT_ID7。',
			en: 'The compiler’s built-in event id type; kernels static_cast the result of FetchEventID/AllocEventID to it before passing it to SetFlag/WaitFlag; its values are those of EVENT_ID0…EVENT_ID7.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/TPipe/FetchEventID.md'),
	},
	{
		name: 'RoundMode',
		kind: 'enum',
		group: 'ascendc-cast-compare-select',
		base: 'int32_t',
		scoped: true,
		values: Object.fromEntries(ROUND_MODES.map((name, i) => [name, i])),
		doc: {
			zh: 'Cast 的舍入方式。数值为模拟器内部取值，按名字使用。',
			en: 'How Cast rounds. The values are the simulator’s own; use the names.',
		},
		source: ascendCDoc('Memory矢量计算/类型转换/Cast.md'),
	},
	{
		name: 'KernelMode',
		kind: 'enum',
		group: 'ascendc-debugging',
		base: 'int32_t',
		scoped: true,
		values: { MIX_MODE: 0, AIV_MODE: 1, AIC_MODE: 2 },
		doc: {
			zh: 'CPU 孪生调试时核函数的运行模式（AIV、AIC 或混合）。数值为示意值。',
			en: 'Which cores a kernel runs on under CPU debug (AIV, AIC or mixed). Values illustrative.',
		},
		source: ascendCDoc('调试接口/CPU孪生调试/SetKernelMode.md'),
	},
	{
		name: 'TPipe',
		kind: 'class',
		group: 'ascendc-tpipe',
		doc: {
			zh: '管理核上内存和同步事件 ID 的对象，同一时刻只能有一个。',
			en: 'The object that manages on-chip memory and sync event ids; only one may exist at a time.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/TPipe/TPipe简介.md'),
	},
	{
		name: 'TQue',
		kind: 'class',
		group: 'ascendc-tque',
		doc: {
			zh: '一个逻辑位置上的张量队列：Alloc/EnQue/DeQue/Free 串起搬运和计算。',
			en: 'A tensor queue on one position: Alloc/EnQue/DeQue/Free hand buffers between copy and compute.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/TQue/TQue简介.md'),
	},
	{
		name: 'TQueBind',
		kind: 'class',
		group: 'ascendc-tque',
		doc: {
			zh: '绑定源位置和目的位置的队列，TQue 是它的简化形式。',
			en: 'A queue bound to a source and a destination position; TQue is its short form.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/TQueBind/TQueBind简介.md'),
	},
	{
		name: 'TBuf',
		kind: 'class',
		group: 'ascendc-tbuf',
		doc: {
			zh: '存放临时变量的单块缓冲区，不参与入队出队。',
			en: 'A single buffer for temporaries; never enqueued.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/TBuf/TBuf简介.md'),
	},
	{
		name: 'Hardware',
		kind: 'enum',
		group: 'ascendc-local-mem-allocator',
		base: 'uint8_t',
		scoped: true,
		values: HARDWARE_VALUES,
		doc: {
			zh: '物理存储位置（GM、UB、L1、L0A、L0B、L0C、BIAS、FIXBUF），LocalMemAllocator 的模板参数。',
			en: 'A physical memory (GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF): the template argument of LocalMemAllocator.',
		},
		source: ascendCDoc('资源管理/内存管理/LocalMemAllocator/LocalMemAllocator构造函数.md'),
	},
	{
		name: 'LocalMemAllocator',
		kind: 'class',
		group: 'ascendc-local-mem-allocator',
		doc: {
			zh: '静态 Tensor 编程的内存分配器：不用 TPipe/TQue，按顺序从一个物理存储中切出 LocalTensor。',
			en: 'The allocator of static-tensor programming: with no TPipe or TQue, it cuts LocalTensors out of one physical memory in order.',
		},
		source: ascendCDoc('资源管理/内存管理/LocalMemAllocator/LocalMemAllocator简介.md'),
	},
	{
		name: 'LocalTensor',
		kind: 'class',
		group: 'ascendc-local-tensor',
		doc: {
			zh: '指向核上存储中一段数据的张量。',
			en: 'A tensor over data in on-chip memory.',
		},
		source: ascendCDoc('数据结构/LocalTensor/LocalTensor简介.md'),
	},
	{
		name: 'GlobalTensor',
		kind: 'class',
		group: 'ascendc-global-tensor',
		doc: {
			zh: '指向 Global Memory 中一段数据的张量。',
			en: 'A tensor over data in Global Memory.',
		},
		source: ascendCDoc('数据结构/GlobalTensor/GlobalTensor简介.md'),
	},
	...API_STRUCT_TYPES,
	...HOST_TILING_TYPES,
	...HCCL_API_TYPES,
];

const BY_NAME = new Map<string, ApiType>();
for (const t of API_TYPES) for (const n of [t.name, ...(t.aliases ?? [])]) BY_NAME.set(n, t);

/** The type named `name` (or an alias of it). */
export function findApiType(name: string): ApiType | undefined {
	return BY_NAME.get(name);
}

/** Names of the handle types (formatted in hex in traces, declared as `void *`). */
export const HANDLE_TYPE_NAMES: ReadonlySet<string> = new Set(
	API_TYPES.filter((t) => t.kind === 'handle').map((t) => t.name),
);

/** Names of the struct types (their parameters arrive as records). */
export const STRUCT_TYPE_NAMES: ReadonlySet<string> = new Set(
	API_TYPES.filter((t) => t.kind === 'struct').flatMap((t) => [t.name, ...(t.aliases ?? [])]),
);

/** A struct argument's fields by name (aliases included), as a semantics reads them. */
export type StructValue = Readonly<Record<string, unknown>>;

/**
 * The fields of a struct argument of type `name`: what the program passed (a record of its
 * fields), with every field it lacks at the header's default value.
 */
export function structValue(name: string, v: unknown): StructValue {
	const t = findApiType(name);
	const given = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
	const out: Record<string, unknown> = {};
	for (const f of t?.fields ?? []) {
		const names = [f.name, ...(f.aliases ?? [])];
		const hit = names.find((n) => given[n] !== undefined);
		const value = hit !== undefined ? given[hit] : structFieldDefault(f.defaultValue);
		for (const n of names) out[n] = value;
	}
	return { ...given, ...out };
}

/** A field default as the header writes it: a number, `true`/`false` or `Enum::VALUE`. */
export function structFieldDefault(text: string | undefined): number {
	if (text === undefined || text === 'false') return 0;
	if (text === 'true') return 1;
	const n = Number(text);
	if (Number.isFinite(n)) return n;
	const sep = text.lastIndexOf('::');
	return sep > 0 ? (findApiType(text.slice(0, sep))?.values?.[text.slice(sep + 2)] ?? 0) : 0;
}
