/**
 * Cast: which source → destination types and round modes each architecture supports (the tables
 * of asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/类型转换/Cast.md, one per product),
 * and how one element converts (数据结构/precision_conversion.md): to a floating type the value
 * is rounded in the mode; to an integer type it is rounded to an integer and, when it does not
 * fit, saturated ("溢出默认按照饱和模式处理"); CAST_NONE rounds as CAST_RINT when the conversion
 * loses precision and is exact otherwise. int32_t → half ignores the mode and multiplies by the
 * scale SetDeqScale set.
 *
 * Float-to-float overflow follows IEEE 754 for the mode (±∞ to nearest); the hardware's
 * saturation mode, which clamps to the largest finite value, is not modelled.
 */
import type { DType } from './dtype.ts';
import type { NpuArch } from './tposition.ts';
import {
	BFLOAT16,
	FLOAT32,
	HALF,
	roundInteger,
	roundToFormat,
	saturate,
	type IntRange,
	type RoundingMode,
} from './numeric-format.ts';

/**
 * Round modes of `Cast` by name, in the order of the published enum (`enum class RoundMode {
 * CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD,
 * CAST_HYBRID }`, Cast.md), so the index is the enum value.
 */
export const ROUND_MODES = [
	'CAST_NONE',
	'CAST_RINT',
	'CAST_FLOOR',
	'CAST_CEIL',
	'CAST_ROUND',
	'CAST_TRUNC',
	'CAST_ODD',
	'CAST_HYBRID',
] as const;

/** A `RoundMode::` name. */
export type CastRoundMode = (typeof ROUND_MODES)[number];

/** Reads `RoundMode::CAST_RINT`, `AscendC::RoundMode::CAST_RINT` or `CAST_RINT`. */
export function parseRoundMode(text: string): CastRoundMode | undefined {
	const last = text.slice(text.lastIndexOf(':') + 1).trim();
	return (ROUND_MODES as readonly string[]).includes(last) ? (last as CastRoundMode) : undefined;
}

/** The rounding a mode applies (CAST_NONE and CAST_HYBRID round to nearest even). */
export function roundingOf(mode: CastRoundMode): RoundingMode {
	switch (mode) {
		case 'CAST_FLOOR':
			return 'floor';
		case 'CAST_CEIL':
			return 'ceil';
		case 'CAST_ROUND':
			return 'round';
		case 'CAST_TRUNC':
			return 'trunc';
		case 'CAST_ODD':
			return 'odd';
		default:
			return 'rint';
	}
}

const RFCRT = 'CAST_RINT CAST_FLOOR CAST_CEIL CAST_ROUND CAST_TRUNC';

/** One documented pair: source, destination, the modes it takes (`deq`: SetDeqScale, any mode). */
type Pair = readonly [string, string, string];

/** Atlas A2 / A3 (arch 2201): the two tables are the same. */
const ARCH_2201: readonly Pair[] = [
	['int8_t', 'half', 'CAST_NONE'],
	['uint8_t', 'half', 'CAST_NONE'],
	['int16_t', 'half', `${RFCRT} CAST_NONE`],
	['int16_t', 'float', 'CAST_NONE'],
	['half', 'int8_t', `${RFCRT} CAST_NONE`],
	['half', 'uint8_t', `${RFCRT} CAST_NONE`],
	['half', 'int16_t', RFCRT],
	['half', 'int32_t', RFCRT],
	['half', 'float', 'CAST_NONE'],
	['bfloat16_t', 'int32_t', RFCRT],
	['bfloat16_t', 'float', 'CAST_NONE'],
	['int32_t', 'int16_t', 'CAST_NONE'],
	['int32_t', 'half', 'deq'],
	['int32_t', 'float', `${RFCRT} CAST_NONE`],
	['int32_t', 'int64_t', 'CAST_NONE'],
	['float', 'int16_t', RFCRT],
	['float', 'half', `${RFCRT} CAST_ODD CAST_NONE`],
	['float', 'bfloat16_t', RFCRT],
	['float', 'int32_t', RFCRT],
	['float', 'float', RFCRT],
	['float', 'int64_t', RFCRT],
	['int64_t', 'int32_t', 'CAST_NONE'],
	['int64_t', 'float', RFCRT],
];

/**
 * Atlas 200I/500 A2 (arch 3002): the A2 table, except that int32_t → half takes CAST_NONE
 * instead of a SetDeqScale dequantisation.
 */
const ARCH_3002: readonly Pair[] = ARCH_2201.map((pair): Pair =>
	pair[0] === 'int32_t' && pair[1] === 'half' ? ['int32_t', 'half', 'CAST_NONE'] : pair,
);

