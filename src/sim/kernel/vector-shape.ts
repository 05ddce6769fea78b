/**
 * Which elements a vector instruction touches and where they are, in the three call styles of
 * the reference (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/SIMD计算说明):
 *
 * - the count form (`Add(dst, src0, src1, count)`): the first `count` elements, contiguous;
 * - the mask/repeat forms in Normal mode: `repeatTime` repeats of 256 bytes, 8 DataBlocks of 32
 *   bytes each; within a repeat, element `e` takes part when bit `e` of the mask is set (a mask
 *   number `m` sets the first `m` bits); operand `k`'s element `e` of repeat `r` is at
 *   `r × repStride_k × 32 + ⌊e × size_k / 32⌋ × blkStride_k × 32 + (e × size_k) mod 32`;
 * - the same forms in Counter mode (SetMaskCount): the low 64 bits of the mask are the total
 *   number of elements, laid out repeat after repeat with the same strides; repeatTime is ignored.
 *
 * A repeat holds 256 / size elements of the widest operand type (Cast: "the mask follows the
 * larger of the input and output types"). Element `i` of the result is the i-th active element
 * in repeat-then-lane order, so every operand's element `i` belongs together.
 */

/** Bytes of one DataBlock. */
export const DATA_BLOCK_BYTES = 32;
/** Bytes one repeat processes (8 DataBlocks). */
export const REPEAT_BYTES = 256;

/** Strides of one operand, in DataBlocks: between the blocks of a repeat, and between repeats. */
export interface BlockStrides {
	readonly blk: number;
	readonly rep: number;
}

/** Contiguous repeats: block stride 1, repeat stride 8 (the references' defaults). */
export const CONTIGUOUS: BlockStrides = { blk: 1, rep: 8 };

/** The mask as a call gives it: 128 bits (two 64-bit words, low first), or a lane count. */
export type VectorMaskValue =
	{ readonly bits: readonly [bigint, bigint] } | { readonly count: number };

/** All 64 bits set. */
export const ALL_ONES = (1n << 64n) - 1n;

/**
 * The mask register of a core and its mode (SetVectorMask, SetMaskCount / SetMaskNorm,
 * ResetMask). After reset, Normal mode with every bit set.
 */
export class MaskRegister {
	counter = false;
	lo = ALL_ONES;
	hi = ALL_ONES;

	/** ResetMask: every bit set again. */
	reset(): void {
		this.lo = ALL_ONES;
		this.hi = ALL_ONES;
	}

	/** The register's value as a mask. */
	get value(): VectorMaskValue {
		return { bits: [this.lo, this.hi] };
	}
}

/** Which elements a call touches, before the operands' sizes and strides place them. */
export type VectorShape =
	| { readonly kind: 'count'; readonly count: number }
	| {
			readonly kind: 'repeat';
			/** Repeat index and lane of each active element, in order. */
			readonly repeat: Int32Array;
			readonly lane: Int32Array;
			/** Lanes per repeat: 256 / the widest element size. */
			readonly lanes: number;
	  };

/** The count form's shape. */
export function countShape(count: number): VectorShape {
	return { kind: 'count', count: Math.max(0, Math.trunc(Number.isFinite(count) ? count : 0)) };
}

/** The number of elements a shape touches. */
export function shapeSize(shape: VectorShape): number {
	return shape.kind === 'count' ? shape.count : shape.repeat.length;
}

/** A 64-bit word as the program passed it (numbers above 2^53 may have lost their low bits). */
export function toWord(v: unknown): bigint {
	if (typeof v === 'bigint') return BigInt.asUintN(64, v);
	const n = typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0;
	// UINT64_MAX reaches the interpreter as 2^64 (the nearest double): all ones.
	if (n >= 2 ** 64) return ALL_ONES;
	return BigInt.asUintN(64, BigInt(n));
}

/**
 * The shape of a mask/repeat call: `mask` as given (or the register's, when the call leaves the
 * mask to SetVectorMask), `repeatTimes`, the widest element size, and the register's mode.
 */
export function repeatShape(
	mask: VectorMaskValue,
	repeatTimes: number,
	widest: number,
	counterMode: boolean,
): VectorShape {
	const lanes = Math.max(1, Math.floor(REPEAT_BYTES / widest));
	const repeat: number[] = [];
	const lane: number[] = [];
	if (counterMode) {
		const total =
			'count' in mask ? Math.max(0, Math.trunc(mask.count)) : Number(mask.bits[0] & ALL_ONES);
		for (let i = 0; i < total; i++) {
			repeat.push(Math.floor(i / lanes));
			lane.push(i % lanes);
		}
	} else {
		const active = activeLanes(mask, lanes);
		const r = Math.max(0, Math.trunc(Number.isFinite(repeatTimes) ? repeatTimes : 0));
		for (let k = 0; k < r; k++) {
			for (const e of active) {
				repeat.push(k);
				lane.push(e);
			}
		}
	}
	return { kind: 'repeat', repeat: Int32Array.from(repeat), lane: Int32Array.from(lane), lanes };
}

/** The lanes of one repeat that a Normal-mode mask selects, in order. */
export function activeLanes(mask: VectorMaskValue, lanes: number): number[] {
	const out: number[] = [];
	if ('count' in mask) {
		// A lane count past the repeat counts as a full repeat (the reference's "mask最大值").
		const m = Math.min(lanes, Math.max(0, Math.trunc(mask.count)));
		for (let e = 0; e < m; e++) out.push(e);
		return out;
	}
	const [lo, hi] = mask.bits;
	for (let e = 0; e < lanes && e < 128; e++) {
		const word = e < 64 ? lo : hi;
		if ((word >> BigInt(e % 64)) & 1n) out.push(e);
	}
	return out;
}

/**
 * Byte offsets, from the operand's start, of the shape's elements for an operand of `size`
 * bytes per element with `strides`; undefined for the count form (element i is at i × size).
 */
export function elementOffsets(
	shape: VectorShape,
	size: number,
	strides: BlockStrides,
): Int32Array | undefined {
	if (shape.kind === 'count') return undefined;
	const n = shape.repeat.length;
	const out = new Int32Array(n);
	const rep = strides.rep * DATA_BLOCK_BYTES;
	const blk = strides.blk * DATA_BLOCK_BYTES;
	for (let i = 0; i < n; i++) {
		const byte = shape.lane[i]! * size;
		out[i] =
			shape.repeat[i]! * rep +
			Math.floor(byte / DATA_BLOCK_BYTES) * blk +
			(byte % DATA_BLOCK_BYTES);
	}
	return out;
}

/** Bytes from an operand's start to one past the last byte its elements touch. */
export function operandExtent(
	shape: VectorShape,
	offsets: Int32Array | undefined,
	size: number,
): number {
	if (!offsets) return shapeSize(shape) * size;
	let max = -1;
	for (let i = 0; i < offsets.length; i++) if (offsets[i]! > max) max = offsets[i]!;
	return max < 0 ? 0 : max + size;
}
