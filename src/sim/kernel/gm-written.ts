/**
 * Which bytes of a device allocation have been written, for initcheck on GM. aclrtMalloc hands
 * out memory as it is; until a host → device copy, a memset, a device-to-device copy or a
 * kernel writes a byte, reading it reads whatever was there before (Ascend/mssanitizer docs/zh/
 * user_guide/mssanitizer_user_guide.md §6.3, ffce6d2b). The contents of a followed buffer
 * (allocationContents marks the host's allocations) are a store that records every write
 * made through it, whichever path made it (copy tasks, DataCopy to GM, atomics, scalar
 * stores, collectives); buffers nobody marked (kernel inputs a test harness filled, GmAlloc
 * memory of the CPU twin) are never reported.
 */
import type { MemoryBudget } from '../memory-budget.ts';
import { ByteStore, type MemoryOwner } from './byte-store.ts';
import type { DType } from './dtype.ts';
import { WrittenRanges } from './written-ranges.ts';

/** A GM store that remembers which of its bytes were written. */
export class WrittenTrackingStore extends ByteStore {
	readonly written = new WrittenRanges();

	constructor(budget?: MemoryBudget, owner?: MemoryOwner) {
		super(budget, owner);
	}

	override write(offset: number, bytes: Uint8Array): void {
		super.write(offset, bytes);
		this.written.add(offset, offset + bytes.length);
	}

	override copyFrom(from: ByteStore, src: number, dst: number, length: number): void {
		super.copyFrom(from, src, dst, length);
		this.written.add(dst, dst + length);
	}

	override fill(offset: number, length: number, value: number): void {
		super.fill(offset, length, value);
		this.written.add(offset, offset + length);
	}

	override set(dtype: DType, offset: number, value: number): void {
		super.set(dtype, offset, value);
		this.written.add(offset, offset + dtype.bytes);
	}

	override dropAll(): void {
		super.dropAll();
		this.written.clear();
	}
}
