/**
 * Vector compute in its families (asc-devkit Memory矢量计算/基础算术, 逻辑计算, 复合计算,
 * 数据填充): each row carries the simulator's spec (the instruction the CPU-debug check names,
 * the element types per product, the element function) and runs every documented form — the
 * count form, the mask-bit and the mask-count forms with their repeat strides — by reading the
 * arguments by the names of the signature they matched (vector-call.ts).
 *
 * The element types come from each API's reference page (数据类型 / "支持的数据类型为"). The
 * transcendental functions are computed as correctly rounded doubles, rounded once to the
 * element type: the hardware's approximations may differ in the last bits.
 */
import type { DTypeRule, ElementFn, VectorOpSpec } from '../../sim/kernel/vector-ops.ts';
import { intMul, shiftLeft, shiftRight } from '../../sim/kernel/vector-ops.ts';
import {
	kernelApi,
	PER_STEP_COST,
	type ApiDiagnosticCode,
	type KernelApiRow,
	type Localized,
} from '../api-row.ts';
import type { ProductId } from '../../sim/product-id.ts';
import { parseSignature } from '../signature.ts';
import { ascendCDoc } from '../sources.ts';
import { runVectorRow, vectorLayout } from './vector-call.ts';

/** The operand checks every vector instruction makes. */
export const VECTOR_DIAGNOSTICS: readonly ApiDiagnosticCode[] = [
	'tensor-position-unsupported',
	'tensor-dtype-mismatch',
	'vector-dtype-unsupported',
	'address-unaligned',
	'vector-count-exceeds-tensor',
	'memory-out-of-range',
	'tensor-use-after-free',
];

const T = 'template <typename T>';
const TM = 'template <typename T, bool isSetMask = true>';
const INLINE = '__aicore__ inline void';
const DST = 'const LocalTensor<T>& dst';
const SRC = 'const LocalTensor<T>& src';
const UNARY_REP = 'const uint8_t repeatTime, const UnaryRepeatParams& repeatParams';

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

/** The forms of an instruction with a scalar operand (`tail` adds trailing parameters). */
function scalarForms(name: string, tail = ''): string[] {
	const ops = `${DST}, ${SRC}, const T& scalarValue`;
	return [
		`${TM} ${INLINE} ${name}(${ops}, const int32_t& count)`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask[], ${UNARY_REP}${tail})`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask, ${UNARY_REP}${tail})`,
	];
}

