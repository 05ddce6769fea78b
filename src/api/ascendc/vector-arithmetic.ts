/**
 * Vector compute in its three families (asc-devkit Memory矢量计算/基础算术, 逻辑计算, 数据填充):
 * each row carries the simulator's spec of its count form (operand kinds, the instruction the
 * CPU-debug assert names, the element function). The mask/repeat forms are in the signatures
 * because programs use them; the simulator does not check them yet and says so with a warning.
 */
import type { VectorArg, VectorOpSpec } from '../../sim/kernel/vector-ops.ts';
import { binaryOp, scalarOp, unaryOp } from '../../sim/kernel/vector-ops.ts';
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import {
	kernelApi,
	PER_STEP_COST,
	type ApiCall,
	type ApiDiagnosticCode,
	type KernelApiRow,
	type Localized,
} from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';

/** The operand checks every vector instruction makes. */
export const VECTOR_DIAGNOSTICS: readonly ApiDiagnosticCode[] = [
	'tensor-position-unsupported',
	'tensor-dtype-mismatch',
	'address-unaligned',
	'vector-count-exceeds-tensor',
	'memory-out-of-range',
	'tensor-use-after-free',
	'vector-call-shape',
];

const T = 'template <typename T>';
const TM = 'template <typename T, bool isSetMask = true>';
const INLINE = '__aicore__ inline void';
const DST = 'const LocalTensor<T>& dst';
const SRC = 'const LocalTensor<T>& src';

/** The three documented forms of a binary instruction (count, mask bits, continuous mask). */
function binaryForms(name: string): string[] {
	const ops = `${DST}, const LocalTensor<T>& src0, const LocalTensor<T>& src1`;
	const rep = 'const uint8_t repeatTime, const BinaryRepeatParams& repeatParams';
	return [
		`${T} ${INLINE} ${name}(${ops}, const int32_t& count)`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask[], ${rep})`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask, ${rep})`,
	];
}

/** The forms of an instruction with a scalar operand. */
function scalarForms(name: string): string[] {
	const ops = `${DST}, ${SRC}, const T& scalarValue`;
	const rep = 'const uint8_t repeatTime, const UnaryRepeatParams& repeatParams';
	return [
		`${TM} ${INLINE} ${name}(${ops}, const int32_t& count)`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask[], ${rep})`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask, ${rep})`,
	];
}

/** The forms of a unary instruction. */
function unaryForms(name: string): string[] {
	const ops = `${DST}, ${SRC}`;
	const rep = 'const uint8_t repeatTime, const UnaryRepeatParams& repeatParams';
	return [
		`${T} ${INLINE} ${name}(${ops}, const int32_t& count)`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask[], ${rep})`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask, ${rep})`,
	];
}

/**
 * Runs the instruction with `spec`, the count form's; the mask/repeat forms do not fit it, so
 * the simulator reports them as forms it does not check.
 */
export function runVector(spec: VectorOpSpec) {
	return (core: CoreContext, c: ApiCall): undefined => {
		core.vectorOp(c.site(), c.name, spec, c.args as VectorArg[]);
		return undefined;
	};
}

/** A vector instruction row. */
export function vectorApi(
	name: string,
	group: 'ascendc-vector-arithmetic' | 'ascendc-cast-compare-select',
	signature: readonly string[],
	spec: VectorOpSpec,
	doc: Localized,
	page: string,
): KernelApiRow {
	return kernelApi({
		name,
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		doc,
		source: ascendCDoc(`Memory矢量计算/${page}.md`),
		run: runVector(spec),
	});
}

const group = 'ascendc-vector-arithmetic';

const binary = (
	name: string,
	instr: string,
	f: (a: number, b: number) => number,
	doc: Localized,
	page = `基础算术/${name}`,
) => vectorApi(name, group, binaryForms(name), binaryOp(instr, f), doc, page);
const withScalar = (
	name: string,
	instr: string,
	f: (a: number, s: number) => number,
	doc: Localized,
) =>
	vectorApi(
		name,
		group,
		scalarForms(name),
		scalarOp(instr, (a, _b, s) => f(a, s)),
		doc,
		`基础算术/${name}`,
	);
const unary = (
	name: string,
	instr: string,
	f: (a: number) => number,
	doc: Localized,
	page = `基础算术/${name}`,
) => vectorApi(name, group, unaryForms(name), unaryOp(instr, f), doc, page);

