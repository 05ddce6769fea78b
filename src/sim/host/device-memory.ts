/**
 * A device's memory pool as aclrtMalloc sees it: a capacity, the bytes in use, and addresses.
 * Invariant: 0 ≤ used ≤ capacity; addresses are 64-byte aligned (ascend-facts B.3) and a block
 * freed at the top of the pool is handed out again first (so a malloc/free loop reuses one address).
 */

/** Where device addresses start: the GM address in the msSanitizer leak report of ascend-facts D.2. */
export const DEVICE_ADDRESS_BASE = 0x124080000000;

/** aclrtMalloc start-address alignment in bytes (ascend-facts B.3). */
export const DEVICE_ADDRESS_ALIGN = 64;

/** Bytes aclrtMalloc really takes for `size`: rounded up to 32, plus `pad` (ascend-facts B.3). */
export function mallocFootprint(size: number, pad: number): number {
	return Math.ceil(size / 32) * 32 + pad;
}

/** The pool of one device. */
export class DeviceMemory {
	readonly capacity: number;
	#used = 0;
	#top = DEVICE_ADDRESS_BASE;

	constructor(capacity: number) {
		this.capacity = capacity;
	}

	/** Bytes in use. */
	get used(): number {
		return this.#used;
	}

	/** Takes `bytes` and returns the start address, or -1 when the pool cannot hold them. */
	allocate(bytes: number): number {
		if (this.#used + bytes > this.capacity) return -1;
		const address = this.#top;
		this.#top = address + Math.ceil(bytes / DEVICE_ADDRESS_ALIGN) * DEVICE_ADDRESS_ALIGN;
		this.#used += bytes;
		return address;
	}

	/** Returns the block of `bytes` at `address` (taken by {@link allocate}). */
	release(address: number, bytes: number): void {
		this.#used -= bytes;
		const end = address + Math.ceil(bytes / DEVICE_ADDRESS_ALIGN) * DEVICE_ADDRESS_ALIGN;
		if (end === this.#top) this.#top = address;
		if (this.#used === 0) this.#top = DEVICE_ADDRESS_BASE;
	}
}
