/**
 * Cube (matrix) compute (asc-devkit docs/api/context/Load2D.md, Mmad.md and Fixpipe.md at
 * 8b18dbce): LoadData moves 512-byte fractals from L1 (or GM) to L0A/L0B, Mmad multiplies the
 * fractal layouts into L0C, and Fixpipe moves the result out to GM as ND or NZ, converting on
 * the way (sim/kernel/cube.ts).
 */
import { fixpipe, loadData2d, mmad } from '../../sim/kernel/cube.ts';
import type { GlobalTensor } from '../../sim/kernel/global-tensor.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { kernelApi, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { structValue } from '../api-types.ts';
import { ascendCContextDoc } from '../sources.ts';
import { quantOf } from './data-movement.ts';
import { traceArg } from './vector-call.ts';

const group = 'ascendc-cube';
const CHECKS = [
	'tensor-position-unsupported',
	'tensor-dtype-mismatch',
	'address-unaligned',
	'tensor-out-of-bounds',
	'memory-out-of-range',
	'gm-out-of-bounds',
	'global-tensor-unset',
	'tensor-use-after-free',
] as const;

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** CO2Layout::NZ as the FixpipeConfig constants number it (api-structs.ts). */
const CFG_NZ = 0;

/** The cube rows. */
export const CUBE_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'LoadData',
		group,
		signature: [
			'template <typename T> __aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& loadDataParams)',
			'template <typename T> __aicore__ inline void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& loadDataParams)',
		],
		cost: PER_STEP_COST,
		diagnostics: CHECKS,
		doc: {
			zh: '二维搬运：以 512 字节分形为单位，把源（A1/B1 或 GM）中从第 startIndex 个分形起、每次跨 srcStride 个分形的 repeatTimes 个分形搬到目的（A2/B2），目的分形之间隔 dstGap 个分形；ifTranspose 为 true 时每个 16×16 分形转置（仅 16 位类型）。',
			en: 'The 2-D load: moves repeatTimes fractals of 512 bytes from the source (A1/B1 or GM), starting at fractal startIndex and srcStride fractals apart, to the destination (A2/B2), dstGap fractals between them; ifTranspose transposes each 16×16 fractal (16-bit types only).',
		},
		source: ascendCContextDoc('Load2D'),
		run: (core, c) => {
			const p = structValue('LoadData2DParams', c.args[2]);
			loadData2d(
				core,
				c.site(),
				c.args[0] as LocalTensor,
				c.args[1] as LocalTensor | GlobalTensor,
				{
					startIndex: num(p.startIndex),
					repeatTimes: num(p.repeatTimes),
					srcStride: num(p.srcStride),
					dstGap: num(p.dstGap),
					ifTranspose: num(p.ifTranspose) !== 0,
				},
				c.args.map(traceArg),
			);
			return undefined;
		},
	}),
	kernelApi({
		name: 'Mmad',
		group,
		signature: [
			'template <typename T, typename U, typename S> __aicore__ inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& mmadParams)',
			'template <typename T, typename U, typename S, typename V> __aicore__ inline void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const LocalTensor<V>& bias, const MmadParams& mmadParams)',
		],
		cost: PER_STEP_COST,
		diagnostics: CHECKS,
		doc: {
			zh: '矩阵乘加：C（CO1，NZ 格式）= A（A2，ZZ 格式，M×K）× B（B2，ZN 格式，K×N），isBias 为 true 或 cmatrixInitVal 为 false 时在 C 的原值上累加，带 bias 的形式再加上偏置。int8_t 相乘累加为 int32_t（精确）；half、bfloat16_t、float 累加为 float，按 K 顺序逐项舍入（硬件在 K 方向的累加顺序可能不同，结果可能在最后几位不同）。',
			en: 'Matrix multiply-add: C (CO1, NZ) = A (A2, ZZ, M×K) × B (B2, ZN, K×N), accumulating onto C when isBias is true or cmatrixInitVal false, plus the bias in the bias form. int8_t products accumulate into int32_t exactly; half, bfloat16_t and float accumulate into float, rounding after each step of K in order (the hardware’s order along K may differ in the last bits).',
		},
		source: ascendCContextDoc('Mmad'),
		run: (core, c) => {
			const withBias = c.form === 1;
			const p = structValue('MmadParams', c.args[withBias ? 4 : 3]);
			mmad(
				core,
				c.site(),
				c.args[0] as LocalTensor,
				c.args[1] as LocalTensor,
				c.args[2] as LocalTensor,
				withBias ? (c.args[3] as LocalTensor) : undefined,
				{
					m: num(p.m),
					n: num(p.n),
					k: num(p.k),
					accumulate:
						num(p.isBias) !== 0 || (num(p.cmatrixInitVal) === 0 && num(p.cmatrixSource) === 0),
				},
				c.args.map(traceArg),
			);
			return undefined;
		},
	}),
	kernelApi({
		name: 'Fixpipe',
		group,
		signature: [
			'template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR> __aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams)',
			'template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t, typename Std::enable_if<Std::is_same<PrimT<S>, uint64_t>::value, bool>::type = true> __aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& intriParams)',
		],
		cost: PER_STEP_COST,
		diagnostics: CHECKS,
		doc: {
			zh: '把 CO1 中 mSize×nSize 的矩阵计算结果搬到 GM：默认（CFG_ROW_MAJOR）转成 ND 行主序，一行 dstStride 个元素；CFG_NZ 保持 NZ 分形。quantPre 为 F322F16/F322BF16 时把 float 按 CAST_RINT 转成 half/bfloat16_t，reluEn 时做 ReLU；张量量化（cbufWorkspace）不模拟。',
			en: 'Moves the mSize×nSize result from CO1 to GM: by default (CFG_ROW_MAJOR) as row-major ND, dstStride elements a row; CFG_NZ keeps the NZ fractals. quantPre F322F16/F322BF16 converts float to half/bfloat16_t with CAST_RINT, reluEn applies ReLU; tensor quantisation (cbufWorkspace) is not modelled.',
		},
		source: ascendCContextDoc('Fixpipe'),
		run: (core, c) => {
			const p = structValue('FixpipeParamsV220', c.args[c.form === 0 ? 2 : 3]);
			fixpipe(
				core,
				c.site(),
				'Fixpipe',
				c.args[0] as GlobalTensor,
				c.args[1] as LocalTensor,
				{
					mSize: num(p.mSize),
					nSize: num(p.nSize),
					srcStride: num(p.srcStride),
					dstStride: num(p.dstStride),
					nd: c.targs[2] !== CFG_NZ,
					relu: num(p.reluEn) !== 0,
					quant: quantOf(num(p.quantPre)),
				},
				c.args.map(traceArg),
			);
			return undefined;
		},
	}),
];
