/**
 * What collectives compute, over the simulator's sparse byte stores: a rank's send buffer is
 * copied out when its task starts (a {@link snapshot}), and the result is written into each
 * rank's receive buffer. Only pages some input holds are computed: a page no rank wrote is zero
 * in every input, and every reduction of zeros is zero, so an untouched 4 MB gradient costs
 * nothing.
 *
 * Arithmetic is per element in rank order, each step rounded to the element type as the device's
 * own adds are: float32 with `Math.fround`, float16 to binary16 (round to nearest even),
 * bfloat16 by rounding the float32 bits to their upper half, integers wrapped to their width.
 * The order a real algorithm (ring, mesh) adds in differs; so may the last bit of a float16 sum.
 */
import { BYTE_STORE_PAGE, ByteStore } from '../kernel/byte-store.ts';
import { roundToHalf } from '../kernel/numeric-format.ts';
import { dtypeOf, type DType } from '../kernel/dtype.ts';
import type { HcclDataTypeInfo, ReduceOpName } from './hccl-types.ts';

/** A place in a byte store: the store and the byte offset the data starts at. */
export interface BytesAt {
	readonly store: ByteStore;
	readonly offset: number;
}

const PAGE = BYTE_STORE_PAGE;

/** The logical chunks (of {@link PAGE} bytes from `at.offset`) of `length` bytes that hold data. */
function chunksWithData(at: BytesAt, length: number, into: Set<number>): void {
	const end = at.offset + length;
	for (const page of at.store.pageIndices()) {
		const lo = Math.max(page * PAGE, at.offset);
		const hi = Math.min((page + 1) * PAGE, end);
		if (lo >= hi) continue;
		const first = Math.floor((lo - at.offset) / PAGE);
		const last = Math.floor((hi - 1 - at.offset) / PAGE);
		for (let c = first; c <= last; c++) into.add(c);
	}
}

/** The bytes of `length` from `at`, as a store of their own starting at 0 (pages copied, not shared). */
export function snapshot(at: BytesAt, length: number): ByteStore {
	const copy = new ByteStore();
	const chunks = new Set<number>();
	chunksWithData(at, length, chunks);
	for (const c of chunks) {
		const start = c * PAGE;
		const n = Math.min(PAGE, length - start);
		copy.write(start, at.store.read(at.offset + start, n));
	}
	return copy;
}

/** Copies `length` bytes from `from` to `to`, touching only pages either side holds. */
export function copyBytes(from: BytesAt, to: BytesAt, length: number): void {
	const chunks = new Set<number>();
	chunksWithData(from, length, chunks);
	chunksWithData(to, length, chunks);
	for (const c of chunks) {
		const start = c * PAGE;
		const n = Math.min(PAGE, length - start);
		to.store.write(to.offset + start, from.store.read(from.offset + start, n));
	}
}

const f16round = (Math as unknown as { f16round?: (x: number) => number }).f16round;
const scratch = new DataView(new ArrayBuffer(4));

function roundBf16(x: number): number {
	if (Number.isNaN(x)) return x;
	scratch.setFloat32(0, x, true);
	const bits = scratch.getUint32(0, true);
	const upper = ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
	scratch.setUint32(0, upper << 16, true);
	return scratch.getFloat32(0, true);
}

/** What one arithmetic step's result becomes in element type `name`. */
function rounder(name: string): (x: number) => number {
	switch (name) {
		case 'float':
			return Math.fround;
		case 'double':
			return (x) => x;
		case 'half':
			return f16round ?? roundToHalf;
		case 'bfloat16_t':
			return roundBf16;
		case 'int8_t':
			return (x) => (Math.trunc(x) << 24) >> 24;
		case 'uint8_t':
			return (x) => Math.trunc(x) & 0xff;
		case 'int16_t':
			return (x) => (Math.trunc(x) << 16) >> 16;
		case 'uint16_t':
			return (x) => Math.trunc(x) & 0xffff;
		case 'int32_t':
			return (x) => Math.trunc(x) | 0;
		case 'uint32_t':
			return (x) => Math.trunc(x) >>> 0;
		case 'int64_t':
			return (x) => Number(BigInt.asIntN(64, BigInt(Math.trunc(x))));
		default:
			return (x) => Number(BigInt.asUintN(64, BigInt(Math.trunc(x))));
	}
}

function combiner(op: ReduceOpName): (a: number, b: number) => number {
	switch (op) {
		case 'sum':
			return (a, b) => a + b;
		case 'prod':
			return (a, b) => a * b;
		case 'max':
			return (a, b) => (Number.isNaN(a) || a >= b ? a : b);
		case 'min':
			return (a, b) => (Number.isNaN(a) || a <= b ? a : b);
	}
}

function elementType(dtype: HcclDataTypeInfo): DType {
	return dtypeOf(dtype.element)!;
}

/**
 * Writes into `out` the reduction by `op` of `count` elements of `dtype` from every input, in
 * input order (rank order).
 */
export function reduceInto(
	inputs: readonly BytesAt[],
	out: BytesAt,
	count: number,
	dtype: HcclDataTypeInfo,
	op: ReduceOpName,
): void {
	const length = count * dtype.bytes;
	const el = elementType(dtype);
	const round = rounder(el.name);
	const combine = combiner(op);
	const data = new Set<number>();
	for (const input of inputs) chunksWithData(input, length, data);
	const stale = new Set<number>();
	chunksWithData(out, length, stale);
	// Results first, then writes: an input may be the output itself (an in-place AllReduce).
	const results: Array<[number, Float64Array]> = [];
	for (const c of [...data].sort((a, b) => a - b)) {
		const start = c * PAGE;
		const n = Math.min(PAGE, length - start) / dtype.bytes;
		const values = new Float64Array(n);
		for (let i = 0; i < n; i++) {
			const at = start + i * dtype.bytes;
			let acc = inputs[0]!.store.get(el, inputs[0]!.offset + at);
			for (let r = 1; r < inputs.length; r++)
				acc = round(combine(acc, inputs[r]!.store.get(el, inputs[r]!.offset + at)));
			values[i] = acc;
		}
		results.push([start, values]);
	}
	for (const c of stale) {
		if (data.has(c)) continue;
		const start = c * PAGE;
		out.store.write(out.offset + start, new Uint8Array(Math.min(PAGE, length - start)));
	}
	for (const [start, values] of results)
		for (let i = 0; i < values.length; i++)
			out.store.set(el, out.offset + start + i * dtype.bytes, values[i]!);
}

/** A hash of a store's bytes (FNV-1a over its pages in order), for telling two snapshots apart. */
export function storeHash(store: ByteStore): string {
	let h = 0x811c9dc5;
	for (const page of [...store.pageIndices()].sort((a, b) => a - b)) {
		h = Math.imul(h ^ page, 0x01000193) >>> 0;
		const bytes = store.read(page * PAGE, PAGE);
		for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193) >>> 0;
	}
	return h.toString(16);
}
