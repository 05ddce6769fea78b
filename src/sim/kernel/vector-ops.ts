/**
 * What a vector instruction is, as data the catalog row carries: the name its CPU-debug check
 * prints, the element types it takes on each architecture, and the element function. The
 * instructions themselves are catalog rows (src/api/ascendc/vector-arithmetic.ts and siblings);
 * the engine that runs them is vector-instruction.ts.
 *
 * Element functions compute on doubles; the store rounds the result to the destination type
 * (numeric-format.ts), which is the exact IEEE result for +, -, *, /, sqrt, min, max and abs.
 * `Exp`, `Ln` and the other transcendental functions are the doubles `Math.exp`, `Math.log`
 * give, rounded once: the hardware's own approximations may differ in the last bits.
 */
import type { NpuArch } from './tposition.ts';

/**
 * One element of the result from the source elements `a`, `b`, the scalar `s`, the old
 * destination element `d` and the element's index `i` (its place across repeats).
 */
export type ElementFn = (a: number, b: number, s: number, d: number, i: number) => number;

/** Element types by architecture; `all` applies where an architecture has no entry. */
export interface DTypeRule {
	readonly all: readonly string[];
	readonly byArch?: Partial<Record<NpuArch, readonly string[]>>;
}

/** One vector instruction. */
export interface VectorOpSpec {
	/** The instruction the CPU-debug assert names (`check vadd instr failed`). */
	readonly instr: string;
	/** The element function (floating types, and integers unless `int` is given). */
	readonly compute: ElementFn;
	/** The element function for integer element types, when it differs (wrapping multiply). */
	readonly int?: ElementFn;
	/** The element types the instruction takes; undefined: any. */
	readonly dtypes?: DTypeRule;
	/** Whether `dst` is also read (Axpy: dst + src × scalar). */
	readonly readsDst?: boolean;
	/** Whether the destination type may differ from the sources' (Axpy: half → float). */
	readonly mixed?: boolean;
}

/** The element types `rule` allows on `arch`. */
export function allowedDTypes(rule: DTypeRule, arch: NpuArch): readonly string[] {
	return rule.byArch?.[arch] ?? rule.all;
}

/** Left shift of an integer element of at most 32 bits (the store keeps the type's low bits). */
export function shiftLeft(a: number, n: number): number {
	return n >= 32 || n < 0 ? 0 : a << n;
}

/** Right shift of an integer element: arithmetic for a negative (signed) one, logical otherwise. */
export function shiftRight(a: number, n: number): number {
	return Math.floor(a / 2 ** Math.min(n, 63));
}

/** Integer multiply that wraps like the hardware's (exact low 32 bits). */
export function intMul(a: number, b: number): number {
	return Math.imul(a, b);
}
