/**
 * Collective and point-to-point operations: HcclAllReduce, HcclAllGather, HcclReduceScatter,
 * HcclBroadcast, HcclBarrier, HcclSend and HcclRecv. Each call
 *
 * 1. checks its arguments (HCCL_E_PTR for a null communicator or buffer, HCCL_E_PARA for a bad
 *    one, HCCL_E_NOT_SUPPORT for an element type or reduction the product does not take);
 * 2. with HCCL_ENTRY_LOG_ENABLE=1 prints its `Entry-` line;
 * 3. on the communicator's first call of the operation, sets up the links on the host, waiting
 *    for its peers' first calls; if they do not come within HCCL_CONNECT_TIMEOUT it prints the
 *    link-timeout lines and EI0006 and returns HCCL_E_TIMEOUT (param_link_stage.md);
 * 4. queues a task on the stream: the k-th task of a communicator on every rank is one
 *    collective; it completes when every rank has started its k-th task with the same
 *    arguments and writes its result into each rank's buffer, or times out HCCL_EXEC_TIMEOUT
 *    after it started. A timed-out task fails the stream: the next synchronize returns
 *    ACL_ERROR_RT_FFTS_PLUS_TIMEOUT (507048, as vllm-project/vllm-ascend#1443 shows after
 *    EI0002) and prints the heartbeat, task-exception and EI0002 lines (task_exec_stage.md).
 *
 * Pairing by call order is what a rank that skips one call, calls another operation, or passes
 * another count makes visible: every later task of that communicator pairs with the wrong one,
 * or with none, and the ranks that waited time out naming the peer that did not come.
 */
import { ByteStore } from '../../kernel/byte-store.ts';
import { gmStore } from '../../kernel/global-tensor.ts';
import {
	copyBytes,
	reduceInto,
	snapshot,
	storeHash,
	type BytesAt,
} from '../../hccl/collective-data.ts';
import { flagSet, LINK_DETECTION_S, printsTaskDetails } from '../../hccl/hccl-env.ts';
import {
	clusterExceptionLine,
	CMD_TYPE,
	consistencyLines,
	EI0005_MESSAGE,
	EI0006_MESSAGE,
	EI0006_REASON,
	ei0002Message,
	entryCall,
	heartbeatEventLine,
	HEARTBEAT_LOST_US,
	linkDetectedLines,
	linkTimeoutLines,
	taskFailedLines,
	type FailedTask,
} from '../../hccl/hccl-log.ts';
import {
	HCCL_RESULT,
	hcclDataType,
	reduceOpName,
	supports,
	type HcclDataTypeInfo,
	type HcclOpKind,
	type ReduceOpName,
} from '../../hccl/hccl-types.ts';
import type { Arrival } from '../../hccl/hccl-world.ts';
import { settleLink, settleTask, type Settled } from '../../hccl/rendezvous.ts';
import type { Localized } from '../../../triage/localized.ts';
import { formatPlogTime } from '../../clock.ts';
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { resolveStream } from '../acl/stream.ts';
import { failureDue } from '../acl/task-errors.ts';
import { settleBeforeKernel } from '../acl/copy-tasks.ts';
import { formatPlogLine } from '../host-log.ts';
import { COPY_BYTES_PER_US } from '../host-timing.ts';
import { communicator } from './communicator.ts';
import {
	actorOf,
	connectUs,
	execUs,
	hcclDiagnose,
	hcclLog,
	hcclScreen,
	productOf,
	tidOf,
	type Communicator,
} from './hccl-process.ts';

const R = HCCL_RESULT;

/** Host time a link setup takes once both ends are there (illustrative). */
export const LINK_SETUP_US = 5_000;

/** Fixed time of a collective task once every rank has started it (illustrative). */
export const TASK_LATENCY_US = 20;

/** One call, as the semantics of every operation describes it. */
interface OpCall {
	readonly op: HcclOpKind;
	readonly api: string;
	readonly send: number;
	readonly recv: number;
	readonly count: number;
	readonly dtype: number;
	readonly reduce: number | undefined;
	readonly root: number | undefined;
	readonly peer: number | undefined;
	readonly comm: number;
	readonly stream: number;
	/** Where the program made the call. */
	readonly site: () => CallSite;
}

