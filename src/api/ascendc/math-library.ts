/**
 * The element-wise functions of the Ascend C math library (高阶 API 数学计算 and the activations
 * community kernels call most: Sigmoid, Tanh, Log/Log2/Log10, the trigonometric and hyperbolic
 * functions, Floor/Ceil/Trunc/Round/Frac/Sign, Silu, Gelu, Swish, Power), each with the forms
 * of its reference page (asc-devkit docs/api/context/<Name>.md at 8b18dbce): with or without
 * `sharedTmpBuffer`, with or without `calCount` (without it the whole source tensor).
 *
 * Products follow the pages' 产品支持情况 tables at asc-devkit 0da921b9 (the pre-rename pages under
 * docs/api/context list only A2/A3): Atlas A2, A3 and the inference series AI Core, plus the
 * training series for Sigmoid and 200I/500 A2 for Floor; on another product a call stops at
 * `api-not-on-product`. The types are half and float. Each function is computed as a double and rounded once to the element
 * type; the library's own polynomial approximations may differ in the last bits, and Gelu is
 * the tanh-form approximation the sample's golden uses (asc-devkit
 * examples/01_simd_cpp_api/04_advanced_api/01_activation/gelu/scripts/gen_data.py).
 * `sharedTmpBuffer` is accepted and not written (the simulator needs no scratch space).
 */
