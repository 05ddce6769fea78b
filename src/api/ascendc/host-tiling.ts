/**
 * The host tiling functions of the Ascend C high-level APIs, which a program's tiling code calls
 * to size a kernel's temporary space and fill the tiling struct it passes on: Sort
 * (`GetSortMaxMinTmpSize`), LayerNorm (`GetLayerNormMaxMinTmpSize`, `GetLayerNormNDTilingInfo`)
 * and SoftMax (`GetSoftMaxMaxTmpSize`, `GetSoftMaxMinTmpSize`, `SoftMaxTilingFunc`), with the
 * types they take: `ge::Shape` (bound in lang/bindings/ge-shape-bindings.ts) and `ge::DataType`.
 * The semantics is src/sim/host/tiling/tiling-functions.ts; the sizes follow an illustrative
 * rule (the library's formula is not public), which each call reports.
 */
import type { Localized } from '../api-row.ts';
import { hostApi, type ApiCall, type HostApiRow } from '../api-row.ts';
import { ascendCAdvancedDoc } from '../sources.ts';
import { CALL_COST } from '../acl/shared.ts';
import type { AclRuntime } from '../../sim/host/acl-runtime.ts';
import { geShapeOf, GeShape } from '../../sim/host/tiling/ge-shape.ts';
import {
	layerNormSeparateTiling,
	layerNormTiling,
	layerNormTmpSizes,
	softMaxTiling,
	softMaxTmpSizes,
	sortTmpSizes,
	type TmpSizes,
} from '../../sim/host/tiling/tiling-functions.ts';

const group = 'ascendc-math-library';
const SORT_PAGE = ascendCAdvancedDoc('排序操作/GetSortMaxMinTmpSize.md');
const LAYERNORM_PAGE = ascendCAdvancedDoc('归一化操作/LayerNorm-Tiling.md');
const SOFTMAX_PAGE = ascendCAdvancedDoc('激活函数/SoftMax接口/SoftMax-SimpleSoftMax-Tiling.md');
const ILLUSTRATIVE: Localized = {
	zh: '临时空间大小按示意规则给出（库的公式没有公开），调用时给出 tiling-size-illustrative 警告。',
	en: 'The temporary-space sizes follow an illustrative rule (the library’s formula is not public); a call reports tiling-size-illustrative.',
};

function shapeArg(call: ApiCall, index: number): GeShape {
	return geShapeOf(call.args[index]) ?? new GeShape();
}

function reportSizes(rt: AclRuntime, call: ApiCall, sizes: TmpSizes, rule: Localized): void {
	rt.diagnose('tiling-size-illustrative', call.site(), {
		call: call.name,
		min: sizes.min,
		max: sizes.max,
		rule,
	});
}

function fillTiling(
	rt: AclRuntime,
	call: ApiCall,
	index: number,
	fields: Record<string, number>,
	struct: string,
	api: string,
): void {
	call.out(index, fields);
	rt.diagnose('tiling-fields-partial', call.site(), {
		call: call.name,
		struct,
		fields: Object.keys(fields).join(', '),
		api,
	});
}

const SORT_RULE: Localized = {
	zh: '每个元素一个 8 字节的 (值, 索引) 对为最小值，再加一份归并用的为最大值',
	en: 'one 8-byte (value, index) pair an element at least, a second set for merging at most',
};
const LAYERNORM_RULE: Localized = {
	zh: '输入的一份 float 副本（计算 rstd 时每行再加一个 float）为最小值，再加两份为最大值',
	en: 'one float copy of the input (plus a float a row when rstd is computed) at least, two more copies at most',
};
const SOFTMAX_RULE: Localized = {
	zh: '每行的最大值和求和各占一个 32 字节块为最小值，再加输入的一份 float 副本为最大值',
	en: 'a 32-byte block a row for the maximum and one for the sum at least, plus a float copy of the input at most',
};

/** `GetSoftMaxMaxTmpSize` or `GetSoftMaxMinTmpSize`: one bound of SoftMax's temporary space. */
function softMaxSizeRow(bound: 'Max' | 'Min'): HostApiRow {
	const name = `GetSoftMax${bound}TmpSize`;
	const most = bound === 'Max';
	return hostApi({
		name,
		group,
		signature: `uint32_t ${name}(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource)`,
		cost: CALL_COST,
		diagnostics: ['tiling-size-illustrative'],
		doc: {
			zh: `Host 侧返回 SoftMax/SimpleSoftMax 所需临时空间的${most ? '最大值' : '最小值'}（字节）。${ILLUSTRATIVE.zh}`,
			en: `Host side: the ${most ? 'most' : 'least'} temporary space (bytes) SoftMax/SimpleSoftMax needs. ${ILLUSTRATIVE.en}`,
		},
		source: SOFTMAX_PAGE,
		run: (rt, call) => {
			const sizes = softMaxTmpSizes(shapeArg(call, 0));
			reportSizes(rt, call, sizes, SOFTMAX_RULE);
			return most ? sizes.max : sizes.min;
		},
	});
}