const EMPTY = new ByteStore();

/** The device bytes at device address `ptr` of `rt`'s process, if it is device memory. */
function deviceBytes(rt: AclRuntime, ptr: number): BytesAt | undefined {
	const a = rt.findDeviceAllocation(ptr);
	return a ? { store: gmStore(a.buffer), offset: ptr - a.base } : undefined;
}

/** Bytes one rank sends for the operation. */
function sendLength(c: OpCall, nRanks: number, t: HcclDataTypeInfo): number {
	const n = c.count * t.bytes;
	return c.op === 'ReduceScatter' ? n * nRanks : n;
}

/** Illustrative run time of a task once all have started: latency plus its bytes on the link. */
function durationUs(c: OpCall, nRanks: number, t: HcclDataTypeInfo): number {
	const bytes = c.count * t.bytes * (c.op === 'AllReduce' ? 2 : 1) * Math.max(1, nRanks - 1);
	return TASK_LATENCY_US + Math.ceil(bytes / Math.max(1, nRanks) / COPY_BYTES_PER_US);
}

function entryFields(c: OpCall, t: HcclDataTypeInfo, reduce: ReduceOpName | undefined) {
	const hex = (v: number) => `0x${v.toString(16)}`;
	const fields: Array<[string, string | number]> = [];
	switch (c.op) {
		case 'Broadcast':
			fields.push(
				['buf', hex(c.send)],
				['count', c.count],
				['dataType', t.name],
				['root', c.root!],
			);
			break;
		case 'Send':
			fields.push(
				['sendBuf', hex(c.send)],
				['count', c.count],
				['dataType', t.name],
				['destRank', c.peer!],
			);
			break;
		case 'Receive':
			fields.push(
				['recvBuf', hex(c.recv)],
				['count', c.count],
				['dataType', t.name],
				['srcRank', c.peer!],
			);
			break;
		case 'Barrier':
			break;
		default:
			fields.push(
				['sendBuf', hex(c.send)],
				['recvBuf', hex(c.recv)],
				['count', c.count],
				['dataType', t.name],
			);
			if (reduce) fields.push(['op', reduce]);
	}
	return fields;
}

