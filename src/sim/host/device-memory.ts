/**
 * A device's memory as aclrtMalloc sees it: an address space handed out in 64-byte aligned
 * blocks, backed by physical memory in 2 MB frames. A frame is either free, a huge page of one
 * block, or split into 4 KB normal pages shared by small blocks. The page policy of a request
 * decides which it takes (hicann/runtime docs/zh/FAQ/如何选择合适的内存分配策略.md; ascend-facts
 * B.3):
 *
 * - `huge-only`: whole free frames, rounded up to 2 MB; fails when too few frames are whole,
 *   even if enough memory is free in split frames (that is fragmentation: the free total is
 *   large, no huge page is left);
 * - `huge-first`: as huge-only for requests over 1 MB while whole frames last, otherwise normal
 *   pages (requests of 1 MB or less always use normal pages);
 * - `normal-only`: 4 KB pages, filling split frames first, then splitting a free frame.
 *
 * Invariants: 0 ≤ used ≤ capacity; `free` counts whole free frames plus free pages of split
 * frames; a split frame whose pages are all free again becomes a whole free frame; a block
 * freed at the top of the address space is handed out again first (a malloc/free loop reuses
 * one address). With a gauge, every allocation reports the bytes in use (and a refused one the
 * bytes it wanted) for the run's resource report.
 */
import type { Gauge } from '../resources/gauge.ts';
import type { CallSite } from '../trace.ts';

/** Where device addresses start: the GM address in the msSanitizer leak report of ascend-facts D.2. */
export const DEVICE_ADDRESS_BASE = 0x124080000000;

/**
 * Address space between one device's range and the next (illustrative: a process sees every
 * device's memory at distinct addresses, so a pointer names its device; 128 GiB apart here).
 */
export const DEVICE_ADDRESS_STRIDE = 0x2000000000;

/** Where device `id`'s addresses start. */
export function deviceAddressBase(id: number): number {
	return DEVICE_ADDRESS_BASE + id * DEVICE_ADDRESS_STRIDE;
}

/** Where the runtime's own blocks sit (illustrative: any range below the program's). */
const INTERNAL_ADDRESS_BASE = 0x100000000000;

/** aclrtMalloc start-address alignment in bytes (ascend-facts B.3). */
export const DEVICE_ADDRESS_ALIGN = 64;

/** A huge page: 2 MB (如何选择合适的内存分配策略.md, "2M大页"). */
export const HUGE_PAGE_BYTES = 2 * 1024 * 1024;

/** A normal page: 4 KB (same FAQ, "普通页（4K）"). */
export const NORMAL_PAGE_BYTES = 4096;

/** HUGE_FIRST uses normal pages for requests up to 1 MB (same FAQ). */
export const HUGE_FIRST_NORMAL_LIMIT = 1024 * 1024;

/** A 1 GB huge page (ACL_MEM_MALLOC_HUGE1G_ONLY; ascend-facts B.3). */
export const GIANT_PAGE_BYTES = 1024 * 1024 * 1024;

const PAGES_PER_FRAME = HUGE_PAGE_BYTES / NORMAL_PAGE_BYTES;

/** The used-page count of a frame id that is not split now (spare, or whole). */
const NOT_SPLIT = -1;

/** Which pages a request may use. */
export type PagePolicy = 'huge-first' | 'huge-only' | 'normal-only' | 'giant-only';

/** Bytes aclrtMalloc really takes for `size`: rounded up to 32, plus `pad` (ascend-facts B.3). */
export function mallocFootprint(size: number, pad: number): number {
	return Math.ceil(size / 32) * 32 + pad;
}

/** A block handed out by {@link DeviceMemory.allocate}. */
export interface DeviceBlock {
	readonly address: number;
	/** Bytes asked for (already rounded and padded by the caller). */
	readonly bytes: number;
	/** Physical bytes it takes: whole frames, or normal pages. */
	readonly physical: number;
	readonly pages: 'huge' | 'normal';
	/** Normal pages: frame ids and page counts, flat (`frame, pages, frame, pages…`); huge pages: the frame count. */
	readonly frames: readonly number[] | number;
}

