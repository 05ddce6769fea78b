/**
 * Reductions (asc-devkit Memory矢量计算/归约计算; the pre-rename names from
 * docs/api/context at 8b18dbce, the current ReduceRepeat/ReduceDataBlock/ReducePairElem from
 * the current reference): per repeat, per DataBlock, per pair and over everything, with the
 * summation order the reference documents (sim/kernel/reduction.ts).
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import {
	REDUCE_ORDERS,
	reduceAll,
	reduceBlocks,
	reducePairs,
	reduceRepeat,
	type ReduceCall,
	type ReduceOp,
	type RepeatReduceParams,
} from '../../sim/kernel/reduction.ts';
import {
	kernelApi,
	PER_STEP_COST,
	type ApiCall,
	type KernelApiRow,
	type Localized,
} from '../api-row.ts';
import { parseSignature, type ApiSignature } from '../signature.ts';
import { ascendCContextDoc, ascendCDoc } from '../sources.ts';
import { frameFuncOf, maskArg, traceArg, usesRegisterMask, vectorLayout } from './vector-call.ts';
import { VECTOR_DIAGNOSTICS } from './vector-arithmetic.ts';

const group = 'ascendc-reduction';
const TM = 'template <typename T, bool isSetMask = true> __aicore__ inline void';
const OPS = 'const LocalTensor<T>& dst, const LocalTensor<T>& src';
const STRIDES =
	'const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride';
const DIAGNOSTICS = [...VECTOR_DIAGNOSTICS, 'param-out-of-range'] as const;

/** Reads a per-repeat reduction's arguments by parameter name. */
function repeatArgs(core: CoreContext, sig: ApiSignature, c: ApiCall): RepeatReduceParams {
	const at = (name: string) => sig.params.findIndex((p) => p.name === name);
	const layout = vectorLayout(sig);
	const mask = usesRegisterMask(layout, c)
		? core.mask.value
		: maskArg(c.args[at('mask')], sig.params[at('mask')]!.pointers > 0);
	const n = (name: string, fallback: number) => {
		const i = at(name);
		return i >= 0 && typeof c.args[i] === 'number' ? (c.args[i] as number) : fallback;
	};
	const order = at('order') >= 0 ? REDUCE_ORDERS[n('order', 0)] : undefined;
	return {
		mask,
		repeatTimes: n('repeatTime', 1),
		dstRepStride: n('dstRepStride', 1),
		srcBlkStride: n('srcBlkStride', 1),
		srcRepStride: n('srcRepStride', 8),
		...(order ? { order } : {}),
	};
}

function reduceCall(c: ApiCall, sig: ApiSignature, op: ReduceOp): ReduceCall {
	const dst = c.args[0] as LocalTensor;
	const src = c.args[1] as LocalTensor;
	const mask = sig.params.find((p) => p.name === 'mask');
	return {
		name: c.name,
		op,
		dst,
		src,
		style: mask ? (mask.pointers > 0 ? 'mask-bit' : 'mask-count') : 'calcount',
		frameFunc: () => frameFuncOf(c.name, sig, dst.dtype.demangled),
		traceArgs: c.args.map(traceArg),
	};
}

type Kind = 'repeat' | 'block' | 'pair';

const RUN: Record<Kind, typeof reduceRepeat> = {
	repeat: reduceRepeat,
	block: reduceBlocks,
	pair: reducePairs,
};

/** A per-repeat/per-block/per-pair reduction row; `op` undefined: the ReduceType template argument picks it. */
function repeatReduceApi(
	name: string,
	kind: Kind,
	op: ReduceOp | undefined,
	signature: readonly string[],
	doc: Localized,
	source: string,
): KernelApiRow {
	const sigs = signature.map((s) => parseSignature(s));
	return kernelApi({
		name,
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: DIAGNOSTICS,
		doc,
		source,
		run: (core, c) => {
			const sig = sigs[c.form]!;
			const chosen = op ?? (['sum', 'max', 'min'] as const)[Number(c.targs[0] ?? 0)] ?? 'sum';
			RUN[kind](core, c.site(), reduceCall(c, sig, chosen), repeatArgs(core, sig, c));
			return undefined;
		},
	});
}

/** The two mask forms of an old-style reduction: `mask` before or after `repeatTime`. */
function maskForms(name: string, repeatFirst: boolean, tail = ''): string[] {
	return [true, false].map((bits) => {
		const mask = bits ? 'const uint64_t mask[]' : 'const int32_t mask';
		const repeat = 'const int32_t repeatTime';
		const mid = repeatFirst ? `${repeat}, ${mask}` : `${mask}, ${repeat}`;
		return `${TM} ${name}(${OPS}, ${mid}, ${STRIDES}${tail})`;
	});
}

