/**
 * Cast, compare, select and gather (asc-devkit Memory矢量计算/类型转换, 比较与选择, 离散与聚合;
 * docs/api/context at 8b18dbce for the page of each row).
 */
import {
	compare,
	gather,
	gatherBlocks,
	gatherMask,
	select,
} from '../../sim/kernel/compare-select.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { structValue } from '../api-types.ts';
import { parseSignature, type ApiSignature } from '../signature.ts';
import { ascendCContextDoc } from '../sources.ts';
import { VECTOR_DIAGNOSTICS, vectorApi } from './vector-arithmetic.ts';
import { frameFuncOf, shapeOf, stridesOf, traceArg, vectorLayout } from './vector-call.ts';

const group = 'ascendc-cast-compare-select';
const TU = 'template <typename T, typename U> __aicore__ inline void';
const TUM = 'template <typename T, typename U, bool isSetMask = true> __aicore__ inline void';

/** Reads a compare/select/gather call's arguments by the names of the signature it matched. */
function argsOf(sigs: readonly ApiSignature[], c: ApiCall) {
	const sig = sigs[c.form]!;
	const at = (name: string) => sig.params.findIndex((p) => p.name === name);
	const arg = (name: string) => c.args[at(name)];
	return { sig, layout: vectorLayout(sig), arg, has: (name: string) => at(name) >= 0 };
}

const DT = 'const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode';
const REP = 'const uint8_t repeatTime, const UnaryRepeatParams& repeatParams';

/** Compare or CompareScalar. */
function compareApi(name: 'Compare' | 'CompareScalar', signature: string[]): KernelApiRow {
	const sigs = signature.map((s) => parseSignature(s));
	return kernelApi({
		name,
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		doc: {
			zh: '逐元素比较 src0 与 src1（或标量），结果为真时输出的对应比特位为 1：dst 是按比特展开的 uint8_t，第 i 个元素对应第 ⌊i/8⌋ 个字节的第 i mod 8 位（低位在前）。比较模式 CMPMODE 为 LT、GT、EQ、LE、GE、NE。',
			en: 'Compares src0 with src1 (or a scalar) element by element and sets the output bit where the comparison holds: dst is uint8_t read bit by bit, element i being bit i mod 8 of byte ⌊i/8⌋ (lowest bit first). The CMPMODE is LT, GT, EQ, LE, GE or NE.',
		},
		source: ascendCContextDoc(name),
		run: (core, c) => {
			const { layout, arg, has, sig } = argsOf(sigs, c);
			const src0 = arg('src0') as LocalTensor;
			const { shape, style } = shapeOf(core, layout, c, src0.dtype.bytes);
			const src1 = has('src1') ? (arg('src1') as LocalTensor) : Number(arg('src1Scalar'));
			compare(core, c.site(), {
				name: c.name,
				dst: arg('dst') as LocalTensor,
				src0,
				src1,
				mode: Number(arg('cmpMode')),
				shape,
				strides: { src0: stridesOf(layout, c, 'src0'), src1: stridesOf(layout, c, 'src1') },
				style,
				frameFunc: () => frameFuncOf(c.name, sig, src0.dtype.demangled),
				traceArgs: c.args.map(traceArg),
			});
			return undefined;
		},
	});
}