/** The memory of one device; see the file comment. */
export class DeviceMemory {
	readonly capacity: number;
	#wholeFrames: number;
	/** Used pages of each split frame, by frame id ({@link NOT_SPLIT} for a spare id). */
	readonly #used: number[] = [];
	/**
	 * Ids of frames that are whole again, reused for the next split. A frame is split only when
	 * no frame with room is left, that is when `#withRoom` is empty, so no entry there can name
	 * an id's earlier life.
	 */
	readonly #spare: number[] = [];
	/** Split frames that may have free pages (checked when on top), most recently freed last. */
	readonly #withRoom: number[] = [];
	#splitFreePages = 0;
	readonly base: number;
	/**
	 * Where the next block starts, as an offset from `base` (a small integer while the program's
	 * blocks are few, so a malloc/free loop stores no boxed address).
	 */
	#top = 0;
	#live = 0;
	readonly #gauge: Gauge | undefined;
	/** Bytes the program's blocks asked for (the runtime's own pool aside): what the gauge shows. */
	#asked = 0;

	/** With a gauge (of the run's resource meter), every allocation reports the bytes in use there. */
	constructor(capacity: number, base = DEVICE_ADDRESS_BASE, gauge?: Gauge) {
		this.base = base;
		this.#gauge = gauge;
		this.capacity = capacity;
		this.#wholeFrames = Math.floor(capacity / HUGE_PAGE_BYTES);
		// Memory past the last whole frame is a frame of normal pages only (it is never whole).
		const tail = Math.floor((capacity % HUGE_PAGE_BYTES) / NORMAL_PAGE_BYTES);
		this.#slack = capacity - this.#wholeFrames * HUGE_PAGE_BYTES - tail * NORMAL_PAGE_BYTES;
		if (tail > 0) {
			const frame = this.#splitFrame();
			this.#used[frame] = PAGES_PER_FRAME - tail;
			this.#splitFreePages = tail;
			this.#offerRoom(frame);
		}
	}

	/** Bytes too few for a page at the end of the memory (free, but never handed out). */
	readonly #slack: number;

	/** Bytes free: whole frames and the free pages of split ones (what aclrtGetMemInfo reports). */
	get free(): number {
		return (
			this.#wholeFrames * HUGE_PAGE_BYTES + this.#splitFreePages * NORMAL_PAGE_BYTES + this.#slack
		);
	}

	/** Bytes in use (physical, page-rounded). */
	get used(): number {
		return this.capacity - this.free;
	}

	/** Whole free 2 MB frames: what a huge-page request can still get. */
	get freeHugePages(): number {
		return this.#wholeFrames;
	}

	/**
	 * Takes `bytes` under `policy`; undefined when the memory cannot hold them. An `internal`
	 * block (the runtime's own pool) takes pages but no address a program would see: it lies
	 * below {@link DEVICE_ADDRESS_BASE}, so program addresses read as before. `site` is the call, for the gauge.
	 */
	allocate(
		bytes: number,
		policy: PagePolicy,
		internal = false,
		site?: CallSite,
	): DeviceBlock | undefined {
		const huge = Math.ceil(bytes / HUGE_PAGE_BYTES);
		// What the request takes: a frame count (huge pages) or frame/page pairs (normal pages).
		let frames: number | number[] | undefined;
		switch (policy) {
			case 'giant-only':
				frames = this.#takeFrames(
					Math.ceil(bytes / GIANT_PAGE_BYTES) * (GIANT_PAGE_BYTES / HUGE_PAGE_BYTES),
				);
				break;
			case 'huge-only':
				frames = this.#takeFrames(huge);
				break;
			case 'huge-first':
				frames =
					bytes > HUGE_FIRST_NORMAL_LIMIT
						? (this.#takeFrames(huge) ?? this.#takePages(bytes))
						: this.#takePages(bytes);
				break;
			case 'normal-only':
				frames = this.#takePages(bytes);
				break;
		}
		if (frames === undefined) {
			if (!internal) this.#gauge?.refuse(this.#asked + bytes, site);
			return undefined;
		}
		const physical =
			typeof frames === 'number'
				? frames * HUGE_PAGE_BYTES
				: Math.ceil(bytes / NORMAL_PAGE_BYTES) * NORMAL_PAGE_BYTES;
		const pages = typeof frames === 'number' ? 'huge' : 'normal';
		if (internal) return { address: INTERNAL_ADDRESS_BASE, bytes, physical, pages, frames };
		this.#asked += bytes;
		this.#gauge?.level(this.#asked, site);
		const offset = this.#top;
		this.#top = offset + Math.ceil(bytes / DEVICE_ADDRESS_ALIGN) * DEVICE_ADDRESS_ALIGN;
		const address = this.base + offset;
		this.#live++;
		return { address, bytes, physical, pages, frames };
	}