/** Atlas inference series AI Core (arch 2002). */
const ARCH_2002: readonly Pair[] = [
	['int8_t', 'half', 'CAST_NONE'],
	['uint8_t', 'half', 'CAST_NONE'],
	['int16_t', 'half', 'CAST_NONE'],
	['half', 'int8_t', 'CAST_FLOOR CAST_CEIL CAST_ROUND CAST_TRUNC CAST_NONE'],
	['half', 'uint8_t', 'CAST_FLOOR CAST_CEIL CAST_ROUND CAST_TRUNC CAST_NONE'],
	['half', 'int16_t', 'CAST_RINT'],
	['half', 'int32_t', RFCRT],
	['half', 'float', 'CAST_NONE'],
	['int32_t', 'int16_t', 'CAST_NONE'],
	['int32_t', 'half', 'deq'],
	['int32_t', 'float', 'CAST_NONE'],
	['float', 'half', 'CAST_ODD CAST_NONE'],
	['float', 'int64_t', RFCRT],
];

/** Atlas training series (arch 1001). */
const ARCH_1001: readonly Pair[] = [
	['int8_t', 'half', 'CAST_NONE'],
	['uint8_t', 'half', 'CAST_NONE'],
	['int16_t', 'half', 'CAST_NONE'],
	['half', 'int8_t', 'CAST_FLOOR CAST_CEIL CAST_ROUND CAST_TRUNC CAST_NONE'],
	['half', 'uint8_t', 'CAST_FLOOR CAST_CEIL CAST_ROUND CAST_TRUNC CAST_NONE'],
	['half', 'int32_t', RFCRT],
	['half', 'float', 'CAST_NONE'],
	['int32_t', 'float', 'CAST_NONE'],
	['float', 'half', 'CAST_ODD CAST_NONE'],
	['float', 'int64_t', RFCRT],
];

/** What a pair supports on one architecture. */
export interface CastSupport {
	/** The modes the table lists; empty when the pair is not in the table. */
	readonly modes: readonly CastRoundMode[];
	/** int32_t → half: the mode is ignored and SetDeqScale's scale applies. */
	readonly deq: boolean;
}

const TABLES = new Map<NpuArch, Map<string, CastSupport>>(
	(
		[
			[2201, ARCH_2201],
			[3002, ARCH_3002],
			[2002, ARCH_2002],
			[1001, ARCH_1001],
		] as const
	).map(([arch, pairs]) => [
		arch,
		new Map(
			pairs.map(([s, d, modes]) => [
				`${s}>${d}`,
				{
					modes: modes === 'deq' ? [] : (modes.split(' ') as CastRoundMode[]),
					deq: modes === 'deq',
				},
			]),
		),
	]),
);

/** What `src` → `dst` supports on `arch`; undefined when the table does not list the pair. */
export function castSupport(arch: NpuArch, src: string, dst: string): CastSupport | undefined {
	return TABLES.get(arch)?.get(`${src}>${dst}`);
}

/** The pairs one architecture supports, as `src → dst` text (for messages). */
export function castPairs(arch: NpuArch): string[] {
	return [...(TABLES.get(arch)?.keys() ?? [])].map((k) => k.replace('>', ' → '));
}

/** The value range of an integer element type; undefined for floating types. */
export function intRange(dtype: DType): IntRange | undefined {
	switch (dtype.name) {
		case 'int8_t':
			return { min: -128, max: 127 };
		case 'uint8_t':
			return { min: 0, max: 255 };
		case 'int16_t':
			return { min: -32768, max: 32767 };
		case 'uint16_t':
			return { min: 0, max: 65535 };
		case 'int32_t':
			return { min: -2147483648, max: 2147483647 };
		case 'uint32_t':
			return { min: 0, max: 4294967295 };
		case 'int64_t':
			return { min: -(2 ** 63), max: 2 ** 63 - 1 };
		case 'uint64_t':
			return { min: 0, max: 2 ** 64 - 1 };
		case 'bool':
			return { min: 0, max: 1 };
		default:
			return undefined;
	}
}

/**
 * One element of `Cast`: `x` (a value of `src`) as a value of `dst`, rounded in `mode`
 * (see the file comment); `deqScale` is the SetDeqScale scale for int32_t → half.
 */
export function castElement(
	x: number,
	src: DType,
	dst: DType,
	mode: CastRoundMode,
	deqScale = 1,
): number {
	const rounding = roundingOf(mode);
	if (src.name === 'int32_t' && dst.name === 'half')
		return roundToFormat(x * deqScale, HALF, 'rint');
	switch (dst.name) {
		case 'half':
			return roundToFormat(x, HALF, rounding);
		case 'bfloat16_t':
			return roundToFormat(x, BFLOAT16, rounding);
		case 'float':
			return roundToFormat(x, FLOAT32, rounding);
		case 'double':
			return x;
		default: {
			const range = intRange(dst);
			if (!range) return x;
			if (Number.isNaN(x)) return 0;
			return saturate(roundInteger(x, rounding), range);
		}
	}
}
