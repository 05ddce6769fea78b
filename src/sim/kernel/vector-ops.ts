/**
 * The vector instructions the simulator checks, in their `count` forms: operand kinds in order,
 * and the instruction name the CPU-debug assert prints (`check <instr> instr failed`,
 * ascend-facts A.10 quotes `check vlrelu instr failed` for LeakyRelu). The other instruction
 * names follow the same pattern and are illustrative. Each also computes its result element by
 * element, so a kernel's output can be read back (GetValue, DataCopy to GM).
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
type ElementFn = (a: number, b: number, s: number) => number;

const binary = (instr: string, compute: ElementFn): VectorOpSpec => ({
	form: ['dst', 'src', 'src', 'count'],
	instr,
	compute,
});
const scalar = (instr: string, compute: ElementFn): VectorOpSpec => ({
	form: ['dst', 'src', 'scalar', 'count'],
	instr,
	compute,
});
const unary = (instr: string, compute: ElementFn): VectorOpSpec => ({
	form: ['dst', 'src', 'count'],
	instr,
	compute,
});

/** Supported vector instructions by API name. */
export const VECTOR_OPS: Readonly<Record<string, VectorOpSpec>> = {
	Add: binary('vadd', (a, b) => a + b),
	Sub: binary('vsub', (a, b) => a - b),
	Mul: binary('vmul', (a, b) => a * b),
	Div: binary('vdiv', (a, b) => a / b),
	Max: binary('vmax', (a, b) => Math.max(a, b)),
	Min: binary('vmin', (a, b) => Math.min(a, b)),
	And: binary('vand', (a, b) => a & b),
	Or: binary('vor', (a, b) => a | b),
	Adds: scalar('vadds', (a, _b, s) => a + s),
	Muls: scalar('vmuls', (a, _b, s) => a * s),
	Maxs: scalar('vmaxs', (a, _b, s) => Math.max(a, s)),
	Mins: scalar('vmins', (a, _b, s) => Math.min(a, s)),
	LeakyRelu: scalar('vlrelu', (a, _b, s) => (a >= 0 ? a : a * s)),
	Exp: unary('vexp', (a) => Math.exp(a)),
	Ln: unary('vln', (a) => Math.log(a)),
	Abs: unary('vabs', (a) => Math.abs(a)),
	Reciprocal: unary('vrec', (a) => 1 / a),
	Sqrt: unary('vsqrt', (a) => Math.sqrt(a)),
	Rsqrt: unary('vrsqrt', (a) => 1 / Math.sqrt(a)),
	Relu: unary('vrelu', (a) => Math.max(0, a)),
	Not: unary('vnot', (a) => ~a),
	Duplicate: { form: ['dst', 'scalar', 'count'], instr: 'vector_dup', compute: (_a, _b, s) => s },
	Cast: {
		form: ['dst', 'src', 'mode', 'count'],
		instr: 'vconv',
		castsType: true,
		compute: (a) => a,
	},
};

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

/** Whether `name` is a vector instruction the simulator checks. */
export function isVectorOp(name: string): boolean {
	return Object.hasOwn(VECTOR_OPS, name);
}
