/**
 * The host tiling functions of the Ascend C high-level APIs (`GetSortMaxMinTmpSize`,
 * `GetLayerNormMaxMinTmpSize`, `GetLayerNormNDTilingInfo`, `GetSoftMaxMaxTmpSize`,
 * `GetSoftMaxMinTmpSize`, `SoftMaxTilingFunc`): what each computes from a `ge::Shape`.
 *
 * The shape fields the reference documents are exact: LayerNorm's [B, S, H] form takes
 * {B, S, storageHLength, originHLength}, its [A, R] form {A, R}; SoftMax's srcM is the product of
 * the non-last axes and srcK the last. The library's formulas for temporary space and for the
 * other tiling fields are not public: the sizes here follow an illustrative rule, stated with
 * each function and reported with `tiling-size-illustrative` when a program calls it, and the
 * other fields stay 0 (the simulator's kernel-side APIs read only the shape fields).
 */
import type { GeShape } from './ge-shape.ts';

/** Bytes of a float, the width the illustrative rules count intermediate values in. */
const FLOAT_BYTES = 4;

/** A temporary-space range in bytes. */
export interface TmpSizes {
	readonly min: number;
	readonly max: number;
}

/**
 * Sort with SortConfig (illustrative): one 8-byte (value, index) pair per element at least, a
 * second set for the merge passes at most.
 */
export function sortTmpSizes(shape: GeShape): TmpSizes {
	const min = shape.size * 8;
	return { min, max: 2 * min };
}

/**
 * LayerNorm (illustrative): one float copy of the input at least, three (the input, its
 * deviation from the mean and the square of that) at most; rstd adds a float a row.
 */
export function layerNormTmpSizes(shape: GeShape, withRstd: boolean): TmpSizes {
	const elements = shape.dims.length >= 3 ? shape.dim(0) * shape.dim(1) * shape.dim(2) : shape.size;
	const rows = shape.dims.length >= 3 ? shape.dim(0) * shape.dim(1) : shape.dim(0);
	const min = elements * FLOAT_BYTES + (withRstd ? rows * FLOAT_BYTES : 0);
	return { min, max: min + 2 * elements * FLOAT_BYTES };
}

/** The documented shape fields of LayerNormTiling ([B, S, H] form). */
export function layerNormTiling(shape: GeShape): Record<string, number> {
	return {
		bLength: shape.dim(0),
		sLength: shape.dim(1),
		hLength: shape.dim(2),
		originalHLength: shape.dims.length >= 4 ? shape.dim(3) : shape.dim(2),
	};
}

/** The documented shape fields of LayerNormSeparateTiling ([A, R] form). */
export function layerNormSeparateTiling(shape: GeShape): Record<string, number> {
	return { aLength: shape.dim(0), rLength: shape.dim(1) };
}

/** SoftMax's rows (product of the non-last axes) and row length (the last axis). */
function softmaxRows(shape: GeShape): { m: number; k: number } {
	if (shape.dimNum === 0) return { m: 0, k: 0 };
	const k = shape.dim(shape.dimNum - 1);
	const m = shape.dims.slice(0, -1).reduce((a, b) => a * b, 1);
	return { m, k };
}

/**
 * SoftMax (illustrative): a float row maximum and row sum at least (one 32-byte block a row
 * each), plus a float copy of the whole input at most.
 */
export function softMaxTmpSizes(shape: GeShape): TmpSizes {
	const { m, k } = softmaxRows(shape);
	const min = m * 2 * 32;
	return { min, max: min + m * k * FLOAT_BYTES };
}

/** The shape fields of SoftMaxTiling: srcM and srcK. */
export function softMaxTiling(shape: GeShape): Record<string, number> {
	const { m, k } = softmaxRows(shape);
	return { srcM: m, srcK: k };
}
