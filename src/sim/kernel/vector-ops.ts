/**
 * The vector instructions the simulator checks, in their `count` forms: operand kinds in order,
 * and the instruction name the CPU-debug assert prints (`check <instr> instr failed`,
 * ascend-facts A.10 quotes `check vlrelu instr failed` for LeakyRelu). The other instruction
 * names follow the same pattern and are illustrative.
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
}

const binary = (instr: string): VectorOpSpec => ({ form: ['dst', 'src', 'src', 'count'], instr });
const scalar = (instr: string): VectorOpSpec => ({
	form: ['dst', 'src', 'scalar', 'count'],
	instr,
});
const unary = (instr: string): VectorOpSpec => ({ form: ['dst', 'src', 'count'], instr });

/** Supported vector instructions by API name. */
export const VECTOR_OPS: Readonly<Record<string, VectorOpSpec>> = {
	Add: binary('vadd'),
	Sub: binary('vsub'),
	Mul: binary('vmul'),
	Div: binary('vdiv'),
	Max: binary('vmax'),
	Min: binary('vmin'),
	And: binary('vand'),
	Or: binary('vor'),
	Adds: scalar('vadds'),
	Muls: scalar('vmuls'),
	Maxs: scalar('vmaxs'),
	Mins: scalar('vmins'),
	LeakyRelu: scalar('vlrelu'),
	Exp: unary('vexp'),
	Ln: unary('vln'),
	Abs: unary('vabs'),
	Reciprocal: unary('vrec'),
	Sqrt: unary('vsqrt'),
	Rsqrt: unary('vrsqrt'),
	Relu: unary('vrelu'),
	Not: unary('vnot'),
	Duplicate: { form: ['dst', 'scalar', 'count'], instr: 'vector_dup' },
	Cast: { form: ['dst', 'src', 'mode', 'count'], instr: 'vconv', castsType: true },
};

/** Whether `name` is a vector instruction the simulator checks. */
export function isVectorOp(name: string): boolean {
	return Object.hasOwn(VECTOR_OPS, name);
}
