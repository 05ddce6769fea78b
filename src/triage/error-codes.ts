/**
 * What the codes a log quotes mean, for codes no case covers yet: the aclError table (ACL
 * codes and the runtime codes passed through), the runtime inner codes seen in plog, and the
 * module letter of screen error codes (`EZ9999`). Names and numbers are quoted from
 * hicann/runtime:docs/zh/api_ref/25-01_aclError.md, hicann/runtime:docs/zh/FAQ/EE1023资源不足问题.md
 * and the hiascend error-code pages (ascend-facts.md B.7, B.8, C); meanings are paraphrased.
 */
import type { Localized } from './localized.ts';

/** One known code. */
export interface KnownCode {
	/** The code as printed: `207007`, `0x7020019`, `EE1023`. */
	code: string;
	/** The symbolic name, when the code has one (`ACL_ERROR_RT_NO_EVENT_RESOURCE`). */
	name?: string;
	meaning: Localized;
}

type Row = readonly [code: number, name: string, zh: string, en: string];

/** aclError values (`typedef int aclError`); 1xxxxx user, 2xxxxx resources, 3xxxxx business, 5xxxxx internal. */
const ACL_ROWS: readonly Row[] = [
	[100000, 'ACL_ERROR_INVALID_PARAM', '参数不合法。', 'A parameter is invalid.'],
	[
		100001,
		'ACL_ERROR_UNINITIALIZE',
		'AscendCL 未初始化（先调用 aclInit）。',
		'AscendCL is not initialised (call aclInit first).',
	],
	[100002, 'ACL_ERROR_REPEAT_INITIALIZE', '重复初始化。', 'Initialised twice.'],
	[100003, 'ACL_ERROR_INVALID_FILE', '文件不合法。', 'The file is invalid.'],
	[100037, 'ACL_ERROR_REPEAT_FINALIZE', '重复去初始化。', 'Finalised twice.'],
	[200000, 'ACL_ERROR_BAD_ALLOC', '内存申请失败。', 'A memory allocation failed.'],
	[200001, 'ACL_ERROR_API_NOT_SUPPORT', '当前环境不支持该接口。', 'The API is not supported here.'],
	[200002, 'ACL_ERROR_INVALID_DEVICE', 'Device 不合法。', 'The device is invalid.'],
	[
		200003,
		'ACL_ERROR_MEMORY_ADDRESS_UNALIGNED',
		'内存地址未对齐。',
		'A memory address is not aligned.',
	],
	[200004, 'ACL_ERROR_RESOURCE_NOT_MATCH', '资源不匹配。', 'The resources do not match.'],
	[
		200005,
		'ACL_ERROR_INVALID_RESOURCE_HANDLE',
		'资源句柄不合法。',
		'A resource handle is invalid.',
	],
	[200006, 'ACL_ERROR_FEATURE_UNSUPPORTED', '不支持该特性。', 'The feature is not supported.'],
	[300000, 'ACL_ERROR_STORAGE_OVER_LIMIT', '存储超过上限。', 'Storage is over its limit.'],
	[
		500000,
		'ACL_ERROR_INTERNAL_ERROR',
		'内部错误（未知错误也映射到此码）。',
		'Internal error (unknown errors map here too).',
	],
	[500001, 'ACL_ERROR_FAILURE', 'AscendCL 内部错误。', 'AscendCL internal failure.'],
	[500002, 'ACL_ERROR_GE_FAILURE', 'GE 内部错误。', 'Graph Engine (GE) internal failure.'],
	[500003, 'ACL_ERROR_RT_FAILURE', 'Runtime 内部错误。', 'Runtime internal failure.'],
	[500004, 'ACL_ERROR_DRV_FAILURE', 'Driver 内部错误。', 'Driver internal failure.'],
	[500005, 'ACL_ERROR_PROFILING_FAILURE', 'Profiling 内部错误。', 'Profiling internal failure.'],
	[
		107000,
		'ACL_ERROR_RT_PARAM_INVALID',
		'Runtime 接口参数不合法。',
		'A runtime API parameter is invalid.',
	],
	[
		107001,
		'ACL_ERROR_RT_INVALID_DEVICEID',
		'Device ID 不合法或该 Device 不可见（检查 ASCEND_RT_VISIBLE_DEVICES）。',
		'The device id is invalid or not visible (check ASCEND_RT_VISIBLE_DEVICES).',
	],
	[
		107002,
		'ACL_ERROR_RT_CONTEXT_NULL',
		'当前线程没有 Context。',
		'The current thread has no context.',
	],
	[
		107003,
		'ACL_ERROR_RT_STREAM_CONTEXT',
		'Stream 不在当前 Context 中（Stream 属于别的 Device 或 Context）。',
		'The stream is not in the current context (it belongs to another device or context).',
	],
	[
		107004,
		'ACL_ERROR_RT_MODEL_CONTEXT',
		'模型不在当前 Context 中。',
		'The model is not in the current context.',
	],
	[
		107005,
		'ACL_ERROR_RT_STREAM_MODEL',
		'Stream 与模型的绑定关系不对。',
		'The stream is not bound to the model as expected.',
	],
	[
		107006,
		'ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID',
		'Event 时间戳不合法。',
		'The event timestamp is invalid.',
	],
	[
		107007,
		'ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL',
		'Event 时间戳反转。',
		'The event timestamps are reversed.',
	],
	[107008, 'ACL_ERROR_RT_ADDR_UNALIGNED', '地址未对齐。', 'An address is not aligned.'],
	[107017, 'ACL_ERROR_RT_INVALID_HANDLE', '句柄不合法。', 'A handle is invalid.'],
	[107019, 'ACL_ERROR_RT_WAIT_TIMEOUT', '等待超时。', 'A wait timed out.'],
	[107020, 'ACL_ERROR_RT_TASK_TIMEOUT', '任务执行超时。', 'A task timed out.'],
	[107023, 'ACL_ERROR_RT_STREAM_ABORT', 'Stream 已被中止。', 'The stream was aborted.'],
	[
		107025,
		'ACL_ERROR_RT_STREAM_UNJOINED',
		'跨流捕获时，有子流没有通过 Event 回到主流，捕获出的模型不合法。',
		'In a cross-stream capture a sub stream was not joined back to the origin stream, so the captured model is invalid.',
	],
	[
		107027,
		'ACL_ERROR_RT_STREAM_CAPTURED',
		'Stream 处于捕获状态。',
		'The stream is being captured.',
	],
	[
		107031,
		'ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT',
		'默认 Stream 不能参与 ACL Graph 捕获（不允许对默认 Stream 的隐式依赖）。',
		'The default stream cannot take part in an ACL graph capture (no implicit dependency on it is allowed).',
	],
	[107037, 'ACL_ERROR_RT_MODEL_RUNNING', '模型正在运行。', 'The model is running.'],
	[207000, 'ACL_ERROR_RT_FEATURE_NOT_SUPPORT', '不支持该特性。', 'The feature is not supported.'],
	[
		207001,
		'ACL_ERROR_RT_MEMORY_ALLOCATION',
		'Device 内存申请失败：内存耗尽，或 HUGE_ONLY 策略下大页不足。',
		'Device memory allocation failed: memory is exhausted, or HUGE_ONLY found too few huge pages.',
	],
	[207002, 'ACL_ERROR_RT_MEMORY_FREE', '内存释放失败。', 'Freeing memory failed.'],
	[207003, 'ACL_ERROR_RT_AICORE_OVER_FLOW', 'AI Core 计算溢出。', 'AI Core overflow.'],
	[207004, 'ACL_ERROR_RT_NO_DEVICE', '没有可用的 Device。', 'No device is available.'],
	[
		207005,
		'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL',
		'资源申请失败（如 Stream 资源不足）。',
		'A resource allocation failed (for example, no stream resource left).',
	],
	[207006, 'ACL_ERROR_RT_NO_PERMISSION', '没有权限。', 'No permission.'],
	[207007, 'ACL_ERROR_RT_NO_EVENT_RESOURCE', 'Event 资源不足。', 'No event resource is left.'],
	[207008, 'ACL_ERROR_RT_NO_STREAM_RESOURCE', 'Stream 资源不足。', 'No stream resource is left.'],
	[
		207009,
		'ACL_ERROR_RT_NO_NOTIFY_RESOURCE',
		'Notify 资源不足（aclrtCreateNotify/aclrtDestroyNotify 未配对）。',
		'No notify resource is left (pair aclrtCreateNotify/aclrtDestroyNotify).',
	],
	[207010, 'ACL_ERROR_RT_NO_MODEL_RESOURCE', '模型资源不足。', 'No model resource is left.'],
	[207012, 'ACL_ERROR_RT_OVER_LIMIT', '超过上限。', 'Over the limit.'],
	[207013, 'ACL_ERROR_RT_QUEUE_EMPTY', '队列为空。', 'The queue is empty.'],
	[207014, 'ACL_ERROR_RT_QUEUE_FULL', '队列已满。', 'The queue is full.'],
	[207018, 'ACL_ERROR_RT_DEVIDE_OOM', 'Device 内存不足（OOM）。', 'The device is out of memory.'],
	[507000, 'ACL_ERROR_RT_INTERNAL_ERROR', 'Runtime 内部错误。', 'Runtime internal error.'],
	[
		507001,
		'ACL_ERROR_RT_TS_ERROR',
		'任务调度器（TS）内部错误。',
		'Task scheduler (TS) internal error.',
	],
	[
		507002,
		'ACL_ERROR_RT_STREAM_TASK_FULL',
		'Stream 上的任务已满。',
		'The stream task queue is full.',
	],
	[507003, 'ACL_ERROR_RT_STREAM_TASK_EMPTY', 'Stream 上没有任务。', 'The stream has no task.'],
	[
		507004,
		'ACL_ERROR_RT_STREAM_NOT_COMPLETE',
		'Stream 上的任务未执行完。',
		'The stream has not completed.',
	],
	[507006, 'ACL_ERROR_RT_EVENT_NOT_COMPLETE', 'Event 未完成。', 'The event has not completed.'],
	[
		507007,
		'ACL_ERROR_RT_CONTEXT_RELEASE_ERROR',
		'Context 释放失败。',
		'Releasing the context failed.',
	],
	[
		507010,
		'ACL_ERROR_RT_LOST_HEARTBEAT',
		'与 Device 的心跳丢失。',
		'The device heartbeat was lost.',
	],
	[507011, 'ACL_ERROR_RT_MODEL_EXECUTE', '模型执行失败。', 'Model execution failed.'],
	[507012, 'ACL_ERROR_RT_REPORT_TIMEOUT', '等待上报超时。', 'Waiting for a report timed out.'],
	[507014, 'ACL_ERROR_RT_AICORE_TIMEOUT', 'AI Core 执行超时。', 'AI Core execution timed out.'],
	[
		507015,
		'ACL_ERROR_RT_AICORE_EXCEPTION',
		'AI Core 执行异常：核函数在 Device 上出错（看 plog 中的 fault kernel_name）。',
		'AI Core exception: a kernel failed on the device (look for fault kernel_name in the plog).',
	],
	[507016, 'ACL_ERROR_RT_AICORE_TRAP_EXCEPTION', 'AI Core trap 异常。', 'AI Core trap exception.'],
	[507017, 'ACL_ERROR_RT_AICPU_TIMEOUT', 'AI CPU 执行超时。', 'AI CPU execution timed out.'],
	[507018, 'ACL_ERROR_RT_AICPU_EXCEPTION', 'AI CPU 执行异常。', 'AI CPU exception.'],
	[
		507033,
		'ACL_ERROR_RT_DEV_SETUP_ERROR',
		'Device 启动失败（常见于 Device 不可见或 ID 不对）。',
		'Device setup failed (often an invisible device or a wrong id).',
	],
	[
		507034,
		'ACL_ERROR_RT_VECTOR_CORE_TIMEOUT',
		'Vector Core 执行超时。',
		'Vector core execution timed out.',
	],
	[
		507035,
		'ACL_ERROR_RT_VECTOR_CORE_EXCEPTION',
		'Vector Core 执行异常：核函数在 Device 上出错。',
		'Vector core exception: a kernel failed on the device.',
	],
	[
		507046,
		'ACL_ERROR_RT_STREAM_SYNC_TIMEOUT',
		'Stream 同步超时。',
		'Stream synchronisation timed out.',
	],
	[
		507047,
		'ACL_ERROR_RT_EVENT_SYNC_TIMEOUT',
		'Event 同步超时。',
		'Event synchronisation timed out.',
	],
	[507048, 'ACL_ERROR_RT_FFTS_PLUS_TIMEOUT', 'FFTS+ 任务超时。', 'FFTS+ task timed out.'],
	[507899, 'ACL_ERROR_RT_DRV_INTERNAL_ERROR', 'Driver 内部错误。', 'Driver internal error.'],
	[507900, 'ACL_ERROR_RT_AICPU_INTERNAL_ERROR', 'AI CPU 内部错误。', 'AI CPU internal error.'],
	[507901, 'ACL_ERROR_RT_SOCKET_CLOSE', 'Socket 已关闭。', 'The socket was closed.'],
	[145000, 'ACL_ERROR_GE_PARAM_INVALID', 'GE 参数不合法。', 'A Graph Engine parameter is invalid.'],
	[
		245000,
		'ACL_ERROR_GE_MEMORY_ALLOCATION',
		'GE 内存申请失败。',
		'Graph Engine memory allocation failed.',
	],
];

