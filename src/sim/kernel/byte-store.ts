/**
 * The contents of a simulated memory: sparse 4 KB pages of bytes, created on first write, so a
 * 1 GB device allocation costs nothing until the kernel touches it. Bytes never written read as
 * 0 (the real memory holds whatever was there before; AllocTensor does not clear it).
 * Elements are encoded little-endian, as on the device; `half` and `bfloat16_t` are converted
 * to and from JavaScript numbers here.
 */
import type { DType } from './dtype.ts';

/** Bytes per page. */
const PAGE = 4096;

/** Bytes per page of every store, for code that walks the pages a store holds. */
export const BYTE_STORE_PAGE = PAGE;
/** Most bytes a non-zero fill writes (illustrative: a cap that keeps a run's memory bounded). */
export const MAX_FILLED_BYTES = 64 * 1024 * 1024;

/** Sparse byte storage; see the file comment. */
export class ByteStore {
	readonly #pages = new Map<number, DataView>();

	#view(index: number, create: boolean): DataView | undefined {
		let view = this.#pages.get(index);
		if (!view && create) {
			view = new DataView(new ArrayBuffer(PAGE));
			this.#pages.set(index, view);
		}
		return view;
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

/** IEEE binary16 bits of `value`, rounded to nearest even. */
export function toHalfBits(value: number): number {
	scratch.setFloat32(0, value, true);
	const x = scratch.getUint32(0, true);
	const sign = (x >>> 16) & 0x8000;
	const exp = (x >>> 23) & 0xff;
	let mant = x & 0x7fffff;
	if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
	let e = exp - 127 + 15;
	if (e >= 0x1f) return sign | 0x7c00;
	if (e <= 0) {
		if (e < -10) return sign;
		mant |= 0x800000;
		const shift = 14 - e;
		let half = mant >>> shift;
		const rem = mant & ((1 << shift) - 1);
		const mid = 1 << (shift - 1);
		if (rem > mid || (rem === mid && (half & 1) === 1)) half++;
		return sign | half;
	}
	let half = (e << 10) | (mant >>> 13);
	const rem = mant & 0x1fff;
	if (rem > 0x1000 || (rem === 0x1000 && (half & 1) === 1)) half++;
	e = half >>> 10;
	return sign | half;
}

/** The number binary16 `bits` stand for. */
export function fromHalfBits(bits: number): number {
	const sign = bits & 0x8000 ? -1 : 1;
	const exp = (bits >>> 10) & 0x1f;
	const mant = bits & 0x3ff;
	if (exp === 0) return sign * mant * 2 ** -24;
	if (exp === 0x1f) return mant ? Number.NaN : sign * Number.POSITIVE_INFINITY;
	return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

const scratch = new DataView(new ArrayBuffer(4));

function encode(dtype: DType, view: DataView, at: number, value: number): void {
	const int = (v: number) => (Number.isFinite(v) ? Math.trunc(v) : 0);
	switch (dtype.name) {
		case 'half':
			view.setUint16(at, toHalfBits(value), true);
			return;
		case 'bfloat16_t': {
			scratch.setFloat32(0, value, true);
			const bits = scratch.getUint32(0, true);
			const rounded = bits + 0x7fff + ((bits >>> 16) & 1);
			view.setUint16(at, Number.isNaN(value) ? 0x7fc0 : (rounded >>> 16) & 0xffff, true);
			return;
		}
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

function decode(dtype: DType, view: DataView, at: number): number {
	switch (dtype.name) {
		case 'half':
			return fromHalfBits(view.getUint16(at, true));
		case 'bfloat16_t':
			scratch.setUint32(0, view.getUint16(at, true) << 16, true);
			return scratch.getFloat32(0, true);
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
