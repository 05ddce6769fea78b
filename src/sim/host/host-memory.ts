/**
 * The host memory of one process, reached through plain addresses: what `malloc`, `new T[n]`
 * and `aclrtMallocHost` return. Numbers are kept as bytes (little-endian, by their element
 * type), so a copy to or from the device moves exactly what the program wrote; other values a
 * program keeps in host memory (pointers to objects) are kept as they are, by address.
 *
 * A watcher, set while asynchronous copies are on their way, sees every access first: it lets
 * copies that have landed by now write their bytes, and notices a read of bytes a copy has not
 * written yet (see copy-tasks.ts). Without a watcher an access costs a page lookup.
 *
 * With a budget, what the program writes is charged to it as it is written: a 4 KB page of
 * bytes when it is first touched, {@link KEPT_VALUE_BYTES} per kept value and
 * {@link BLOCK_RECORD_BYTES} per live allocation, so a 1 GiB `malloc` costs nothing until the
 * program writes into it; `free` gives back the pages that lay wholly inside the block.
 *
 * Invariant: an address holds either bytes or a kept value, never both.
 */
import { ByteStore } from '../kernel/byte-store.ts';
import type { DType } from '../kernel/dtype.ts';
import type { MemoryBudget, MemoryOwner } from '../memory-budget.ts';
import type { SourceSpan } from '../trace.ts';

/** What a value kept by address costs (a map entry; illustrative). */
const KEPT_VALUE_BYTES = 16;

/** What the record of one live allocation costs (illustrative). */
const BLOCK_RECORD_BYTES = 32;

/** The owner of charges that fit the budget: never shown. */
const NO_OWNER: MemoryOwner = { name: 'host memory', bytes: 0 };

/** Where in the program an access is made, for a diagnostic: `zHost[i]` at line 64. */
export interface HostAccess {
	readonly label: string;
	readonly span: SourceSpan;
}

/** Sees host accesses while copies are pending. */
export interface HostMemoryWatcher {
	/** The program is about to read (`write` false) or write `bytes` bytes at `address`. */
	access(address: number, bytes: number, write: boolean, at?: HostAccess): void;
}

/** See the file comment. */
export class HostMemory {
	readonly #budget: MemoryBudget | undefined;
	#bytes: ByteStore;
	readonly #values = new Map<number, unknown>();
	/** Live allocations by base address: their size and where they were made. */
	readonly #blocks = new Map<number, { bytes: number; span: SourceSpan | undefined }>();
	/** Set while copies are pending; see the file comment. */
	watcher: HostMemoryWatcher | undefined;

	/** `budget`: the run's memory budget that what is written here is charged to. */
	constructor(budget?: MemoryBudget) {
		this.#budget = budget;
		this.#bytes = this.#newBytes();
	}

	#newBytes(): ByteStore {
		return new ByteStore(this.#budget, (address) => this.#owner(address, 4096));
	}

	/** Notes an allocation, so `freed` can give its pages back and the budget can name it. */
	allocated(base: number, bytes: number, span: SourceSpan | undefined): void {
		this.#budget?.charge(BLOCK_RECORD_BYTES, blockOwner(bytes, span));
		this.#blocks.set(base, { bytes, span });
	}

	/**
	 * `free(base)`: forgets the allocation and the bytes it held. Freeing anything else does
	 * nothing (the simulator does not model heap corruption).
	 */
	freed(base: number): void {
		const block = this.#blocks.get(base);
		if (!block) return;
		this.#blocks.delete(base);
		this.#budget?.release(BLOCK_RECORD_BYTES);
		this.discard(base, block.bytes);
	}

	/** Forgets what `length` bytes from `address` held (freed memory) and gives back its charge. */
	discard(address: number, length: number): void {
		this.#bytes.drop(address, length);
		this.overwritten(address, length);
	}

	/** The element at `address`: a number of `dtype`, or the value kept there (0 if none). */
	load(address: number, dtype: DType | undefined, at?: HostAccess): unknown {
		if (this.watcher !== undefined) this.watcher.access(address, dtype?.bytes ?? 1, false, at);
		if (this.#values.size > 0) {
			const kept = this.#values.get(address);
			if (kept !== undefined || this.#values.has(address)) return kept;
		}
		return dtype ? this.#bytes.get(dtype, address) : 0;
	}

	/** Writes an element: a number as `dtype` bytes, anything else kept by address. */
	store(address: number, dtype: DType | undefined, value: unknown, at?: HostAccess): void {
		if (this.watcher !== undefined) this.watcher.access(address, dtype?.bytes ?? 1, true, at);
		if (typeof value === 'number' && dtype) {
			if (this.#values.size > 0) this.#forget(address);
			this.#bytes.set(dtype, address, value);
			return;
		}
		if (this.#budget && !this.#values.has(address))
			this.#budget.charge(KEPT_VALUE_BYTES, this.#owner(address, KEPT_VALUE_BYTES));
		this.#values.set(address, value);
	}

	#forget(address: number): void {
		if (this.#values.delete(address)) this.#budget?.release(KEPT_VALUE_BYTES);
	}

	/** The allocation `address` lies in, for the budget's message (looked up only then). */
	#owner(address: number, bytes: number): MemoryOwner {
		const budget = this.#budget;
		if (!budget || budget.used + bytes <= budget.limit) return NO_OWNER;
		for (const [base, b] of this.#blocks) {
			if (address >= base && address < base + b.bytes) return blockOwner(b.bytes, b.span);
		}
		return { name: `host memory at 0x${address.toString(16)}`, bytes };
	}

	/** The bytes, as a copy reads them (no watcher). */
	get bytes(): ByteStore {
		return this.#bytes;
	}

	/** Drops kept values in `length` bytes from `address` (a copy is about to write there). */
	overwritten(address: number, length: number): void {
		if (this.#values.size === 0) return;
		for (const a of [...this.#values.keys()])
			if (a >= address && a < address + length) this.#forget(a);
	}

	/** Forgets everything (a new process starts with empty memory). */
	clear(): void {
		this.#budget?.release(
			this.#values.size * KEPT_VALUE_BYTES + this.#blocks.size * BLOCK_RECORD_BYTES,
		);
		this.#values.clear();
		this.#blocks.clear();
		this.#bytes.dropAll();
		this.#bytes = this.#newBytes();
		this.watcher = undefined;
	}
}

function blockOwner(bytes: number, span: SourceSpan | undefined): MemoryOwner {
	return span ? { name: 'a malloc block', bytes, span } : { name: 'a malloc block', bytes };
}
