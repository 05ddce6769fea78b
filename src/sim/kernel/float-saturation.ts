/**
 * Saturation of half and bfloat16_t results, as the references state it:
 *
 * - hicann/runtime docs/zh/api_ref/25-02_Enumerations.md (aclrtFloatOverflowMode, at 681ef761):
 *   "饱和模式下，计算结果如果是Inf，最终结果是一个极大值；计算结果如果是NaN，最终结果是0"; A2/A3
 *   "默认为Inf/NaN模式"; "对于Atlas 200I/500 A2 推理产品、Atlas 推理系列产品、Atlas 训练系列产品，
 *   仅支持设置饱和模式".
 * - asc-devkit SetCtrlSpr(ISASI).md (0da921b9), CTRL[48] on A2/A3: "1'b0：饱和模式，inf输出会被饱和为
 *   ±MAX， NaN输出会被饱和为0；1'b1：非饱和模式，inf/NaN保持原输出", for "浮点数计算时支持half、
 *   bfloat16_t数据类型；浮点数精度转换时支持如下数据类型：half、bfloat16_t".
 *
 * So a vector result (a computation or a Cast) stored as half or bfloat16_t that rounds to ±inf
 * becomes ±MAX, and a NaN becomes 0, whenever the core is in saturation mode. float and integer
 * results are not affected (A2/A3 have only CTRL[48]; integers wrap as before). That the older
 * products saturate the same two types is an assumption: their pages document no CTRL bits.
 */
import { asElement } from './byte-store.ts';
import type { DType } from './dtype.ts';
import type { NpuArch } from './tposition.ts';

/** Largest finite half: (2 − 2^-10) · 2^15. */
export const HALF_MAX = 65504;
/** Largest finite bfloat16: (2 − 2^-7) · 2^127. */
export const BF16_MAX = (2 - 2 ** -7) * 2 ** 127;

/** The architectures that have only saturation mode (training, inference, 200I/500 A2). */
const SATURATION_ONLY: ReadonlySet<NpuArch> = new Set<NpuArch>([1001, 2002, 3002]);

/** Whether a core of `arch` starts in saturation mode. */
export function saturatesByDefault(arch: NpuArch): boolean {
	return SATURATION_ONLY.has(arch);
}

/** The saturating store of `dtype`'s results, or undefined for a type saturation leaves alone. */
export function saturation(dtype: DType): ((v: number) => number) | undefined {
	const max = dtype.name === 'half' ? HALF_MAX : dtype.name === 'bfloat16_t' ? BF16_MAX : 0;
	if (max === 0) return undefined;
	return (v) => {
		if (Number.isNaN(v)) return 0;
		const r = asElement(dtype, v);
		return r === Infinity ? max : r === -Infinity ? -max : r;
	};
}
