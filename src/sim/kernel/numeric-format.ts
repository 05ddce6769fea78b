/**
 * How numbers are formatted in the element types of the hardware: rounding a real value (a
 * JavaScript double) to `half`, `bfloat16_t` or `float` in any of the Cast round modes, rounding
 * to an integer and saturating into an integer type, and the bit patterns of `half` and
 * `bfloat16_t`.
 *
 * Exactness: a double holds the exact sum, difference or product of two `half` values and of two
 * `bfloat16_t` values, and rounding a double once to a format of at most 24 significant bits gives
 * the correctly rounded result of +, -, *, / and sqrt on operands of that format (53 ≥ 2p + 2), so
 * computing in doubles and rounding once on store is bit-exact IEEE arithmetic for those
 * operations. Transcendental functions (`Math.exp`, `Math.log`) are correctly rounded doubles at
 * best; the hardware's own approximations may differ from them in the last bits.
 *
 * The round modes are the ones the Cast reference defines (asc-devkit
 * docs/zh/api/SIMD-API/基础API/数据结构/precision_conversion.md): RINT to nearest even, FLOOR
 * towards −∞, CEIL towards +∞, ROUND to nearest with ties away from zero, TRUNC towards zero,
 * ODD to the nearest value with an odd last bit when inexact (Von Neumann rounding).
 */

/** A round mode, as `RoundMode::CAST_*` names it without the prefix, in lower case. */
export type RoundingMode = 'rint' | 'floor' | 'ceil' | 'round' | 'trunc' | 'odd';

/** A binary floating-point format: explicit mantissa bits and the exponent range of normals. */
export interface FloatFormat {
	readonly name: string;
	/** Stored mantissa bits (10 for half). */
	readonly mantissa: number;
	/** Exponent of the smallest normal number (−14 for half). */
	readonly emin: number;
	/** Exponent of the largest finite numbers (15 for half). */
	readonly emax: number;
}

/** IEEE binary16. */
export const HALF: FloatFormat = { name: 'half', mantissa: 10, emin: -14, emax: 15 };
/** bfloat16: float's exponent with 7 mantissa bits. */
export const BFLOAT16: FloatFormat = { name: 'bfloat16_t', mantissa: 7, emin: -126, emax: 127 };
/** IEEE binary32. */
export const FLOAT32: FloatFormat = { name: 'float', mantissa: 23, emin: -126, emax: 127 };

/** The largest finite value of `f` (65504 for half). */
export function maxFinite(f: FloatFormat): number {
	return (2 - 2 ** -f.mantissa) * 2 ** f.emax;
}

const bits64 = new DataView(new ArrayBuffer(8));

/** The unbiased binary exponent of a finite non-zero double (floor(log2 |x|)), exactly. */
function exponentOf(x: number): number {
	bits64.setFloat64(0, x);
	const e = (bits64.getUint16(0) >>> 4) & 0x7ff;
	if (e !== 0) return e - 1023;
	// A subnormal double: count from its leading bit.
	return Math.floor(Math.log2(Math.abs(x)));
}

/** Rounds `r` to an integer in `mode` (ties handled exactly: `r` is a double). */
export function roundInteger(r: number, mode: RoundingMode): number {
	switch (mode) {
		case 'floor':
			return Math.floor(r);
		case 'ceil':
			return Math.ceil(r);
		case 'trunc':
			return Math.trunc(r);
		case 'round': {
			const a = Math.abs(r);
			const f = Math.floor(a);
			// `a - f` is exact: a double with a fraction is below 2^52.
			const n = a - f >= 0.5 ? f + 1 : f;
			return r < 0 ? -n : n;
		}
		case 'odd': {
			const t = Math.trunc(r);
			if (t === r) return t;
			return Math.abs(t) % 2 === 1 ? t : t + Math.sign(r);
		}
		default: {
			const f = Math.floor(r);
			const d = r - f;
			if (d < 0.5) return f;
			if (d > 0.5) return f + 1;
			return f % 2 === 0 ? f : f + 1;
		}
	}
}

/**
 * `x` rounded to the nearest value of format `f` in `mode`, as a double. Infinities and NaN pass
 * through; a value past the largest finite one overflows as IEEE 754 says for the mode (to ±∞
 * when rounding to nearest or away from the value, to the largest finite value otherwise).
 */
export function roundToFormat(x: number, f: FloatFormat, mode: RoundingMode = 'rint'): number {
	if (!Number.isFinite(x) || x === 0) return x;
	const e = Math.max(exponentOf(x), f.emin);
	const quantum = 2 ** (e - f.mantissa);
	let r = roundInteger(x / quantum, mode) * quantum;
	const max = maxFinite(f);
	if (Math.abs(r) > max) {
		const toInfinity =
			mode === 'rint' ||
			mode === 'round' ||
			(mode === 'ceil' && x > 0) ||
			(mode === 'floor' && x < 0);
		r = toInfinity ? Math.sign(x) * Number.POSITIVE_INFINITY : Math.sign(x) * max;
	}
	return r === 0 ? (x < 0 ? -0 : 0) : r;
}

const f16round = (Math as unknown as { f16round?: (x: number) => number }).f16round;

/** `x` rounded to half, to nearest even (`Math.f16round` where the engine has it). */
export function roundToHalf(x: number): number {
	return f16round ? f16round(x) : roundToFormat(x, HALF, 'rint');
}

/** IEEE binary16 bits of `x`, rounded to nearest even from the double. */
export function halfBits(x: number): number {
	if (Number.isNaN(x)) return 0x7e00;
	const h = roundToHalf(x);
	const sign = h < 0 || Object.is(h, -0) ? 0x8000 : 0;
	const a = Math.abs(h);
	if (a === Number.POSITIVE_INFINITY) return sign | 0x7c00;
	// Subnormals are whole multiples of 2^-24; normals 1.m × 2^e with a 10-bit m.
	if (a < 2 ** -14) return sign | (a * 2 ** 24);
	const e = exponentOf(a);
	return sign | ((e + 15) << 10) | ((a / 2 ** e - 1) * 1024);
}

/** The number binary16 `bits` stand for. */
export function halfValue(bits: number): number {
	const sign = bits & 0x8000 ? -1 : 1;
	const exp = (bits >>> 10) & 0x1f;
	const mant = bits & 0x3ff;
	if (exp === 0) return sign * mant * 2 ** -24;
	if (exp === 0x1f) return mant ? Number.NaN : sign * Number.POSITIVE_INFINITY;
	return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

const bits32 = new DataView(new ArrayBuffer(4));

/** bfloat16 bits of `x`, rounded to nearest even from the double. */
export function bfloat16Bits(x: number): number {
	if (Number.isNaN(x)) return 0x7fc0;
	bits32.setFloat32(0, roundToFormat(x, BFLOAT16, 'rint'));
	return bits32.getUint32(0) >>> 16;
}

/** The number bfloat16 `bits` stand for. */
export function bfloat16Value(bits: number): number {
	bits32.setUint32(0, (bits & 0xffff) << 16);
	return bits32.getFloat32(0);
}

/** The range of an integer type. */
export interface IntRange {
	readonly min: number;
	readonly max: number;
}

/** Clamps `x` into `range` (NaN becomes 0), as the saturating conversions do. */
export function saturate(x: number, range: IntRange): number {
	if (Number.isNaN(x)) return 0;
	return x < range.min ? range.min : x > range.max ? range.max : x;
}
