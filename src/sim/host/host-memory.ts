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
 * Invariant: an address holds either bytes or a kept value, never both.
 */
import { ByteStore } from '../kernel/byte-store.ts';
import type { DType } from '../kernel/dtype.ts';
import type { SourceSpan } from '../trace.ts';

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
	#bytes = new ByteStore();
	readonly #values = new Map<number, unknown>();
	/** Set while copies are pending; see the file comment. */
	watcher: HostMemoryWatcher | undefined;

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
			if (this.#values.size > 0) this.#values.delete(address);
			this.#bytes.set(dtype, address, value);
			return;
		}
		this.#values.set(address, value);
	}

	/** The bytes, as a copy reads them (no watcher). */
	get bytes(): ByteStore {
		return this.#bytes;
	}

	/** Drops kept values in `length` bytes from `address` (a copy is about to write there). */
	overwritten(address: number, length: number): void {
		if (this.#values.size === 0) return;
		for (const a of [...this.#values.keys()])
			if (a >= address && a < address + length) this.#values.delete(a);
	}

	/** Forgets everything (a new process starts with empty memory). */
	clear(): void {
		this.#values.clear();
		this.#bytes = new ByteStore();
		this.watcher = undefined;
	}
}