/** The forms of a unary instruction. */
function unaryForms(name: string): string[] {
	const ops = `${DST}, ${SRC}`;
	return [
		`${T} ${INLINE} ${name}(${ops}, const int32_t& count)`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask[], ${UNARY_REP})`,
		`${TM} ${INLINE} ${name}(${ops}, uint64_t mask, ${UNARY_REP})`,
	];
}

/** A vector instruction row: its forms, spec and reference page; the run reads every form. */
export function vectorApi(
	name: string,
	group: 'ascendc-vector-arithmetic' | 'ascendc-cast-compare-select' | 'ascendc-data-movement',
	signature: readonly string[],
	spec: VectorOpSpec,
	doc: Localized,
	page: string,
	diagnostics: readonly ApiDiagnosticCode[] = VECTOR_DIAGNOSTICS,
	products?: readonly ProductId[],
): KernelApiRow {
	const layouts = signature.map((text) => vectorLayout(parseSignature(text)));
	return kernelApi({
		name,
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics,
		...(products ? { products } : {}),
		doc,
		source: ascendCDoc(`Memory矢量计算/${page}.md`),
		run: runVectorRow(spec, layouts),
	});
}

const group = 'ascendc-vector-arithmetic';

/** Types of Add, Sub, Mul, Max, Min: int16_t is not on the training series (Add.md). */
const ARITH: DTypeRule = {
	all: ['half', 'int16_t', 'int32_t', 'float'],
	byArch: { 1001: ['half', 'int32_t', 'float'] },
};
const SCALAR_ARITH: DTypeRule = { all: ['half', 'int16_t', 'int32_t', 'float'] };
const FLOATS: DTypeRule = { all: ['half', 'float'] };
const LOGIC: DTypeRule = { all: ['int16_t', 'uint16_t'] };
const SHIFT: DTypeRule = { all: ['uint16_t', 'int16_t', 'uint32_t', 'int32_t'] };

const spec = (instr: string, compute: ElementFn, dtypes?: DTypeRule, int?: ElementFn) => ({
	instr,
	compute,
	...(dtypes ? { dtypes } : {}),
	...(int ? { int } : {}),
});

const binary = (name: string, s: VectorOpSpec, doc: Localized, page = `基础算术/${name}`) =>
	vectorApi(name, group, binaryForms(name), s, doc, page);
const withScalar = (
	name: string,
	s: VectorOpSpec,
	doc: Localized,
	page = `基础算术/${name}`,
	tail = '',
) => vectorApi(name, group, scalarForms(name, tail), s, doc, page);
const unary = (name: string, s: VectorOpSpec, doc: Localized, page = `基础算术/${name}`) =>
	vectorApi(name, group, unaryForms(name), s, doc, page);

const TRANSCENDENTAL = {
	zh: '模拟器按双精度计算后舍入到元素类型，与硬件的近似实现可能在最后几位不同。',
	en: 'The simulator computes in double precision and rounds once to the element type; the hardware’s approximation may differ in the last bits.',
};

/** The vector arithmetic, logic and fill rows. */
export const VECTOR_ARITHMETIC_APIS: readonly KernelApiRow[] = [
	binary(
		'Add',
		spec('vadd', (a, b) => a + b, ARITH),
		{
			zh: '按元素相加：dst = src0 + src1（浮点按 IEEE 就近舍入到偶数，整数按位宽回绕）。',
			en: 'Element-wise sum: dst = src0 + src1 (floats round to nearest even as IEEE does, integers wrap).',
		},
	),
	binary(
		'Sub',
		spec('vsub', (a, b) => a - b, ARITH),
		{
			zh: '按元素相减：dst = src0 - src1。',
			en: 'Element-wise difference: dst = src0 - src1.',
		},
	),
	binary(
		'Mul',
		spec('vmul', (a, b) => a * b, ARITH, intMul),
		{
			zh: '按元素相乘：dst = src0 * src1（整数保留低位）。',
			en: 'Element-wise product: dst = src0 * src1 (integers keep the low bits).',
		},
	),
	binary(
		'Div',
		spec('vdiv', (a, b) => a / b, FLOATS),
		{
			zh: '按元素相除：dst = src0 / src1（IEEE 除法，除以 0 得到无穷大或 NaN）。',
			en: 'Element-wise quotient: dst = src0 / src1 (IEEE division: dividing by 0 gives infinity or NaN).',
		},
	),
	binary(
		'Max',
		spec('vmax', (a, b) => Math.max(a, b), ARITH),
		{
			zh: '按元素取较大值。',
			en: 'Element-wise maximum.',
		},
	),
	binary(
		'Min',
		spec('vmin', (a, b) => Math.min(a, b), ARITH),
		{
			zh: '按元素取较小值。',
			en: 'Element-wise minimum.',
		},
	),
	binary(
		'And',
		spec('vand', (a, b) => a & b, LOGIC),
		{ zh: '按元素按位与。', en: 'Element-wise bitwise AND.' },
		'逻辑计算/And',
	),
	binary(
		'Or',
		spec('vor', (a, b) => a | b, LOGIC),
		{ zh: '按元素按位或。', en: 'Element-wise bitwise OR.' },
		'逻辑计算/Or',
	),
	withScalar(
		'Adds',
		spec('vadds', (a, _b, s) => a + s, SCALAR_ARITH),
		{
			zh: '每个元素加上同一个标量。',
			en: 'Adds one scalar to every element.',
		},
	),
	withScalar(
		'Muls',
		spec(
			'vmuls',
			(a, _b, s) => a * s,
			SCALAR_ARITH,
			(a, _b, s) => intMul(a, s),
		),
		{
			zh: '每个元素乘以同一个标量。',
			en: 'Multiplies every element by one scalar.',
		},
	),
	withScalar(
		'Maxs',
		spec('vmaxs', (a, _b, s) => Math.max(a, s), SCALAR_ARITH),
		{
			zh: '每个元素与标量取较大值。',
			en: 'The larger of each element and a scalar.',
		},
	),
	withScalar(
		'Mins',
		spec('vmins', (a, _b, s) => Math.min(a, s), SCALAR_ARITH),
		{
			zh: '每个元素与标量取较小值。',
			en: 'The smaller of each element and a scalar.',
		},
	),
	withScalar(
		'LeakyRelu',
		spec('vlrelu', (a, _b, s) => (a >= 0 ? a : a * s), FLOATS),
		{
			zh: '带泄漏的 ReLU：负数乘以标量 scalarValue，非负数不变。',
			en: 'Leaky ReLU: negative elements are multiplied by scalarValue, the rest kept.',
		},
	),
	withScalar(
		'ShiftLeft',
		spec('vshl', (a, _b, s) => shiftLeft(a, s), SHIFT),
		{
			zh: '每个元素左移 scalarValue 位（按元素类型保留低位）。',
			en: 'Shifts every element left by scalarValue bits (keeping the element type’s low bits).',
		},
		'逻辑计算/ShiftLeft',
	),
	withScalar(
		'ShiftRight',
		spec('vshr', (a, _b, s) => shiftRight(a, s), SHIFT),
		{
			zh: '每个元素右移 scalarValue 位：有符号类型为算术右移，无符号类型为逻辑右移（roundEn 不模拟）。',
			en: 'Shifts every element right by scalarValue bits: arithmetic for signed types, logical for unsigned (roundEn is not modelled).',
		},
		'逻辑计算/ShiftRight',
		', bool roundEn = false',
	),
	unary(
		'Exp',
		spec('vexp', (a) => Math.exp(a), FLOATS),
		{
			zh: `按元素求 e 的幂。${TRANSCENDENTAL.zh}`,
			en: `Element-wise e to the power. ${TRANSCENDENTAL.en}`,
		},
	),
	unary(
		'Ln',
		spec('vln', (a) => Math.log(a), FLOATS),
		{
			zh: `按元素求自然对数（负数得 NaN，0 得负无穷）。${TRANSCENDENTAL.zh}`,
			en: `Element-wise natural logarithm (NaN for negatives, −∞ for 0). ${TRANSCENDENTAL.en}`,
		},
	),
	unary(
		'Abs',
		spec('vabs', (a) => Math.abs(a), FLOATS),
		{
			zh: '按元素求绝对值。',
			en: 'Element-wise absolute value.',
		},
	),
	unary(
		'Reciprocal',
		spec('vrec', (a) => 1 / a, FLOATS),
		{
			zh: `按元素求倒数。${TRANSCENDENTAL.zh}`,
			en: `Element-wise reciprocal. ${TRANSCENDENTAL.en}`,
		},
	),
	unary(
		'Sqrt',
		spec('vsqrt', (a) => Math.sqrt(a), FLOATS),
		{
			zh: '按元素开平方（IEEE 正确舍入）。',
			en: 'Element-wise square root (correctly rounded, as IEEE requires).',
		},
	),
	unary(
		'Rsqrt',
		spec('vrsqrt', (a) => 1 / Math.sqrt(a), FLOATS),
		{
			zh: `按元素求平方根的倒数。${TRANSCENDENTAL.zh}`,
			en: `Element-wise reciprocal square root. ${TRANSCENDENTAL.en}`,
		},
	),
	unary(
		'Relu',
		spec('vrelu', (a) => Math.max(0, a), { all: ['half', 'int32_t', 'float'] }),
		{
			zh: '按元素 ReLU：负数置 0。',
			en: 'Element-wise ReLU: negatives become 0.',
		},
	),
	unary(
		'Not',
		spec('vnot', (a) => ~a, LOGIC),
		{ zh: '按元素按位取反。', en: 'Element-wise bitwise NOT.' },
		'逻辑计算/Not',
	),
	vectorApi(
		'Axpy',
		group,
		[
			'template <typename T, typename U> __aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count)',
			`template <typename T, typename U, bool isSetMask = true> ${INLINE} Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask[], ${UNARY_REP})`,
			`template <typename T, typename U, bool isSetMask = true> ${INLINE} Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask, ${UNARY_REP})`,
		],
		{
			instr: 'vaxpy',
			compute: (a, _b, s, d) => a * s + d,
			dtypes: FLOATS,
			readsDst: true,
			mixed: true,
		},
		{
			zh: '目的操作数加上源操作数与标量之积：dst = src * scalarValue + dst；src 为 half、dst 为 float 时按 float 累加（每次迭代 64 个元素）。模拟器对乘加只舍入一次，硬件可能先对乘积舍入。',
			en: 'Adds the source times a scalar to the destination: dst = src * scalarValue + dst; with a half src and a float dst it accumulates in float (64 elements a repeat). The simulator rounds the multiply-add once; the hardware may round the product first.',
		},
		'复合计算/Axpy',
	),
	vectorApi(
		'Duplicate',
		group,
		[
			`${T} ${INLINE} Duplicate(${DST}, const T& scalarValue, const int32_t& count)`,
			`${TM} ${INLINE} Duplicate(${DST}, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride)`,
			`${TM} ${INLINE} Duplicate(${DST}, const T& scalarValue, uint64_t mask, const uint8_t repeatTime, const uint16_t dstBlockStride, const uint8_t dstRepeatStride)`,
		],
		{
			instr: 'vector_dup',
			compute: (_a, _b, s) => s,
			dtypes: {
				all: ['int16_t', 'uint16_t', 'half', 'bfloat16_t', 'int32_t', 'uint32_t', 'float'],
			},
		},
		{
			zh: '把同一个标量写入 tensor 的前 count 个元素（或 mask 选中的元素）。',
			en: 'Writes one scalar to the first count elements (or the elements the mask selects).',
		},
		'数据填充/Duplicate',
	),
	vectorApi(
		'CreateVecIndex',
		group,
		[
			'template <typename T> __aicore__ inline void CreateVecIndex(LocalTensor<T> dst, const T &firstValue, uint32_t count)',
			'template <typename T> __aicore__ inline void CreateVecIndex(LocalTensor<T> &dst, const T &firstValue, uint64_t mask[], uint8_t repeatTime, uint16_t dstBlkStride, uint8_t dstRepStride)',
			'template <typename T> __aicore__ inline void CreateVecIndex(LocalTensor<T> &dst, const T &firstValue, uint64_t mask, uint8_t repeatTime, uint16_t dstBlkStride, uint8_t dstRepStride)',
		],
		{
			instr: 'vci',
			compute: (_a, _b, s, _d, i) => s + i,
			dtypes: { all: ['int16_t', 'half', 'int32_t', 'float'] },
		},
		{
			zh: '写入从 firstValue 起逐个加 1 的序列：dst[i] = firstValue + i（高维切分时 i 为元素在各次迭代中的序号）。',
			en: 'Writes the sequence firstValue, firstValue + 1, …: dst[i] = firstValue + i (in the mask forms, i counts the element’s place across repeats).',
		},
		'数据填充/CreateVecIndex',
	),
];
