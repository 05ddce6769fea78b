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
 */
import type { CoreContext } from '../kernel/core-context.ts';
import type { IssuingPipe } from '../kernel/issuing-pipe.ts';
import type { MemoryAccess } from '../kernel/memory-access.ts';
import type { PipeSync } from '../kernel/pipe-sync.ts';
import type { CallSite } from '../trace.ts';
import { formatFrames } from './memcheck.ts';

const PIPES: readonly IssuingPipe[] = [
	'PIPE_S',
	'PIPE_V',
	'PIPE_M',
	'PIPE_MTE1',
	'PIPE_MTE2',
	'PIPE_MTE3',
	'PIPE_FIX',
];
const INDEX = new Map(PIPES.map((p, i) => [p, i]));

/** Accesses kept per memory before the oldest are dropped (bounds the cost of long loops). */
const SHADOW_LIMIT = 512;

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
	readonly #flags = new Map<string, number[][]>();
	readonly #shadow = new Map<string, PipeAccess[]>();
	readonly #blockIdx: number;
	readonly #found: Hazard[];
	#serial = 0;

	constructor(blockIdx: number, found: Hazard[]) {
		this.#blockIdx = blockIdx;
		this.#found = found;
	}

	access(site: CallSite, accesses: readonly MemoryAccess[], pipe: IssuingPipe): void {
		const p = INDEX.get(pipe)!;
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
			};
			let list = this.#shadow.get(key);
			if (!list) this.#shadow.set(key, (list = []));
			for (const prev of list) {
				if (prev.pipe === pipe || prev.serial === serial) continue;
				if (prev.end <= a.start || a.end <= prev.start) continue;
				if (clock[INDEX.get(prev.pipe)!]! >= prev.epoch) continue;
				const name = hazardName(prev.kind, a.kind);
				if (!name) continue;
				const memory = a.memory;
				this.#found.push({ name, memory, blockIdx: this.#blockIdx, first: prev, second: kept });
			}
			list.push(kept);
			if (list.length > SHADOW_LIMIT) list.splice(0, list.length - SHADOW_LIMIT);
		}
	}

	sync(s: PipeSync): void {
		if (s.kind === 'barrier') {
			if (s.pipe !== 'PIPE_ALL') return;
			const joined = PIPES.map((_, i) => Math.max(...this.#clocks.map((c) => c[i]!)));
			for (const c of this.#clocks) for (let i = 0; i < c.length; i++) c[i] = joined[i]!;
			return;
		}
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

	/** Watches `core`'s accesses and synchronisations (block 0 only, as the tool's default). */
	watch(core: CoreContext): void {
		if (core.blockIdx !== 0) return;
		const races = new CoreRaces(core.blockIdx, this.#found);
		core.onAccess = (site, _call, accesses, pipe) => races.access(site, accesses, pipe);
		core.onSync = (_site, _call, sync) => races.sync(sync);
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