/** Runtime inner codes (`retCode=`, `InnerCode=` in plog) and the public code each maps to. */
const INNER_ROWS: readonly (readonly [code: string, zh: string, en: string])[] = [
	[
		'0x7020019',
		'Event 资源申请失败（对应 207007 no event resource）。',
		'Event resource allocation failed (maps to 207007, no event resource).',
	],
	[
		'0x7020023',
		'Stream 资源申请失败（对应 207005 resource alloc fail）。',
		'Stream resource allocation failed (maps to 207005, resource alloc fail).',
	],
	[
		'0x702001b',
		'Notify 资源申请失败（对应 207009 no notify resource）。',
		'Notify resource allocation failed (maps to 207009, no notify resource).',
	],
	['0x7110019', '异步拷贝任务数达到上限。', 'The number of async copy tasks reached its limit.'],
];

/** Screen codes documented one by one. */
const SCREEN_ROWS: readonly (readonly [code: string, name: string, zh: string, en: string])[] = [
	[
		'EE1023',
		'Resource_Error',
		'Runtime 资源不足：Stream、Event 或 Notify 创建过多（看同一行的 Alloc … resource failed）。',
		'Runtime resources exhausted: too many streams, events or notifies (see the "Alloc … resource failed" text).',
	],
	[
		'EE4002',
		'',
		'Stream 与模型解绑失败：Stream 未绑定，或模型仍在运行。',
		'Unbinding the stream from the model failed: the stream is not bound, or the model is running.',
	],
	[
		'EL0003',
		'',
		'Driver：参数不合法（如打开了不可见的 Device）。',
		'Driver: an argument is invalid (for example, opening an invisible device).',
	],
	[
		'EL0004',
		'Memory_Allocation_Failure',
		'Driver：某模块申请内存失败。',
		'Driver: memory requested by a module could not be allocated.',
	],
];

