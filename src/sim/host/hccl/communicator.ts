/**
 * Communicator management: HcclGetRootInfo starts a root server and hands out its root info,
 * HcclCommInitRootInfo forms a communicator with every rank that brings that root info (or fails
 * after HCCL_CONNECT_TIMEOUT, see rendezvous.ts), HcclCommInitClusterInfo forms one from a rank
 * table file, and the rank queries and HcclCommDestroy. Every call prints the run-log `Entry-`
 * line HCCL prints by default for communicator creation and destruction (debug_thinking.md).
 *
 * A root info's bytes carry the server's identifier as a C string from the first byte; the real
 * layout (host ip, port, identifier) is not documented, so this one is illustrative. Copying the
 * struct — through memory, a file or another process — carries the root.
 */
import type { ByteRef } from '../../byte-ref.ts';
import { HCCL_RESULT, HCCL_ROOT_INFO_BYTES } from '../../hccl/hccl-types.ts';
import {
	agentTimeoutLines,
	agentToldLines,
	EI0015_MESSAGE,
	EI0015_REASON,
	entryDestroy,
	entryGetRootInfo,
	entryInitRootInfo,
	serverTimeoutLines,
} from '../../hccl/hccl-log.ts';
import { settleInit } from '../../hccl/rendezvous.ts';
import type { HostCall } from '../acl-call.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import {
	actorOf,
	BROADCAST_US,
	connectUs,
	currentDevice,
	epochUs,
	hcclLog,
	hcclDiagnose,
	hcclScreen,
	hcclState,
	logEnvOnce,
	tidOf,
	type Communicator,
} from './hccl-process.ts';

const R = HCCL_RESULT;

/** Virtual time a communicator takes to form once every rank is there (illustrative). */
export const COMM_SETUP_US = 20_000;

/** The group name of a communicator made from a rank table (illustrative). */
export const WORLD_GROUP = 'hccl_world_group';

/** The root info bytes for `identifier` (see the file comment). */
export function encodeRootInfo(identifier: string): Uint8Array {
	const bytes = new Uint8Array(HCCL_ROOT_INFO_BYTES);
	for (let i = 0; i < identifier.length && i < bytes.length - 1; i++)
		bytes[i] = identifier.charCodeAt(i) & 0xff;
	return bytes;
}

/** The identifier a root info's bytes carry ('' when they carry none). */
export function decodeRootInfo(bytes: Uint8Array): string {
	let end = bytes.indexOf(0);
	if (end < 0) end = bytes.length;
	let text = '';
	for (let i = 0; i < end; i++) text += String.fromCharCode(bytes[i]!);
	return text;
}

/** `HcclGetRootInfo(&rootInfo)`: starts a root server now and writes its root info. */
export function hcclGetRootInfo(rt: AclRuntime, call: HostCall): number {
	const ref = call.args[0] as ByteRef | undefined;
	if (!ref) return R.HCCL_E_PTR;
	const device = currentDevice(rt);
	if (device === undefined) return R.HCCL_E_RUNTIME;
	logEnvOnce(rt);
	const now = rt.machine.clock.now;
	hcclLog(rt, 'INFO', entryGetRootInfo(tidOf(rt), ref.address, device));
	const root = rt.machine.hccl.createRoot(rt.process.pid, device, now, epochUs(now));
	ref.write(encodeRootInfo(root.identifier));
	rt.detail(`identifier=${root.identifier}`);
	return R.HCCL_SUCCESS;
}

/**
 * `HcclCommInitRootInfo(nRanks, &rootInfo, rank, &comm)`: joins the root's communicator as
 * `rank` and returns once all `nRanks` ranks have joined, or with HCCL_E_TIMEOUT and the
 * EI0015 lines when they do not in time (rendezvous.ts). The status 9 follows the `ret[9]` and
 * `hcclRet -> 9` of the guide's timeout logs; a framework may report its own code instead.
 */
