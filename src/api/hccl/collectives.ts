/**
 * HCCL collective and point-to-point operations (hicann/hccl docs/zh/api_ref/comm_op_interface,
 * 09300b7); what a call waits for and how a mismatch fails: src/sim/host/hccl/collectives.ts.
 */
import { hostApi, type HostApiRow } from '../api-row.ts';
import { hcclDoc, hcommHeader } from '../sources.ts';
import { CALL_COST } from '../acl/shared.ts';
import * as ops from '../../sim/host/hccl/collectives.ts';

const DOC = (name: string) => hcclDoc(`api_ref/comm_op_interface/${name}.md`);

/** What every operation call can return (its task's own failure surfaces at the synchronize). */
const OP_ERRORS = ['HCCL_E_PTR', 'HCCL_E_PARA', 'HCCL_E_NOT_SUPPORT', 'HCCL_E_TIMEOUT'] as const;

/** The collective rows. */
export const HCCL_COLLECTIVE_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'HcclAllReduce',
		group: 'hccl-collective',
		signature:
			'HcclResult HcclAllReduce(void *sendBuf, void *recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op, HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '把通信域内所有 rank 的输入逐元素归约（求和、乘积、最大、最小），结果写到每个 rank 的输出。这是一个 Stream 任务：要等所有 rank 都下发了 count、dataType、op 相同的同一个 AllReduce 才完成，否则在 HCCL_EXEC_TIMEOUT 后超时（EI0002）。',
			en: 'Reduces every rank’s input element by element (sum, product, max or min) and writes the result to each rank’s output. It is a stream task: it completes only when every rank has issued the same AllReduce with the same count, dataType and op, and otherwise times out after HCCL_EXEC_TIMEOUT (EI0002).',
		},
		source: DOC('HcclAllReduce'),
		run: ops.hcclAllReduce,
	}),
	hostApi({
		name: 'HcclAllGather',
		group: 'hccl-collective',
		signature:
			'HcclResult HcclAllGather(void *sendBuf, void *recvBuf, uint64_t sendCount, HcclDataType dataType, HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '把每个 rank 的 sendCount 个元素按 rank 顺序拼接，写到每个 rank 的输出（大小为 sendCount × rank 数）。',
			en: 'Concatenates each rank’s sendCount elements in rank order into every rank’s output (sendCount × ranks elements).',
		},
		source: DOC('HcclAllGather'),
		run: ops.hcclAllGather,
	}),
	hostApi({
		name: 'HcclReduceScatter',
		group: 'hccl-collective',
		signature:
			'HcclResult HcclReduceScatter(void *sendBuf, void *recvBuf, uint64_t recvCount, HcclDataType dataType, HcclReduceOp op, HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '先对所有 rank 的输入（recvCount × rank 数个元素）逐元素归约，再把第 i 段 recvCount 个元素交给 rank i。',
			en: 'Reduces all ranks’ inputs (recvCount × ranks elements) element by element, then gives the i-th block of recvCount elements to rank i.',
		},
		source: DOC('HcclReduceScatter'),
		run: ops.hcclReduceScatter,
	}),
	hostApi({
		name: 'HcclBroadcast',
		group: 'hccl-collective',
		signature:
			'HcclResult HcclBroadcast(void *buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '把 root rank 的 buf 复制到其他每个 rank 的 buf。所有 rank 都要调用，root 也要相同。',
			en: 'Copies the root rank’s buf into every other rank’s buf. Every rank calls it, with the same root.',
		},
		source: DOC('HcclBroadcast'),
		run: ops.hcclBroadcast,
	}),
	hostApi({
		name: 'HcclBarrier',
		group: 'hccl-collective',
		signature: 'HcclResult HcclBarrier(HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '所有 rank 都到达后才完成的 Stream 任务，不搬运数据。',
			en: 'A stream task that completes once every rank has reached it; it moves no data.',
		},
		source: hcommHeader('include/hccl/hccl_comm.h', 'HcclBarrier'),
		run: ops.hcclBarrier,
	}),
];

/** The point-to-point rows. */
export const HCCL_P2P_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'HcclSend',
		group: 'hccl-p2p',
		signature:
			'HcclResult HcclSend(void *sendBuf, uint64_t count, HcclDataType dataType, uint32_t destRank, HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '把 count 个元素发给 destRank；与对端的 HcclRecv 按调用顺序配对，count 与 dataType 必须一致。',
			en: 'Sends count elements to destRank; pairs with the peer’s HcclRecv in call order, with the same count and dataType.',
		},
		source: DOC('HcclSend'),
		run: ops.hcclSend,
	}),
	hostApi({
		name: 'HcclRecv',
		group: 'hccl-p2p',
		signature:
			'HcclResult HcclRecv(void *recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank, HcclComm comm, aclrtStream stream)',
		cost: CALL_COST,
		errors: OP_ERRORS,
		doc: {
			zh: '从 srcRank 接收 count 个元素，与对端的 HcclSend 配对。',
			en: 'Receives count elements from srcRank, pairing with the peer’s HcclSend.',
		},
		source: DOC('HcclRecv'),
		run: ops.hcclRecv,
	}),
];
