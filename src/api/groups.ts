/**
 * The API groups, in the order and with the names the official references use: the AscendCL
 * runtime reference (hicann/runtime docs/zh/api_ref, model APIs from the graph-engine reference),
 * the HCCL reference (hicann/hccl docs/zh/api_ref, communicator APIs from hicann/hcomm's header),
 * the Ascend C basic API reference (asc-devkit docs/zh/api/SIMD-API/基础API), and the few C library
 * functions that reach the simulated process. A group may have no rows yet (notify, graph
 * capture, reduction, cube): its title and page exist so the next rows have a home.
 */
import {
	ascendCContextDoc,
	ascendCDoc,
	hcclDoc,
	hcommHeader,
	manPage,
	runtimeDoc,
} from './sources.ts';

/** Which reference a group belongs to. */
export type ApiLibrary = 'ascendcl' | 'hccl' | 'ascendc' | 'libc';

/** Every group id; stable (the API reference uses them as page slugs). */
export const API_GROUP_IDS = [
	'acl-init',
	'acl-device',
	'acl-context',
	'acl-stream',
	'acl-event',
	'acl-notify',
	'acl-memory',
	'acl-model',
	'acl-graph-capture',
	'acl-error',
	'hccl-comm',
	'hccl-collective',
	'hccl-p2p',
	'ascendc-tpipe',
	'ascendc-tque',
	'ascendc-tbuf',
	'ascendc-local-mem-allocator',
	'ascendc-local-tensor',
	'ascendc-global-tensor',
	'ascendc-data-movement',
	'ascendc-vector-arithmetic',
	'ascendc-reduction',
	'ascendc-cast-compare-select',
	'ascendc-math-library',
	'ascendc-sync',
	'ascendc-atomic',
	'ascendc-cube',
	'ascendc-system-variables',
	'ascendc-debugging',
	'libc-process',
] as const;

/** A group id. */
export type ApiGroupId = (typeof API_GROUP_IDS)[number];

/** One group: its reference, title in both languages and the reference chapter it follows. */
export interface ApiGroup {
	readonly id: ApiGroupId;
	readonly library: ApiLibrary;
	readonly title: { readonly zh: string; readonly en: string };
	readonly source: string;
}

const PIPE_QUE = '资源管理/Pipe和Que框架/';

