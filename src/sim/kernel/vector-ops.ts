/**
 * How the simulator checks and computes a vector instruction in its `count` form: operand kinds in
 * order, the instruction name the CPU-debug assert prints (`check <instr> instr failed`;
 * ascend-facts A.10 quotes `check vlrelu instr failed` for LeakyRelu, the other names follow the
 * same pattern and are illustrative) and the element function, so a kernel's output can be read
 * back (GetValue, DataCopy to GM). The instructions themselves are catalog rows
 * (src/api/ascendc/vector-arithmetic.ts), each carrying its spec.
 */
import type { LocalTensor } from './local-tensor.ts';

/** Kinds of arguments of a vector instruction. */
export type VectorOperandKind = 'dst' | 'src' | 'scalar' | 'count' | 'mode';

/** What an interpreter passes for each argument: tensors, numbers, or enum names. */
export type VectorArg = LocalTensor | number | string | boolean;

/** One vector instruction. */
export interface VectorOpSpec {
	form: readonly VectorOperandKind[];
	instr: string;
	/** Whether source and destination types may differ (Cast). */
	castsType?: boolean;
	/** One element of the result (before conversion to the destination type). */
	compute: (a: number, b: number, s: number) => number;
}

/** What one element of the result is, from the source elements `a`, `b` and the scalar `s`. */
export type ElementFn = (a: number, b: number, s: number) => number;

/** `Op(dst, src0, src1, count)`. */
export const binaryOp = (instr: string, compute: ElementFn): VectorOpSpec => ({
	form: ['dst', 'src', 'src', 'count'],
	instr,
	compute,
});

/** `Op(dst, src, scalar, count)`. */
export const scalarOp = (instr: string, compute: ElementFn): VectorOpSpec => ({
	form: ['dst', 'src', 'scalar', 'count'],
	instr,
	compute,
});

/** `Op(dst, src, count)`. */
export const unaryOp = (instr: string, compute: ElementFn): VectorOpSpec => ({
	form: ['dst', 'src', 'count'],
	instr,
	compute,
});

/**
 * Round modes of `Cast` by name, in the order the interpreter numbers the `RoundMode::` constants
 * (the numbers are the simulator's own; programs use the names).
 */
export const ROUND_MODES = [
	'CAST_NONE',
	'CAST_RINT',
	'CAST_FLOOR',
	'CAST_CEIL',
	'CAST_ROUND',
	'CAST_TRUNC',
	'CAST_ODD',
] as const;

/**
 * Rounds `value` as a Cast round mode does before it is stored in an integer type:
 * `CAST_RINT`/`CAST_NONE` to nearest even, `CAST_ROUND` half away from zero, `CAST_FLOOR`,
 * `CAST_CEIL`, `CAST_TRUNC`; anything else (e.g. `CAST_ODD`) truncates.
 */
export function roundForCast(value: number, mode: string): number {
	const m = mode.slice(mode.lastIndexOf(':') + 1);
	switch (m) {
		case 'CAST_FLOOR':
			return Math.floor(value);
		case 'CAST_CEIL':
			return Math.ceil(value);
		case 'CAST_ROUND':
			return Math.sign(value) * Math.round(Math.abs(value));
		case 'CAST_RINT':
		case 'CAST_NONE': {
			const r = Math.round(value);
			return Math.abs(value % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
		}
		default:
			return Math.trunc(value);
	}
}