import { countShape } from '../../sim/kernel/vector-shape.ts';
import type { DTypeRule, ElementFn, VectorOpSpec } from '../../sim/kernel/vector-ops.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { asElement } from '../../sim/kernel/byte-store.ts';
import type { ProductId } from '../../sim/product-id.ts';
import { kernelApi, PER_STEP_COST, type KernelApiRow, type Localized } from '../api-row.ts';
import { parseSignature, type ApiSignature } from '../signature.ts';
import { ascendCContextDoc } from '../sources.ts';
import { frameFuncOf, traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

/** half and float (数据类型 of every page). */
const FLOATS: DTypeRule = { all: ['half', 'float'] };

/** The products most pages mark 支持; `EXTRA_PRODUCTS` adds the rest by function. */
const PRODUCTS: readonly ProductId[] = ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore'];
const EXTRA_PRODUCTS: Readonly<Record<string, readonly ProductId[]>> = {
	Sigmoid: ['atlas-training'],
	Floor: ['atlas-200i-500-a2'],
};

const TEMPLATE = 'template <typename T, bool isReuseSource = false> __aicore__ inline void';
const TMP = 'const LocalTensor<uint8_t>& sharedTmpBuffer';

/** Which of the documented parameter lists a function has. */
type FormSet = 'all4' | 'count-only' | 'tmp-count' | 'data-size' | 'gelu' | 'swish' | 'power';

function forms(name: string, set: FormSet): string[] {
	const u = `${TEMPLATE} ${name}(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor`;
	const l = `${TEMPLATE} ${name}(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal`;
	switch (set) {
		case 'all4':
			return [
				`${u}, ${TMP}, const uint32_t calCount)`,
				`${u}, ${TMP})`,
				`${u}, const uint32_t calCount)`,
				`${u})`,
			];
		case 'count-only':
			return [`${u}, uint32_t calCount)`, `${u})`];
		case 'tmp-count':
			return [`${u}, ${TMP}, const uint32_t calCount)`, `${u}, const uint32_t calCount)`];
		case 'data-size':
			return [`${l}, uint32_t dataSize)`];
		case 'gelu': {
			const g = `template <typename T, bool highPrecision = false, bool highPerformance = false> __aicore__ inline void Gelu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal`;
			return [`${g}, const uint32_t dataSize)`, `${g}, ${TMP}, const uint32_t dataSize)`];
		}
		case 'swish':
			return [`${l}, uint32_t dataSize, const T scalarValue)`];
		case 'power': {
			const p = `${TEMPLATE} Power(const LocalTensor<T>& dstTensor`;
			const pairs = [
				'const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor',
				'const LocalTensor<T>& src0Tensor, const T& src1Scalar',
				'const T& src0Scalar, const LocalTensor<T>& src1Tensor',
			];
			return pairs.flatMap((ops) => [
				`${p}, ${ops}, ${TMP}, uint32_t calCount)`,
				`${p}, ${ops}, ${TMP})`,
				`${p}, ${ops}, uint32_t calCount)`,
				`${p}, ${ops})`,
			]);
		}
	}
}

/** Where the operands of one form are. */
interface MathLayout {
	readonly sig: ApiSignature;
	readonly dst: number;
	/** Tensor sources in order (the temporary buffer excluded). */
	readonly srcs: readonly number[];
	/** `calCount` / `dataSize`, or -1 (then the first source's size). */
	readonly count: number;
	/** A scalar operand (`scalarValue`, `src1Scalar`, `src0Scalar`), or -1. */
	readonly scalar: number;
	/** The scalar is an operand (`src0Scalar`/`src1Scalar`), not a parameter (`scalarValue`). */
	readonly operandScalar: boolean;
	/** The scalar stands for the first operand (`Power(dst, src0Scalar, src1Tensor)`). */
	readonly scalarFirst: boolean;
}

function layoutOf(text: string): MathLayout {
	const sig = parseSignature(text);
	const at = (pred: (n: string) => boolean) => sig.params.findIndex((p) => pred(p.name));
	const tensors = sig.params.flatMap((p, i) =>
		p.base === 'LocalTensor' && p.name !== 'sharedTmpBuffer' ? [i] : [],
	);
	const scalar = at((n) => n === 'scalarValue' || n.endsWith('Scalar'));
	return {
		sig,
		dst: tensors[0]!,
		srcs: tensors.slice(1),
		count: at((n) => n === 'calCount' || n === 'dataSize'),
		scalar,
		operandScalar: scalar >= 0 && sig.params[scalar]!.name.endsWith('Scalar'),
		scalarFirst: scalar >= 0 && sig.params[scalar]!.name === 'src0Scalar',
	};
}

/** One math-library function: its name, forms, element function and reference page. */
function mathApi(
	name: string,
	set: FormSet,
	compute: ElementFn,
	doc: Localized,
	page = name,
): KernelApiRow {
	const signature = forms(name, set);
	const layouts = signature.map(layoutOf);
	const spec: VectorOpSpec = { instr: name.toLowerCase(), compute, dtypes: FLOATS };
	return kernelApi({
		name,
		group: 'ascendc-math-library',
		signature,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		products: [...PRODUCTS, ...(EXTRA_PRODUCTS[name] ?? [])],
		doc,
		source: ascendCContextDoc(page),
		run: (core, c) => {
			const layout = layouts[c.form]!;
			const dst = c.args[layout.dst] as LocalTensor;
			const srcs = layout.srcs.map((i, k) => ({
				role: layout.srcs.length > 1 ? `src${k}` : 'src',
				tensor: c.args[i] as LocalTensor,
			}));
			const count =
				layout.count >= 0 ? Number(c.args[layout.count]) : (srcs[0]?.tensor.size ?? dst.size);
			// Power's scalar forms: the scalar stands in for the missing tensor operand.
			const ordered: VectorOpSpec = !layout.operandScalar
				? spec
				: layout.scalarFirst
					? { ...spec, compute: (a, _b, s, d, i) => compute(s, a, 0, d, i) }
					: { ...spec, compute: (a, _b, s, d, i) => compute(a, s, 0, d, i) };
			core.vector(c.site(), {
				name: c.name,
				spec: ordered,
				dst: { role: 'dst', tensor: dst },
				srcs,
				...(layout.scalar >= 0
					? { scalar: asElement(dst.dtype, Number(c.args[layout.scalar])) }
					: {}),
				shape: countShape(count),
				style: 'calcount',
				frameFunc: () => frameFuncOf(c.name, layout.sig, dst.dtype.demangled),
				traceArgs: c.args.map(traceArg),
			});
			return undefined;
		},
	});
}

const APPROX = {
	zh: '模拟器按双精度计算后舍入一次到元素类型，与数学库的近似实现可能在最后几位不同。',
	en: 'The simulator computes in double precision and rounds once to the element type; the library’s approximation may differ in the last bits.',
};
const EXACT_INT = {
	zh: '结果是整数值，以元素类型保存（精确）。',
	en: 'The result is an integral value stored in the element type (exact).',
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Rounds half away from zero, as Round.md's examples read (Round(3.5) = 4, Round(-3.4) = -3). */
function roundHalfAway(x: number): number {
	return Math.sign(x) * Math.round(Math.abs(x));
}

/** Every math-library row. */
export const MATH_LIBRARY_APIS: readonly KernelApiRow[] = [
	mathApi('Sigmoid', 'all4', (a) => sigmoid(a), {
		zh: `按元素求 Sigmoid：1 / (1 + e^(−x))。${APPROX.zh}`,
		en: `Element-wise sigmoid: 1 / (1 + e^(−x)). ${APPROX.en}`,
	}),
	mathApi('Tanh', 'all4', (a) => Math.tanh(a), {
		zh: `按元素求双曲正切。${APPROX.zh}`,
		en: `Element-wise hyperbolic tangent. ${APPROX.en}`,
	}),
	mathApi('Log', 'count-only', (a) => Math.log(a), {
		zh: `按元素求自然对数（负数得 NaN，0 得负无穷）。${APPROX.zh}`,
		en: `Element-wise natural logarithm (NaN for negatives, −∞ for 0). ${APPROX.en}`,
	}),
	mathApi(
		'Log2',
		'all4',
		(a) => Math.log2(a),
		{
			zh: `按元素求以 2 为底的对数。${APPROX.zh}`,
			en: `Element-wise base-2 logarithm. ${APPROX.en}`,
		},
		'Log',
	),
	mathApi(
		'Log10',
		'count-only',
		(a) => Math.log10(a),
		{
			zh: `按元素求以 10 为底的对数。${APPROX.zh}`,
			en: `Element-wise base-10 logarithm. ${APPROX.en}`,
		},
		'Log',
	),
	mathApi('Sin', 'all4', (a) => Math.sin(a), {
		zh: `按元素求正弦（弧度）。${APPROX.zh}`,
		en: `Element-wise sine (radians). ${APPROX.en}`,
	}),
	mathApi('Cos', 'all4', (a) => Math.cos(a), {
		zh: `按元素求余弦（弧度）。${APPROX.zh}`,
		en: `Element-wise cosine (radians). ${APPROX.en}`,
	}),
	mathApi('Tan', 'all4', (a) => Math.tan(a), {
		zh: `按元素求正切（弧度）。${APPROX.zh}`,
		en: `Element-wise tangent (radians). ${APPROX.en}`,
	}),
	mathApi('Asin', 'all4', (a) => Math.asin(a), {
		zh: `按元素求反正弦（超出 [−1, 1] 得 NaN）。${APPROX.zh}`,
		en: `Element-wise arcsine (NaN outside [−1, 1]). ${APPROX.en}`,
	}),
	mathApi('Acos', 'all4', (a) => Math.acos(a), {
		zh: `按元素求反余弦（超出 [−1, 1] 得 NaN）。${APPROX.zh}`,
		en: `Element-wise arccosine (NaN outside [−1, 1]). ${APPROX.en}`,
	}),
	mathApi('Atan', 'all4', (a) => Math.atan(a), {
		zh: `按元素求反正切。${APPROX.zh}`,
		en: `Element-wise arctangent. ${APPROX.en}`,
	}),
	mathApi('Sinh', 'all4', (a) => Math.sinh(a), {
		zh: `按元素求双曲正弦。${APPROX.zh}`,
		en: `Element-wise hyperbolic sine. ${APPROX.en}`,
	}),
	mathApi('Cosh', 'all4', (a) => Math.cosh(a), {
		zh: `按元素求双曲余弦。${APPROX.zh}`,
		en: `Element-wise hyperbolic cosine. ${APPROX.en}`,
	}),
	mathApi('Floor', 'tmp-count', (a) => Math.floor(a), {
		zh: `按元素向负无穷取整。${EXACT_INT.zh}`,
		en: `Element-wise rounding toward −∞. ${EXACT_INT.en}`,
	}),
	mathApi('Ceil', 'tmp-count', (a) => Math.ceil(a), {
		zh: `按元素向正无穷取整。${EXACT_INT.zh}`,
		en: `Element-wise rounding toward +∞. ${EXACT_INT.en}`,
	}),
	mathApi('Trunc', 'all4', (a) => Math.trunc(a), {
		zh: `按元素向零取整。${EXACT_INT.zh}`,
		en: `Element-wise rounding toward zero. ${EXACT_INT.en}`,
	}),
	mathApi('Round', 'tmp-count', roundHalfAway, {
		zh: `按元素四舍五入到整数（参考页的例子：Round(3.5) = 4，Round(−3.4) = −3；恰在中点时远离零）。${EXACT_INT.zh}`,
		en: `Element-wise rounding to the nearest integer (the page’s examples: Round(3.5) = 4, Round(−3.4) = −3; halves away from zero). ${EXACT_INT.en}`,
	}),
	mathApi('Frac', 'all4', (a) => a - Math.trunc(a), {
		zh: '按元素取小数部分：x − Trunc(x)（与 x 同号，精确）。',
		en: 'Element-wise fractional part: x − Trunc(x) (same sign as x, exact).',
	}),
	mathApi('Sign', 'all4', (a) => (a > 0 ? 1 : a < 0 ? -1 : 0), {
		zh: '按元素取符号：正数 1，负数 −1，0 得 0。',
		en: 'Element-wise sign: 1 for positives, −1 for negatives, 0 for 0.',
	}),
	mathApi('Silu', 'data-size', (a) => a * sigmoid(a), {
		zh: `按元素求 SiLU：x · Sigmoid(x)。${APPROX.zh}`,
		en: `Element-wise SiLU: x · sigmoid(x). ${APPROX.en}`,
	}),
	mathApi(
		'Gelu',
		'gelu',
		(a) => a / (1 + Math.exp(-1.5957691216057308 * (a + 0.044715 * a ** 3))),
		{
			zh: `按元素求 GELU 的 tanh 近似：x / (1 + e^(−1.5957691216057308·(x + 0.044715·x³)))（与样例 gen_data.py 的真值公式相同；highPrecision/highPerformance 不区分）。${APPROX.zh}`,
			en: `Element-wise GELU in its tanh approximation: x / (1 + e^(−1.5957691216057308·(x + 0.044715·x³))) (the formula of the sample’s gen_data.py golden; highPrecision/highPerformance are not told apart). ${APPROX.en}`,
		},
	),
	mathApi('Swish', 'swish', (a, _b, beta) => a * sigmoid(beta * a), {
		zh: `按元素求 Swish：x · Sigmoid(β·x)，β 为 scalarValue。${APPROX.zh}`,
		en: `Element-wise swish: x · sigmoid(β·x) with β = scalarValue. ${APPROX.en}`,
	}),
	mathApi('Power', 'power', (a, b) => a ** b, {
		zh: `按元素求幂 src0 ^ src1（张量与张量、张量与标量、标量与张量三种形式）。${APPROX.zh}`,
		en: `Element-wise power src0 ^ src1 (tensor–tensor, tensor–scalar and scalar–tensor forms). ${APPROX.en}`,
	}),
];
