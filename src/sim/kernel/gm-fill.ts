/**
 * What a GM buffer holds before anyone writes it, for a kernel run without a host: the bytes
 * the user gave (`--input x=x.bin`), or a deterministic pattern in the element type the kernel
 * first reads the buffer as (the `T` of `SetGlobalBuffer((__gm__ T*)x, …)`, or of a typed
 * `__gm__ T*` parameter). The pattern is generated page by page as pages are first touched, so
 * a large buffer costs only what the kernel reads.
 *
 * The patterns, for element `i` of the buffer:
 * - `zeros`: 0;
 * - `ramp`: integer types `i mod 128`; floating types `(i mod 128) / 16` (0, 0.0625, … 7.9375,
 *   exact in half and bfloat16);
 * - `random` with a seed: integer types uniform in 0…127, floating types uniform in [-1, 1)
 *   rounded to the type, from a hash of the seed and `i` (the same seed gives the same data).
 */
import type { DType } from './dtype.ts';
import { intRange } from './cast-rules.ts';

/** How an unwritten GM buffer is filled. */
export type GmFill =
	| { readonly kind: 'zeros' }
	| { readonly kind: 'ramp' }
	| { readonly kind: 'random'; readonly seed: number };

/** The default fill of kernel-only runs. */
export const DEFAULT_GM_FILL: GmFill = { kind: 'ramp' };

/** A 32-bit hash of `seed` and `i` (Bob Jenkins' one-at-a-time over both words). */
function hash(seed: number, i: number): number {
	let h = seed >>> 0;
	for (const word of [i >>> 0, Math.floor(i / 2 ** 32) >>> 0]) {
		for (let b = 0; b < 4; b++) {
			h = (h + ((word >>> (8 * b)) & 0xff)) >>> 0;
			h = (h + (h << 10)) >>> 0;
			h ^= h >>> 6;
		}
	}
	h = (h + (h << 3)) >>> 0;
	h ^= h >>> 11;
	return (h + (h << 15)) >>> 0;
}

/** Element `i` of a buffer of `dtype` filled with `fill` (before rounding to the type). */
export function fillValue(fill: GmFill, dtype: DType, i: number): number {
	const integer = intRange(dtype) !== undefined;
	switch (fill.kind) {
		case 'zeros':
			return 0;
		case 'ramp':
			return integer ? i % 128 : (i % 128) / 16;
		case 'random': {
			const u = hash(fill.seed, i) / 2 ** 32;
			return integer ? Math.floor(u * 128) : u * 2 - 1;
		}
	}
}

/** Reads a `--fill` / widget value: `zeros`, `ramp` or `random[:SEED]`; undefined otherwise. */
export function parseGmFill(text: string): GmFill | undefined {
	const t = text.trim();
	if (t === 'zeros' || t === 'ramp') return { kind: t };
	const m = /^random(?::(\d+))?$/.exec(t);
	if (m) return { kind: 'random', seed: m[1] === undefined ? 1 : Number(m[1]) };
	return undefined;
}