/** Select in modes 0, 1 and 2, with a tensor or a scalar src1. */
function selectApi(): KernelApiRow {
	const sel =
		'const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0';
	const rep = 'uint8_t repeatTime, const BinaryRepeatParams& repeatParams';
	const signature = [
		`${TU} Select(${sel}, T src1, SELMODE selMode, uint32_t count)`,
		`${TU} Select(${sel}, const LocalTensor<T>& src1, SELMODE selMode, uint32_t count)`,
		`${TUM} Select(${sel}, T src1, SELMODE selMode, uint64_t mask[], ${rep})`,
		`${TUM} Select(${sel}, T src1, SELMODE selMode, uint64_t mask, ${rep})`,
		`${TUM} Select(${sel}, const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask[],  ${rep})`,
		`${TUM} Select(${sel}, const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, ${rep})`,
	];
	const sigs = signature.map((s) => parseSignature(s));
	return kernelApi({
		name: 'Select',
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		doc: {
			zh: '按 selMask 的比特位选取元素：比特为 1 取 src0，为 0 取 src1（模式 1 中 src1 为标量）。模式 0 每次迭代都用 selMask 的前 256/sizeof(T) 位；模式 1、2 逐次迭代连续消耗 selMask。高维切分时 mask 未选中的位置保持 dst 原值。',
			en: 'Picks elements by the bits of selMask: 1 takes src0, 0 takes src1 (a scalar in mode 1). Mode 0 uses the first 256/sizeof(T) bits of selMask in every repeat; modes 1 and 2 consume selMask repeat after repeat. In the mask forms, lanes the mask leaves out keep dst.',
		},
		source: ascendCContextDoc('Select'),
		run: (core, c) => {
			const { layout, arg, sig } = argsOf(sigs, c);
			const dst = arg('dst') as LocalTensor;
			const { shape, style } = shapeOf(core, layout, c, dst.dtype.bytes);
			const raw = arg('src1');
			select(core, c.site(), {
				name: c.name,
				dst,
				selMask: arg('selMask') as LocalTensor,
				src0: arg('src0') as LocalTensor,
				src1: typeof raw === 'number' ? raw : (raw as LocalTensor),
				selMode: Number(arg('selMode')),
				shape,
				strides: {
					dst: stridesOf(layout, c, 'dst'),
					src0: stridesOf(layout, c, 'src0'),
					src1: stridesOf(layout, c, 'src1'),
				},
				style,
				frameFunc: () => frameFuncOf(c.name, sig, dst.dtype.demangled),
				traceArgs: c.args.map(traceArg),
			});
			return undefined;
		},
	});
}

/** GatherMask with a tensor pattern or a built-in one; writes the kept count to rsvdCnt. */
function gatherMaskApi(): KernelApiRow {
	const tail =
		'const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt';
	const signature = [
		`template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode> __aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern, ${tail})`,
		`template <typename T, GatherMaskMode mode = defaultGatherMaskMode> __aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern, ${tail})`,
	];
	const sigs = signature.map((s) => parseSignature(s));
	return kernelApi({
		name: 'GatherMask',
		group,
		signature,
		out: ['rsvdCnt'],
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		doc: {
			zh: '按收集掩码从 src0 中挑出元素，依次紧凑地写入 dst，rsvdCnt 返回挑出的个数。掩码可以是内置模式 1～7（偶数位、奇数位、每 4 个取第 1/2/3/4 个、全部），也可以是一个按比特给出的 Tensor。reduceMode 为 true 时每次迭代处理 mask 个元素。',
			en: 'Picks elements of src0 by a gather mask and writes them packed into dst; rsvdCnt returns how many. The mask is a built-in pattern 1–7 (even lanes, odd lanes, the 1st/2nd/3rd/4th of every four, all) or a tensor of bits. With reduceMode each repeat takes mask elements.',
		},
		source: ascendCContextDoc('GatherMask'),
		run: (core, c) => {
			const { arg, sig } = argsOf(sigs, c);
			const dst = arg('dst') as LocalTensor;
			const p = structValue('GatherMaskParams', arg('gatherMaskParams'));
			const pattern = arg('src1Pattern');
			const kept = gatherMask(core, c.site(), {
				name: c.name,
				dst,
				src0: arg('src0') as LocalTensor,
				pattern: typeof pattern === 'number' ? pattern : (pattern as LocalTensor),
				reduceMode: Number(arg('reduceMode')) !== 0,
				mask: Number(arg('mask')),
				repeatTimes: Number(p.repeatTimes),
				src0BlockStride: Number(p.src0BlockStride),
				src0RepeatStride: Number(p.src0RepeatStride),
				src1RepeatStride: Number(p.src1RepeatStride),
				frameFunc: () => frameFuncOf(c.name, sig, dst.dtype.demangled),
				traceArgs: c.args.slice(0, -1).map(traceArg),
			});
			c.out(sig.params.length - 1, kept);
			return undefined;
		},
	});
}

