/**
 * msSanitizer's synccheck as the simulator runs it (`--mode sanitizer`): every `SetFlag` the
 * kernel issues must be taken by a `WaitFlag` of the same event and id before the core ends. A
 * flag left set does not break the kernel that set it, but it leaves the hardware's event
 * counter one ahead, so the next kernel's pairs go wrong (Ascend/mssanitizer
 * docs/zh/user_guide/mssanitizer_user_guide.md §6.4, ffce6d2b). Only the user's own
 * SetFlag/WaitFlag count: the events a TQue inserts (EnQue/DeQue, FreeTensor/AllocTensor) are
 * paired by the framework. The report is a WARNING, so it does not fail the run; its format is
 * csrc/sync_sanitizer/sync_info_display.h of the same commit:
 *
 *     ====== WARNING: Unpaired set_flag instructions detected
 *     ======    from PIPE_S to PIPE_MTE3 in kernel
 *     ======    in block aiv(0) on device 1
 *     ======    code in pc current 0x2c94 (serialNo:31)
 *     ======    #0 kernel.cpp:26:9
 *
 * The tool names the kernel after `in` (the guide's sample kernel is called `kernel`). One
 * report per call site and pair of pipes, for the first block that left it unpaired. The pc is
 * illustrative; serialNo counts the core's SetFlag/WaitFlag calls.
 */
import type { CoreContext } from '../kernel/core-context.ts';
import type { IssuingPipe } from '../kernel/issuing-pipe.ts';
import type { SyncObserver } from '../kernel/pipe-sync.ts';
import type { CallSite } from '../trace.ts';
import { formatFrames } from './memcheck.ts';

/** Illustrative pc of a core's first sync call; each later one adds 4 bytes. */
const ILLUSTRATIVE_PC = 0x2c00;

/** One SetFlag no WaitFlag took. */
export interface UnpairedSet {
	readonly src: IssuingPipe;
	readonly dst: IssuingPipe;
	readonly blockIdx: number;
	readonly serial: number;
	readonly site: CallSite;
}

/** The user flags of one core still set, in the order they were set. */
class CoreFlags {
	readonly #pending = new Map<string, Array<Omit<UnpairedSet, 'blockIdx'>>>();
	#serial = 0;

	note(
		site: CallSite,
		call: string,
		kind: 'set' | 'wait',
		src: IssuingPipe,
		dst: IssuingPipe,
		key: string,
	): void {
		if (!call.startsWith('SetFlag<') && !call.startsWith('WaitFlag<')) return;
		const serial = ++this.#serial;
		const flag = `${src}>${dst} ${key}`;
		let list = this.#pending.get(flag);
		if (!list) this.#pending.set(flag, (list = []));
		if (kind === 'set') list.push({ src, dst, serial, site });
		else list.shift();
	}

	unpaired(blockIdx: number): UnpairedSet[] {
		return [...this.#pending.values()]
			.flat()
			.sort((a, b) => a.serial - b.serial)
			.map((u) => ({ ...u, blockIdx }));
	}
}

/** The unpaired SetFlags of one launch, and the report at its end. */
export class Synccheck {
	readonly #cores: Array<{ blockIdx: number; flags: CoreFlags }> = [];

	/** The sync observer that follows `core`'s flags (chained by the sanitizer run). */
	watch(core: CoreContext): SyncObserver {
		const flags = new CoreFlags();
		this.#cores.push({ blockIdx: core.blockIdx, flags });
		return (site, call, s) => {
			if (s.kind !== 'barrier') flags.note(site, call, s.kind, s.src, s.dst, s.key);
		};
	}

	/** The report's lines, one group per call site and pair of pipes. */
	report(kernel: string, fileName: string): string[][] {
		const seen = new Set<string>();
		const groups: string[][] = [];
		for (const { blockIdx, flags } of this.#cores) {
			for (const u of flags.unpaired(blockIdx)) {
				const top = u.site.stack.at(-1);
				const key = `${u.src}>${u.dst} ${top?.line}:${top?.column}`;
				if (seen.has(key)) continue;
				seen.add(key);
				groups.push(formatUnpaired(u, kernel, fileName));
			}
		}
		return groups;
	}
}

/** The report lines of one unpaired SetFlag in kernel `kernel`. */
export function formatUnpaired(u: UnpairedSet, kernel: string, fileName: string): string[] {
	return [
		'====== WARNING: Unpaired set_flag instructions detected',
		`======    from ${u.src} to ${u.dst} in ${kernel}`,
		`======    in block aiv(${u.blockIdx}) on device 0`,
		`======    code in pc current 0x${(ILLUSTRATIVE_PC + 4 * u.serial).toString(16)} (serialNo:${u.serial})`,
		...formatFrames(u.site, fileName),
	];
}
