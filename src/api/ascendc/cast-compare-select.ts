/** Cast, compare and select (asc-devkit Memory矢量计算/类型转换, 比较与选择). */
import type { KernelApiRow } from '../api-row.ts';
import { VECTOR_DIAGNOSTICS, vectorApi } from './vector-arithmetic.ts';

const DT = 'const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode';
const REP = 'const uint8_t repeatTime, const UnaryRepeatParams& repeatParams';

/** The cast / compare / select rows. */
export const CAST_COMPARE_SELECT_APIS: readonly KernelApiRow[] = [
	vectorApi(
		'Cast',
		'ascendc-cast-compare-select',
		[
			`template <typename T, typename U> __aicore__ inline void Cast(${DT}, const uint32_t count)`,
			`template <typename T, typename U, bool isSetMask = true> __aicore__ inline void Cast(${DT}, const uint64_t mask[], ${REP})`,
			`template <typename T, typename U, bool isSetMask = true> __aicore__ inline void Cast(${DT}, const uint64_t mask, ${REP})`,
		],
		{ instr: 'vconv', compute: (a) => a },
		{
			zh: '把 src 的元素按 roundMode 转换成 dst 的类型：转浮点按该模式舍入到目标精度，转整数先取整再饱和到目标范围；CAST_NONE 在有精度损失时按 CAST_RINT 处理。高维切分时每次迭代的元素个数按两种类型中较宽的一种计算。支持的类型组合和舍入模式按产品查表。',
			en: 'Converts src elements to dst’s type in roundMode: to a floating type it rounds to the target precision in that mode, to an integer type it rounds to an integer and saturates; CAST_NONE rounds as CAST_RINT when precision is lost. In the mask forms a repeat holds as many elements as the wider type allows. The type pairs and modes are looked up per product.',
		},
		'类型转换/Cast',
		[...VECTOR_DIAGNOSTICS, 'cast-pair-unsupported', 'cast-round-mode-unsupported'],
	),
];
