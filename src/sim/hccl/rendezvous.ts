/**
 * How each rendezvous ends for the rank asking, from what it knows of its peers (pure functions
 * of hccl-world.ts's views). A peer whose behaviour is still unknown is assumed to arrive as the
 * asker did, at the same time, with the same arguments and no data.
 *
 * - Forming a communicator from a root info (cluster_info_nego.md): the root's server waits
 *   HCCL_CONNECT_TIMEOUT from HcclGetRootInfo for every rank to connect. If all come, every rank
 *   gets the communicator once the last has; otherwise the server gives up at its deadline and
 *   tells the connected ranks who is missing, and they fail 20 s later; a rank that comes after
 *   the deadline finds no server and fails HCCL_CONNECT_TIMEOUT + 20 s after it came.
 * - Link setup at an operation's first call (param_link_stage.md): the ranks' n-th link setups
 *   meet; each rank waits up to HCCL_CONNECT_TIMEOUT for each peer's, and a peer that never
 *   comes, or comes more than that apart, makes the call fail (EI0006); peers that meet with
 *   other arguments fail the consistency check at once (EI0005).
 * - A collective task (task_exec_stage.md): it completes when every rank of the communicator
 *   has started the task with the same operation, count, type, reduction and root; otherwise each
 *   rank's task times out HCCL_EXEC_TIMEOUT after it started, as it does when the ranks start
 *   more than that apart.
 */
import type { Arrival, PeerView } from './hccl-world.ts';

/** How a rendezvous ended for the asking rank. */
export type Settled =
	| { readonly ok: true; readonly at: number }
	| {
			readonly ok: false;
			/** When the asking rank's wait ends (Infinity: never). */
			readonly at: number;
			/** Peers that never came (or not in time). */
			readonly missing: readonly number[];
			/** Peers that came with other arguments. */
			readonly mismatched: readonly number[];
			/** The peer the failure lines name. */
			readonly remote: number;
	  };

/** The arrival a peer is taken to have made. */
function effective(view: PeerView | undefined, me: Arrival, rank: number): Arrival | undefined {
	if (!view || view.kind === 'absent') return undefined;
	if (view.kind === 'arrived') return view.arrival;
	return { ...me, rank, data: undefined, actor: `assumed:${rank}` };
}

/** Forming a communicator: the outcome, and who connected to the root's server in time. */
export interface InitSettled {
	readonly outcome: Settled;
	/** The server gave up (the root's process prints its lines) or no server was reached. */
	readonly failure: 'server-timeout' | 'unreachable' | undefined;
	readonly connected: readonly number[];
	readonly deadline: number;
}

/**
 * Forming a communicator of `nRanks` from a root whose server started at `createdAt` (undefined:
 * no such root), for `me`, with `views` of every rank.
 */
export function settleInit(
	createdAt: number | undefined,
	me: Arrival,
	nRanks: number,
	views: ReadonlyMap<number, PeerView>,
	connectUs: number,
	broadcastUs: number,
	setupUs: number,
): InitSettled {
	const deadline = (createdAt ?? me.at) + connectUs;
	if (createdAt === undefined || me.at > deadline) {
		return {
			outcome: {
				ok: false,
				at: me.at + connectUs + broadcastUs,
				missing: [],
				mismatched: [],
				remote: 0,
			},
			failure: 'unreachable',
			connected: [],
			deadline,
		};
	}
	const connected: number[] = [];
	const missing: number[] = [];
	let last = me.at;
	for (let r = 0; r < nRanks; r++) {
		const a = effective(views.get(r), me, r);
		if (a && a.at <= deadline && a.nRanks === nRanks) {
			connected.push(r);
			if (a.at > last) last = a.at;
		} else missing.push(r);
	}
	if (missing.length === 0)
		return { outcome: { ok: true, at: last + setupUs }, failure: undefined, connected, deadline };
	return {
		outcome: {
			ok: false,
			at: deadline + broadcastUs,
			missing,
			mismatched: [],
			remote: missing[0]!,
		},
		failure: 'server-timeout',
		connected,
		deadline,
	};
}

