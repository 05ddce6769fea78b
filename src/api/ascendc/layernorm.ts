/**
 * LayerNorm (asc-devkit docs/zh/api/SIMD-API/高阶API/归一化操作/LayerNorm.md at 0da921b9), both
 * documented interfaces:
 *
 * - [B, S, H]: each of the B·S rows (hLength elements apart) is normalised over its first
 *   originalHLength elements (hLength when the tiling gives no original length):
 *   out = (x − mean) / √(variance + ε) · γ + β, with the row's mean and variance written to
 *   outputMean / outputVariance ([B, S], the element type of x);
 * - [A, R]: each of the aLength rows (rLengthWithPadding apart) over its rLength elements, with
 *   the row's mean and 1 / √(variance + ε) (rstd) written as float; γ and β may be wider than x.
 *
 * Variance is the population variance (Σ(x − mean)² / n), as the page's formula divides by the
 * axis length. Each row is computed in double and every stored value rounded once: the library
 * computes in the element type with its own Rsqrt (or Ln/Exp), so results may differ in the last
 * bits. `sharedTmpBuffer` is accepted and not written.
 *
 * The [A, R] form's LayerNormConfig (a template argument; LNCFG_NORM when left out): `isNoBeta`
 * drops β and `isNoGamma` drops γ (the library's Normalize with NLCFG_NOBETA / NLCFG_NOGAMMA /
 * NLCFG_NOOPT, impl/adv_api/detail/normalization/layernorm/layernorm_common_impl.h);
 * `isOnlyOutput` supports only false ("当前该参数仅支持取值为false"); `isOutputRstd = false`
 * (the variance) is an Ascend 950PR/950DT feature: elsewhere the implementation never reads it
 * and writes rstd, which `config-ignored-on-product` points out.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import type { MemoryAccess } from '../../sim/kernel/memory-access.ts';
import {
	checkLocalOperand,
	checkParamOneOf,
	type CheckContext,
} from '../../sim/kernel/operand-checks.ts';
import type { CallSite } from '../../sim/trace.ts';
import {
	checkVectorPosition,
	dtypeUnsupported,
	vectorCheckContext,
} from '../../sim/kernel/vector-instruction.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { structValue } from '../api-types.ts';
import { parseSignature } from '../signature.ts';
import { ascendCAdvancedDoc } from '../sources.ts';
import { frameFuncOf, traceArg } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

const LT = (t: string, name: string) => `const LocalTensor<${t}>& ${name}`;
const TMP = LT('uint8_t', 'sharedTmpBuffer');
const BSH_HEAD = `template <typename T, bool isReuseSource = false> __aicore__ inline void LayerNorm(${LT('T', 'output')}, ${LT('T', 'outputMean')}, ${LT('T', 'outputVariance')}, ${LT('T', 'inputX')}, ${LT('T', 'gamma')}, ${LT('T', 'beta')}`;
const AR_HEAD = `template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM> __aicore__ inline void LayerNorm(${LT('T', 'output')}, ${LT('float', 'outputMean')}, ${LT('float', 'outputRstd')}, ${LT('T', 'inputX')}, ${LT('U', 'gamma')}, ${LT('U', 'beta')}, const float epsilon`;
const AR_TAIL = 'const LayerNormPara& para, const LayerNormSeparateTiling& tiling)';

const SIGNATURES = [
	`${BSH_HEAD}, ${TMP}, const T epsilon, LayerNormTiling& tiling)`,
	`${BSH_HEAD}, const T epsilon, LayerNormTiling& tiling)`,
	`${AR_HEAD}, ${TMP}, ${AR_TAIL}`,
	`${AR_HEAD}, ${AR_TAIL}`,
];
const PARSED = SIGNATURES.map((s) => parseSignature(s));

/** The LayerNormConfig a call runs with. */
interface LayerNormOptions {
	readonly noBeta: boolean;
	readonly noGamma: boolean;
	readonly onlyOutput: boolean;
	readonly outputRstd: boolean;
}

