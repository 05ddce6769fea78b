/**
 * The HCCL log lines, as bodies after `[LEVEL] HCCL(pid,name):time ` (host-log.ts adds that
 * prefix) or as screen lines. Each template is quoted from the HCCL fault-diagnosis guide
 * (hicann/hccl docs/zh/user_guide/fault_diagnosis/*.md, 09300b7) or, for the screen codes, from
 * hicann/runtime src/dfx/error_manager/error_code.json (681ef76); the values filled in are the
 * simulated ones. Where no source shows a line, the template says so (illustrative).
 */
import { CLOCK_EPOCH_MS } from '../clock.ts';
import { HOST_IP } from './hccl-world.ts';

/** `0x…`, as HCCL prints addresses. */
function hex(value: number): string {
	return `0x${value.toString(16)}`;
}

/** `[127.10.0.1/3]`: a rank as the heartbeat and link lines name it (host IP / rank). */
export function rankAddress(rank: number): string {
	return `${HOST_IP}/${rank}`;
}

// ── communicator forming (cluster_info_nego.md, debug_thinking.md) ─────────────────────────────

/** `Entry-HcclGetRootInfo:rootInfo[0x…], deviceLogicId[0]` (op_base.cc:858). */
export function entryGetRootInfo(tid: number, rootInfo: number, device: number): string {
	return `[op_base.cc:858] [${tid}]Entry-HcclGetRootInfo:rootInfo[${hex(rootInfo)}], deviceLogicId[${device}]`;
}

/** The `Entry-HcclCommInitRootInfoInner:ranks[…], rank[…], rootinfo: …` line (op_base.cc:1292). */
export function entryInitRootInfo(
	tid: number,
	nRanks: number,
	rank: number,
	port: number,
	identifier: string,
	device: number,
): string {
	return `[op_base.cc:1292] [${tid}]Entry-HcclCommInitRootInfoInner:ranks[${nRanks}], rank[${rank}], rootinfo: host ip[${HOST_IP}] port[${port}] nicDeploy[1] identifier[${identifier}], deviceLogicId[${device}]`;
}

/** `Entry-HcclCommDestroy: op_base comm destroy begin` (the file and line are illustrative). */
export function entryDestroy(tid: number): string {
	return `[op_base.cc:1781] [${tid}]Entry-HcclCommDestroy: op_base comm destroy begin`;
}

/**
 * `[HCCL_ENV] HCCL_EXEC_TIMEOUT set by default to [1836]s` (debug_thinking.md); a value from the
 * environment is printed `set by environment to` as the guide's HCCL_WHITELIST_DISABLE line is.
 */
export function envLine(
	tid: number,
	name: 'HCCL_EXEC_TIMEOUT' | 'HCCL_CONNECT_TIMEOUT',
	seconds: number,
	from: 'default' | 'environment',
): string {
	const at = name === 'HCCL_EXEC_TIMEOUT' ? 'externalinput.cc:558' : 'externalinput.cc:598';
	return `[${at}] [${tid}][HCCL_ENV] ${name} set by ${from} to [${seconds}]s`;
}

/** The root's server gave up waiting: the four lines of the "部分rank未连接到server节点" example. */
export function serverTimeoutLines(
	tid: number,
	timeoutS: number,
	connected: readonly number[],
	nRanks: number,
): string[] {
	const ids = connected.map((r) => `[${String(r).padStart(16, '0')}]`);
	const lines = [
		`[topoinfo_exchange_server.cc:314] [${tid}][InitGroupStage][RanktableDetect]topo exchange server get socket timeout! timeout[${timeoutS} s]`,
		`[topoinfo_exchange_server.cc:501] [${tid}][InitGroupStage][DisplayConnectionedRank]total connected num is [${connected.length}],line num is [${ids.length > 0 ? Math.ceil(ids.length / RANKS_PER_LINE) : 0}]`,
		`[topoinfo_exchange_server.cc:503] [${tid}][InitGroupStage][DisplayConnectionedRank]need connect rankNum is [${nRanks}]`,
	];
	for (let i = 0; i < ids.length; i += RANKS_PER_LINE) {
		const part = ids.slice(i, i + RANKS_PER_LINE).join(',');
		lines.push(
			`[topoinfo_exchange_server.cc:517] [${tid}][InitGroupStage][DisplayConnectionedRank]connected rankinfo[LINE ${i / RANKS_PER_LINE}]: ${part};`,
		);
	}
	return lines;
}

/** Ranks per `connected rankinfo[LINE n]` line (illustrative: the guide shows four on one line). */
const RANKS_PER_LINE = 8;