/** Runs one operation call; see the file comment. */
function issue(rt: AclRuntime, c: OpCall): number {
	const comm = communicator(rt, c.comm);
	if (typeof comm === 'number') return comm;
	const s = resolveStream(rt, c.stream);
	if (typeof s === 'number') return R.HCCL_E_PARA;
	const barrier = c.op === 'Barrier';
	const t = barrier ? hcclDataType(4)! : hcclDataType(c.dtype);
	if (!t) return R.HCCL_E_PARA;
	const reduces = c.op === 'AllReduce' || c.op === 'ReduceScatter';
	const reduce = reduces ? reduceOpName(c.reduce ?? -1) : undefined;
	if (reduces && !reduce) return R.HCCL_E_PARA;
	if (!barrier && !supports(productOf(rt), c.op, t, reduce)) return R.HCCL_E_NOT_SUPPORT;
	if (c.root !== undefined && !(c.root >= 0 && c.root < comm.nRanks)) return R.HCCL_E_PARA;
	if (c.peer !== undefined && !(c.peer >= 0 && c.peer < comm.nRanks && c.peer !== comm.rank))
		return R.HCCL_E_PARA;
	if (!(c.count >= 0) || !Number.isInteger(c.count)) return R.HCCL_E_PARA;
	const usesSend = c.op !== 'Receive' && !barrier;
	const usesRecv = c.op !== 'Send' && c.op !== 'Broadcast' && !barrier;
	if ((usesSend && c.send === 0) || (usesRecv && c.recv === 0)) return R.HCCL_E_PTR;

	const tid = tidOf(rt);
	const tag = `${c.op}_${comm.identifier}`;
	if (flagSet(rt.process.env, 'HCCL_ENTRY_LOG_ENABLE')) {
		const line = entryCall(tid, {
			api: c.api,
			tag,
			fields: entryFields(c, t, reduce),
			rank: comm.rank,
			streamId: s.id,
			comm: comm.handle,
			device: comm.device,
		});
		hcclLog(rt, 'INFO', line);
	}

	const p2p = c.peer !== undefined;
	const ranks = p2p
		? [comm.rank, c.peer!].sort((a, b) => a - b)
		: Array.from({ length: comm.nRanks }, (_, i) => i);
	const linkKind = p2p ? `p2p:${ranks.join('-')}` : c.op;
	if (!comm.linked.has(linkKind)) {
		const linked = setUpLinks(rt, comm, c, linkKind, ranks, tag, t);
		if (linked !== R.HCCL_SUCCESS) return linked;
	}

	const world = rt.machine.hccl;
	const clock = rt.machine.clock;
	const start = s.busyUntil > clock.now ? s.busyUntil : clock.now;
	// Copies queued before the task have reached the device by the time it starts.
	settleBeforeKernel(rt.machine, start);
	const sendAt =
		usesSend && (c.op !== 'Broadcast' || c.root === comm.rank)
			? deviceBytes(rt, c.send)
			: undefined;
	const data = sendAt ? snapshot(sendAt, sendLength(c, comm.nRanks, t)) : undefined;
	let key: string;
	let index: number;
	if (p2p) {
		const dir = c.op === 'Send' ? `${comm.rank}>${c.peer}` : `${c.peer}>${comm.rank}`;
		index = comm.p2p.get(dir) ?? 0;
		comm.p2p.set(dir, index + 1);
		key = `p2p:${comm.identifier}:${dir}:${index}`;
	} else {
		index = comm.taskIndex++;
		key = `task:${comm.identifier}:${index}`;
	}
	const timeoutUs = execUs(rt);
	const taskId = s.taskCount++;
	const me: Arrival = {
		rank: comm.rank,
		actor: actorOf(rt),
		pid: rt.process.pid,
		device: comm.device,
		at: start,
		op: c.op,
		count: c.count,
		dtype: t.value,
		reduce: c.reduce,
		root: c.root,
		peer: c.peer,
		data,
		timeoutUs,
		streamId: s.id,
		taskId,
		fingerprint: [
			start,
			c.op,
			c.count,
			t.value,
			c.reduce,
			c.root,
			c.peer,
			timeoutUs,
			data ? storeHash(data) : '-',
		].join('|'),
	};
	world.arrive(key, me);
	const views = world.view(key, ranks, world.roster(comm.initKey));
	const { settled, arrivals } = settleTask(me, ranks, views, durationUs(c, comm.nRanks, t));
	world.noteTask(key, comm.rank, {
		ok: settled.ok,
		end: settled.at,
		remote: settled.ok ? undefined : settled.remote,
		tag,
		issuedAt: clock.now,
	});
	s.busyUntil = settled.at;
	if (settled.ok) {
		writeResult(rt, c, comm, t, reduce, arrivals);
		return R.HCCL_SUCCESS;
	}
	const failed: FailedTask = {
		streamId: s.id,
		taskId,
		tag,
		group: comm.identifier,
		rankSize: comm.nRanks,
		rank: comm.rank,
		issuedAt: clock.now,
		device: comm.device,
		index,
		count: c.count,
		reduce,
		src: c.send,
		dst: c.recv,
		dataType: t.name,
	};
	const remote = settled.remote;
	s.error ??= {
		code: ACL_ERROR.ACL_ERROR_RT_FFTS_PLUS_TIMEOUT,
		at: settled.at,
		kind: 'hccl',
		kernel: tag,
		taskId,
		reason: `${c.op} waits for rank ${remote}`,
		report: (r) => {
			reportTimeout(r, comm, failed, remote, index);
			hcclDiagnose(
				r,
				'hccl-peer-missing',
				c.site(),
				{
					group: comm.identifier,
					index,
					op: c.op,
					rank: comm.rank,
					timeout: timeoutUs / 1_000_000,
					why: whyWaited(settled, arrivals, timeoutUs),
				},
				key,
				comm.rank,
			);
		},
		noticed: false,
		line: c.site().stack.at(-1)?.line ?? 0,
	};
	failureDue(rt, settled.at);
	return R.HCCL_SUCCESS;
}

