/**
 * msSanitizer's memcheck as the simulator runs it (`--mode sanitizer`): every access a kernel
 * makes outside the memory it was given is kept, once per kind, block and call site, and printed
 * at the end of the launch in the tool's own format. The format is quoted from Ascend/mssanitizer
 * example/sample_memcheck/README.md (7247cf6e) and the CANN 9.0.0 beta1 memcheck example
 * (https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/900beta1/devaids/optool/atlasopdev_16_0044.html):
 *
 *     ====== ERROR: illegal write of size 224
 *     ======    at 0x12c0c002ef00 on GM in add_custom_kernel
 *     ======    in block aiv(7) on device 0
 *     ======    code in pc current 0x65c (serialNo:12)
 *     ======    #0 /path/to/add_custom.cpp:33:9
 *
 * `size` is the number of bytes outside the allocation (768 = (256 − 64) × 4 in the sample);
 * `at` is where the access starts. Memcheck prints no SUMMARY line for these errors (only the
 * leak and unused-memory checks do). Illustrative, marked so in the report's step: the GM base
 * address (a real device prints its own virtual address), the pc and the serial number.
 */
import type { CoreContext } from '../kernel/core-context.ts';
import type { OperandViolation } from '../kernel/operand-checks.ts';
import type { CallSite } from '../trace.ts';

/** One access outside its allocation, as a kernel check found it. */
export interface IllegalAccess {
	/** `misaligned`: a DMA whose on-chip address breaks the 32-byte rule (the tool's "misaligned
	 * access of size N", Ascend/mssanitizer docs/zh/user_guide/mssanitizer_user_guide.md). */
	kind: 'read' | 'write' | 'misaligned';
	/** `GM`, `UB`, `L1`, `L0A`, `L0B`, `L0C`. */
	memory: string;
	/** First byte of the access, relative to the allocation (GM) or to the memory (on chip). */
	start: number;
	/** One past the last byte. */
	end: number;
	/** Bytes of the allocation the access belongs to (GM: what the host asked aclrtMalloc for). */
	allocStart: number;
	allocEnd: number;
	blockIdx: number;
	site: CallSite;
}

/** Illustrative device virtual address of the first GM allocation (public logs show 0x12c0…). */
export const ILLUSTRATIVE_GM_BASE = 0x12c0c0000000;

/** Illustrative pc of the first instruction a report names; each site adds 4 bytes. */
const ILLUSTRATIVE_PC = 0x65c;

/**
 * The illegal access a failed operand check stands for, or undefined when memcheck would not
 * report it. The check is the kernel's own (operand-checks.ts, through `CoreContext.onViolation`):
 * a GM range past its buffer; an on-chip range past the queue or TBuf block that holds its start
 * (memcheck knows the blocks InitBuffer made, not the tensors cut from them); a DataCopy whose
 * on-chip address breaks the memory's alignment.
 */
export function illegalAccessOf(
	core: CoreContext,
	site: CallSite,
	call: string,
	v: OperandViolation,
): IllegalAccess | undefined {
	const a = v.access;
	if (!a) return undefined;
	const base = { memory: a.memory, start: a.start, end: a.end, blockIdx: core.blockIdx, site };
	if (v.check === 'gm-bounds')
		return { ...base, kind: a.kind, allocStart: 0, allocEnd: Number(v.values['capacity']) };
	if (v.check === 'alignment')
		return a.memory !== 'GM' && call.startsWith('DataCopy')
			? { ...base, kind: 'misaligned', allocStart: a.start, allocEnd: a.start }
			: undefined;
	if (v.check !== 'tensor-bounds' && v.check !== 'memory-bounds') return undefined;
	if (a.memory === 'GM') return undefined;
	const block = core.blockAt(a.memory, a.start);
	const allocEnd = block ? block.address + block.bytes : a.start;
	if (a.end <= allocEnd) return undefined;
	return { ...base, kind: a.kind, allocStart: block ? block.address : a.start, allocEnd };
}

/** The accesses memcheck found in one launch, and its report at the launch's end. */
export class Memcheck {
	readonly #found: IllegalAccess[] = [];

	/** Watches `core`'s operand checks (the default handling still runs: warning or stop). */
	watch(core: CoreContext): void {
		core.onViolation = (site, call, v) => {
			const illegal = illegalAccessOf(core, site, call, v);
			if (illegal) this.#found.push(illegal);
			return false;
		};
	}

	/** The report's lines, one group per distinct access, for kernel `kernel` in `fileName`. */
	report(kernel: string, fileName: string): string[][] {
		return distinctAccesses(this.#found).map((a, i) =>
			formatIllegalAccess(a, kernel, fileName, i + 1),
		);
	}
}

/** Bytes of `a` outside its allocation. */
export function illegalBytes(a: IllegalAccess): number {
	if (a.kind === 'misaligned') return a.end - a.start;
	const before = Math.max(0, Math.min(a.end, a.allocStart) - a.start);
	const after = Math.max(0, a.end - Math.max(a.start, a.allocEnd));
	return before + after;
}

/** Keeps the first access per kind, block and call site, as the tool reports each once. */
export function distinctAccesses(accesses: readonly IllegalAccess[]): IllegalAccess[] {
	const seen = new Set<string>();
	const kept: IllegalAccess[] = [];
	for (const a of accesses) {
		const top = a.site.stack.at(-1);
		const key = `${a.kind}/${a.memory}/${a.blockIdx}/${top?.line}:${top?.column}`;
		if (seen.has(key)) continue;
		seen.add(key);
		kept.push(a);
	}
	return kept;
}

/** The report lines of one illegal access in kernel `kernel`, user frames from `fileName`. */
export function formatIllegalAccess(
	a: IllegalAccess,
	kernel: string,
	fileName: string,
	serial: number,
): string[] {
	const address = (a.memory === 'GM' ? ILLUSTRATIVE_GM_BASE : 0) + a.start;
	const lines = [
		a.kind === 'misaligned'
			? `====== ERROR: misaligned access of size ${illegalBytes(a)}`
			: `====== ERROR: illegal ${a.kind} of size ${illegalBytes(a)}`,
		`======    at 0x${address.toString(16)} on ${a.memory} in ${kernel}`,
		`======    in block aiv(${a.blockIdx}) on device 0`,
		`======    code in pc current 0x${(ILLUSTRATIVE_PC + 4 * serial).toString(16)} (serialNo:${serial})`,
	];
	lines.push(...formatFrames(a.site, fileName));
	return lines;
}

/**
 * The `#N file:line:col` lines of a call site, innermost as #0. The user's frames only, as the
 * tool prints them by default (`--full-backtrace no`).
 */
export function formatFrames(site: CallSite, fileName: string): string[] {
	// The call site's stack is outermost first.
	return [...site.stack]
		.reverse()
		.map((f, i) => `======    #${i} ${f.file ?? fileName}:${f.line}:${f.column ?? 0}`);
}