/** A connected rank learns from the server who never came (the agent lines of the same example). */
export function agentToldLines(
	tid: number,
	missing: readonly number[],
	nRanks: number,
	connected: number,
): string[] {
	return [
		`[topoinfo_exchange_base.cc:145] [${tid}][InitGroupStage][RanktableDetect] TopoDetect ERROR occur !!! fault_type[1], fault_info["Failed to connect agent[${missing.map((r) => `${r},`).join('')}]"]`,
		`[topoinfo_exchange_agent.cc:552] [${tid}][InitGroupStage][RanktableDetect]rank num[${nRanks}]is different with rank list size[${connected}] in total topo rank info.`,
	];
}

/** A rank could not reach the root's server at all ("rank与server节点建立socket超时"). */
export function agentTimeoutLines(tid: number, timeoutS: number, port: number): string[] {
	return [
		`[topoinfo_exchange_agent.cc:190] [${tid}][InitGroupStage][RanktableDetect]topo exchange agent get socket timeout! timeout[${timeoutS} s]`,
		`[topoinfo_exchange_agent.cc:41] [${tid}][TopoInfoExchangeAgent][Setup]TopoExchangeAgent: connect server[${HOST_IP} : ${port}] failed`,
	];
}

/**
 * The Reason of EI0015 for each side, as hicann/hcomm's rank-info detection fills it in
 * (RPT_INPUT_ERR "EI0015"); the server's and the connected ranks' come from the newer
 * detection code, so an older CANN may print another reason.
 */
export const EI0015_REASON = {
	server: (timeoutS: number, expected: number, received: number) =>
		`Receiving message from the root node timed out. Timeout was set to ${timeoutS} seconds. expected ${expected} nodes, received ${received} nodes. Check whether worker nodes are reachable and report errors`,
	agent: (timeoutS: number, rank: number) =>
		`Receiving message from the root node timed out Timeout was set to ${timeoutS} seconds. Check whether node rankId[${rank}] reports an error`,
	unreachable: () =>
		`1. The current node ${HOST_IP} is disconnected from the host of the root node ${HOST_IP}. 2. the timeout set by the HCCL_CONNECT_TIMEOUT environment variable is too short`,
} as const;

// ── link setup at an operation's first call (param_link_stage.md) ────────────────────────────

/** The lines of a link setup that timed out, up to the detection result. */
export function linkTimeoutLines(tid: number, rank: number, timeoutS: number): string[] {
	return [
		`[hccl_socket_manager.cc:797] [${tid}][Wait][LinkEstablish]wait socket establish timeout, role[1] rank[${rank}] timeout[${timeoutS} s]`,
		`[hccl_socket_manager.cc:861] [${tid}][Wait][LinksEstablishCompleted] is failed. ret[9].`,
	];
}

/** The fault detection's verdict and what follows it (same example, 20 s and more later). */
export function linkDetectedLines(tid: number, rank: number, peer: number, tag: string): string[] {
	return [
		`[detect_connect_anomalies.cc:127] [${tid}]-------------------CONNECT TIMEOUT DETECT RESULT-----------------------`,
		`[detect_connect_anomalies.cc:132] [${tid}]This node (server ${HOST_IP}, device ID ${rank}) detects that srcRank (server ${HOST_IP}, device ID ${rank}) fails to connect to dstRank (server ${HOST_IP}, device ID ${peer}). Continue to analyze the fault based on the logs of srcRank and dstRank.`,
		`[detect_connect_anomalies.cc:135] [${tid}]1. If the link setup timeout is reported on both ends, check the network connectivity between the two ends.2. If dstRank reports other exceptions, locate the cause based on the exception information of dstRank.3. If dstRank does not report any error, the possible cause is that the service process is suspended or exits in advance`,
		`[detect_connect_anomalies.cc:143] [${tid}]----------------------------------------------------------------------`,
		`[transport_manager.cc:1325] [${tid}][InitChannelStage][Timeout]Transport init error! createLink para:rank[${rank}]-localUserrank[${rank}]-localIpAddr[${rankAddress(rank)}], remoteRank[${peer}]-remoteUserrank[${peer}]-remoteIpAddr[${rankAddress(peer)}], machineType[1], linkMode[1], isUsedRdma[0], tag[${tag}]`,
		`[hccl_communicator_host.cc:6370] [${tid}][AllocAlgResource]Alloc transports failed, tag[${tag}_device]`,
	];
}

/** The cmdType values of the consistency check's lines (param_link_stage.md's table). */
export const CMD_TYPE: Readonly<Record<string, number>> = {
	Broadcast: 1,
	AllReduce: 2,
	Send: 4,
	Receive: 5,
	AllGather: 6,
	ReduceScatter: 7,
	// A barrier runs as a small AllReduce (illustrative).
	Barrier: 2,
};

/**
 * `CMD information tag check fail. local[…], remote[…]` and the lines after it for each argument
 * that differs (param_link_stage.md shows tag, cmdType and op; the count and dataType lines
 * follow their shape).
 */