/**
 * The first call of an operation on `comm`: links to every peer (the ranks' n-th link setups
 * meet), or the consistency check's EI0005, or the link timeout's EI0006.
 */
function setUpLinks(
	rt: AclRuntime,
	comm: Communicator,
	c: OpCall,
	kind: string,
	ranks: readonly number[],
	tag: string,
	t: HcclDataTypeInfo,
): number {
	const world = rt.machine.hccl;
	const space = kind.startsWith('p2p:') ? kind : 'coll';
	const seq = comm.linkSeq.get(space) ?? 0;
	comm.linkSeq.set(space, seq + 1);
	const key = `link:${comm.identifier}:${space}:${seq}`;
	const now = rt.machine.clock.now;
	const me: Arrival = {
		rank: comm.rank,
		actor: actorOf(rt),
		pid: rt.process.pid,
		device: comm.device,
		at: now,
		op: c.op,
		count: c.count,
		dtype: t.value,
		reduce: c.reduce,
		root: c.root,
		fingerprint: [now, c.op, c.count, t.value, c.reduce, c.root].join('|'),
	};
	world.arrive(key, me);
	const views = world.view(key, ranks, world.roster(comm.initKey));
	const timeout = connectUs(rt);
	const settled = settleLink(me, ranks, views, timeout, LINK_SETUP_US);
	if (settled.ok) {
		rt.advanceTo(settled.at);
		comm.linked.add(kind);
		return R.HCCL_SUCCESS;
	}
	const tid = tidOf(rt);
	rt.advanceTo(settled.at);
	if (settled.mismatched.length > 0) {
		const view = views.get(settled.remote);
		const other = view?.kind === 'arrived' ? view.arrival : me;
		const diffs = argumentDiffs(me, other, tag, comm.identifier);
		for (const line of consistencyLines(tid, diffs)) hcclLog(rt, 'ERROR', line);
		const [param, local, remote] = diffs[0] ?? ['tag', tag, tag];
		hcclScreen(rt, 'EI0005', EI0005_MESSAGE(tag, param, local, remote));
		hcclDiagnose(
			rt,
			'hccl-arguments-differ',
			c.site(),
			{
				rank: comm.rank,
				remote: settled.remote,
				op: c.op,
				group: comm.identifier,
				param,
				local,
				other: remote,
			},
			`${key}#${Math.min(comm.rank, settled.remote)}-${Math.max(comm.rank, settled.remote)}`,
			comm.rank,
		);
		return R.HCCL_E_PARA;
	}
	for (const line of linkTimeoutLines(tid, comm.rank, timeout / 1_000_000))
		hcclLog(rt, 'ERROR', line);
	rt.advanceTo(settled.at + LINK_DETECTION_S * 1_000_000);
	for (const line of linkDetectedLines(tid, comm.rank, settled.remote, tag))
		hcclLog(rt, 'ERROR', line);
	hcclScreen(rt, 'EI0006', EI0006_MESSAGE(EI0006_REASON));
	hcclDiagnose(
		rt,
		'hccl-link-peer-missing',
		c.site(),
		{
			rank: comm.rank,
			op: c.op,
			group: comm.identifier,
			remote: settled.remote,
			timeout: timeout / 1_000_000,
		},
		key,
		comm.rank,
	);
	return R.HCCL_E_TIMEOUT;
}

/** The arguments two ranks' calls differ in, as the consistency check's lines name them. */
function argumentDiffs(
	me: Arrival,
	other: Arrival,
	tag: string,
	group: string,
): Array<[string, string | number, string | number]> {
	const diffs: Array<[string, string | number, string | number]> = [];
	if (me.op !== other.op) {
		diffs.push(['tag', tag, `${other.op}_${group}`]);
		diffs.push(['cmdType', CMD_TYPE[me.op!] ?? 0, CMD_TYPE[other.op!] ?? 0]);
	}
	const opOf = (a: Arrival) =>
		a.op === 'AllReduce' || a.op === 'ReduceScatter' ? (a.reduce ?? 255) : 255;
	if (opOf(me) !== opOf(other)) diffs.push(['op', opOf(me), opOf(other)]);
	if (me.count !== other.count) diffs.push(['count', me.count ?? 0, other.count ?? 0]);
	if (me.dtype !== other.dtype) diffs.push(['dataType', me.dtype ?? 0, other.dtype ?? 0]);
	return diffs;
}

