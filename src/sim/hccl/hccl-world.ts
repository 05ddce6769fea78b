/**
 * The ranks' shared world: which root infos exist, and where each rank has arrived — at forming
 * a communicator, at the link setup of an operation's first call, at the k-th collective task —
 * so that a rank learns whether its peers came, when, and with what.
 *
 * The ranks run at once in virtual time but one after another here, and the interpreter cannot
 * stop a rank halfway to let another catch up. So a run is a series of *passes*: each pass runs
 * every rank from the start, and a rank asking about a peer gets what the peer did in this pass
 * if it has already run, else what it did in the previous pass (in the first pass: nothing is
 * known, and the peer is assumed to arrive as the asker did). At the end of a pass every answer
 * given is checked against what every rank actually did; when none changed the pass is *settled*
 * and it is the run's trace. What one rank does depends only on earlier rendezvous, so each pass
 * settles at least one more of them and the passes end.
 *
 * Invariants: arrivals are keyed by rendezvous and rank, at most one per rank; an actor ends at
 * most once per pass; a record handed to the next pass is never changed.
 */
import type { ProductId } from '../product-id.ts';
import type { ByteStore } from '../kernel/byte-store.ts';
import type { HcclOpKind } from './hccl-types.ts';
import type { Diagnostic } from '../trace.ts';

/** Who runs a rank: a process, or one host thread of it (`18401`, `18401:t2`). */
export type ActorKey = string;

/** A rank's arrival at one rendezvous. */
export interface Arrival {
	readonly rank: number;
	readonly actor: ActorKey;
	readonly pid: number;
	readonly device: number;
	/** When it arrived: the host call's time (init, link setup), or when its task started. */
	readonly at: number;
	/** A forming communicator: the rank count this rank asked for. */
	readonly nRanks?: number;
	/** A task: what it is, and what it moves. */
	readonly op?: HcclOpKind;
	readonly count?: number;
	readonly dtype?: number;
	readonly reduce?: number;
	readonly root?: number;
	/** A point-to-point task: the other end. */
	readonly peer?: number;
	/** The bytes the rank sends (a snapshot of its send buffer when the task starts). */
	readonly data?: ByteStore;
	/** How long this rank's task waits for its peers (µs; 0 = forever). */
	readonly timeoutUs?: number;
	/** For the logs and the view: the stream and task the rank's task runs as. */
	readonly streamId?: number;
	readonly taskId?: number;
	/** Identity of everything above that peers depend on (compared between passes). */
	readonly fingerprint: string;
}

/** What a peer looks like to a rank asking about a rendezvous. */
export type PeerView =
	| { readonly kind: 'arrived'; readonly arrival: Arrival }
	/** It will never arrive: it ran (this pass or the last) and did not. */
	| { readonly kind: 'absent' }
	/** Nothing is known yet (first pass); treated as arriving as the asker did. */
	| { readonly kind: 'unknown' };

/** A root info: the communicator server HcclGetRootInfo starts. */
export interface RootRecord {
	readonly identifier: string;
	readonly port: number;
	/** When its server started waiting for ranks. */
	readonly createdAt: number;
	readonly pid: number;
	readonly device: number;
	/** The server's failure lines were printed in this pass. */
	reported: boolean;
}

/** What one pass leaves for the next. */
export interface PassRecord {
	readonly arrivals: ReadonlyMap<string, ReadonlyMap<number, Arrival>>;
	readonly roots: readonly RootRecord[];
	/** When each actor ended. */
	readonly departures: ReadonlyMap<ActorKey, number>;
}

/** How a rank's task ended, as it learned (for the view). */
export interface TaskNote {
	readonly ok: boolean;
	/** When the task completed or timed out (Infinity: never). */
	readonly end: number;
	/** The peer a timed-out task names. */
	readonly remote: number | undefined;
	readonly tag: string;
	/** When the host made the call (the task may start later, behind others on its stream). */
	readonly issuedAt: number;
}