/** The current forms with a ReduceType template parameter and distinct source/destination types. */
function typedForms(name: string, tail = ''): string[] {
	const head =
		'template <ReduceType reduceType, typename T, typename U, bool isSetMask = true> __aicore__ inline void';
	const ops = 'const LocalTensor<T>& dst, const LocalTensor<U>& src';
	return [
		`${head} ${name}(${ops}, const int32_t mask, const int32_t repeatTime, ${STRIDES}${tail})`,
		`${head} ${name}(${ops}, const uint64_t mask[], const int32_t repeatTime, ${STRIDES}${tail})`,
	];
}

const ORDER = ', ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX';

const TREE = {
	zh: '同一次迭代内按二叉树两两相加（lane0+lane1、lane2+lane3……），每一步都舍入到元素类型。',
	en: 'Within a repeat it adds adjacent pairs as a binary tree (lane 0 + lane 1, lane 2 + lane 3, …), rounding each step to the element type.',
};
const INDEX = {
	zh: '最值的索引（迭代内的位置）以整数的比特存放在元素的位置上，需要用 ReinterpretCast 读出。',
	en: 'The extreme’s index (its place in the repeat) is stored as the integer’s bits in an element slot; read it back with ReinterpretCast.',
};

/** ReduceSum / ReduceMax / ReduceMin over all the selected elements. */
function reduceAllApi(name: string, op: ReduceOp, doc: Localized): KernelApiRow {
	const calIndex = op === 'sum' ? '' : ', bool calIndex = 0';
	const head =
		op === 'sum' ? 'template <typename T, bool isSetMask = true>' : 'template <typename T>';
	const ops =
		'const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer';
	const signature = [
		`${head} __aicore__ inline void ${name}(${ops}, const int32_t count${calIndex})`,
		`template <typename T> __aicore__ inline void ${name}(${ops}, const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride${calIndex})`,
		`template <typename T> __aicore__ inline void ${name}(${ops}, const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride${calIndex})`,
	];
	const sigs = signature.map((s) => parseSignature(s));
	return kernelApi({
		name,
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: DIAGNOSTICS,
		doc,
		source: ascendCContextDoc(name),
		run: (core, c) => {
			const sig = sigs[c.form]!;
			const at = (n: string) => sig.params.findIndex((p) => p.name === n);
			const flag = at('calIndex');
			const calIndex = flag >= 0 && c.args[flag] !== undefined && Number(c.args[flag]) !== 0;
			const work = c.args[2] as LocalTensor;
			const rc = reduceCall(c, sig, op);
			if (c.form === 0) {
				const count = usesRegisterMask(vectorLayout(sig), c)
					? Number(core.mask.lo)
					: Number(c.args[3]);
				reduceAll(core, c.site(), rc, { count, calIndex, work });
			} else {
				reduceAll(core, c.site(), rc, {
					mask: maskArg(c.args[3], c.form === 1),
					repeatTimes: Number(c.args[4]),
					srcRepStride: Number(c.args[5]),
					calIndex,
					work,
				});
			}
			return undefined;
		},
	});
}