/** Writes a completed task's result into this rank's buffer. */
function writeResult(
	rt: AclRuntime,
	c: OpCall,
	comm: Communicator,
	t: HcclDataTypeInfo,
	reduce: ReduceOpName | undefined,
	arrivals: readonly Arrival[],
): void {
	const length = c.count * t.bytes;
	const inputs = (offset: number) =>
		arrivals.map((a): BytesAt => ({ store: a.data ?? EMPTY, offset }));
	switch (c.op) {
		case 'AllReduce': {
			const out = deviceBytes(rt, c.recv);
			if (out) reduceInto(inputs(0), out, c.count, t, reduce!);
			return;
		}
		case 'ReduceScatter': {
			const out = deviceBytes(rt, c.recv);
			if (out) reduceInto(inputs(comm.rank * length), out, c.count, t, reduce!);
			return;
		}
		case 'AllGather': {
			const out = deviceBytes(rt, c.recv);
			if (!out) return;
			for (const a of arrivals)
				copyBytes(
					{ store: a.data ?? EMPTY, offset: 0 },
					{ store: out.store, offset: out.offset + a.rank * length },
					length,
				);
			return;
		}
		case 'Broadcast': {
			if (comm.rank === c.root) return;
			const from = arrivals.find((a) => a.rank === c.root);
			const out = deviceBytes(rt, c.send);
			if (out) copyBytes({ store: from?.data ?? EMPTY, offset: 0 }, out, length);
			return;
		}
		case 'Receive': {
			const from = arrivals.find((a) => a.rank === c.peer);
			const out = deviceBytes(rt, c.recv);
			if (out) copyBytes({ store: from?.data ?? EMPTY, offset: 0 }, out, length);
			return;
		}
		default:
			return;
	}
}

/** Why a task's peer did not come, in both languages. */
function whyWaited(
	settled: Extract<Settled, { ok: false }>,
	arrivals: readonly Arrival[],
	timeoutUs: number,
): Localized {
	const remote = settled.remote;
	if (settled.missing.includes(remote))
		return { zh: `rank ${remote} 没有下发这个任务`, en: `rank ${remote} never issued it` };
	const other = arrivals.find((a) => a.rank === remote);
	if (other && settled.mismatched.includes(remote)) {
		const what = `${other.op}（count ${other.count}）`;
		return {
			zh: `rank ${remote} 下发的是 ${what}`,
			en: `rank ${remote} issued ${other.op} (count ${other.count}) instead`,
		};
	}
	const s = timeoutUs / 1_000_000;
	return {
		zh: `各 rank 下发它的时间相差超过 ${s} 秒（rank ${remote}）`,
		en: `the ranks issued it more than ${s} s apart (rank ${remote})`,
	};
}

/** The notify a rank's k-th task waits on in the failure lines (illustrative numbering). */
function notifyId(rank: number, index: number): number {
	return 0x200 + rank * 0x10 + (index % 0x10);
}

/**
 * What the host prints when it learns that a task of `comm` timed out: the heartbeat lines if
 * the peer it waited for has gone, the task-exception lines (Atlas A2/A3: with
 * HCCL_DIAGNOSE_ENABLE=1), and EI0002 naming the peer.
 */
