/**
 * The live blocks of a process's host heap — `malloc`/`calloc`, `new T`, `new T[n]` — with the
 * line that made each, so the leak report at a normal exit names what was never freed, as it
 * does for AscendCL resources. A block is keyed by its address (`malloc`, `new[]`) or by the
 * object a `new T` made.
 *
 * Invariant: a key is live from its allocation to its first release; releasing anything else
 * does nothing (the simulator does not model heap corruption).
 */
import type { SourceSpan } from '../sim/trace.ts';

/** How a block was made, which says how it must be released. */
export type BlockKind = 'malloc' | 'new' | 'new[]';

/** One live block. */
export interface HeapBlock {
	kind: BlockKind;
	bytes: number;
	/** What the program wrote, for the report: `malloc(64)`, `new KernelArgs`. */
	what: string;
	span: SourceSpan;
}

/** See the file comment. */
export class HeapBlocks {
	readonly #live = new Map<unknown, HeapBlock>();

	/** Notes a new block. */
	allocated(key: unknown, block: HeapBlock): void {
		this.#live.set(key, block);
	}

	/** Releases the block with `key`; returns it, or undefined when it was not live. */
	freed(key: unknown): HeapBlock | undefined {
		const block = this.#live.get(key);
		if (block) this.#live.delete(key);
		return block;
	}

	/** Whether `key` is a live block. */
	has(key: unknown): boolean {
		return this.#live.has(key);
	}

	/** The live blocks, oldest first. */
	live(): HeapBlock[] {
		return [...this.#live.values()];
	}

	/** Forgets every block (a new process starts with an empty heap). */
	clear(): void {
		this.#live.clear();
	}
}

/** How the program should have released a block of `kind`. */
export function releaseOf(kind: BlockKind): string {
	return kind === 'malloc' ? 'free' : kind === 'new' ? 'delete' : 'delete[]';
}