/** The vector arithmetic, logic and fill rows. */
export const VECTOR_ARITHMETIC_APIS: readonly KernelApiRow[] = [
	binary('Add', 'vadd', (a, b) => a + b, {
		zh: '按元素相加：dst = src0 + src1。',
		en: 'Element-wise sum: dst = src0 + src1.',
	}),
	binary('Sub', 'vsub', (a, b) => a - b, {
		zh: '按元素相减：dst = src0 - src1。',
		en: 'Element-wise difference: dst = src0 - src1.',
	}),
	binary('Mul', 'vmul', (a, b) => a * b, {
		zh: '按元素相乘：dst = src0 * src1。',
		en: 'Element-wise product: dst = src0 * src1.',
	}),
	binary('Div', 'vdiv', (a, b) => a / b, {
		zh: '按元素相除：dst = src0 / src1。',
		en: 'Element-wise quotient: dst = src0 / src1.',
	}),
	binary('Max', 'vmax', (a, b) => Math.max(a, b), {
		zh: '按元素取较大值。',
		en: 'Element-wise maximum.',
	}),
	binary('Min', 'vmin', (a, b) => Math.min(a, b), {
		zh: '按元素取较小值。',
		en: 'Element-wise minimum.',
	}),
	binary(
		'And',
		'vand',
		(a, b) => a & b,
		{ zh: '按元素按位与。', en: 'Element-wise bitwise AND.' },
		'逻辑计算/And',
	),
	binary(
		'Or',
		'vor',
		(a, b) => a | b,
		{ zh: '按元素按位或。', en: 'Element-wise bitwise OR.' },
		'逻辑计算/Or',
	),
	withScalar('Adds', 'vadds', (a, s) => a + s, {
		zh: '每个元素加上同一个标量。',
		en: 'Adds one scalar to every element.',
	}),
	withScalar('Muls', 'vmuls', (a, s) => a * s, {
		zh: '每个元素乘以同一个标量。',
		en: 'Multiplies every element by one scalar.',
	}),
	withScalar('Maxs', 'vmaxs', (a, s) => Math.max(a, s), {
		zh: '每个元素与标量取较大值。',
		en: 'The larger of each element and a scalar.',
	}),
	withScalar('Mins', 'vmins', (a, s) => Math.min(a, s), {
		zh: '每个元素与标量取较小值。',
		en: 'The smaller of each element and a scalar.',
	}),
	withScalar('LeakyRelu', 'vlrelu', (a, s) => (a >= 0 ? a : a * s), {
		zh: '带泄漏的 ReLU：负数乘以标量 scalarValue，非负数不变。',
		en: 'Leaky ReLU: negative elements are multiplied by scalarValue, the rest kept.',
	}),
	unary('Exp', 'vexp', (a) => Math.exp(a), {
		zh: '按元素求 e 的幂。',
		en: 'Element-wise e to the power.',
	}),
	unary('Ln', 'vln', (a) => Math.log(a), {
		zh: '按元素求自然对数。',
		en: 'Element-wise natural logarithm.',
	}),
	unary('Abs', 'vabs', (a) => Math.abs(a), {
		zh: '按元素求绝对值。',
		en: 'Element-wise absolute value.',
	}),
	unary('Reciprocal', 'vrec', (a) => 1 / a, {
		zh: '按元素求倒数。',
		en: 'Element-wise reciprocal.',
	}),
	unary('Sqrt', 'vsqrt', (a) => Math.sqrt(a), {
		zh: '按元素开平方。',
		en: 'Element-wise square root.',
	}),
	unary('Rsqrt', 'vrsqrt', (a) => 1 / Math.sqrt(a), {
		zh: '按元素求平方根的倒数。',
		en: 'Element-wise reciprocal square root.',
	}),
	unary('Relu', 'vrelu', (a) => Math.max(0, a), {
		zh: '按元素 ReLU：负数置 0。',
		en: 'Element-wise ReLU: negatives become 0.',
	}),
	unary(
		'Not',
		'vnot',
		(a) => ~a,
		{ zh: '按元素按位取反。', en: 'Element-wise bitwise NOT.' },
		'逻辑计算/Not',
	),
	vectorApi(
		'Duplicate',
		group,
		[
			`${T} ${INLINE} Duplicate(${DST}, const T& scalarValue, const int32_t& count)`,
			`${TM} ${INLINE} Duplicate(${DST}, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride)`,
			`${TM} ${INLINE} Duplicate(${DST}, const T& scalarValue, uint64_t mask, const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride)`,
		],
		{ form: ['dst', 'scalar', 'count'], instr: 'vector_dup', compute: (_a, _b, s) => s },
		{
			zh: '把同一个标量填满 tensor 的前 count 个元素。',
			en: 'Fills the first count elements with one scalar.',
		},
		'数据填充/Duplicate',
	),
];