/**
 * The n-th link setup of a communicator between `me` and each of `peers`. Peers that come within
 * HCCL_CONNECT_TIMEOUT connect and compare the operation's arguments: a difference fails both
 * ends at once (EI0005, param_link_stage.md's consistency check), listed in `mismatched`; a peer
 * that does not come in time makes the setup time out (EI0006), listed in `missing`.
 */
export function settleLink(
	me: Arrival,
	peers: readonly number[],
	views: ReadonlyMap<number, PeerView>,
	connectUs: number,
	setupUs: number,
): Settled {
	const missing: number[] = [];
	const mismatched: number[] = [];
	let last = me.at;
	let met = me.at;
	for (const r of peers) {
		if (r === me.rank) continue;
		const a = effective(views.get(r), me, r);
		if (!a || Math.abs(a.at - me.at) > connectUs) missing.push(r);
		else {
			if (a.at > last) last = a.at;
			if (!sameCall(me, a)) {
				mismatched.push(r);
				if (a.at > met) met = a.at;
			}
		}
	}
	if (mismatched.length > 0)
		return { ok: false, at: met + setupUs, missing, mismatched, remote: mismatched[0]! };
	if (missing.length === 0) return { ok: true, at: last + setupUs };
	return { ok: false, at: me.at + connectUs, missing, mismatched, remote: missing[0]! };
}

/** The arguments peers must agree on, by operation. */
function sameCall(a: Arrival, b: Arrival): boolean {
	if (a.count !== b.count || a.dtype !== b.dtype) return false;
	if (a.op === 'Send' || a.op === 'Receive')
		return (b.op === 'Send' || b.op === 'Receive') && a.op !== b.op;
	if (a.op !== b.op) return false;
	if (a.op === 'AllReduce' || a.op === 'ReduceScatter') return a.reduce === b.reduce;
	if (a.op === 'Broadcast') return a.root === b.root;
	return true;
}

/**
 * A task of `ranks` (every rank of the communicator, or the two ends of a send) started by `me`;
 * `durationUs` is its run time once all have started. The arrivals the task computes with are
 * returned in rank order when it completes.
 */
export function settleTask(
	me: Arrival,
	ranks: readonly number[],
	views: ReadonlyMap<number, PeerView>,
	durationUs: number,
): { settled: Settled; arrivals: Arrival[] } {
	const missing: number[] = [];
	const mismatched: number[] = [];
	const arrivals: Arrival[] = [];
	let first = me.at;
	let last = me.at;
	let timeout = me.timeoutUs ?? 0;
	for (const r of ranks) {
		const a = r === me.rank ? me : effective(views.get(r), me, r);
		if (!a) {
			missing.push(r);
			continue;
		}
		arrivals.push(a);
		if (r !== me.rank && !sameCall(me, a)) mismatched.push(r);
		if (a.at < first) first = a.at;
		if (a.at > last) last = a.at;
		const t = a.timeoutUs ?? 0;
		if (t > 0 && (timeout === 0 || t < timeout)) timeout = t;
	}
	const tooLate = timeout > 0 && last - first > timeout;
	if (missing.length === 0 && mismatched.length === 0 && !tooLate)
		return { settled: { ok: true, at: last + durationUs }, arrivals };
	const mine = me.timeoutUs ?? 0;
	const remote =
		missing[0] ??
		mismatched[0] ??
		ranks
			.filter((r) => r !== me.rank)
			.sort((a, b) => farthest(arrivals, me, b) - farthest(arrivals, me, a))[0] ??
		me.rank;
	return {
		settled: {
			ok: false,
			at: mine > 0 ? me.at + mine : Number.POSITIVE_INFINITY,
			missing,
			mismatched,
			remote,
		},
		arrivals,
	};
}

function farthest(arrivals: readonly Arrival[], me: Arrival, rank: number): number {
	const a = arrivals.find((x) => x.rank === rank);
	return a ? Math.abs(a.at - me.at) : 0;
}
