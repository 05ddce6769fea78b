/**
 * The HCCL types: the communicator handle, the root info struct, and the result, element-type
 * and reduction enums with their values (src/sim/hccl/hccl-types.ts, from hicann/hcomm
 * include/hccl/hccl_types.h).
 */
import {
	HCCL_DATA_TYPES,
	HCCL_REDUCE_OP,
	HCCL_RESULT,
	HCCL_ROOT_INFO_BYTES,
} from '../../sim/hccl/hccl-types.ts';
import type { ApiType } from '../api-types.ts';
import { hcommHeader } from '../sources.ts';

const TYPES = hcommHeader('include/hccl/hccl_types.h');

/** The HCCL rows of the type table. */
export const HCCL_API_TYPES: readonly ApiType[] = [
	{
		name: 'HcclComm',
		kind: 'handle',
		group: 'hccl-comm',
		doc: {
			zh: '通信域句柄（`typedef void *HcclComm`），由 HcclCommInitRootInfo 或 HcclCommInitClusterInfo 创建。',
			en: 'A communicator handle (`typedef void *HcclComm`), made by HcclCommInitRootInfo or HcclCommInitClusterInfo.',
		},
		source: TYPES,
	},
	{
		name: 'HcclRootInfo',
		kind: 'struct',
		group: 'hccl-comm',
		fields: [
			{
				name: 'internal',
				type: `char[${HCCL_ROOT_INFO_BYTES}]`,
				doc: {
					zh: 'root 节点信息（IP、端口、通信域标识），内容由 HCCL 填写，程序只负责原样传给每个 rank。',
					en: 'The root’s details (IP, port, communicator identifier), filled in by HCCL; the program only hands them to every rank unchanged.',
				},
			},
		],
		doc: {
			zh: 'HcclGetRootInfo 生成的 root 信息，4108 字节；各 rank 用同一份调用 HcclCommInitRootInfo。',
			en: 'The root info HcclGetRootInfo makes, 4108 bytes; every rank passes the same one to HcclCommInitRootInfo.',
		},
		source: TYPES,
	},
	{
		name: 'HcclResult',
		kind: 'enum',
		group: 'hccl-comm',
		base: 'int32_t',
		values: HCCL_RESULT,
		doc: {
			zh: 'HCCL 接口的返回值；HCCL_SUCCESS（0）表示成功，超时为 HCCL_E_TIMEOUT（9）。',
			en: 'What HCCL calls return; HCCL_SUCCESS (0) is success, a timeout is HCCL_E_TIMEOUT (9).',
		},
		source: TYPES,
	},
	{
		name: 'HcclDataType',
		kind: 'enum',
		group: 'hccl-collective',
		base: 'int32_t',
		values: Object.fromEntries(HCCL_DATA_TYPES.map((t) => [t.constant, t.value])),
		doc: {
			zh: '集合通信的数据类型；各算子、各产品支持的类型不同，见各算子的参考页。',
			en: 'The element type of a collective; which types an operation takes depends on the operation and the product (see its reference page).',
		},
		source: TYPES,
	},
	{
		name: 'HcclReduceOp',
		kind: 'enum',
		group: 'hccl-collective',
		base: 'int32_t',
		values: HCCL_REDUCE_OP,
		doc: {
			zh: '归约操作：求和、乘积、最大值、最小值。',
			en: 'The reduction: sum, product, maximum or minimum.',
		},
		source: TYPES,
	},
];
