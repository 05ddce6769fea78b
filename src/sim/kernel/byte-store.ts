/**
 * The contents of a simulated memory: sparse 4 KB pages of bytes, created on first write, so a
 * 1 GB device allocation costs nothing until the kernel touches it. Bytes never written read as
 * 0 (the real memory holds whatever was there before; AllocTensor does not clear it).
 * Elements are encoded little-endian, as on the device; `half` and `bfloat16_t` are rounded to
 * nearest even on every store (numeric-format.ts), `float` as IEEE single, integers wrap as C
 * conversions do (saturating conversions are the caller's, e.g. Cast).
 */
import type { MemoryBudget, MemoryOwner } from '../memory-budget.ts';

export type { MemoryOwner };
import type { DType } from './dtype.ts';
import { bfloat16Bits, bfloat16Value, halfBits, halfValue } from './numeric-format.ts';

/** Bytes per page. */
export const PAGE = 4096;

/** The owner of charges made by a store that was given none. */
const UNNAMED: MemoryOwner = { name: 'memory', bytes: 0 };

/** Bytes per page of every store, for code that walks the pages a store holds. */
export const BYTE_STORE_PAGE = PAGE;
/** Most bytes a non-zero fill writes (illustrative: a cap that keeps a run's memory bounded). */
export const MAX_FILLED_BYTES = 64 * 1024 * 1024;

/**
 * Sparse byte storage; see the file comment. A store made with a budget charges it one page
 * for every page it creates, so its contents count as program data as they are touched.
 */
export class ByteStore {
	readonly #pages = new Map<number, DataView>();
	readonly #budget: MemoryBudget | undefined;
	readonly #owner: MemoryOwner | ((address: number) => MemoryOwner) | undefined;
	#charged = 0;
	#generator: ((page: number, view: DataView) => void) | undefined;

	/**
	 * `owner` names what a charge is for in the budget's message: one owner for the whole store,
	 * or a function of the address of the page being created (a heap naming its allocation).
	 */
	constructor(budget?: MemoryBudget, owner?: MemoryOwner | ((address: number) => MemoryOwner)) {
		this.#budget = budget;
		this.#owner = owner;
	}