/** The groups in reference order. */
export const API_GROUPS: readonly ApiGroup[] = [
	{
		id: 'acl-init',
		library: 'ascendcl',
		title: { zh: '初始化与去初始化', en: 'Initialization and finalization' },
		source: runtimeDoc('02_initialization_and_deinitialization.md'),
	},
	{
		id: 'acl-device',
		library: 'ascendcl',
		title: { zh: 'Device 管理', en: 'Device management' },
		source: runtimeDoc('04_device_management.md'),
	},
	{
		id: 'acl-context',
		library: 'ascendcl',
		title: { zh: 'Context 管理', en: 'Context management' },
		source: runtimeDoc('05_context_management.md'),
	},
	{
		id: 'acl-stream',
		library: 'ascendcl',
		title: { zh: 'Stream 管理', en: 'Stream management' },
		source: runtimeDoc('06_stream_management.md'),
	},
	{
		id: 'acl-event',
		library: 'ascendcl',
		title: { zh: 'Event 管理', en: 'Event management' },
		source: runtimeDoc('07_event_management.md'),
	},
	{
		id: 'acl-notify',
		library: 'ascendcl',
		title: { zh: 'Notify 管理', en: 'Notify management' },
		source: runtimeDoc('08_notify_management.md'),
	},
	{
		id: 'acl-memory',
		library: 'ascendcl',
		title: { zh: '内存管理', en: 'Memory management' },
		source: runtimeDoc('11_memory_management.md'),
	},
	{
		id: 'acl-model',
		library: 'ascendcl',
		title: { zh: '模型加载与执行', en: 'Model loading and execution' },
		source:
			'https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_0291.html',
	},
	{
		id: 'acl-graph-capture',
		library: 'ascendcl',
		title: { zh: '图捕获（aclGraph）', en: 'Graph capture (aclGraph)' },
		source: runtimeDoc('15_model_running_instance__management.md'),
	},
	{
		id: 'acl-error',
		library: 'ascendcl',
		title: { zh: '异常处理', en: 'Error handling' },
		source: runtimeDoc('13_exception_handling.md'),
	},
	{
		id: 'hccl-comm',
		library: 'hccl',
		title: { zh: 'HCCL 通信域管理', en: 'HCCL communicator management' },
		source: hcommHeader('include/hccl/hccl_comm.h'),
	},
	{
		id: 'hccl-collective',
		library: 'hccl',
		title: { zh: 'HCCL 集合通信', en: 'HCCL collective communication' },
		source: hcclDoc('api_ref/comm_op_interface/collective_comm.md'),
	},
	{
		id: 'hccl-p2p',
		library: 'hccl',
		title: { zh: 'HCCL 点对点通信', en: 'HCCL point-to-point communication' },
		source: hcclDoc('api_ref/comm_op_interface/p2p_comm.md'),
	},
	{
		id: 'ascendc-tpipe',
		library: 'ascendc',
		title: { zh: 'TPipe', en: 'TPipe' },
		source: ascendCDoc(`${PIPE_QUE}TPipe/TPipe.md`),
	},
	{
		id: 'ascendc-tque',
		library: 'ascendc',
		title: { zh: 'TQue 与 TQueBind', en: 'TQue and TQueBind' },
		source: ascendCDoc(`${PIPE_QUE}TQue/TQue.md`),
	},
	{
		id: 'ascendc-tbuf',
		library: 'ascendc',
		title: { zh: 'TBuf', en: 'TBuf' },
		source: ascendCDoc(`${PIPE_QUE}TBuf/TBuf.md`),
	},
	{
		id: 'ascendc-local-mem-allocator',
		library: 'ascendc',
		title: { zh: '内存管理（静态 Tensor）', en: 'Memory management (static tensors)' },
		source: ascendCDoc('资源管理/内存管理/LocalMemAllocator/LocalMemAllocator简介.md'),
	},
	{
		id: 'ascendc-local-tensor',
		library: 'ascendc',
		title: { zh: 'LocalTensor', en: 'LocalTensor' },
		source: ascendCDoc('数据结构/LocalTensor/LocalTensor.md'),
	},
	{
		id: 'ascendc-global-tensor',
		library: 'ascendc',
		title: { zh: 'GlobalTensor', en: 'GlobalTensor' },
		source: ascendCDoc('数据结构/GlobalTensor/GlobalTensor.md'),
	},
	{
		id: 'ascendc-data-movement',
		library: 'ascendc',
		title: { zh: '数据搬运', en: 'Data movement' },
		source: ascendCDoc('Memory矢量计算/数据搬运/数据搬运.md'),
	},
	{
		id: 'ascendc-vector-arithmetic',
		library: 'ascendc',
		title: {
			zh: '矢量计算：基础算术、逻辑与数据填充',
			en: 'Vector compute: arithmetic, logic and fill',
		},
		source: ascendCDoc('Memory矢量计算/基础算术/基础算术.md'),
	},
	{
		id: 'ascendc-reduction',
		library: 'ascendc',
		title: { zh: '归约计算', en: 'Reduction' },
		source: ascendCDoc('Memory矢量计算/归约计算/归约计算.md'),
	},
	{
		id: 'ascendc-cast-compare-select',
		library: 'ascendc',
		title: { zh: '类型转换、比较与选择', en: 'Cast, compare and select' },
		source: ascendCDoc('Memory矢量计算/类型转换/类型转换.md'),
	},
	{
		id: 'ascendc-math-library',
		library: 'ascendc',
		title: {
			zh: '数学库：逐元素函数与激活函数',
			en: 'Math library: element-wise functions and activations',
		},
		source: ascendCContextDoc('Sigmoid'),
	},
	{
		id: 'ascendc-sync',
		library: 'ascendc',
		title: { zh: '同步控制', en: 'Synchronization' },
		source: ascendCDoc('同步控制/同步控制.md'),
	},
	{
		id: 'ascendc-atomic',
		library: 'ascendc',
		title: { zh: '原子操作', en: 'Atomic operations' },
		source: ascendCDoc('原子操作/原子操作.md'),
	},
	{
		id: 'ascendc-cube',
		library: 'ascendc',
		title: { zh: '矩阵计算', en: 'Cube (matrix) compute' },
		source: ascendCDoc('矩阵计算（ISASI）/概述/概述.md'),
	},
	{
		id: 'ascendc-system-variables',
		library: 'ascendc',
		title: { zh: '系统变量与 workspace', en: 'System variables and workspace' },
		source: ascendCDoc('工具接口/系统资源与变量/系统资源与变量.md'),
	},
	{
		id: 'ascendc-debugging',
		library: 'ascendc',
		title: { zh: '调试接口', en: 'Debugging' },
		source: ascendCDoc('调试接口/调试接口.md'),
	},
	{
		id: 'libc-process',
		library: 'libc',
		title: { zh: 'C 库：进程与信号', en: 'C library: processes and signals' },
		source: manPage('signal', 7),
	},
];

const BY_ID = new Map(API_GROUPS.map((g) => [g.id, g]));

/** The group `id`. */
export function apiGroup(id: ApiGroupId): ApiGroup {
	return BY_ID.get(id)!;
}