/** The module named by the second character of a screen code. */
const SCREEN_MODULES: Readonly<Record<string, readonly [zh: string, en: string]>> = {
	'1': ['GE', 'GE'],
	'2': ['FE', 'FE'],
	'3': ['AI CPU', 'AI CPU'],
	'4': ['TE Fusion', 'TE Fusion'],
	'7': ['Vector 算子插件', 'vector operator plugin'],
	'8': ['Vector 算子', 'vector operators'],
	B: ['TBE Pass', 'TBE Pass'],
	C: ['AutoTune', 'AutoTune'],
	D: ['RLTune', 'RLTune'],
	E: ['Runtime', 'Runtime'],
	F: ['LxFusion', 'LxFusion'],
	G: ['AOE', 'AOE'],
	H: ['AscendCL', 'AscendCL'],
	I: ['HCCL', 'HCCL'],
	J: ['HCCP', 'HCCP'],
	K: ['Profiling', 'Profiling'],
	L: ['Driver', 'Driver'],
	M: ['队列调度', 'queue scheduling'],
	N: ['DVPP', 'DVPP'],
	O: ['AMCT', 'AMCT'],
	P: ['Dump', 'Dump'],
	Z: ['算子公共 / aclnn', 'operator common / aclnn'],
};

/** Screen codes whose last four digits are at least this are internal errors (E*9***). */
const FIRST_INTERNAL_SCREEN_NUMBER = 9000;