	#view(index: number, create: boolean): DataView | undefined {
		let view = this.#pages.get(index);
		if (!view && (create || this.#generator)) {
			if (this.#budget) {
				const owner = this.#owner;
				this.#budget.charge(
					PAGE,
					typeof owner === 'function' ? owner(index * PAGE) : (owner ?? UNNAMED),
				);
				this.#charged += PAGE;
			}
			view = new DataView(new ArrayBuffer(PAGE));
			this.#pages.set(index, view);
			this.#generator?.(index, view);
		}
		return view;
	}

	/** Bytes this store has charged to its budget (one page per page created or generated). */
	get charged(): number {
		return this.#charged;
	}

	/**
	 * Forgets the pages that lie wholly inside `length` bytes from `offset` (freed memory) and
	 * gives their charge back to the budget; pages shared with a neighbour stay.
	 */
	drop(offset: number, length: number): void {
		const first = Math.ceil(offset / PAGE);
		const end = Math.floor((offset + length) / PAGE);
		if (end <= first) return;
		if (end - first > this.#pages.size) {
			for (const index of [...this.#pages.keys()])
				if (index >= first && index < end) this.#dropPage(index);
		} else for (let index = first; index < end; index++) this.#dropPage(index);
	}

	/** Forgets every page and gives the whole charge back (the memory is gone). */
	dropAll(): void {
		this.#pages.clear();
		this.#budget?.release(this.#charged);
		this.#charged = 0;
	}

	#dropPage(index: number): void {
		if (!this.#pages.delete(index) || !this.#budget) return;
		this.#budget.release(PAGE);
		this.#charged -= PAGE;
	}

	/**
	 * Gives every page not touched yet its first contents from `fill` (page index, the page's
	 * bytes, `PAGE` of them) when it is first read or written; pages already there keep theirs.
	 * A generated page is charged to the budget like a written one.
	 */
	generate(fill: (page: number, view: DataView) => void): void {
		this.#generator = fill;
	}

	/** Bytes from 0 to the end of the highest page touched (0 for an untouched store). */
	get extent(): number {
		let max = -1;
		for (const index of this.#pages.keys()) if (index > max) max = index;
		return (max + 1) * PAGE;
	}

	/** The indices of the pages written so far (page `i` holds bytes `i * BYTE_STORE_PAGE` on). */
	pageIndices(): IterableIterator<number> {
		return this.#pages.keys();
	}

	/** Reads `length` bytes from `offset`. */
	read(offset: number, length: number): Uint8Array {
		const out = new Uint8Array(length);
		for (let done = 0; done < length;) {
			const at = offset + done;
			const index = Math.floor(at / PAGE);
			const start = at - index * PAGE;
			const n = Math.min(PAGE - start, length - done);
			const view = this.#view(index, false);
			if (view) out.set(new Uint8Array(view.buffer, start, n), done);
			done += n;
		}
		return out;
	}

	/** Writes `bytes` at `offset`. */
	write(offset: number, bytes: Uint8Array): void {
		for (let done = 0; done < bytes.length;) {
			const at = offset + done;
			const index = Math.floor(at / PAGE);
			const start = at - index * PAGE;
			const n = Math.min(PAGE - start, bytes.length - done);
			new Uint8Array(this.#view(index, true)!.buffer).set(bytes.subarray(done, done + n), start);
			done += n;
		}
	}

	/**
	 * Copies `length` bytes from `from` at `src` to this store at `dst` (the stores may be one).
	 * Only pages either store holds are touched, so copying a large, mostly untouched region
	 * (a whole device allocation) costs what was written, not what was allocated.
	 */
	copyFrom(from: ByteStore, src: number, dst: number, length: number): void {
		from.checkAccess();
		this.checkAccess();
		if (length <= PAGE * 4) {
			this.write(dst, from.read(src, length));
			return;
		}
		const chunks = new Set<number>();
		const first = Math.floor(src / PAGE);
		const last = Math.floor((src + length - 1) / PAGE);
		for (const index of from.#pages.keys()) if (index >= first && index <= last) chunks.add(index);
		const dFirst = Math.floor(dst / PAGE);
		const dLast = Math.floor((dst + length - 1) / PAGE);
		for (const index of this.#pages.keys()) {
			if (index < dFirst || index > dLast) continue;
			// The source pages this destination page overlaps.
			const lo = index * PAGE - dst + src;
			chunks.add(Math.floor(Math.max(src, lo) / PAGE));
			chunks.add(Math.floor(Math.min(src + length - 1, lo + PAGE - 1) / PAGE));
		}
		const parts = [...chunks]
			.sort((a, b) => a - b)
			.map((index) => {
				const start = Math.max(src, index * PAGE);
				const end = Math.min(src + length, (index + 1) * PAGE);
				return { start, bytes: from.read(start, end - start) };
			});
		for (const { start, bytes } of parts) this.write(dst + (start - src), bytes);
	}

	/** Throws when the memory may not be touched (an unmapped address range); nothing here. */
	protected checkAccess(): void {}

	/**
	 * Sets `length` bytes from `offset` to `value` (0–255). Zero clears only the pages that exist;
	 * another value writes the pages of the range, up to {@link MAX_FILLED_BYTES} (past that the
	 * contents are not kept: a hostile memset must not take the page's memory).
	 */
	fill(offset: number, length: number, value: number): void {
		if (value === 0 && length > PAGE * 4) {
			const first = Math.floor(offset / PAGE);
			const last = Math.floor((offset + length - 1) / PAGE);
			for (const index of [...this.#pages.keys()]) {
				if (index < first || index > last) continue;
				const start = Math.max(offset, index * PAGE);
				const end = Math.min(offset + length, (index + 1) * PAGE);
				this.write(start, new Uint8Array(end - start));
			}
			return;
		}
		const limit = Math.min(length, MAX_FILLED_BYTES);
		for (let done = 0; done < limit; done += PAGE * 16) {
			const n = Math.min(PAGE * 16, limit - done);
			this.write(offset + done, new Uint8Array(n).fill(value));
		}
	}

	/** Reads one element of `dtype` at byte `offset`. */
	get(dtype: DType, offset: number): number {
		const index = Math.floor(offset / PAGE);
		const start = offset - index * PAGE;
		if (start + dtype.bytes > PAGE)
			return decode(dtype, new DataView(this.read(offset, dtype.bytes).buffer), 0);
		const view = this.#view(index, false);
		return view ? decode(dtype, view, start) : 0;
	}

	/** Writes one element of `dtype` at byte `offset` (converted, rounded and wrapped as C would). */
	set(dtype: DType, offset: number, value: number): void {
		const index = Math.floor(offset / PAGE);
		const start = offset - index * PAGE;
		if (start + dtype.bytes > PAGE) {
			const tmp = new DataView(new ArrayBuffer(dtype.bytes));
			encode(dtype, tmp, 0, value);
			this.write(offset, new Uint8Array(tmp.buffer));
			return;
		}
		encode(dtype, this.#view(index, true)!, start, value);
	}
}

const element = new DataView(new ArrayBuffer(8));

/** `value` as an element of `dtype` holds it: rounded, wrapped or truncated as a store would. */
export function asElement(dtype: DType, value: number): number {
	encode(dtype, element, 0, value);
	return decode(dtype, element, 0);
}

/** Writes `value` as an element of `dtype` at byte `at` of `view`, as a store would. */
export function encodeElement(dtype: DType, view: DataView, at: number, value: number): void {
	encode(dtype, view, at, value);
}

function encode(dtype: DType, view: DataView, at: number, value: number): void {
	const int = (v: number) => (Number.isFinite(v) ? Math.trunc(v) : 0);
	switch (dtype.name) {
		case 'half':
			view.setUint16(at, halfBits(value), true);
			return;
		case 'bfloat16_t':
			view.setUint16(at, bfloat16Bits(value), true);
			return;
		case 'float':
			view.setFloat32(at, value, true);
			return;
		case 'double':
			view.setFloat64(at, value, true);
			return;
		case 'int8_t':
		case 'uint8_t':
			view.setUint8(at, int(value) & 0xff);
			return;
		case 'bool':
			view.setUint8(at, value ? 1 : 0);
			return;
		case 'int16_t':
		case 'uint16_t':
			view.setUint16(at, int(value) & 0xffff, true);
			return;
		case 'int32_t':
		case 'uint32_t':
			view.setUint32(at, int(value) >>> 0, true);
			return;
		case 'int64_t':
		case 'uint64_t':
			view.setBigUint64(at, BigInt.asUintN(64, BigInt(int(value))), true);
			return;
		default:
			if (dtype.bytes === 4) view.setFloat32(at, value, true);
	}
}

/** Reads the element of `dtype` at byte `at` of `view` (little-endian), as a load would. */
export function decodeElement(dtype: DType, view: DataView, at: number): number {
	return decode(dtype, view, at);
}

function decode(dtype: DType, view: DataView, at: number): number {
	switch (dtype.name) {
		case 'half':
			return halfValue(view.getUint16(at, true));
		case 'bfloat16_t':
			return bfloat16Value(view.getUint16(at, true));
		case 'float':
			return view.getFloat32(at, true);
		case 'double':
			return view.getFloat64(at, true);
		case 'int8_t':
			return view.getInt8(at);
		case 'uint8_t':
			return view.getUint8(at);
		case 'bool':
			return view.getUint8(at) === 0 ? 0 : 1;
		case 'int16_t':
			return view.getInt16(at, true);
		case 'uint16_t':
			return view.getUint16(at, true);
		case 'int32_t':
			return view.getInt32(at, true);
		case 'uint32_t':
			return view.getUint32(at, true);
		case 'int64_t':
			return Number(view.getBigInt64(at, true));
		case 'uint64_t':
			return Number(view.getBigUint64(at, true));
		default:
			return dtype.bytes === 4 ? view.getFloat32(at, true) : 0;
	}
}
