/**
 * The graph-engine types the host tiling functions take (host-tiling.ts): `ge::DataType`, with
 * its values as programs write them (`ge::DT_FLOAT`). `ge::Shape` is an object type, bound in
 * lang/bindings/ge-shape-bindings.ts.
 */
import type { ApiType } from '../api-types.ts';

const group = 'ascendc-math-library';
/** hicann/metadef inc/external/graph/types.h (05ff119): the DataType values, by its size table. */
const GE_TYPES = 'https://github.com/hicann/metadef/blob/05ff119/inc/external/graph/types.h';

/** `ge::DataType` values (the ones tiling code passes). */
const DATA_TYPES: Readonly<Record<string, number>> = {
	DT_FLOAT: 0,
	DT_FLOAT16: 1,
	DT_INT8: 2,
	DT_INT32: 3,
	DT_UINT8: 4,
	DT_INT16: 6,
	DT_UINT16: 7,
	DT_UINT32: 8,
	DT_INT64: 9,
	DT_UINT64: 10,
	DT_DOUBLE: 11,
	DT_BOOL: 12,
	DT_BF16: 27,
};

/** The types of the host tiling functions. */
export const HOST_TILING_TYPES: readonly ApiType[] = [
	{
		name: 'ge::DataType',
		kind: 'enum',
		group,
		base: 'int32_t',
		scoped: true,
		values: DATA_TYPES,
		doc: {
			zh: '图引擎的数据类型枚举，Host 侧 tiling 接口用它说明输入的数据类型。',
			en: 'The graph engine’s data-type enum, with which host tiling functions say what the input holds.',
		},
		source: GE_TYPES,
	},
	{
		name: 'ge::DataType values',
		kind: 'macros',
		group,
		base: 'int32_t',
		values: Object.fromEntries(Object.entries(DATA_TYPES).map(([k, v]) => [`ge::${k}`, v])),
		doc: {
			zh: 'ge::DataType 的取值，按程序里的写法 ge::DT_FLOAT 等给出。',
			en: 'The ge::DataType values, as programs write them (ge::DT_FLOAT…).',
		},
		source: GE_TYPES,
	},
];
