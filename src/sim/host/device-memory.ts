/**
 * A device's memory pool as aclrtMalloc sees it: a capacity, the bytes in use, and addresses.
 * Invariant: 0 ≤ used ≤ capacity; addresses are 64-byte aligned (ascend-facts B.3) and a block
 * freed at the top of the pool is handed out again first (so a malloc/free loop reuses one address).
 */
import type { Gauge } from '../resources/gauge.ts';
import type { CallSite } from '../trace.ts';

/** Where device addresses start: the GM address in the msSanitizer leak report of ascend-facts D.2. */
export const DEVICE_ADDRESS_BASE = 0x124080000000;

/** aclrtMalloc start-address alignment in bytes (ascend-facts B.3). */
export const DEVICE_ADDRESS_ALIGN = 64;

/** Bytes aclrtMalloc really takes for `size`: rounded up to 32, plus `pad` (ascend-facts B.3). */
export function mallocFootprint(size: number, pad: number): number {
	return Math.ceil(size / 32) * 32 + pad;
}

/** The pool of one device; with a gauge, every allocation reports the bytes in use there. */
export class DeviceMemory {
	readonly capacity: number;
	readonly #gauge: Gauge | undefined;
	#used = 0;
	#top = DEVICE_ADDRESS_BASE;

	constructor(capacity: number, gauge?: Gauge) {
		this.capacity = capacity;
		this.#gauge = gauge;
	}

	/** Bytes in use. */
	get used(): number {
		return this.#used;
	}

	/**
	 * Takes `bytes` for the call at `site` and returns the start address, or -1 when the pool
	 * cannot hold them.
	 */
	allocate(bytes: number, site?: CallSite): number {
		if (this.#used + bytes > this.capacity) {
			this.#gauge?.refuse(this.#used + bytes, site);
			return -1;
		}
		const address = this.#top;
		this.#top = address + Math.ceil(bytes / DEVICE_ADDRESS_ALIGN) * DEVICE_ADDRESS_ALIGN;
		this.#used += bytes;
		this.#gauge?.level(this.#used, site);
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