export function hcclCommInitRootInfo(rt: AclRuntime, call: HostCall): number {
	const nRanks = call.args[0] as number;
	const ref = call.args[1] as ByteRef | undefined;
	const rank = call.args[2] as number;
	if (!ref) return R.HCCL_E_PTR;
	if (!(nRanks > 0) || !(rank >= 0) || rank >= nRanks) return R.HCCL_E_PARA;
	const device = currentDevice(rt);
	if (device === undefined) return R.HCCL_E_RUNTIME;
	logEnvOnce(rt);
	const world = rt.machine.hccl;
	const identifier = decodeRootInfo(ref.read(HCCL_ROOT_INFO_BYTES));
	const root = identifier ? world.root(identifier) : undefined;
	const tid = tidOf(rt);
	const clock = rt.machine.clock;
	const now = clock.now;
	hcclLog(
		rt,
		'INFO',
		entryInitRootInfo(tid, nRanks, rank, root?.port ?? 60000, identifier, device),
	);
	const key = `init:${identifier}`;
	const me = {
		rank,
		actor: actorOf(rt),
		pid: rt.process.pid,
		device,
		at: now,
		nRanks,
		fingerprint: `${now}|${nRanks}`,
	};
	world.arrive(key, me);
	const ranks = Array.from({ length: nRanks }, (_, i) => i);
	const views = world.view(key, ranks, world.roster(key));
	const timeout = connectUs(rt);
	const result = settleInit(
		root?.createdAt,
		me,
		nRanks,
		views,
		timeout,
		BROADCAST_US,
		COMM_SETUP_US,
	);
	const timeoutS = timeout / 1_000_000;
	if (result.outcome.ok) {
		rt.advanceTo(result.outcome.at);
		const comm = formCommunicator(rt, { identifier, initKey: key, rank, nRanks, device });
		call.out(3, comm.handle);
		rt.detail(`comm=0x${comm.handle.toString(16)}`);
		return R.HCCL_SUCCESS;
	}
	if (result.failure === 'unreachable') {
		rt.advanceTo(now + timeout);
		for (const line of agentTimeoutLines(tid, timeoutS, root?.port ?? 60000))
			hcclLog(rt, 'ERROR', line);
		rt.advanceTo(result.outcome.at);
		hcclScreen(rt, 'EI0015', EI0015_MESSAGE(EI0015_REASON.unreachable()));
		hcclDiagnose(
			rt,
			'hccl-rank-not-joined',
			call.site(),
			{ group: identifier, timeout: timeoutS, nRanks, missing: String(rank) },
			`${key}#${rank}`,
			rank,
		);
		return R.HCCL_E_TIMEOUT;
	}
	rt.advanceTo(result.deadline);
	const serverHere = root !== undefined && root.pid === rt.process.pid;
	if (serverHere && !root.reported) {
		root.reported = true;
		// The server runs on a thread of its own (the guide's server lines carry another tid).
		for (const line of serverTimeoutLines(tid + 1, timeoutS, result.connected, nRanks))
			hcclLog(rt, 'ERROR', line);
	}
	const missing = result.outcome.missing;
	for (const line of agentToldLines(tid, missing, nRanks, result.connected.length))
		hcclLog(rt, 'ERROR', line);
	rt.advanceTo(result.outcome.at);
	const reason = serverHere
		? EI0015_REASON.server(timeoutS, nRanks, result.connected.length)
		: EI0015_REASON.agent(timeoutS, rank);
	hcclScreen(rt, 'EI0015', EI0015_MESSAGE(reason));
	hcclDiagnose(
		rt,
		'hccl-rank-not-joined',
		call.site(),
		{ group: identifier, timeout: timeoutS, nRanks, missing: missing.join(', ') },
		key,
		rank,
	);
	return R.HCCL_E_TIMEOUT;
}

/** A rank table's ranks: rank id → device id. */
function readRankTable(text: string): Map<number, number> | undefined {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return undefined;
	}
	const servers = (json as { server_list?: unknown }).server_list;
	if (!Array.isArray(servers)) return undefined;
	const ranks = new Map<number, number>();
	for (const server of servers) {
		const devices = (server as { device?: unknown }).device;
		if (!Array.isArray(devices)) return undefined;
		for (const d of devices) {
			const rank = Number((d as { rank_id?: unknown }).rank_id);
			const device = Number((d as { device_id?: unknown }).device_id);
			if (!Number.isInteger(rank) || !Number.isInteger(device) || ranks.has(rank)) return undefined;
			ranks.set(rank, device);
		}
	}
	for (let r = 0; r < ranks.size; r++) if (!ranks.has(r)) return undefined;
	return ranks.size > 0 ? ranks : undefined;
}