/** One rank's part in a collective, for the view. */
export interface RankTaskFact {
	readonly rank: number;
	readonly pid: number;
	readonly device: number;
	readonly op: HcclOpKind;
	readonly count: number;
	readonly issuedAt: number;
	readonly start: number;
	readonly end: number;
	readonly ok: boolean;
	readonly remote: number | undefined;
}

/** One collective (or point-to-point) task of a communicator, as every rank saw it. */
export interface CollectiveFact {
	readonly group: string;
	/** Which task of the communicator (0 first); p2p tasks count per direction. */
	readonly index: number;
	readonly tag: string;
	/** The ranks the task needed. */
	readonly ranks: readonly number[];
	readonly issued: readonly RankTaskFact[];
	/** Ranks that never started it. */
	readonly missing: readonly number[];
	/** Ranks that started it with other arguments than the majority. */
	readonly diverged: readonly number[];
}

/** A rank of the run, for the view's lanes. */
export interface RankFact {
	readonly group: string;
	readonly rank: number;
	readonly nRanks: number;
	readonly pid: number;
	readonly device: number;
}

/** What the view shows of the ranks: typed facts, read from the settled pass. */
export interface HcclFacts {
	readonly ranks: readonly RankFact[];
	readonly collectives: readonly CollectiveFact[];
	/** How many passes the run took to settle (1 when no rank asked about another). */
	readonly passes: number;
	/** False when the passes stopped at their limit before settling. */
	readonly settled: boolean;
}

/** One answer given during a pass: true when it still holds at the pass's end. */
type Query = () => boolean;

const NO_ROSTER: ReadonlyMap<number, ActorKey> = new Map();

/** First port a root listens on; the next roots take the next ports (cluster_info_nego.md: 60000–60031). */
export const FIRST_ROOT_PORT = 60000;

/** Host IP of the simulated server, as in the HCCL docs' examples. */
export const HOST_IP = '127.10.0.1';

/** See the file comment. */
export class HcclWorld {
	readonly product: ProductId;
	readonly #previous: PassRecord | undefined;
	readonly #arrivals = new Map<string, Map<number, Arrival>>();
	readonly #ended = new Set<ActorKey>();
	readonly #departures = new Map<ActorKey, number>();
	readonly #queries: Query[] = [];
	readonly #roots: RootRecord[] = [];
	readonly #notes = new Map<string, Map<number, TaskNote>>();
	readonly #findings = new Map<string, { at: number; rank: number; diagnostic: Diagnostic }>();
	/** Whether any rank used HCCL in this pass (a run without HCCL needs one pass). */
	used = false;

	constructor(product: ProductId, previous?: PassRecord) {
		this.product = product;
		this.#previous = previous;
	}

	/** Whether this pass follows another (answers about peers come from it). */
	get pass(): number {
		return this.#previous ? 2 : 1;
	}

	// ── roots ────────────────────────────────────────────────────────────────────────────────

	/** A new root server started at `at` by process `pid` on `device`. */
	createRoot(pid: number, device: number, at: number, epochUs: number): RootRecord {
		this.used = true;
		const port = FIRST_ROOT_PORT + this.#roots.length;
		const root: RootRecord = {
			identifier: `${HOST_IP}%enp_${port}_0_${epochUs}`,
			port,
			createdAt: at,
			pid,
			device,
			reported: false,
		};
		this.#roots.push(root);
		return root;
	}

	/** The root with `identifier`, made in this pass or (not yet in this one) the last. */
	root(identifier: string): RootRecord | undefined {
		return (
			this.#roots.find((r) => r.identifier === identifier) ??
			this.#previous?.roots.find((r) => r.identifier === identifier)
		);
	}

	// ── rendezvous ───────────────────────────────────────────────────────────────────────────

