/**
 * Binary operators on 32-bit integers whose operands already hold values of the common type (an
 * `int` and an `int`, a `short` and an `int`, an `unsigned char` and an `unsigned`): the usual
 * arithmetic conversions change no value there, so each operator is one closure that reads both
 * operands and wraps the result, instead of a chain of read, convert and wrap closures. The
 * results are those of the generic integer path in operators.ts, which handles everything else.
 */
import type { Frame } from '../runtime.ts';
import type { CType } from '../types.ts';
import type { Value } from '../values.ts';
import type { Ev } from './context.ts';
import { numOf } from './value-ops.ts';

type IntType = Extract<CType, { k: 'int' }>;

/**
 * Whether every value of `operand` is unchanged by conversion to the 32-bit type `common`: same
 * signedness and no wider, or unsigned and narrower.
 */
export function fitsInt32(operand: CType, common: IntType): boolean {
	if (common.bits !== 32 || operand.k !== 'int') return false;
	if (operand.signed === common.signed) return operand.bits <= 32;
	return !operand.signed && operand.bits < 32;
}

/** A read of an integer operand: a number as it is, anything else (unset, bool) as numOf reads it. */
const int = (v: Value): number => (typeof v === 'number' ? v : numOf(v));

/**
 * The closure of `op` on two operands that fit the 32-bit type `t` (see {@link fitsInt32}), or
 * undefined for an operator this path leaves to the generic one. `divideByZero` stops the run.
 */
export function int32Binary(
	op: string,
	t: IntType,
	ea: Ev,
	eb: Ev,
	divideByZero: () => never,
): ((f: Frame) => number) | undefined {
	const signed = t.signed;
	switch (op) {
		case '<':
			return (f) => (int(ea(f)) < int(eb(f)) ? 1 : 0);
		case '>':
			return (f) => (int(ea(f)) > int(eb(f)) ? 1 : 0);
		case '<=':
			return (f) => (int(ea(f)) <= int(eb(f)) ? 1 : 0);
		case '>=':
			return (f) => (int(ea(f)) >= int(eb(f)) ? 1 : 0);
		case '==':
			return (f) => (int(ea(f)) === int(eb(f)) ? 1 : 0);
		case '!=':
			return (f) => (int(ea(f)) !== int(eb(f)) ? 1 : 0);
		case '+':
			return signed ? (f) => (int(ea(f)) + int(eb(f))) | 0 : (f) => (int(ea(f)) + int(eb(f))) >>> 0;
		case '-':
			return signed ? (f) => (int(ea(f)) - int(eb(f))) | 0 : (f) => (int(ea(f)) - int(eb(f))) >>> 0;
		case '*':
			return signed
				? (f) => Math.imul(int(ea(f)), int(eb(f)))
				: (f) => Math.imul(int(ea(f)), int(eb(f))) >>> 0;
		case '&':
			return signed ? (f) => int(ea(f)) & int(eb(f)) : (f) => (int(ea(f)) & int(eb(f))) >>> 0;
		case '|':
			return signed ? (f) => int(ea(f)) | int(eb(f)) : (f) => (int(ea(f)) | int(eb(f))) >>> 0;
		case '^':
			return signed ? (f) => int(ea(f)) ^ int(eb(f)) : (f) => (int(ea(f)) ^ int(eb(f))) >>> 0;
		case '%':
			return (f) => {
				const p = int(ea(f));
				const q = int(eb(f));
				if (q === 0) return divideByZero();
				return signed ? (p % q) | 0 : (p % q) >>> 0;
			};
		case '/':
			return (f) => {
				const p = int(ea(f));
				const q = int(eb(f));
				if (q === 0) return divideByZero();
				return signed ? Math.trunc(p / q) | 0 : Math.trunc(p / q) >>> 0;
			};
		default:
			return undefined;
	}
}
