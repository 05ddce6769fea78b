/**
 * What one process holds of HCCL: its communicators (by handle), whether it has printed its
 * `[HCCL_ENV]` lines, and the services the HCCL semantics share (the actor a call runs as, its
 * thread id in log lines, the HCCL plog and screen lines, the timeouts of its environment).
 */
import { CLOCK_EPOCH_MS } from '../../clock.ts';
import {
	connectTimeoutSetting,
	execTimeoutS,
	execTimeoutSetting,
	INIT_ERROR_BROADCAST_S,
} from '../../hccl/hccl-env.ts';
import { envLine, HCCL_SCREEN_CODES, type HcclScreenCode } from '../../hccl/hccl-log.ts';
import type { ActorKey } from '../../hccl/hccl-world.ts';
import {
	HCCL_DIAGNOSTICS,
	makeDiagnostic,
	type DiagnosticParams,
	type HcclDiagnosticCode,
} from '../../../diagnostics/index.ts';
import type { CallSite } from '../../trace.ts';
import type { ProductId } from '../../product-id.ts';
import { spanOf, type AclRuntime } from '../acl-runtime.ts';
import { formatScreenCode, type PlogLevel } from '../host-log.ts';

/** One communicator as the process that holds it sees it. */
export interface Communicator {
	readonly handle: number;
	/** The communicator's name: the root info's identifier, or the rank table's group. */
	readonly identifier: string;
	/** The rendezvous key of its forming (its roster of ranks). */
	readonly initKey: string;
	readonly rank: number;
	readonly nRanks: number;
	readonly device: number;
	/** The index the next collective task gets (the k-th task of every rank pairs up). */
	taskIndex: number;
	/** Operations whose links are up (the first call of each sets them up). */
	readonly linked: Set<string>;
	/** Link setups made so far, per link space (`coll`, or a point-to-point pair); the n-th meet. */
	readonly linkSeq: Map<string, number>;
	/** Point-to-point tasks issued per direction (`3>5`). */
	readonly p2p: Map<string, number>;
	destroyed: boolean;
}

/** The HCCL state of one process. */
export interface HcclProcessState {
	readonly comms: Map<number, Communicator>;
	envLogged: boolean;
}

const STATES = new WeakMap<AclRuntime, HcclProcessState>();

/** The HCCL state of `rt`'s process (made on first use). */
export function hcclState(rt: AclRuntime): HcclProcessState {
	let state = STATES.get(rt);
	if (!state) STATES.set(rt, (state = { comms: new Map(), envLogged: false }));
	return state;
}

/** The actor a call of `rt` runs as (its process; threads get their own key). */
export function actorOf(rt: AclRuntime): ActorKey {
	return String(rt.process.pid);
}

/** The thread id HCCL lines print after `[file:line]` (the pid for the main thread). */
export function tidOf(rt: AclRuntime): number {
	return rt.process.pid;
}

/** Virtual time `us` as microseconds since the Unix epoch (the identifier's timestamp). */
export function epochUs(us: number): number {
	return CLOCK_EPOCH_MS * 1000 + us;
}

/** An HCCL plog line of `rt`'s process. */
export function hcclLog(rt: AclRuntime, level: PlogLevel, body: string): void {
	rt.plog(level, 'HCCL', body);
}

/** A screen code of HCCL with its Possible Cause and Solution lines (aclGetRecentErrMsg's text too). */
export function hcclScreen(rt: AclRuntime, code: HcclScreenCode, message: string): void {
	const entry = HCCL_SCREEN_CODES[code];
	const lines = [formatScreenCode(code, rt.process.pid, rt.machine.clock.now, message)];
	if (entry.cause) lines.push(`        Possible Cause: ${entry.cause}`);
	lines.push(`        Solution: ${entry.solution}`);
	for (const text of lines)
		rt.recorder.log({ text, channel: 'screen', pid: rt.process.pid, level: 'ERROR' });
	rt.state.recentErrMsg = lines.join('\n');
}

/**
 * Offers HCCL diagnostic `code` at `site` as the finding `key` of this pass; of the ranks that
 * report the same finding, the one that gave up first (now) names it (hccl-world.ts).
 */
export function hcclDiagnose(
	rt: AclRuntime,
	code: HcclDiagnosticCode,
	site: CallSite,
	params: DiagnosticParams,
	key: string,
	rank: number,
): void {
	const diagnostic = makeDiagnostic(HCCL_DIAGNOSTICS, code, spanOf(site), params);
	rt.machine.hccl.propose(key, rt.machine.clock.now, rank, diagnostic);
}

/** The `[HCCL_ENV]` lines of the two timeouts, once per process (at its first HCCL call). */
export function logEnvOnce(rt: AclRuntime): void {
	const state = hcclState(rt);
	if (state.envLogged) return;
	state.envLogged = true;
	const exec = execTimeoutSetting(productOf(rt), rt.process.env);
	const connect = connectTimeoutSetting(rt.process.env);
	const tid = tidOf(rt);
	hcclLog(rt, 'INFO', envLine(tid, 'HCCL_CONNECT_TIMEOUT', connect.seconds, connect.from));
	hcclLog(rt, 'INFO', envLine(tid, 'HCCL_EXEC_TIMEOUT', exec.seconds, exec.from));
}

/** The product the machine simulates. */
export function productOf(rt: AclRuntime): ProductId {
	return rt.machine.hccl.product;
}

/** HCCL_CONNECT_TIMEOUT of `rt`'s process, in microseconds. */
export function connectUs(rt: AclRuntime): number {
	return connectTimeoutSetting(rt.process.env).seconds * 1_000_000;
}

/** What a failed communicator forming waits beyond the timeout, in microseconds. */
export const BROADCAST_US = INIT_ERROR_BROADCAST_S * 1_000_000;

/** HCCL_EXEC_TIMEOUT in effect for `rt`'s process, in microseconds (0: never). */
export function execUs(rt: AclRuntime): number {
	return execTimeoutS(productOf(rt), rt.process.env) * 1_000_000;
}

/** The device of `rt`'s current context, or undefined (HCCL needs a set device). */
export function currentDevice(rt: AclRuntime): number | undefined {
	return rt.state.current?.device.id;
}
