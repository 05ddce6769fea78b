/**
 * msSanitizer's racecheck as the simulator runs it (`--mode sanitizer`): the pipes of a core run
 * at once, ordered only by the synchronisations the program makes (pipe-sync.ts); two accesses
 * of one core on different pipes that touch the same bytes, at least one a write, with no
 * synchronisation ordering the first before the second, are a hazard. Its name is the second
 * access's kind after the first's: a read after an unordered write is RAW, a write after a read
 * WAR, a write after a write WAW.
 *
 * The order is kept as a vector clock per pipe: an access on pipe P ticks P's own entry; a
 * SetFlag on P (or the EnQue / FreeTensor that sets one) keeps a copy of P's clock under its
 * event and key; the WaitFlag (DeQue, AllocTensor) on Q that takes it merges the copy into Q's
 * clock; `PipeBarrier<PIPE_ALL>` merges every pipe's clock into all of them. One pipe runs its
 * instructions in order, so accesses on the same pipe are never reported (the tool's in-pipe
 * checks are not modelled).
 *
 * Scope as the tool's default (Ascend/mssanitizer docs/en/user_guide/mssanitizer_user_guide.md,
 * 0119e5a0, `--block-id`): the in-core check covers block 0 only. The report is quoted from the
 * same guide and from cannmirror/asc-devkit examples/01_simd_cpp_api/01_utilities/05_sanitizer/
 * ms_sanitizer/README.md (0da921b9), whose sample is this very fault (no MTE2→V sync):
 *
 *     ====== ERROR: Potential RAW hazard detected at UB in add_custom on device 0:
 *     ======    PIPE_MTE2 Write at RAW()+0x4000 in block 0 (aiv) on device 0 at pc current 0xd08 (serialNo:25)
 *     ======    #0 …
 *     ======    PIPE_V Read at RAW()+0x4000 in block 0 (aiv) on device 0 at pc current 0x1578 (serialNo:28)
 *     ======    #0 …
 *
 * `serialNo` here counts the core's data-moving and computing calls; the pc is illustrative.
 *
 * The same check runs on the NPU, where nothing reports a race: there it is the simulator's own
 * diagnosis (`pipe-race`, linked to the pipe-sync-missing case), made at the second access, on
 * every block. On the NPU a race also has its effect: a read that races with an on-chip write
 * of another pipe runs before that write has landed and sees the bytes as they were before it
 * (the worst case; how much of it is stale on a device depends on timing, so the number of
 * wrong elements is illustrative). The bytes written come back once the racing call is done.
 */
import type { CoreContext } from '../kernel/core-context.ts';
import { ISSUING_PIPES, type IssuingPipe } from '../kernel/issuing-pipe.ts';
import type { MemoryAccess } from '../kernel/memory-access.ts';
import type { Hardware } from '../kernel/tposition.ts';
import type { PipeSync } from '../kernel/pipe-sync.ts';
import type { CallSite } from '../trace.ts';
import { formatFrames } from './memcheck.ts';

const PIPES: readonly IssuingPipe[] = ISSUING_PIPES;
const INDEX = new Map(PIPES.map((p, i) => [p, i]));

/** Accesses kept per memory before the oldest are dropped (bounds the cost of long loops). */
const SHADOW_LIMIT = 512;

/** Bytes of old contents kept per core for stale reads (NPU); beyond it reads see new data. */
const STALE_BUDGET = 4 << 20;

/** Illustrative pc of a core's first access; each later one adds 4 bytes. */
const ILLUSTRATIVE_PC = 0xa00;

/** One access as racecheck keeps it. */
interface PipeAccess {
	readonly pipe: IssuingPipe;
	/** The pipe's own clock entry after this access. */
	readonly epoch: number;
	readonly kind: 'read' | 'write';
	readonly start: number;
	readonly end: number;
	readonly serial: number;
	readonly site: CallSite;
	/** The call as traced, e.g. `DataCopy<float>`. */
	readonly call: string;
	/** What an on-chip write overwrote (NPU, within the budget), for a racing read to see. */
	before?: Uint8Array;
}

/** Bytes a stale read swapped out, to be put back once the racing call is done. */
interface PendingRestore {
	readonly memory: Hardware;
	readonly at: number;
	readonly bytes: Uint8Array;
	/** What the racing call itself wrote: those bytes are its result and stay. */
	readonly written: ReadonlyArray<readonly [number, number]>;
}

/** A hazard between two accesses of one core. */
export interface Hazard {
	readonly name: 'RAW' | 'WAR' | 'WAW';
	/** `UB`, `L1`, …, or `GM`. */
	readonly memory: string;
	readonly blockIdx: number;
	readonly first: PipeAccess;
	readonly second: PipeAccess;
}