	/** Returns `block` (taken by {@link allocate}). */
	release(block: DeviceBlock): void {
		this.#freePages(block);
		if (block.address === INTERNAL_ADDRESS_BASE) return;
		this.#asked -= block.bytes;
		const end =
			block.address + Math.ceil(block.bytes / DEVICE_ADDRESS_ALIGN) * DEVICE_ADDRESS_ALIGN;
		if (end === this.base + this.#top) this.#top = block.address - this.base;
		if (--this.#live === 0) this.#top = 0;
	}

	#freePages(block: DeviceBlock): void {
		const frames = block.frames;
		if (typeof frames === 'number') {
			this.#wholeFrames += frames;
			return;
		}
		for (let i = 0; i < frames.length; i += 2) {
			const frame = frames[i]!;
			const pages = frames[i + 1]!;
			const used = this.#used[frame]! - pages;
			if (used === 0) {
				this.#used[frame] = NOT_SPLIT;
				this.#spare.push(frame);
				this.#splitFreePages -= PAGES_PER_FRAME - pages;
				this.#wholeFrames++;
			} else {
				this.#used[frame] = used;
				this.#splitFreePages += pages;
				this.#offerRoom(frame);
			}
		}
	}

	/** The frame count, or undefined when too few frames are whole. */
	#takeFrames(frames: number): number | undefined {
		if (frames > this.#wholeFrames) return undefined;
		this.#wholeFrames -= frames;
		return frames;
	}

	/** Normal pages for `bytes` as frame/page pairs, or undefined when too few pages are free. */
	#takePages(bytes: number): number[] | undefined {
		const need = Math.ceil(bytes / NORMAL_PAGE_BYTES);
		if (need > this.#splitFreePages + this.#wholeFrames * PAGES_PER_FRAME) return undefined;
		let taken: number[] | undefined;
		let left = need;
		while (left > 0) {
			const frame = this.#roomyFrame();
			const used = this.#used[frame]!;
			const n = Math.min(left, PAGES_PER_FRAME - used);
			this.#used[frame] = used + n;
			this.#splitFreePages -= n;
			if (used + n === PAGES_PER_FRAME) {
				// Full now: it leaves the top of the stack of frames with room.
				this.#withRoom.pop();
			}
			// Most requests fit one frame: a two-element array, not a grown one.
			if (taken) taken.push(frame, n);
			else taken = [frame, n];
			left -= n;
		}
		return taken;
	}

	/**
	 * Puts `frame` on top of the frames with room. An entry equal to the top is not pushed twice:
	 * popping it gives the same frame either way, so a malloc/free loop on one frame keeps the
	 * stack at one entry instead of growing it by one per free.
	 */
	#offerRoom(frame: number): void {
		const stack = this.#withRoom;
		if (stack.length === 0 || stack[stack.length - 1] !== frame) stack.push(frame);
	}

	/**
	 * The split frame with free pages on top of the stack (stale entries below it are dropped),
	 * splitting a whole frame onto the stack when none is left. It stays on the stack, so a
	 * malloc/free loop on one frame neither pops nor pushes.
	 */
	#roomyFrame(): number {
		const stack = this.#withRoom;
		for (let top = stack.length - 1; top >= 0; top--) {
			const frame = stack[top]!;
			const used = this.#used[frame]!;
			if (used !== NOT_SPLIT && used < PAGES_PER_FRAME) return frame;
			stack.pop();
		}
		this.#wholeFrames--;
		const frame = this.#splitFrame();
		this.#used[frame] = 0;
		this.#splitFreePages += PAGES_PER_FRAME;
		this.#offerRoom(frame);
		return frame;
	}

	/** An id for a frame being split: a spare one, or the next unused one. */
	#splitFrame(): number {
		return this.#spare.pop() ?? this.#used.length;
	}
}
