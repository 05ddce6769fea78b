/**
 * Diagnostics of collective communication: what the ranks of a job did that made a rank wait
 * in vain — the finding a real HCCL leaves the reader to work out from every rank's logs.
 */
import type { DiagnosticTable } from './entry.ts';

/** Every HCCL diagnostic. */
export const HCCL_DIAGNOSTICS = {
	'hccl-peer-missing': {
		severity: 'error',
		message: {
			zh: '通信域 {group} 的第 {index} 个集合通信任务（{op}）在 rank {rank} 上等待 {timeout} 秒后超时：{why}。',
			en: 'Task {index} of communicator {group} ({op}) timed out on rank {rank} after {timeout} s: {why}.',
		},
		hint: {
			zh: '同一通信域的每个 rank 必须按相同顺序下发相同的集合通信（算子、count、数据类型、归约方式都一致）；某个 rank 在分支里跳过一次（continue、提前 return、步数不同），之后的配对全部错开。设置 HCCL_ENTRY_LOG_ENABLE=1，对比每个 rank 的 `Entry-` 行。',
			en: 'Every rank of a communicator must issue the same collectives in the same order, with the same operation, count, type and reduction; one rank skipping a call in a branch (continue, an early return, a different step count) shifts every pairing after it. Set HCCL_ENTRY_LOG_ENABLE=1 and compare the ranks’ `Entry-` lines.',
		},
		case: 'hccl-notify-wait-timeout',
	},
	'hccl-arguments-differ': {
		severity: 'error',
		message: {
			zh: 'rank {rank} 与 rank {remote} 第一次调用 {op}（通信域 {group}）时参数不一致：{param} 本端为 {local}，对端为 {other}。',
			en: 'Rank {rank} and rank {remote} disagree on their first {op} of communicator {group}: {param} is {local} here and {other} there.',
		},
		hint: {
			zh: '建链时 HCCL 会核对两端的 tag、算子类型、归约方式、count 和数据类型。让所有 rank 以相同参数调用同一个集合通信。',
			en: 'Setting up the links, HCCL compares both ends’ tag, operation, reduction, count and type. Make every rank call the same collective with the same arguments.',
		},
		case: 'hccl-notify-wait-timeout',
	},
	'hccl-rank-not-joined': {
		severity: 'error',
		message: {
			zh: '通信域 {group} 没有建成：root 在 HcclGetRootInfo 之后等了 HCCL_CONNECT_TIMEOUT（{timeout} 秒），{nRanks} 个 rank 中 rank {missing} 没有连上。',
			en: 'Communicator {group} was not formed: the root waited HCCL_CONNECT_TIMEOUT ({timeout} s) after HcclGetRootInfo, and rank {missing} of {nRanks} never connected.',
		},
		hint: {
			zh: 'nRanks 必须等于实际启动的 rank 数，每个 rank 都要在超时时间内调用 HcclCommInitRootInfo。只有个别 rank 启动慢时，调大 HCCL_CONNECT_TIMEOUT。',
			en: 'nRanks must equal the number of ranks actually started, and every rank must call HcclCommInitRootInfo within the timeout. If only some ranks start slowly, raise HCCL_CONNECT_TIMEOUT.',
		},
		case: 'hccl-connect-timeout',
	},
	'hccl-link-peer-missing': {
		severity: 'error',
		message: {
			zh: 'rank {rank} 第一次调用 {op}（通信域 {group}）时建链超时：rank {remote} 没有在 HCCL_CONNECT_TIMEOUT（{timeout} 秒）内下发同一个调用。',
			en: 'Rank {rank}’s first {op} of communicator {group} timed out setting up links: rank {remote} did not make the same call within HCCL_CONNECT_TIMEOUT ({timeout} s).',
		},
		hint: {
			zh: '每种集合通信在通信域里第一次调用时要建链，所有 rank 都要在超时时间内到达。把只有个别 rank 做的耗时工作（加载、解析）放到建通信域之前，或者调大 HCCL_CONNECT_TIMEOUT。',
			en: 'The first call of each collective on a communicator sets up links, and every rank must get there within the timeout. Move slow work only some ranks do (loading, parsing) before forming the communicator, or raise HCCL_CONNECT_TIMEOUT.',
		},
		case: 'hccl-connect-timeout',
	},
	'hccl-ranks-unsettled': {
		severity: 'warning',
		message: {
			zh: '各 rank 的集合通信在 {passes} 轮模拟后仍未稳定，显示的是最后一轮的结果，可能与真实运行不同。',
			en: 'The ranks’ collectives had not settled after {passes} passes; what is shown is the last pass, which may differ from a real run.',
		},
		hint: {
			zh: '模拟器按轮次让各 rank 互相看到对方的调用；每个集合通信的输入依赖上一个的结果时，需要的轮数与链的长度相当。缩短依赖链或减少步数后再运行。',
			en: 'The simulator lets the ranks see each other’s calls pass by pass; when each collective’s input depends on the previous result, it needs about as many passes as the chain is long. Shorten the chain or run fewer steps.',
		},
	},
} as const satisfies DiagnosticTable;

/** An HCCL diagnostic code. */
export type HcclDiagnosticCode = keyof typeof HCCL_DIAGNOSTICS;