/** The host tiling rows. */
export const HOST_TILING_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'GetSortMaxMinTmpSize',
		group,
		signature:
			'void GetSortMaxMinTmpSize(const ge::Shape& srcShape, ge::DataType valueType, ge::DataType indexType, bool isReuseSource, const SortConfig& config, uint32_t& maxValue, uint32_t& minValue)',
		out: ['maxValue', 'minValue'],
		cost: CALL_COST,
		diagnostics: ['tiling-size-illustrative'],
		doc: {
			zh: `Host 侧获取带 SortConfig 的 Sort 所需临时空间的最大值和最小值（字节）。${ILLUSTRATIVE.zh}`,
			en: `Host side: the most and least temporary space (bytes) Sort with a SortConfig needs. ${ILLUSTRATIVE.en}`,
		},
		source: SORT_PAGE,
		run: (rt, call) => {
			const sizes = sortTmpSizes(shapeArg(call, 0));
			call.out(5, sizes.max);
			call.out(6, sizes.min);
			reportSizes(rt, call, sizes, SORT_RULE);
		},
	}),
	hostApi({
		name: 'GetLayerNormMaxMinTmpSize',
		group,
		signature: [
			'void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue)',
			'void GetLayerNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue, uint32_t& minValue)',
		],
		out: ['maxValue', 'minValue'],
		cost: CALL_COST,
		diagnostics: ['tiling-size-illustrative'],
		doc: {
			zh: `Host 侧获取 LayerNorm 所需临时空间的最大值和最小值（字节）：第一种形式对应输出均值和方差的 [B, S, H] 接口，srcShape 为 {B, S, storageHLength, originHLength}；第二种对应输出 rstd 的 [A, R] 接口，srcShape 为 {A, R}。${ILLUSTRATIVE.zh}`,
			en: `Host side: the most and least temporary space (bytes) LayerNorm needs. The first form is for the [B, S, H] API that outputs mean and variance (srcShape {B, S, storageHLength, originHLength}), the second for the [A, R] API that outputs rstd (srcShape {A, R}). ${ILLUSTRATIVE.en}`,
		},
		source: LAYERNORM_PAGE,
		run: (rt, call) => {
			const separate = call.form === 1;
			const sizes = layerNormTmpSizes(shapeArg(call, 0), separate && Boolean(call.args[3]));
			call.out(separate ? 5 : 3, sizes.max);
			call.out(separate ? 6 : 4, sizes.min);
			reportSizes(rt, call, sizes, LAYERNORM_RULE);
		},
	}),
	hostApi({
		name: 'GetLayerNormNDTilingInfo',
		group,
		signature: [
			'void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource, optiling::LayerNormTiling& tiling)',
			'void GetLayerNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd, optiling::LayerNormSeparateTiling& tiling)',
		],
		out: ['tiling'],
		aliases: ['GetLayerNormNDTillingInfo'],
		cost: CALL_COST,
		diagnostics: ['tiling-fields-partial'],
		doc: {
			zh: 'Host 侧填写 LayerNorm 的 tiling 结构：[B, S, H] 形式写入 bLength、sLength、hLength、originalHLength（取自 srcShape 的 {B, S, storageHLength, originHLength}），[A, R] 形式写入 aLength、rLength；其余字段的算法没有公开，保持为 0，模拟器的 LayerNorm 也不读取它们。',
			en: 'Host side: fills LayerNorm’s tiling struct. The [B, S, H] form writes bLength, sLength, hLength and originalHLength (from srcShape {B, S, storageHLength, originHLength}), the [A, R] form aLength and rLength; how the library computes the other fields is not public, so they stay 0, and the simulator’s LayerNorm does not read them.',
		},
		source: LAYERNORM_PAGE,
		run: (rt, call) => {
			const shape = shapeArg(call, 0);
			if (call.form === 1)
				fillTiling(
					rt,
					call,
					5,
					layerNormSeparateTiling(shape),
					'LayerNormSeparateTiling',
					'LayerNorm',
				);
			else fillTiling(rt, call, 4, layerNormTiling(shape), 'LayerNormTiling', 'LayerNorm');
		},
	}),
	softMaxSizeRow('Max'),
	softMaxSizeRow('Min'),
	hostApi({
		name: 'SoftMaxTilingFunc',
		group,
		signature:
			'void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxTiling)',
		out: ['softmaxTiling'],
		cost: CALL_COST,
		diagnostics: ['tiling-fields-partial'],
		doc: {
			zh: 'Host 侧填写 SoftMax 的 tiling 结构：srcM 为 srcShape 非尾轴长度之积，srcK 为尾轴长度；其余切分字段的算法没有公开，保持为 0，模拟器的 SoftMax 只读取 srcM 和 srcK。',
			en: 'Host side: fills SoftMax’s tiling struct: srcM is the product of srcShape’s non-last axes and srcK its last axis; how the library computes the other split fields is not public, so they stay 0, and the simulator’s SoftMax reads only srcM and srcK.',
		},
		source: SOFTMAX_PAGE,
		run: (rt, call) =>
			fillTiling(rt, call, 3, softMaxTiling(shapeArg(call, 0)), 'SoftMaxTiling', 'SoftMax'),
	}),
];
