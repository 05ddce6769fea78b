/**
 * What one operand of a kernel call touches, as data: which memory, which byte range, read or
 * written, and which tensor. Every data-moving and computing call describes its operands this
 * way before it runs; the operand checks (operand-checks.ts) read the description, and an
 * observer set on the core (a sanitizer, a race checker) sees every access of every call.
 *
 * Invariant: `start <= end`; an access of zero bytes has `start === end` and touches nothing.
 */
import type { CallSite } from '../trace.ts';
import type { GmBuffer } from './global-tensor.ts';
import type { IssuingPipe } from './issuing-pipe.ts';
import type { Hardware, TPosition } from './tposition.ts';

/** One operand's access. */
export interface MemoryAccess {
	/** The operand as the reference names it: `dst`, `src0`, `sharedTmpBuffer`, `src`. */
	readonly role: string;
	readonly kind: 'read' | 'write';
	/** The memory: one of the core's on-chip memories, or GM. */
	readonly memory: Hardware;
	/** The logical position of a local tensor (undefined for GM). */
	readonly position?: TPosition;
	/** The GM buffer's name, for a GM access. */
	readonly buffer?: string;
	/** The GM buffer itself, for a GM access (initcheck asks it which bytes were written). */
	readonly gm?: GmBuffer;
	/** The tensor as messages name it, e.g. `inQueueX#0[+256]` or `xGm[+512]`. */
	readonly tensor: string;
	/** First byte touched: an address in the memory (for GM, a byte offset into the buffer). */
	readonly start: number;
	/** One past the last byte touched. */
	readonly end: number;
}

/**
 * Sees every access of every call on a core (see {@link MemoryAccess}), with the pipeline that
 * issued the call (issuing-pipe.ts).
 */
export type AccessObserver = (
	site: CallSite,
	call: string,
	accesses: readonly MemoryAccess[],
	pipe: IssuingPipe,
) => void;
