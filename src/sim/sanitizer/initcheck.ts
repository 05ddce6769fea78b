/**
 * msSanitizer's initcheck as the simulator runs it (`--mode sanitizer`): a read of on-chip
 * memory (UB, L1, L0A/B/C) that nothing in this kernel has written yet. AllocTensor hands out
 * memory as it is, so a vector instruction that reads a tensor before the copy-in or the
 * computation that fills it reads whatever an earlier kernel left there (Ascend/mssanitizer
 * docs/zh/user_guide/mssanitizer_user_guide.md §6.3, ffce6d2b: "算子读取了已申请但未初始化的内存").
 * Written bytes are kept per core and memory in program order; as the guide says, the check
 * assumes there is no race (run racecheck first). The report is an ERROR, in the format of
 * csrc/address_sanitizer/mem_error_def.h (PrintUninitializedRead) of the same commit:
 *
 *     ====== ERROR: uninitialized read of size 224
 *     ======    at 0x12c0c0015000 on GM in add_custom_kernel
 *     ======    in block aiv(0) on device 0
 *     ======    code in pc current 0x77c (serialNo:10)
 *     ======    #3 uninitialized_read/add_custom.cpp:18:5
 *
 * On GM, the bytes of a device allocation the host asked aclrtMalloc for count as written once
 * a copy, a memset or a kernel wrote them (gm-written.ts); the address printed is the
 * allocation's offset from the illustrative GM base memcheck uses. GM read by a kernel's scalar
 * code (`x[i]` on a `__gm__` pointer) is not checked, nor the stack. One report per call site
 * and memory, for the first block that read there; the pc is illustrative and serialNo counts
 * the core's calls that touch memory.
 */
import type { CoreContext } from '../kernel/core-context.ts';
import type { MemoryAccess } from '../kernel/memory-access.ts';
import { gmUnwritten } from '../kernel/global-tensor.ts';
import { WrittenRanges } from '../kernel/written-ranges.ts';
import type { CallSite } from '../trace.ts';
import { formatFrames, ILLUSTRATIVE_GM_BASE } from './memcheck.ts';

/** Illustrative pc of a core's first access; each later one adds 4 bytes. */
const ILLUSTRATIVE_PC = 0x700;

/** One read of bytes nothing had written. */
export interface UninitializedRead {
	readonly memory: string;
	/** First byte of the read (an address in the memory). */
	readonly start: number;
	/** How many of its bytes were never written. */
	readonly bytes: number;
	readonly blockIdx: number;
	readonly serial: number;
	readonly site: CallSite;
}

/** The uninitialised reads of one launch, and the report at its end. */
export class Initcheck {
	readonly #found: UninitializedRead[] = [];

	/** The access observer that follows `core`'s writes and reads (chained by the sanitizer run). */
	watch(
		core: CoreContext,
	): (site: CallSite, call: string, accesses: readonly MemoryAccess[]) => void {
		const written = new Map<string, WrittenRanges>();
		let serial = 0;
		return (site, _call, accesses) => {
			serial++;
			// A call reads its sources before it writes its destination.
			for (const a of accesses) {
				if (a.kind !== 'read' || a.end <= a.start) continue;
				const bytes =
					a.memory === 'GM'
						? a.gm
							? gmUnwritten(a.gm, a.start, a.end)
							: 0
						: (written.get(a.memory)?.missing(a.start, a.end) ?? a.end - a.start);
				if (bytes > 0)
					this.#found.push({
						memory: a.memory,
						start: a.start,
						bytes,
						blockIdx: core.blockIdx,
						serial,
						site,
					});
			}
			for (const a of accesses) {
				if (a.kind !== 'write' || a.memory === 'GM' || a.end <= a.start) continue;
				let ranges = written.get(a.memory);
				if (!ranges) written.set(a.memory, (ranges = new WrittenRanges()));
				ranges.add(a.start, a.end);
			}
		};
	}

	/** The report's lines, one group per call site and memory. */
	report(kernel: string, fileName: string): string[][] {
		const seen = new Set<string>();
		const groups: string[][] = [];
		for (const r of this.#found) {
			const top = r.site.stack.at(-1);
			const key = `${r.memory} ${top?.line}:${top?.column}`;
			if (seen.has(key)) continue;
			seen.add(key);
			groups.push(formatUninitializedRead(r, kernel, fileName));
		}
		return groups;
	}
}

/** The report lines of one uninitialised read in kernel `kernel`. */
export function formatUninitializedRead(
	r: UninitializedRead,
	kernel: string,
	fileName: string,
): string[] {
	return [
		`====== ERROR: uninitialized read of size ${r.bytes}`,
		`======    at 0x${((r.memory === 'GM' ? ILLUSTRATIVE_GM_BASE : 0) + r.start).toString(16)} on ${r.memory} in ${kernel}`,
		`======    in block aiv(${r.blockIdx}) on device 0`,
		`======    code in pc current 0x${(ILLUSTRATIVE_PC + 4 * r.serial).toString(16)} (serialNo:${r.serial})`,
		...formatFrames(r.site, fileName),
	];
}
