/** Cast, compare and select (asc-devkit Memory矢量计算/类型转换, 比较与选择). Only Cast is simulated yet. */
import type { KernelApiRow } from '../api-row.ts';
import { vectorApi } from './vector-arithmetic.ts';

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
		{ form: ['dst', 'src', 'mode', 'count'], instr: 'vconv', castsType: true, compute: (a) => a },
		{
			zh: '把 src 的元素按 roundMode 指定的舍入方式转换成 dst 的元素类型。',
			en: 'Converts src elements to dst’s element type, rounding as roundMode says.',
		},
		'类型转换/Cast',
	),
];