/** The hazard name of `second` after an unordered `first` (undefined: two reads). */
function hazardName(first: 'read' | 'write', second: 'read' | 'write'): Hazard['name'] | undefined {
	if (first === 'read') return second === 'read' ? undefined : 'WAR';
	return second === 'read' ? 'RAW' : 'WAW';
}

/** The pipes and accesses of one core. */
class CoreRaces {
	readonly #clocks = PIPES.map(() => new Array<number>(PIPES.length).fill(0));
	/** Pipes that issued an access or took part in a sync (the others never order anything). */
	readonly #active = new Set<number>();
	readonly #flags = new Map<string, number[][]>();
	readonly #shadow = new Map<string, PipeAccess[]>();
	readonly #blockIdx: number;
	readonly #found: (h: Hazard) => void;
	/** The core whose memories stale reads use (NPU only). */
	readonly #stale: CoreContext | undefined;
	#staleBudget = STALE_BUDGET;
	#pending: PendingRestore[] = [];
	#serial = 0;

	constructor(blockIdx: number, found: (h: Hazard) => void, stale?: CoreContext) {
		this.#blockIdx = blockIdx;
		this.#found = found;
		this.#stale = stale;
	}

	/** Puts back what the previous call's stale reads swapped out (its own writes stay). */
	#restore(core: CoreContext): void {
		for (const r of this.#pending) {
			const store = core.storeOf(r.memory);
			for (let i = 0; i < r.bytes.length; i++) {
				const at = r.at + i;
				if (r.written.some(([s, e]) => at >= s && at < e)) continue;
				store.write(at, r.bytes.subarray(i, i + 1));
			}
		}
		this.#pending = [];
	}

	/** Makes `read` see `prev`'s bytes as they were before it wrote them (NPU). */
	#readStale(
		core: CoreContext,
		read: MemoryAccess,
		prev: PipeAccess,
		accesses: readonly MemoryAccess[],
	): void {
		const before = prev.before;
		if (!before) return;
		const lo = Math.max(read.start, prev.start);
		const hi = Math.min(read.end, prev.end);
		const store = core.storeOf(read.memory);
		const written = accesses
			.filter((a) => a.kind === 'write' && a.memory === read.memory)
			.map((a) => [a.start, a.end] as const);
		this.#pending.push({ memory: read.memory, at: lo, bytes: store.read(lo, hi - lo), written });
		store.write(lo, before.subarray(lo - prev.start, hi - prev.start));
	}

	/** Whether every active pipe is ordered after `a` (then nothing can race with it any more). */
	#seenByAll(a: PipeAccess): boolean {
		const p = INDEX.get(a.pipe)!;
		for (const q of this.#active) if (this.#clocks[q]![p]! < a.epoch) return false;
		return true;
	}

	access(site: CallSite, call: string, accesses: readonly MemoryAccess[], pipe: IssuingPipe): void {
		const core = this.#stale;
		if (core && this.#pending.length > 0) this.#restore(core);
		const p = INDEX.get(pipe)!;
		this.#active.add(p);
		const clock = this.#clocks[p]!;
		const epoch = ++clock[p]!;
		const serial = ++this.#serial;
		for (const a of accesses) {
			if (a.end <= a.start) continue;
			const key = a.memory === 'GM' ? `GM ${a.buffer ?? ''}` : a.memory;
			const kept: PipeAccess = {
				pipe,
				epoch,
				kind: a.kind,
				start: a.start,
				end: a.end,
				serial,
				site,
				call,
			};
			if (core && a.kind === 'write' && a.memory !== 'GM' && a.end - a.start <= this.#staleBudget) {
				this.#staleBudget -= a.end - a.start;
				kept.before = core.storeOf(a.memory).read(a.start, a.end - a.start);
			}
			let list = this.#shadow.get(key);
			if (!list) this.#shadow.set(key, (list = []));
			for (const prev of list) {
				if (prev.pipe === pipe || prev.serial === serial) continue;
				if (prev.end <= a.start || a.end <= prev.start) continue;
				if (clock[INDEX.get(prev.pipe)!]! >= prev.epoch) continue;
				const name = hazardName(prev.kind, a.kind);
				if (!name) continue;
				const memory = a.memory;
				this.#found({ name, memory, blockIdx: this.#blockIdx, first: prev, second: kept });
				if (core && name === 'RAW') this.#readStale(core, a, prev, accesses);
			}
			list.push(kept);
			if (list.length > SHADOW_LIMIT) {
				const live = list.filter((x) => !this.#seenByAll(x));
				list.length = 0;
				list.push(...live.slice(-SHADOW_LIMIT));
			}
		}
	}

	sync(s: PipeSync): void {
		if (s.kind === 'barrier') {
			if (s.pipe !== 'PIPE_ALL') return;
			const joined = PIPES.map((_, i) => Math.max(...this.#clocks.map((c) => c[i]!)));
			for (const c of this.#clocks) for (let i = 0; i < c.length; i++) c[i] = joined[i]!;
			return;
		}
		this.#active.add(INDEX.get(s.src)!);
		this.#active.add(INDEX.get(s.dst)!);
		const flag = `${s.src}>${s.dst} ${s.key}`;
		if (s.kind === 'set') {
			let pending = this.#flags.get(flag);
			if (!pending) this.#flags.set(flag, (pending = []));
			pending.push([...this.#clocks[INDEX.get(s.src)!]!]);
			return;
		}
		const taken = this.#flags.get(flag)?.shift();
		if (!taken) return;
		const clock = this.#clocks[INDEX.get(s.dst)!]!;
		for (let i = 0; i < clock.length; i++) clock[i] = Math.max(clock[i]!, taken[i]!);
	}
}

/** The hazards racecheck found in one launch, and its report at the launch's end. */
export class Racecheck {
	readonly #found: Hazard[] = [];
	readonly #diagnosed = new Set<string>();
	/** The NPU's behaviour: every block, and racing reads see stale bytes. */
	readonly #device: boolean;

	/** `device`: run as the NPU behaves (see the file comment), not as the tool checks. */
	constructor(device = false) {
		this.#device = device;
	}

	/**
	 * Watches `core`'s accesses and synchronisations (block 0 only, as the tool's default); each
	 * new hazard is also diagnosed at its second access (`pipe-race`).
	 */
	watch(core: CoreContext): void {
		if (core.blockIdx !== 0 && !this.#device) return;
		const races = new CoreRaces(
			core.blockIdx,
			(h) => {
				this.#found.push(h);
				this.#diagnose(core, h);
			},
			this.#device ? core : undefined,
		);
		core.onAccess = (site, call, accesses, pipe) => races.access(site, call, accesses, pipe);
		core.onSync = (_site, _call, sync) => races.sync(sync);
	}

	#diagnose(core: CoreContext, h: Hazard): void {
		const key = `${h.name} ${h.memory} ${siteKey(h.first.site)} ${siteKey(h.second.site)}`;
		if (this.#diagnosed.has(key)) return;
		this.#diagnosed.add(key);
		const { first, second } = h;
		core.trace.diagnose(second.site, 'pipe-race', {
			first: first.call,
			second: second.call,
			firstPipe: first.pipe,
			secondPipe: second.pipe,
			firstKind: DONE_TEXT[first.kind],
			secondKind: KIND_TEXT[second.kind],
			memory: h.memory,
			start: Math.max(first.start, second.start),
			end: Math.min(first.end, second.end),
			line: first.site.stack.at(-1)?.line ?? 0,
			hazard: h.name,
			event: orderingEvent(first.pipe, second.pipe),
		});
	}

	/** The report's lines, one group per distinct pair of call sites and hazard. */
	report(kernel: string, fileName: string): string[][] {
		const seen = new Set<string>();
		const groups: string[][] = [];
		for (const h of this.#found) {
			const key = `${h.name} ${h.memory} ${siteKey(h.first.site)} ${siteKey(h.second.site)}`;
			if (seen.has(key)) continue;
			seen.add(key);
			groups.push(formatHazard(h, kernel, fileName));
		}
		return groups;
	}
}

const KIND_TEXT = {
	read: { zh: '读取', en: 'reads' },
	write: { zh: '写入', en: 'writes' },
} as const;
const DONE_TEXT = {
	read: { zh: '读取', en: 'read' },
	write: { zh: '写入', en: 'wrote' },
} as const;

/** The HardEvent that orders `first`'s pipe before `second`'s, e.g. `MTE2_V`. */
function orderingEvent(first: IssuingPipe, second: IssuingPipe): string {
	return `${first.slice(5)}_${second.slice(5)}`;
}

function siteKey(site: CallSite): string {
	return site.stack.map((f) => `${f.line}:${f.column ?? 0}`).join('/');
}

/** The report lines of one hazard. */
export function formatHazard(h: Hazard, kernel: string, fileName: string): string[] {
	const side = (a: PipeAccess): string[] => [
		`======    ${a.pipe} ${a.kind === 'write' ? 'Write' : 'Read'} at ${h.name}()+0x${a.start.toString(16)} in block ${h.blockIdx} (aiv) on device 0 at pc current 0x${(ILLUSTRATIVE_PC + 4 * a.serial).toString(16)} (serialNo:${a.serial})`,
		...formatFrames(a.site, fileName),
	];
	return [
		`====== ERROR: Potential ${h.name} hazard detected at ${h.memory} in ${kernel} on device 0:`,
		...side(h.first),
		...side(h.second),
	];
}