const aclCodes = new Map<string, KnownCode>();
const aclNames = new Map<string, KnownCode>();
for (const [code, name, zh, en] of ACL_ROWS) {
	const known = { code: String(code), name, meaning: { zh, en } };
	aclCodes.set(known.code, known);
	aclNames.set(name, known);
}
const innerCodes = new Map<string, KnownCode>(
	INNER_ROWS.map(([code, zh, en]) => [code, { code, meaning: { zh, en } }]),
);
const screenCodes = new Map<string, KnownCode>(
	SCREEN_ROWS.map(([code, name, zh, en]) => [
		code,
		name ? { code, name, meaning: { zh, en } } : { code, meaning: { zh, en } },
	]),
);

/** The aclError with this number (`'207007'`) or name (`'ACL_ERROR_RT_NO_EVENT_RESOURCE'`). */
export function lookupAclError(codeOrName: string): KnownCode | undefined {
	return aclCodes.get(codeOrName) ?? aclNames.get(codeOrName);
}

/** The runtime inner code (`'0x7020019'`, any case, leading zeros allowed). */
export function lookupInnerCode(hex: string): KnownCode | undefined {
	const digits = hex.toLowerCase().replace(/^0x0*/, '');
	return innerCodes.get(`0x${digits}`);
}

/**
 * What a screen error code (`EZ9999`, `EE1023`) says: its own entry when documented, otherwise
 * the module its second character names and whether it is a user or an internal error.
 */
export function lookupScreenCode(code: string): KnownCode | undefined {
	const known = screenCodes.get(code);
	if (known) return known;
	const module = SCREEN_MODULES[code.charAt(1)];
	if (!module || !/^[EW][0-9A-Z]\d{4}$/.test(code)) return undefined;
	const internal = Number(code.slice(2)) >= FIRST_INTERNAL_SCREEN_NUMBER;
	const level = code.startsWith('W') ? ['告警', 'Warning'] : ['错误', 'Error'];
	return {
		code,
		meaning: internal
			? {
					zh: `${module[0]} 内部${level[0]}（E*9*** 表示需要联系华为技术支持；真正的原因通常在它前面或 plog 里）。`,
					en: `${level[1]} inside ${module[1]} (E*9*** codes are internal; the real cause is usually printed before it or in the plog).`,
				}
			: {
					zh: `${module[0]} 的用户侧${level[0]}（0000–8999 表示使用或环境问题）。`,
					en: `${level[1]} from ${module[1]} caused by usage or environment (0000–8999 are user errors).`,
				},
	};
}