/** Gather by byte offsets. */
function gatherApi(): KernelApiRow {
	const ops =
		'const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr';
	const signature = [
		`template <typename T> __aicore__ inline void Gather(${ops}, const uint32_t count)`,
		`template <typename T> __aicore__ inline void Gather(${ops}, const uint64_t mask[], const uint8_t repeatTime, const uint16_t dstRepStride)`,
		`template <typename T> __aicore__ inline void Gather(${ops}, const uint64_t mask, const uint8_t repeatTime, const uint16_t dstRepStride)`,
	];
	const sigs = signature.map((s) => parseSignature(s));
	return kernelApi({
		name: 'Gather',
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		doc: {
			zh: '按偏移收集元素：dst[i] 取自 src 中字节偏移 srcBaseAddr + srcOffset[i] 处的元素（偏移以字节为单位）。',
			en: 'Gathers by offset: dst[i] is the element of src at byte offset srcBaseAddr + srcOffset[i] (offsets in bytes).',
		},
		source: ascendCContextDoc('Gather'),
		run: (core, c) => {
			const { layout, arg, sig } = argsOf(sigs, c);
			const dst = arg('dst') as LocalTensor;
			const { shape, style } = shapeOf(core, layout, c, dst.dtype.bytes);
			gather(core, c.site(), {
				name: c.name,
				dst,
				src: arg('src') as LocalTensor,
				offsets: arg('srcOffset') as LocalTensor,
				baseAddr: Number(arg('srcBaseAddr')),
				shape,
				dstStrides: stridesOf(layout, c, 'dst'),
				style,
				frameFunc: () => frameFuncOf(c.name, sig, dst.dtype.demangled),
				traceArgs: c.args.map(traceArg),
			});
			return undefined;
		},
	});
}

/** Gatherb: whole DataBlocks by byte offsets. */
function gatherbApi(): KernelApiRow {
	const signature =
		'template <typename T> __aicore__ inline void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& offset, const uint8_t repeatTime, const GatherRepeatParams& repeatParams)';
	const sig = parseSignature(signature);
	return kernelApi({
		name: 'Gatherb',
		group,
		signature,
		cost: PER_STEP_COST,
		diagnostics: VECTOR_DIAGNOSTICS,
		doc: {
			zh: '以 DataBlock（32 字节）为单位收集：目的第 i 个块取自 src0 中字节偏移 offset[i] 处的 32 字节，每次迭代 8 个块。',
			en: 'Gathers whole 32-byte DataBlocks: destination block i is the 32 bytes of src0 at byte offset offset[i], 8 blocks a repeat.',
		},
		source: ascendCContextDoc('Gatherb(ISASI)'),
		run: (core, c) => {
			const dst = c.args[0] as LocalTensor;
			const p = structValue('GatherRepeatParams', c.args[4]);
			gatherBlocks(
				core,
				c.site(),
				c.name,
				dst,
				c.args[1] as LocalTensor,
				c.args[2] as LocalTensor,
				Number(c.args[3]),
				{ blk: Number(p.dstBlkStride), rep: Number(p.dstRepStride) },
				() => frameFuncOf(c.name, sig, dst.dtype.demangled),
				c.args.map(traceArg),
			);
			return undefined;
		},
	});
}

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
	compareApi('Compare', [
		`${TU} Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, uint32_t count)`,
		`${TUM} Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& repeatParams)`,
		`${TUM} Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& repeatParams)`,
	]),
	compareApi('CompareScalar', [
		`${TU} CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode, uint32_t count)`,
		`${TUM} CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& repeatParams)`,
		`${TUM} CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime, const UnaryRepeatParams& repeatParams)`,
	]),
	selectApi(),
	gatherMaskApi(),
	gatherApi(),
	gatherbApi(),
];