export function consistencyLines(
	tid: number,
	diffs: ReadonlyArray<readonly [string, string | number, string | number]>,
): string[] {
	return diffs.map(
		([name, local, remote], i) =>
			`[rank_consistentcy_checker.cc:${i === 0 ? 429 : 439}] [${tid}][InitChannelStage][ParameterConflict]CMD information ${name} check fail. local[${local}], remote[${remote}]`,
	);
}

/** EI0005's message (error_code.json). */
export const EI0005_MESSAGE = (
	tag: string,
	param: string,
	local: string | number,
	remote: string | number,
) =>
	`The arguments for collective communication are inconsistent between ranks: tag [${tag}], parameter [${param}], local [${local}], remote [${remote}]`;

/** EI0006's Reason as vllm-project/vllm-ascend#486 shows it. */
export const EI0006_REASON =
	'Remote Rank did not send the data in time. Please check the reason for the rank being stuck';

// ── collective calls and their tasks (task_exec_stage.md) ─────────────────────────────────────

/** One collective call, as the `Entry-` line of HCCL_ENTRY_LOG_ENABLE prints it. */
export interface EntryCall {
	readonly api: string;
	readonly tag: string;
	readonly fields: ReadonlyArray<readonly [string, string | number]>;
	readonly rank: number;
	readonly streamId: number;
	readonly comm: number;
	readonly device: number;
}

/**
 * `Entry-HcclAllReduce: tag[…], sendBuf[0x…], …, localRank[0], streamId[7],comm[0x…],
 * deviceLogicId[0]` (hccl_opbase_atrace_info.cc:56). Only AllReduce's line is in the sources;
 * the other operations print their own parameters in the same shape (illustrative).
 */
export function entryCall(tid: number, call: EntryCall): string {
	const fields = call.fields.map(([k, v]) => `${k}[${v}]`).join(', ');
	return `[hccl_opbase_atrace_info.cc:56][${tid}]Entry-${call.api}: tag[${call.tag}], ${fields}${fields ? ', ' : ''}localRank[${call.rank}], streamId[${call.streamId}],comm[${hex(call.comm)}], deviceLogicId[${call.device}]`;
}

/** What the task-exception lines say about a failed task. */
export interface FailedTask {
	readonly streamId: number;
	readonly taskId: number;
	readonly tag: string;
	readonly group: string;
	readonly rankSize: number;
	readonly rank: number;
	/** When the call was made (the opData timeStamp). */
	readonly issuedAt: number;
	readonly device: number;
	/** Which operation of the communicator it is (0 first). */
	readonly index: number;
	readonly count: number;
	readonly reduce: string | undefined;
	readonly src: number;
	readonly dst: number;
	readonly dataType: string;
}

/** The algorithm field of the failure lines (the guide's single-server example; illustrative elsewhere). */
export const ALG_TYPE = 'fullmesh-ring-NHR';

/** The three `[TaskExecStage][Timeout][Host]Task run failed` lines. */
export function taskFailedLines(
	tid: number,
	t: FailedTask,
	plogTime: (us: number) => string,
): string[] {
	const reduce = t.reduce ? `, reduceType[${t.reduce}]` : '';
	return [
		`[task_exception_handler.cc:908] [${tid}][TaskExecStage][Timeout][Host]Task run failed, base information is streamID:[${t.streamId}], taskID[${t.taskId}], tag[${t.tag}], AlgType(level 0-1-2):[${ALG_TYPE}].`,
		`[task_exception_handler.cc:771] [${tid}][TaskExecStage][Timeout][Host]Task run failed, groupRank information is group:[${t.group}], user define information[], rankSize[${t.rankSize}], rankId[${t.rank}].`,
		`[task_exception_handler.cc:704] [${tid}][TaskExecStage][Timeout][Host]Task run failed, opData information is timeStamp:[${plogTime(t.issuedAt)}], deviceId[${t.device}], index[${t.index}], count[${t.count}]${reduce}, src[${hex(t.src)}], dst[${hex(t.dst)}], dataType[${t.dataType}].`,
	];
}

/** EI0002's message after the code, pid and time (error_code.json; fields as vllm-ascend#3413 fills them). */
export function ei0002Message(t: FailedTask, remote: number, notifyId: number): string {
	return `The wait execution of the Notify register times out. Reason: The Notify register has not received the Notify record from remote rank: [${remote}]. base information: [streamID:[${t.streamId}], taskID[${t.taskId}], taskType[Notify Wait], tag[${t.tag}], AlgType(level 0-1-2):[${ALG_TYPE}].]. task information: [notify id:[0x${notifyId.toString(16).padStart(16, '0')}], stage:[0], remote rank:[${remote}]]. group information: [group:[${t.group}], user define information[Unspecified], rankSize[${t.rankSize}], rankId[${t.rank}]]`;
}