function reportTimeout(
	rt: AclRuntime,
	comm: Communicator,
	failed: FailedTask,
	remote: number,
	index: number,
): void {
	const world = rt.machine.hccl;
	const tid = tidOf(rt);
	const now = rt.machine.clock.now;
	const actor = world.roster(comm.initKey).get(remote);
	const left = world
		.view(`leave:${comm.identifier}`, [remote], world.roster(comm.initKey))
		.get(remote);
	const gone = [
		left?.kind === 'arrived' ? left.arrival.at : undefined,
		actor === undefined ? undefined : world.departure(actor),
	].filter((x): x is number => x !== undefined);
	const lostAt = gone.length > 0 ? Math.min(...gone) + HEARTBEAT_LOST_US : undefined;
	if (lostAt !== undefined && lostAt <= now) {
		const informer = (remote + 1) % comm.nRanks;
		rt.recorder.log({
			text: formatPlogLine(
				'INFO',
				'HCCL',
				rt.process.pid,
				rt.process.name,
				lostAt,
				heartbeatEventLine(tid, comm.rank, remote, informer),
			),
			channel: 'plog',
			pid: rt.process.pid,
			level: 'INFO',
			time: lostAt,
		});
		hcclLog(rt, 'ERROR', clusterExceptionLine(tid, remote, lostAt, informer));
	}
	if (printsTaskDetails(productOf(rt), rt.process.env))
		for (const line of taskFailedLines(tid, failed, formatPlogTime)) hcclLog(rt, 'ERROR', line);
	hcclScreen(rt, 'EI0002', ei0002Message(failed, remote, notifyId(comm.rank, index)));
}

// ── the rows' semantics ──────────────────────────────────────────────────────────────────────

const n = (v: unknown) => v as number;

/**
 * Where each operation's arguments are, by position (`buf`: one buffer both sent and received;
 * a field not listed is 0, or absent for reduce/root/peer). A Barrier moves no data (dtype 4).
 */
type ArgSlot =
	'send' | 'recv' | 'buf' | 'count' | 'dtype' | 'reduce' | 'root' | 'peer' | 'comm' | 'stream';

function entry(op: HcclOpKind, slots: readonly ArgSlot[], dtype?: number) {
	return (rt: AclRuntime, call: HostCall): number => {
		const at = (slot: ArgSlot): number | undefined => {
			const i = slots.indexOf(slot);
			return i < 0 ? undefined : n(call.args[i]);
		};
		const buf = at('buf');
		return issue(rt, {
			op,
			api: call.name,
			send: buf ?? at('send') ?? 0,
			recv: buf ?? at('recv') ?? 0,
			count: at('count') ?? 0,
			dtype: at('dtype') ?? dtype ?? 0,
			reduce: at('reduce'),
			root: at('root'),
			peer: at('peer'),
			comm: at('comm') ?? 0,
			stream: at('stream') ?? 0,
			site: () => call.site(),
		});
	};
}

/** `HcclAllReduce(sendBuf, recvBuf, count, dataType, op, comm, stream)`. */
export const hcclAllReduce = entry('AllReduce', [
	'send',
	'recv',
	'count',
	'dtype',
	'reduce',
	'comm',
	'stream',
]);

/** `HcclAllGather(sendBuf, recvBuf, sendCount, dataType, comm, stream)`. */
export const hcclAllGather = entry('AllGather', [
	'send',
	'recv',
	'count',
	'dtype',
	'comm',
	'stream',
]);

/** `HcclReduceScatter(sendBuf, recvBuf, recvCount, dataType, op, comm, stream)`. */
export const hcclReduceScatter = entry('ReduceScatter', [
	'send',
	'recv',
	'count',
	'dtype',
	'reduce',
	'comm',
	'stream',
]);

/** `HcclBroadcast(buf, count, dataType, root, comm, stream)`. */
export const hcclBroadcast = entry('Broadcast', [
	'buf',
	'count',
	'dtype',
	'root',
	'comm',
	'stream',
]);

/** `HcclBarrier(comm, stream)`: a task every rank must start (a collective with no data). */
export const hcclBarrier = entry('Barrier', ['comm', 'stream'], 4);

/** `HcclSend(sendBuf, count, dataType, destRank, comm, stream)`: pairs with the peer's HcclRecv. */
export const hcclSend = entry('Send', ['send', 'count', 'dtype', 'peer', 'comm', 'stream']);

/** `HcclRecv(recvBuf, count, dataType, srcRank, comm, stream)`. */
export const hcclRecv = entry('Receive', ['recv', 'count', 'dtype', 'peer', 'comm', 'stream']);
