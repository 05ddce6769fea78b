/**
 * HCCL communicator management (hicann/hcomm include/hccl/hccl_comm.h; the guide's
 * fault_diagnosis/cluster_info_nego.md for what forming a communicator waits for).
 */
import { hostApi, NO_COST, type HostApiRow } from '../api-row.ts';
import { hcclDoc, hcommHeader } from '../sources.ts';
import { CALL_COST } from '../acl/shared.ts';
import * as comm from '../../sim/host/hccl/communicator.ts';

const group = 'hccl-comm';

/** What resolving a communicator argument returns. */
const COMM_ARG = ['HCCL_E_PTR', 'HCCL_E_PARA'] as const;
const HEADER = (symbol: string) => hcommHeader('include/hccl/hccl_comm.h', symbol);

/** The communicator rows. */
export const HCCL_COMM_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'HcclGetRootInfo',
		group,
		signature: 'HcclResult HcclGetRootInfo(HcclRootInfo *rootInfo)',
		errors: ['HCCL_E_PTR', 'HCCL_E_RUNTIME'],
		cost: CALL_COST,
		doc: {
			zh: '在 root 节点（通常是 rank 0）调用：启动一个后台服务等待所有 rank 连接，并写出 root 信息，由程序分发给每个 rank。服务从这一刻开始计 HCCL_CONNECT_TIMEOUT。',
			en: 'Called on the root (usually rank 0): starts a background server that waits for every rank to connect, and writes the root info the program hands to each rank. The server’s HCCL_CONNECT_TIMEOUT runs from this call.',
		},
		source: HEADER('HcclGetRootInfo'),
		run: comm.hcclGetRootInfo,
	}),
	hostApi({
		name: 'HcclCommInitRootInfo',
		group,
		signature:
			'HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo *rootInfo, uint32_t rank, HcclComm *comm)',
		out: ['comm'],
		errors: ['HCCL_E_PTR', 'HCCL_E_PARA', 'HCCL_E_RUNTIME', 'HCCL_E_TIMEOUT'],
		cost: CALL_COST,
		doc: {
			zh: '以 rank 号加入 root 信息对应的通信域，所有 nRanks 个 rank 都到齐后才返回。有 rank 没有在 HCCL_CONNECT_TIMEOUT 内连上 root 时，各 rank 再等 20 秒后失败（EI0015），root 节点打印已连接的 rank 列表。',
			en: 'Joins the communicator of the root info as the given rank and returns once all nRanks ranks are there. If a rank does not reach the root within HCCL_CONNECT_TIMEOUT, every rank fails 20 s later (EI0015) and the root prints which ranks did connect.',
		},
		source: HEADER('HcclCommInitRootInfo'),
		run: comm.hcclCommInitRootInfo,
	}),
	hostApi({
		name: 'HcclCommInitClusterInfo',
		group,
		signature:
			'HcclResult HcclCommInitClusterInfo(const char *clusterInfo, uint32_t rank, HcclComm *comm)',
		out: ['comm'],
		errors: ['HCCL_E_PTR', 'HCCL_E_PARA', 'HCCL_E_RUNTIME'],
		cost: CALL_COST,
		doc: {
			zh: '按 rank table 文件（JSON，列出每台服务器的 device_id 与 rank_id）创建通信域。文件已经给出全部 rank，创建时不等其他 rank；缺席的 rank 要到第一次集合通信建链时才暴露。',
			en: 'Makes a communicator from a rank table file (JSON listing each server’s device_id and rank_id). The table names every rank, so the call waits for no one; a missing rank only shows at the first collective’s link setup.',
		},
		source: hcclDoc('user_guide/cluster_info_config/rank_table_config_a2.md'),
		run: comm.hcclCommInitClusterInfo,
	}),
	hostApi({
		name: 'HcclGetRankId',
		group,
		signature: 'HcclResult HcclGetRankId(HcclComm comm, uint32_t *rank)',
		out: ['rank'],
		errors: COMM_ARG,
		cost: NO_COST,
		doc: {
			zh: '本进程在通信域中的 rank 号。',
			en: 'The rank of this process in the communicator.',
		},
		source: HEADER('HcclGetRankId'),
		run: comm.hcclGetRankId,
	}),
	hostApi({
		name: 'HcclGetRankSize',
		group,
		signature: 'HcclResult HcclGetRankSize(HcclComm comm, uint32_t *rankSize)',
		out: ['rankSize'],
		errors: COMM_ARG,
		cost: NO_COST,
		doc: {
			zh: '通信域中的 rank 总数。',
			en: 'How many ranks the communicator has.',
		},
		source: HEADER('HcclGetRankSize'),
		run: comm.hcclGetRankSize,
	}),
	hostApi({
		name: 'HcclCommDestroy',
		group,
		signature: 'HcclResult HcclCommDestroy(HcclComm comm)',
		errors: COMM_ARG,
		cost: CALL_COST,
		doc: {
			zh: '销毁通信域。先同步 Stream、确认集合通信已完成再销毁；还在等本 rank 的其他 rank 会因心跳丢失而报告它。',
			en: 'Destroys the communicator. Synchronise the stream first so the collectives are done; ranks still waiting for this one will report it lost when its heartbeat stops.',
		},
		source: HEADER('HcclCommDestroy'),
		run: comm.hcclCommDestroy,
	}),
];