/**
 * `HcclCommInitClusterInfo(clusterInfo, rank, &comm)`: a communicator from a rank table file
 * (cluster_info_config/rank_table_config_a2.md). The table names every rank, so forming needs
 * no exchange; a rank that never comes shows at the first collective's link setup. A path that
 * is not a file prints the guide's `is not a valid real path` line (rank_table_load_fail.md,
 * errNo …5010001: HCCL_E_PARA); a table that is not one gives HCCL_E_PARA too (illustrative).
 */
export function hcclCommInitClusterInfo(rt: AclRuntime, call: HostCall): number {
	const path = call.args[0] as string | null;
	const rank = call.args[1] as number;
	if (path === null) return R.HCCL_E_PTR;
	const device = currentDevice(rt);
	if (device === undefined) return R.HCCL_E_RUNTIME;
	logEnvOnce(rt);
	const tid = tidOf(rt);
	const bytes = rt.machine.files?.read(path);
	if (!bytes) {
		hcclLog(
			rt,
			'ERROR',
			`[param_check.cc:66] [${tid}][InitGroupStage][RanktableConfig]errNo[0x0000000005010001] path ${path} is not a valid real path`,
		);
		return R.HCCL_E_PARA;
	}
	let text = '';
	for (const b of bytes) text += String.fromCharCode(b);
	const table = readRankTable(text);
	if (!table || !table.has(rank)) return R.HCCL_E_PARA;
	const world = rt.machine.hccl;
	const key = `table:${path}`;
	const now = rt.machine.clock.now;
	world.arrive(key, {
		rank,
		actor: actorOf(rt),
		pid: rt.process.pid,
		device,
		at: now,
		nRanks: table.size,
		fingerprint: `${now}|${table.size}`,
	});
	rt.advanceTo(now + COMM_SETUP_US);
	const comm = formCommunicator(rt, {
		identifier: WORLD_GROUP,
		initKey: key,
		rank,
		nRanks: table.size,
		device,
	});
	call.out(2, comm.handle);
	return R.HCCL_SUCCESS;
}

/** A new communicator of `rt`'s process with nothing issued yet, under a fresh handle. */
function formCommunicator(
	rt: AclRuntime,
	who: Pick<Communicator, 'identifier' | 'initKey' | 'rank' | 'nRanks' | 'device'>,
): Communicator {
	const comm: Communicator = {
		...who,
		handle: rt.machine.nextHandle(),
		taskIndex: 0,
		linked: new Set(),
		linkSeq: new Map(),
		p2p: new Map(),
		destroyed: false,
	};
	hcclState(rt).comms.set(comm.handle, comm);
	return comm;
}

/** The communicator behind handle `comm` of `rt`'s process, or the HcclResult. */
export function communicator(rt: AclRuntime, comm: number): Communicator | number {
	if (comm === 0) return R.HCCL_E_PTR;
	const found = hcclState(rt).comms.get(comm);
	return found && !found.destroyed ? found : R.HCCL_E_PARA;
}

/** `HcclGetRankId(comm, &rank)`. */
export function hcclGetRankId(rt: AclRuntime, call: HostCall): number {
	const c = communicator(rt, call.args[0] as number);
	if (typeof c === 'number') return c;
	call.out(1, c.rank);
	return R.HCCL_SUCCESS;
}

/** `HcclGetRankSize(comm, &rankSize)`. */
export function hcclGetRankSize(rt: AclRuntime, call: HostCall): number {
	const c = communicator(rt, call.args[0] as number);
	if (typeof c === 'number') return c;
	call.out(1, c.nRanks);
	return R.HCCL_SUCCESS;
}

/**
 * `HcclCommDestroy(comm)`: the rank leaves the communicator; peers still waiting for it lose
 * its heartbeat (collectives.ts).
 */
export function hcclCommDestroy(rt: AclRuntime, call: HostCall): number {
	const c = communicator(rt, call.args[0] as number);
	if (typeof c === 'number') return c;
	hcclLog(rt, 'INFO', entryDestroy(tidOf(rt)));
	c.destroyed = true;
	const now = rt.machine.clock.now;
	rt.machine.hccl.arrive(`leave:${c.identifier}`, {
		rank: c.rank,
		actor: actorOf(rt),
		pid: rt.process.pid,
		device: c.device,
		at: now,
		fingerprint: String(now),
	});
	return R.HCCL_SUCCESS;
}
