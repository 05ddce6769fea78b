import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	BFLOAT16,
	bfloat16Bits,
	FLOAT32,
	HALF,
	halfBits,
	halfValue,
	roundInteger,
	roundToFormat,
} from './numeric-format.ts';

describe('rounding to the hardware formats', () => {
	it('rounds to half exactly as Math.f16round does, from the double', () => {
		fc.assert(
			fc.property(fc.double({ noNaN: true }), (x) => {
				expect(Object.is(roundToFormat(x, HALF, 'rint'), Math.f16round(x))).toBe(true);
			}),
			{ numRuns: 5000 },
		);
	});

	it('rounds to float exactly as Math.fround does', () => {
		fc.assert(
			fc.property(fc.double({ noNaN: true }), (x) => {
				expect(Object.is(roundToFormat(x, FLOAT32, 'rint'), Math.fround(x))).toBe(true);
			}),
			{ numRuns: 5000 },
		);
	});

	it('gives half bits that read back as the rounded value, for every half', () => {
		for (let bits = 0; bits < 0x10000; bits++) {
			const v = halfValue(bits);
			if (Number.isNaN(v)) continue;
			expect(halfBits(v)).toBe(bits);
		}
	});

	it('breaks half ties to even: 1 + 2^-11 is 1, 1 + 3·2^-11 is 1 + 2^-9', () => {
		expect(halfBits(1 + 2 ** -11)).toBe(0x3c00);
		expect(halfBits(1 + 3 * 2 ** -11)).toBe(0x3c02);
		expect(halfBits(65520)).toBe(0x7c00);
		expect(halfBits(65519.99)).toBe(0x7bff);
	});

	it('rounds bfloat16 from the double, not through float (no double rounding)', () => {
		// 1 + 2^-8 + 2^-30 is just above the bf16 midpoint of 1 and 1 + 2^-7; through float the
		// 2^-30 would be lost and the tie would go to even (1).
		expect(bfloat16Bits(1 + 2 ** -8 + 2 ** -30)).toBe(0x3f81);
		expect(bfloat16Bits(1 + 2 ** -8)).toBe(0x3f80);
		// The largest bf16 is (2 - 2^-7) · 2^127; halfway above it rounds to infinity.
		expect(roundToFormat((2 - 2 ** -8) * 2 ** 127, BFLOAT16, 'rint')).toBe(
			Number.POSITIVE_INFINITY,
		);
		expect(roundToFormat((2 - 2 ** -7) * 2 ** 127, BFLOAT16, 'rint')).toBe(
			(2 - 2 ** -7) * 2 ** 127,
		);
	});

	it('applies each Cast round mode to 1.5, 2.5, -1.5 and 1.4 as the reference tables show', () => {
		const cases: Array<[string, number[]]> = [
			['rint', [2, 2, -2, 1]],
			['floor', [1, 2, -2, 1]],
			['ceil', [2, 3, -1, 2]],
			['round', [2, 3, -2, 1]],
			['trunc', [1, 2, -1, 1]],
			['odd', [1, 3, -1, 1]],
		];
		for (const [mode, want] of cases) {
			const got = [1.5, 2.5, -1.5, 1.4].map((x) =>
				roundInteger(x, mode as Parameters<typeof roundInteger>[1]),
			);
			expect(got, mode).toEqual(want);
		}
	});

	it('rounds 2^12 + 2 to half as the int16 → half example of the reference does', () => {
		const x = 2 ** 12 + 2;
		expect(roundToFormat(x, HALF, 'rint')).toBe(2 ** 12);
		expect(roundToFormat(x, HALF, 'floor')).toBe(2 ** 12);
		expect(roundToFormat(x, HALF, 'ceil')).toBe(2 ** 12 + 4);
		expect(roundToFormat(x, HALF, 'round')).toBe(2 ** 12 + 4);
		expect(roundToFormat(x, HALF, 'trunc')).toBe(2 ** 12);
	});

	it('overflows to infinity when rounding to nearest and to the largest finite value towards zero', () => {
		expect(roundToFormat(70000, HALF, 'rint')).toBe(Number.POSITIVE_INFINITY);
		expect(roundToFormat(70000, HALF, 'trunc')).toBe(65504);
		expect(roundToFormat(-70000, HALF, 'ceil')).toBe(-65504);
		expect(roundToFormat(-70000, HALF, 'floor')).toBe(Number.NEGATIVE_INFINITY);
		expect(roundToFormat(70000, HALF, 'odd')).toBe(65504);
	});
});
