/**
 * The pipe model of one core in virtual time (issue 14, item 2). The scalar unit issues the
 * core's calls in program order, each to its pipe's queue (issuing-pipe.ts); a pipe runs its
 * calls one after another, and the pipes run at once, ordered only by the synchronisations
 * the program makes (pipe-sync.ts):
 *
 * - a call on pipe P starts when it has been issued and P has finished what was queued before;
 * - `SetFlag<A_B>` is queued on A and raises the flag when A has finished what came before it;
 *   `WaitFlag<A_B>` holds B's queue until that flag was raised (EnQue / DeQue, FreeTensor /
 *   AllocTensor insert the same pairs);
 * - `PipeBarrier<PIPE_ALL>` holds the scalar unit until every pipe is idle; a barrier on one
 *   pipe keeps that pipe's order, which a pipe keeps anyway;
 * - PIPE_S calls (GetValue, SetValue) run on the scalar unit itself.
 *
 * So a V instruction issued right after the MTE2 copy it reads, with no MTE2→V flag between
 * them, runs while the copy is still moving data: the two intervals overlap, and racecheck
 * reports the same pair. Durations are illustrative (no source gives per-instruction cycle
 * counts for every product): a fixed latency per pipe plus the bytes moved over a per-pipe rate.
 */
import type { CorePipes, PipeBusy, PipeRange, PipeSyncPoint } from '../facts/pipe-timeline.ts';
import type { CallSite } from '../trace.ts';
import type { IssuingPipe } from './issuing-pipe.ts';
import type { MemoryAccess } from './memory-access.ts';
import type { PipeSync } from './pipe-sync.ts';

/** Illustrative ns the scalar unit takes to issue one call. */
const ISSUE_NS = 4;

/** Illustrative latency (ns) and rate (bytes per ns) of each pipe. */
const PIPE_COST: Readonly<Record<IssuingPipe, { latency: number; rate: number }>> = {
	PIPE_MTE2: { latency: 200, rate: 32 },
	PIPE_MTE3: { latency: 200, rate: 32 },
	PIPE_MTE1: { latency: 40, rate: 128 },
	PIPE_FIX: { latency: 60, rate: 64 },
	PIPE_V: { latency: 20, rate: 256 },
	PIPE_M: { latency: 40, rate: 256 },
	PIPE_S: { latency: 10, rate: 64 },
};

/** Busy intervals and sync points kept per core; the rest are counted. */
export const MAX_PIPE_FACTS_PER_CORE = 400;

/** The illustrative ns `pipe` is busy with a call that moves `bytes`. */
export function pipeDuration(pipe: IssuingPipe, bytes: number): number {
	const { latency, rate } = PIPE_COST[pipe];
	return latency + Math.ceil(bytes / rate);
}

function lineOf(site: CallSite): number {
	return site.stack.at(-1)?.line ?? 0;
}

/** The pipe schedule of one core while it runs; {@link facts} gives what a trace keeps. */
export class PipeSchedule {
	readonly #launch: number;
	readonly #kernel: string;
	readonly #blockIdx: number;
	/** When the scalar unit issues its next call. */
	#scalar = 0;
	/** When each pipe has finished everything queued on it. */
	readonly #free = new Map<IssuingPipe, number>();
	/** Raised flags not yet taken, by event and key, with the time each was raised. */
	readonly #flags = new Map<string, number[]>();
	readonly #busy: PipeBusy[] = [];
	readonly #syncs: PipeSyncPoint[] = [];
	#dropped = 0;

	constructor(launch: number, kernel: string, blockIdx: number) {
		this.#launch = launch;
		this.#kernel = kernel;
		this.#blockIdx = blockIdx;
	}

	#freeOf(pipe: IssuingPipe): number {
		return this.#free.get(pipe) ?? 0;
	}

	#keep<T>(list: T[], fact: T): void {
		if (this.#busy.length + this.#syncs.length < MAX_PIPE_FACTS_PER_CORE) list.push(fact);
		else this.#dropped++;
	}

	/** One call that touched `accesses`, issued to `pipe`. */
	access(site: CallSite, call: string, accesses: readonly MemoryAccess[], pipe: IssuingPipe): void {
		let read = 0;
		let written = 0;
		// Past the cap only the times are kept up (a long loop builds no ranges it drops).
		const keep = this.#busy.length + this.#syncs.length < MAX_PIPE_FACTS_PER_CORE;
		const ranges: PipeRange[] = [];
		for (const a of accesses) {
			if (a.end <= a.start) continue;
			if (a.kind === 'read') read += a.end - a.start;
			else written += a.end - a.start;
			if (keep)
				ranges.push({
					memory: a.memory,
					kind: a.kind,
					tensor: a.tensor,
					...(a.buffer !== undefined ? { buffer: a.buffer } : {}),
					start: a.start,
					end: a.end,
				});
		}
		const issued = this.#scalar;
		this.#scalar += ISSUE_NS;
		const start = pipe === 'PIPE_S' ? issued : Math.max(issued, this.#freeOf(pipe));
		const end = start + pipeDuration(pipe, Math.max(read, written));
		if (pipe === 'PIPE_S') this.#scalar = Math.max(this.#scalar, end);
		this.#free.set(pipe, end);
		this.#keep(this.#busy, { pipe, start, end, call, line: lineOf(site), ranges });
	}

	/** One synchronisation, in program order with the accesses. */
	sync(site: CallSite, call: string, s: PipeSync): void {
		const line = lineOf(site);
		if (s.kind === 'barrier') {
			if (s.pipe === 'PIPE_ALL') {
				const idle = Math.max(this.#scalar, ...this.#free.values());
				this.#scalar = idle;
				for (const p of this.#free.keys()) this.#free.set(p, idle);
				this.#keep(this.#syncs, { kind: 'barrier', pipe: 'PIPE_S', time: idle, call, line });
			} else {
				const time = Math.max(this.#scalar, this.#freeOf(s.pipe));
				this.#keep(this.#syncs, { kind: 'barrier', pipe: s.pipe, time, call, line });
			}
			return;
		}
		const event = `${s.src.slice(5)}_${s.dst.slice(5)}`;
		const flag = `${event} ${s.key}`;
		if (s.kind === 'set') {
			const time = Math.max(this.#scalar, this.#freeOf(s.src));
			let raised = this.#flags.get(flag);
			if (!raised) this.#flags.set(flag, (raised = []));
			raised.push(time);
			this.#keep(this.#syncs, { kind: 'set', pipe: s.src, time, call, event, line });
			return;
		}
		const raisedAt = this.#flags.get(flag)?.shift();
		const time = Math.max(this.#scalar, this.#freeOf(s.dst), raisedAt ?? 0);
		this.#free.set(s.dst, time);
		if (s.dst === 'PIPE_S') this.#scalar = time;
		const point: PipeSyncPoint = { kind: 'wait', pipe: s.dst, time, call, event, line };
		this.#keep(this.#syncs, raisedAt === undefined ? { ...point, unset: true } : point);
	}

	/** What the trace keeps of this core (undefined when the core used no pipe). */
	facts(): CorePipes | undefined {
		if (this.#busy.length === 0 && this.#syncs.length === 0) return undefined;
		const end = Math.max(this.#scalar, ...this.#free.values());
		return {
			launch: this.#launch,
			kernel: this.#kernel,
			blockIdx: this.#blockIdx,
			busy: this.#busy,
			syncs: this.#syncs,
			end,
			...(this.#dropped > 0 ? { dropped: this.#dropped } : {}),
		};
	}
}