/** LNCFG_NORM (layernorm_normal_config.h): β and γ used, every output, rstd. */
const LNCFG_NORM: LayerNormOptions = {
	noBeta: false,
	noGamma: false,
	onlyOutput: false,
	outputRstd: true,
};

function optionsOf(c: ApiCall): LayerNormOptions {
	const v = c.form >= 2 ? c.targs[3] : undefined;
	if (typeof v !== 'object' || v === null) return LNCFG_NORM;
	const on = (name: string, fallback: boolean) =>
		v[name] === undefined ? fallback : Number(v[name]) !== 0;
	return {
		noBeta: on('isNoBeta', false),
		noGamma: on('isNoGamma', false),
		onlyOutput: on('isOnlyOutput', false),
		outputRstd: on('isOutputRstd', true),
	};
}

/** One LayerNorm call's rows: how many, their pitch, the elements each covers. */
interface RowShape {
	readonly rows: number;
	readonly pitch: number;
	readonly n: number;
	/** Whether the second statistic is rstd (the [A, R] form) rather than the variance. */
	readonly rstd: boolean;
}

function num(v: unknown): number {
	const n = Number(v);
	return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

function shapeOf(c: ApiCall, arg: (name: string) => unknown, x: LocalTensor): RowShape {
	if (c.form < 2) {
		const t = structValue('LayerNormTiling', arg('tiling'));
		const pitch = num(t.hLength) || x.size;
		const n = Math.min(pitch, num(t.originalHLength) || pitch);
		const rows = num(t.bLength) * num(t.sLength) || Math.floor(x.size / Math.max(1, pitch));
		return { rows, pitch, n, rstd: false };
	}
	const p = structValue('LayerNormPara', arg('para'));
	const pitch = num(p.rLengthWithPadding) || num(p.rLength) || x.size;
	const n = Math.min(pitch, num(p.rLength) || pitch);
	return { rows: num(p.aLength) || 1, pitch, n, rstd: true };
}

function run(core: CoreContext, c: ApiCall): undefined {
	const sig = PARSED[c.form]!;
	const arg = (name: string) => c.args[sig.params.findIndex((p) => p.name === name)];
	const out = arg('output') as LocalTensor;
	const x = arg('inputX') as LocalTensor;
	const gamma = arg('gamma') as LocalTensor;
	const beta = arg('beta') as LocalTensor;
	const mean = arg('outputMean') as LocalTensor;
	const second = (arg('outputVariance') ?? arg('outputRstd')) as LocalTensor;
	const eps = Number(arg('epsilon'));
	const shape = shapeOf(c, arg, x);
	const site = c.site();
	const call = `LayerNorm<${x.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, 'LayerNorm', { instr: 'layernorm' }, 'calcount', () =>
		frameFuncOf('LayerNorm', sig, x.dtype.demangled),
	);
	const options = optionsOf(c);
	if (c.form >= 2) configChecks(core, site, ctx, options);
	const operands = [
		['output', out, 'write', shape.rows * shape.pitch],
		['outputMean', mean, 'write', shape.rows],
		[shape.rstd ? 'outputRstd' : 'outputVariance', second, 'write', shape.rows],
		['inputX', x, 'read', shape.rows * shape.pitch],
		...(options.noGamma ? [] : [['gamma', gamma, 'read', shape.n] as const]),
		...(options.noBeta ? [] : [['beta', beta, 'read', shape.n] as const]),
	] as const;
	for (const [role, t] of operands) checkVectorPosition(core, site, ctx, role, t);
	for (const t of [x, gamma]) {
		if (t.dtype.name !== 'half' && t.dtype.name !== 'float')
			dtypeUnsupported(core, site, ctx, t.dtype.name, ['half', 'float']);
	}
	const accesses: MemoryAccess[] = operands.map(([role, tensor, kind, count]) =>
		checkLocalOperand(core, site, ctx, {
			role,
			tensor,
			kind,
			extent: count * tensor.dtype.bytes,
			limit: 'tensor',
		}),
	);
	core.observeAccess(site, call, accesses);
	const read = (t: LocalTensor, i: number) =>
		core.storeOf(t.hardware).get(t.dtype, t.address + i * t.dtype.bytes);
	const write = (t: LocalTensor, i: number, v: number) =>
		core.storeOf(t.hardware).set(t.dtype, t.address + i * t.dtype.bytes, v);
	const g = Array.from({ length: shape.n }, (_, i) => (options.noGamma ? 1 : read(gamma, i)));
	const b = Array.from({ length: shape.n }, (_, i) => (options.noBeta ? 0 : read(beta, i)));
	const row = new Float64Array(shape.n);
	for (let r = 0; r < shape.rows; r++) {
		let total = 0;
		for (let i = 0; i < shape.n; i++) {
			row[i] = read(x, r * shape.pitch + i);
			total += row[i]!;
		}
		const mu = total / shape.n;
		let squares = 0;
		for (let i = 0; i < shape.n; i++) squares += (row[i]! - mu) ** 2;
		const variance = squares / shape.n;
		const rstd = 1 / Math.sqrt(variance + eps);
		for (let i = 0; i < shape.n; i++)
			write(out, r * shape.pitch + i, (row[i]! - mu) * rstd * g[i]! + b[i]!);
		write(mean, r, mu);
		write(second, r, shape.rstd ? rstd : variance);
	}
	core.record(site, call, c.args.map(traceArg), `${shape.rows}×${shape.n}`);
	return undefined;
}

/** What the configuration asks for that this product does not do. */
function configChecks(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	options: LayerNormOptions,
): void {
	checkParamOneOf(core, site, ctx, {
		param: 'config.isOnlyOutput',
		value: Number(options.onlyOutput),
		allowed: [0],
	});
	if (!options.outputRstd)
		core.trace.diagnose(site, 'config-ignored-on-product', {
			call: ctx.call,
			field: 'config.isOutputRstd',
			value: 'false',
			products: 'Ascend 950PR/Ascend 950DT',
			product: core.productName,
			effective: 'rstd = 1/√(variance + ε)',
		});
}

/** The LayerNorm row. */
export const LAYERNORM_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'LayerNorm',
		group: 'ascendc-math-library',
		signature: SIGNATURES,
		cost: PER_STEP_COST,
		diagnostics: [...VECTOR_DIAGNOSTICS, 'param-value-invalid', 'config-ignored-on-product'],
		products: ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore'],
		doc: {
			zh: '按尾轴做 LayerNorm：out = (x − mean) / √(variance + ε) · γ + β。[B, S, H] 形式按 LayerNormTiling 的 bLength×sLength 行、每行 hLength 个元素，对前 originalHLength 个元素求均值和方差（写入 outputMean、outputVariance）；[A, R] 形式按 LayerNormPara，每行写出均值和 rstd = 1/√(variance + ε)（float）。方差为总体方差。模拟器按双精度计算、每个存储值舍入一次，与库的实现可能在最后几位不同；sharedTmpBuffer 不写入。[A, R] 形式的模板参数 LayerNormConfig：isNoBeta / isNoGamma 为 true 时不使用 β / γ；isOnlyOutput 只支持 false；isOutputRstd = false（输出方差）只在 Ascend 950PR/950DT 上生效，这里模拟的产品仍输出 rstd，并给出警告。',
			en: 'LayerNorm over the last axis: out = (x − mean) / √(variance + ε) · γ + β. The [B, S, H] form takes bLength×sLength rows of hLength elements from LayerNormTiling and normalises each over its first originalHLength elements (mean and variance to outputMean and outputVariance); the [A, R] form takes its shape from LayerNormPara and writes each row’s mean and rstd = 1/√(variance + ε) as float. The variance is the population variance. The simulator computes in double and rounds each stored value once, so the library’s results may differ in the last bits; sharedTmpBuffer is not written. The [A, R] form’s LayerNormConfig template argument: isNoBeta / isNoGamma leave β / γ out; isOnlyOutput supports only false; isOutputRstd = false (the variance) takes effect only on Ascend 950PR/950DT, so the products simulated here still write rstd, with a warning.',
		},
		source: ascendCAdvancedDoc('归一化操作/LayerNorm.md'),
		run,
	}),
];