/** The reduction rows. */
export const REDUCTION_APIS: readonly KernelApiRow[] = [
	reduceAllApi('ReduceSum', 'sum', {
		zh: `对所有参与计算的元素求和，结果写在 dst[0]。${TREE.zh}tensor 前 n 个数据形式在 A2/A3 上各次迭代的结果按顺序累加；高维切分形式把各次迭代的结果再按二叉树归约，中间结果写入 sharedTmpBuffer（需要按文档公式分配足够空间）。`,
		en: `Sums every selected element into dst[0]. ${TREE.en} In the first-n form on A2/A3 the repeats’ results are added in order; in the mask forms they are reduced again by the tree, with the intermediate results in sharedTmpBuffer (sized by the reference’s formula).`,
	}),
	reduceAllApi('ReduceMax', 'max', {
		zh: `求所有参与计算元素的最大值写在 dst[0]；calIndex 为 true 时 dst[1] 放最大值（第一个）的全局索引。${INDEX.zh}`,
		en: `The maximum of every selected element in dst[0]; with calIndex, dst[1] holds the global index of the (first) maximum. ${INDEX.en}`,
	}),
	reduceAllApi('ReduceMin', 'min', {
		zh: `求所有参与计算元素的最小值写在 dst[0]；calIndex 为 true 时 dst[1] 放最小值（第一个）的全局索引。${INDEX.zh}`,
		en: `The minimum of every selected element in dst[0]; with calIndex, dst[1] holds the global index of the (first) minimum. ${INDEX.en}`,
	}),
	repeatReduceApi(
		'WholeReduceSum',
		'repeat',
		'sum',
		maskForms('WholeReduceSum', false),
		{
			zh: `每次迭代内的元素求和，第 r 次的结果写在 dst[r × dstRepStride]。${TREE.zh}`,
			en: `Sums the elements of each repeat; repeat r’s result goes to dst[r × dstRepStride]. ${TREE.en}`,
		},
		ascendCContextDoc('WholeReduceSum'),
	),
	repeatReduceApi(
		'WholeReduceMax',
		'repeat',
		'max',
		maskForms('WholeReduceMax', false, ORDER),
		{
			zh: `每次迭代内求最大值及其索引，按 order 的顺序写入（默认 [value, index]，单位为两个元素）。${INDEX.zh}`,
			en: `The maximum of each repeat and its index, written in order’s arrangement (by default [value, index], a unit of two elements). ${INDEX.en}`,
		},
		ascendCContextDoc('WholeReduceMax'),
	),
	repeatReduceApi(
		'WholeReduceMin',
		'repeat',
		'min',
		maskForms('WholeReduceMin', false, ORDER),
		{
			zh: `每次迭代内求最小值及其索引，按 order 的顺序写入（默认 [value, index]）。${INDEX.zh}`,
			en: `The minimum of each repeat and its index, in order’s arrangement (by default [value, index]). ${INDEX.en}`,
		},
		ascendCContextDoc('WholeReduceMin'),
	),
	...(['Sum', 'Max', 'Min'] as const).map((which) =>
		repeatReduceApi(
			`BlockReduce${which}`,
			'block',
			which.toLowerCase() as ReduceOp,
			maskForms(`BlockReduce${which}`, true),
			{
				zh: `每个 DataBlock（32 字节）内的元素${which === 'Sum' ? '求和' : which === 'Max' ? '求最大值' : '求最小值'}，一次迭代得到 8 个结果；没有元素参与的块不写入。${which === 'Sum' ? TREE.zh : ''}`,
				en: `${which === 'Sum' ? 'Sums' : which === 'Max' ? 'Takes the maximum of' : 'Takes the minimum of'} the elements of each 32-byte DataBlock, 8 results a repeat; a block with no element selected is not written.${which === 'Sum' ? ` ${TREE.en}` : ''}`,
			},
			ascendCContextDoc(`BlockReduce${which}`),
		),
	),
	repeatReduceApi(
		'PairReduceSum',
		'pair',
		'sum',
		maskForms('PairReduceSum', true),
		{
			zh: '相邻两个元素求和：dst[i] = src[2i] + src[2i+1]，一次迭代得到半个迭代宽度的结果。',
			en: 'Adds neighbouring pairs: dst[i] = src[2i] + src[2i+1], half a repeat’s width of results a repeat.',
		},
		ascendCContextDoc('PairReduceSum'),
	),
	repeatReduceApi(
		'ReduceRepeat',
		'repeat',
		undefined,
		typedForms('ReduceRepeat', ORDER),
		{
			zh: '按 reduceType（SUM/MAX/MIN）对每次迭代归约，等同于 WholeReduceSum/Max/Min 的新写法。',
			en: 'Reduces each repeat by reduceType (SUM/MAX/MIN): the current spelling of WholeReduceSum/Max/Min.',
		},
		ascendCDoc('Memory矢量计算/归约计算/ReduceRepeat.md'),
	),
	repeatReduceApi(
		'ReduceDataBlock',
		'block',
		undefined,
		typedForms('ReduceDataBlock'),
		{
			zh: '按 reduceType 对每个 DataBlock 归约，等同于 BlockReduceSum/Max/Min 的新写法（注意 mask 在 repeatTime 之前）。',
			en: 'Reduces each DataBlock by reduceType: the current spelling of BlockReduceSum/Max/Min (mind that mask comes before repeatTime).',
		},
		ascendCDoc('Memory矢量计算/归约计算/ReduceDataBlock.md'),
	),
	repeatReduceApi(
		'ReducePairElem',
		'pair',
		undefined,
		typedForms('ReducePairElem'),
		{
			zh: '相邻两个元素归约，等同于 PairReduceSum 的新写法（mask 在 repeatTime 之前）。',
			en: 'Reduces neighbouring pairs: the current spelling of PairReduceSum (mask before repeatTime).',
		},
		ascendCDoc('Memory矢量计算/归约计算/ReducePairElem.md'),
	),
];