/** `Thu Oct 23 17:25:58 2025`: the heartbeat's Arrival Time, as C's ctime prints it. */
export function ctimeOf(us: number): string {
	const d = new Date(CLOCK_EPOCH_MS + Math.floor(us / 1000));
	const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
	const month = [
		'Jan',
		'Feb',
		'Mar',
		'Apr',
		'May',
		'Jun',
		'Jul',
		'Aug',
		'Sep',
		'Oct',
		'Nov',
		'Dec',
	][d.getUTCMonth()];
	const two = (n: number) => String(n).padStart(2, '0');
	const date = String(d.getUTCDate()).padStart(2, ' ');
	return `${day} ${month} ${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCFullYear()}`;
}

/** The run-log line of a heartbeat event reaching a rank (heartbeat.cc:951). */
export function heartbeatEventLine(
	tid: number,
	local: number,
	crimer: number,
	informer: number,
): string {
	return `[heartbeat.cc:951] [${tid}][TaskExecStage][HeartbeatAbnormal]local rank [${rankAddress(local)}]: crimer rank [${rankAddress(crimer)}] status[LOST] by informer rank [${rankAddress(informer)}]`;
}

/** The ERROR line that names where the cluster's fault is (task_exception_handler.cc:610). */
export function clusterExceptionLine(
	tid: number,
	crimer: number,
	arrivedAt: number,
	discoverer: number,
): string {
	return `[task_exception_handler.cc:610] [${tid}][TaskExecStage][HeartbeatAbnormal]Cluster Exception Location[IP/ID]:[${rankAddress(crimer)}], Arrival Time:[${ctimeOf(arrivedAt)}], Discoverer:[${rankAddress(discoverer)}], ExceptionType:[Heartbeat Lost Occurred], Possible Reason:1. Process has exited, 2. Network Disconnected`;
}

/** How long a peer's heartbeat may be silent before it counts as lost (task_exec_stage.md: 30 s). */
export const HEARTBEAT_LOST_US = 30_000_000;

/**
 * The screen codes HCCL failures print, with their Possible Cause and Solution lines as
 * error_code.json gives them ("N/A" is not printed).
 */
export const HCCL_SCREEN_CODES = {
	EI0002: {
		cause:
			'1. An exception occurs during the execution on some NPUs in the cluster. As a result, collective communication operation failed.2. The execution speed on some NPU in the cluster is too slow to complete a communication operation within the timeout interval. (default 1800s, You can set the interval by using HCCL_EXEC_TIMEOUT.)3. The number of training samples of each NPU is inconsistent.4. Packet loss or other connectivity problems occur on the communication link.',
		solution:
			"1. If this error is reported on part of these ranks, check other ranks to see whether other errors have been reported earlier.2. If this error is reported for all ranks, check whether the error reporting time is consistent (the maximum difference must not exceed 1800s). If not, locate the cause or adjust the locate the cause or set the HCCL_EXEC_TIMEOUT environment variable to a larger value.3. Check whether the completion queue element (CQE) of the error exists in the plog(grep -rn 'error cqe'). If so, check the network connection status. 4. Ensure that the number of training samples of each NPU is consistent.",
	},
	EI0005: {
		cause: undefined,
		solution: 'Check whether the training script and ranktable of each NPU are consistent.',
	},
	EI0006: {
		cause: undefined,
		solution:
			"1. Check the rank service processes with other errors or no errors in the cluster.2. If this error is reported for all NPUs, check whether the time difference between the earliest and latest errors is greater than the connect timeout interval (120s by default). If so, adjust the timeout interval by using the HCCL_CONNECT_TIMEOUT environment variable.3. Check the connectivity of the communication link between nodes. (For example, run the 'hccn_tool -i $devid -tls -g' command to check the TLS status of each NPU).",
	},
	EI0015: {
		cause: undefined,
		solution:
			'1. Check whether all ranks in the communicator have delivered the communicator creation interface. 2. Check the connectivity between the host networks of all nodes and the server node. 3. Check whether the HCCL_SOCKET_IFNAME environment variable of all nodes is correctly configured. 4. Increase the timeout by configuring the HCCL_CONNECT_TIMEOUT environment variable.',
	},
} as const;

/** A screen code of {@link HCCL_SCREEN_CODES}. */
export type HcclScreenCode = keyof typeof HCCL_SCREEN_CODES;

/** The error_code.json messages (with their `%s` filled in by the callers). */
export const EI0006_MESSAGE = (reason: string) => `Getting socket times out. Reason: ${reason}`;

/** EI0015's message. */
export const EI0015_MESSAGE = (reason: string) =>
	`Failed to collect cluster information of the communicator based on rootInfo detection. Reason: ${reason}.`;