	/** Records that `arrival.rank` arrived at `key`. */
	arrive(key: string, arrival: Arrival): void {
		this.used = true;
		let map = this.#arrivals.get(key);
		if (!map) this.#arrivals.set(key, (map = new Map()));
		if (!map.has(arrival.rank)) map.set(arrival.rank, arrival);
	}

	/** The arrival of `rank` at `key` in this pass, if any. */
	arrival(key: string, rank: number): Arrival | undefined {
		return this.#arrivals.get(key)?.get(rank);
	}

	/**
	 * What each of `ranks` did at `key`, as far as this pass and the last tell (see the file
	 * comment). `roster` names the actor running each rank, so a rank whose actor has ended
	 * without arriving counts as absent. The answer is remembered and checked when the pass ends.
	 */
	view(
		key: string,
		ranks: readonly number[],
		roster: ReadonlyMap<number, ActorKey> = NO_ROSTER,
	): Map<number, PeerView> {
		const out = new Map<number, PeerView>();
		const seen = new Map<number, string>();
		const here = this.#arrivals.get(key);
		const before = this.#previous?.arrivals.get(key);
		for (const rank of ranks) {
			const now = here?.get(rank);
			const actor = roster.get(rank);
			let view: PeerView;
			if (now) view = { kind: 'arrived', arrival: now };
			else if (actor !== undefined && this.#ended.has(actor)) view = { kind: 'absent' };
			else if (this.#previous) {
				const then = before?.get(rank);
				view = then ? { kind: 'arrived', arrival: then } : { kind: 'absent' };
			} else view = { kind: 'unknown' };
			out.set(rank, view);
			seen.set(rank, describe(view));
		}
		this.#queries.push(() => {
			const final = this.#arrivals.get(key);
			for (const [rank, was] of seen) {
				const now = final?.get(rank);
				if (was !== (now ? now.fingerprint : 'absent')) return false;
			}
			return true;
		});
		return out;
	}

	/**
	 * Which actor runs each rank that arrived at `key` (a communicator's forming), in this pass
	 * or, for ranks not there yet, the last.
	 */
	roster(key: string): Map<number, ActorKey> {
		const out = new Map<number, ActorKey>();
		for (const [rank, a] of this.#previous?.arrivals.get(key) ?? []) out.set(rank, a.actor);
		for (const [rank, a] of this.#arrivals.get(key) ?? []) out.set(rank, a.actor);
		return out;
	}

	/** An actor (a rank's process or thread) ended at `at`: it arrives nowhere else in this pass. */
	actorEnded(actor: ActorKey, at: number): void {
		if (this.#ended.has(actor)) return;
		this.#ended.add(actor);
		this.#departures.set(actor, at);
	}

	/** Process `pid` ended at `at`, and with it every thread it ran. */
	processEnded(pid: number, at: number): void {
		const prefix = `${pid}:`;
		for (const list of this.#arrivals.values())
			for (const a of list.values()) if (a.actor.startsWith(prefix)) this.actorEnded(a.actor, at);
		this.actorEnded(String(pid), at);
	}

	/**
	 * When `actor` ended, as this pass (or, while it has not ended yet, the last) tells;
	 * undefined when it did not end before the pass's end. Remembered and checked like a view.
	 */
	departure(actor: ActorKey): number | undefined {
		const at = this.#departures.get(actor) ?? this.#previous?.departures.get(actor);
		this.#queries.push(() => this.#departures.get(actor) === at);
		return at;
	}

	/**
	 * Whether every answer this pass gave still holds now that every rank has run: then this
	 * pass's trace is the run's. Call when the pass is over.
	 */
	settled(): boolean {
		return this.#queries.every((q) => q());
	}

	/** What this pass leaves for the next one. */
	record(): PassRecord {
		return { arrivals: this.#arrivals, roots: [...this.#roots], departures: this.#departures };
	}

	/** Every rendezvous of this pass with its arrivals (for the view's facts). */
	get arrivals(): ReadonlyMap<string, ReadonlyMap<number, Arrival>> {
		return this.#arrivals;
	}

	/** The roots made in this pass. */
	get roots(): readonly RootRecord[] {
		return this.#roots;
	}

	/**
	 * Offers `diagnostic` as the finding `key` (one per rendezvous, not per rank); the rank that
	 * gave up first (then the lowest rank) names it, as the first error in a cluster's logs does.
	 */
	propose(key: string, at: number, rank: number, diagnostic: Diagnostic): void {
		const held = this.#findings.get(key);
		if (held && (held.at < at || (held.at === at && held.rank <= rank))) return;
		this.#findings.set(key, { at, rank, diagnostic });
	}

	/** The findings of this pass, in the order they were first offered. */
	get findings(): Diagnostic[] {
		return [...this.#findings.values()].map((f) => f.diagnostic);
	}

	/** Notes how `rank`'s task at `key` ended, for the view. */
	noteTask(key: string, rank: number, note: TaskNote): void {
		let map = this.#notes.get(key);
		if (!map) this.#notes.set(key, (map = new Map()));
		map.set(rank, note);
	}

	/** The facts the view reads, from this pass (the settled one). */
	facts(passes: number, settled: boolean): HcclFacts {
		const ranks: RankFact[] = [];
		const sizes = new Map<string, number>();
		for (const [key, list] of this.#arrivals) {
			if (!key.startsWith('init:') && !key.startsWith('table:')) continue;
			const group = key.startsWith('init:') ? key.slice(5) : 'hccl_world_group';
			for (const a of list.values()) {
				ranks.push({ group, rank: a.rank, nRanks: a.nRanks ?? 0, pid: a.pid, device: a.device });
				sizes.set(group, Math.max(sizes.get(group) ?? 0, a.nRanks ?? 0));
			}
		}
		ranks.sort((a, b) => a.group.localeCompare(b.group) || a.rank - b.rank);
		const collectives: CollectiveFact[] = [];
		for (const [key, notes] of this.#notes) {
			const m = /^(task|p2p):(.*?):(?:(\d+)>(\d+):)?(\d+)$/.exec(key);
			if (!m) continue;
			const group = m[2]!;
			const index = Number(m[5]);
			const arrivals = this.#arrivals.get(key) ?? new Map<number, Arrival>();
			const needed =
				m[1] === 'p2p'
					? [Number(m[3]), Number(m[4])]
					: Array.from({ length: sizes.get(group) ?? arrivals.size }, (_, i) => i);
			const issued: RankTaskFact[] = [];
			for (const [rank, note] of notes) {
				const a = arrivals.get(rank);
				if (!a) continue;
				issued.push({
					rank,
					pid: a.pid,
					device: a.device,
					op: a.op!,
					count: a.count ?? 0,
					issuedAt: note.issuedAt,
					start: a.at,
					end: note.end,
					ok: note.ok,
					remote: note.remote,
				});
			}
			issued.sort((a, b) => a.rank - b.rank);
			const tally = new Map<string, number>();
			const shape = (f: RankTaskFact) => `${f.op}|${f.count}`;
			for (const f of issued) tally.set(shape(f), (tally.get(shape(f)) ?? 0) + 1);
			const common = [...tally].sort((a, b) => b[1] - a[1])[0]?.[0];
			const tag = notes.values().next().value?.tag ?? '';
			collectives.push({
				group,
				index,
				tag,
				ranks: needed,
				issued,
				missing: needed.filter((r) => !arrivals.has(r)),
				diverged:
					m[1] === 'p2p' ? [] : issued.filter((f) => shape(f) !== common).map((f) => f.rank),
			});
		}
		collectives.sort((a, b) => a.group.localeCompare(b.group) || a.index - b.index);
		return { ranks, collectives, passes, settled };
	}
}

function describe(view: PeerView): string {
	switch (view.kind) {
		case 'arrived':
			return view.arrival.fingerprint;
		case 'absent':
			return 'absent';
		case 'unknown':
			return 'unknown';
	}
}
