/**
 * Data fill and layout inside the Unified Buffer (asc-devkit Memory矢量计算 at 0da921b9):
 *
 * - `Brcb` (数据填充/Brcb.md): each repeat takes the next 8 source elements and fills one 32-byte
 *   DataBlock of the destination with each, the blocks `dstBlkStride` apart within a repeat and
 *   `dstRepStride` apart between repeats (both in DataBlocks; the page's reference code treats a
 *   block stride of 0 as 1). The source is always read contiguously.
 * - `Copy` (数据搬运/UB与UB数据搬运/UBToUB掩码式高维数据搬运(Copy).md): a vector copy with the
 *   mask and repeat of the vector instructions and `CopyRepeatParams` strides; it runs on the
 *   vector engine with the identity as its element function. In counter mode the page says the
 *   mask counts the elements of each repeat, not of the whole call; the simulator applies the
 *   general counter rule.
 * - `Transpose` (数据排布转换/Transpose.md): the 16 × 16 transpose of 2-byte elements, and the
 *   enhanced form's three implemented layouts (`TRANSPOSE_ND2ND_B16`, `TRANSPOSE_NCHW2NHWC`,
 *   `TRANSPOSE_NHWC2NCHW`); the page marks the other TransposeType values 当前不支持.
 *
 * Every value is moved as its element's bits: nothing is rounded.
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { checkLocalOperand, checkParamRange } from '../../sim/kernel/operand-checks.ts';
import {
	checkVectorPosition,
	dtypeUnsupported,
	vectorCheckContext,
} from '../../sim/kernel/vector-instruction.ts';
import { allowedDTypes, type DTypeRule } from '../../sim/kernel/vector-ops.ts';
import { DATA_BLOCK_BYTES } from '../../sim/kernel/vector-shape.ts';
import type { ProductId } from '../../sim/product-id.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { TRANSPOSE_TYPES } from '../api-structs.ts';
import { structValue } from '../api-types.ts';
import { parseSignature } from '../signature.ts';
import { ascendCDoc } from '../sources.ts';
import { VECTOR_DIAGNOSTICS, vectorApi } from './vector-arithmetic.ts';
import { frameFuncOf, traceArg } from './vector-call.ts';

/** Source elements one Brcb repeat reads (one per destination DataBlock). */
const BRCB_BLOCKS_PER_REPEAT = 8;
/** Rows and columns of the plain Transpose. */
const TRANSPOSE_SIDE = 16;
/** `repeatTime ∈ [0, 255]` (Brcb.md). */
const MAX_REPEAT = 255;

const DIAGNOSTICS = [...VECTOR_DIAGNOSTICS, 'param-out-of-range'] as const;

/** The products each page marks 支持 (Atlas A2/A3 always). */
const BRCB_PRODUCTS: readonly ProductId[] = ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore'];
const COPY_PRODUCTS: readonly ProductId[] = ['atlas-a2', 'atlas-a3', 'atlas-200i-500-a2'];
const TRANSPOSE_PRODUCTS: readonly ProductId[] = [
	'atlas-a2',
	'atlas-a3',
	'atlas-200i-500-a2',
	'atlas-inference-aicore',
	'atlas-training',
];

const B16_B32 = ['int16_t', 'uint16_t', 'half', 'bfloat16_t', 'int32_t', 'uint32_t', 'float'];
/** Brcb's types: no bfloat16_t on the inference series AI Core. */
const BRCB_TYPES: DTypeRule = {
	all: B16_B32,
	byArch: { 2002: B16_B32.filter((t) => t !== 'bfloat16_t') },
};
const TRANSPOSE_B16: DTypeRule = { all: ['int16_t', 'uint16_t', 'half'] };
const TRANSPOSE_LAYOUT_TYPES = [
	'int8_t',
	'uint8_t',
	'int16_t',
	'uint16_t',
	'half',
	'int32_t',
	'uint32_t',
	'float',
];

/** What each layout call starts with: the call's name, its check context and the site. */
function checkContext(core: CoreContext, c: ApiCall, api: string, instr: string, t: LocalTensor) {
	const sig = PARSED.get(api)![c.form]!;
	const call = `${api}<${t.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, api, { instr }, 'mask-count', () =>
		frameFuncOf(api, sig, t.dtype.demangled),
	);
	return { call, ctx, site: c.site() };
}

/** Reports `t`'s element type when `allowed` lacks it; returns whether it is allowed. */
function checkDType(
	core: CoreContext,
	ctx: ReturnType<typeof checkContext>,
	t: LocalTensor,
	allowed: readonly string[],
): boolean {
	if (allowed.includes(t.dtype.name)) return true;
	dtypeUnsupported(core, ctx.site, ctx.ctx, t.dtype.name, allowed);
	return false;
}

/** Copies element `from` of `src` to element `to` of `dst`, bits unchanged. */
function moveElement(
	core: CoreContext,
	src: LocalTensor,
	from: number,
	dst: LocalTensor,
	to: number,
): void {
	const n = src.dtype.bytes;
	const bytes = core.storeOf(src.hardware).read(src.address + from * n, n);
	core.storeOf(dst.hardware).write(dst.address + to * n, bytes);
}

function brcb(core: CoreContext, c: ApiCall): undefined {
	const dst = c.args[0] as LocalTensor;
	const src = c.args[1] as LocalTensor;
	const repeat = Math.trunc(Number(c.args[2]));
	const p = structValue('BrcbRepeatParams', c.args[3]);
	const blk = Number(p.dstBlkStride) || 1;
	const rep = Number(p.dstRepStride);
	const x = checkContext(core, c, 'Brcb', 'vbrcb', dst);
	checkVectorPosition(core, x.site, x.ctx, 'dst', dst);
	checkVectorPosition(core, x.site, x.ctx, 'src', src);
	checkDType(core, x, dst, allowedDTypes(BRCB_TYPES, core.profile.arch));
	if (!checkParamRange(core, x.site, x.ctx, 'repeatTime', repeat, 0, MAX_REPEAT) || repeat === 0) {
		core.record(x.site, x.call, c.args.map(traceArg), 'void');
		return undefined;
	}
	const lastBlock = (repeat - 1) * rep + (BRCB_BLOCKS_PER_REPEAT - 1) * blk;
	core.observeAccess(x.site, x.call, [
		checkLocalOperand(core, x.site, x.ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: (lastBlock + 1) * DATA_BLOCK_BYTES,
			limit: 'tensor',
		}),
		checkLocalOperand(core, x.site, x.ctx, {
			role: 'src',
			tensor: src,
			kind: 'read',
			extent: repeat * BRCB_BLOCKS_PER_REPEAT * src.dtype.bytes,
			limit: 'tensor',
		}),
	]);
	const perBlock = DATA_BLOCK_BYTES / dst.dtype.bytes;
	for (let i = 0; i < repeat; i++) {
		for (let j = 0; j < BRCB_BLOCKS_PER_REPEAT; j++) {
			const first = (i * rep + j * blk) * perBlock;
			for (let e = 0; e < perBlock; e++) moveElement(core, src, i * 8 + j, dst, first + e);
		}
	}
	core.record(x.site, x.call, c.args.map(traceArg), `${repeat * 8} block(s)`);
	return undefined;
}

/** The element permutation of one Transpose: destination index → source index. */
function transposeMap(
	type: string,
	n: number,
	ch: number,
	hw: number,
): { count: number; from: (i: number) => number } | undefined {
	switch (type) {
		case 'TRANSPOSE_ND2ND_B16':
			return {
				count: TRANSPOSE_SIDE * TRANSPOSE_SIDE,
				from: (i) => (i % TRANSPOSE_SIDE) * TRANSPOSE_SIDE + Math.floor(i / TRANSPOSE_SIDE),
			};
		case 'TRANSPOSE_NCHW2NHWC':
			// dst[b][s][k] = src[b][k][s] for batch b, spatial s < hw, channel k < ch.
			return {
				count: n * ch * hw,
				from: (i) => {
					const b = Math.floor(i / (hw * ch));
					const s = Math.floor((i % (hw * ch)) / ch);
					const k = i % ch;
					return (b * ch + k) * hw + s;
				},
			};
		case 'TRANSPOSE_NHWC2NCHW':
			return {
				count: n * ch * hw,
				from: (i) => {
					const b = Math.floor(i / (ch * hw));
					const k = Math.floor((i % (ch * hw)) / hw);
					const s = i % hw;
					return (b * hw + s) * ch + k;
				},
			};
		default:
			return undefined;
	}
}

function transpose(core: CoreContext, c: ApiCall): undefined {
	const dst = c.args[0] as LocalTensor;
	const src = c.args[1] as LocalTensor;
	const x = checkContext(core, c, 'Transpose', 'vtranspose', dst);
	checkVectorPosition(core, x.site, x.ctx, 'dst', dst);
	checkVectorPosition(core, x.site, x.ctx, 'src', src);
	let map: ReturnType<typeof transposeMap>;
	let label: string;
	if (c.form === 0) {
		checkDType(core, x, dst, TRANSPOSE_B16.all);
		map = transposeMap('TRANSPOSE_ND2ND_B16', 0, 0, 0);
		label = '16×16';
	} else {
		const p = structValue('TransposeParamsExt', c.args[3]);
		const type = TRANSPOSE_TYPES[Number(p.transposeType)] ?? String(p.transposeType);
		const allowed = type === 'TRANSPOSE_ND2ND_B16' ? ['uint16_t'] : TRANSPOSE_LAYOUT_TYPES;
		checkDType(core, x, dst, allowed);
		const n = Number(p.nSize);
		const ch = Number(p.cSize);
		const hw = Number(p.hSize) * Number(p.wSize);
		map = transposeMap(type, n, ch, hw);
		label = map ? `${type} ${n}×${ch}×${hw}` : `${type}: not done (当前不支持)`;
	}
	if (map) {
		core.observeAccess(x.site, x.call, [
			checkLocalOperand(core, x.site, x.ctx, {
				role: 'dst',
				tensor: dst,
				kind: 'write',
				extent: map.count * dst.dtype.bytes,
				limit: 'tensor',
			}),
			checkLocalOperand(core, x.site, x.ctx, {
				role: 'src',
				tensor: src,
				kind: 'read',
				extent: map.count * src.dtype.bytes,
				limit: 'tensor',
			}),
		]);
		// Read every source element first: a destination that overlaps its source still sees
		// the source as it was.
		const n = src.dtype.bytes;
		const image = core.storeOf(src.hardware).read(src.address, map.count * n);
		const out = core.storeOf(dst.hardware);
		for (let i = 0; i < map.count; i++) {
			const k = map.from(i);
			out.write(dst.address + i * n, image.subarray(k * n, k * n + n));
		}
	}
	core.record(x.site, x.call, c.args.map(traceArg), label);
	return undefined;
}

const BRCB_SIGNATURES = [
	'template <typename T> __aicore__ inline void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime, const BrcbRepeatParams& repeatParams)',
];
const TRANSPOSE_SIGNATURES = [
	'template <typename T> __aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src)',
	'template <typename T> __aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T> &src, const LocalTensor<uint8_t> &sharedTmpBuffer, const TransposeParamsExt &transposeParams)',
];
const PARSED = new Map([
	['Brcb', BRCB_SIGNATURES.map((s) => parseSignature(s))],
	['Transpose', TRANSPOSE_SIGNATURES.map((s) => parseSignature(s))],
]);

const COPY_HEAD =
	'template <typename T, bool isSetMask = true> __aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src';
const COPY_TAIL = 'const uint8_t repeatTime, const CopyRepeatParams& repeatParams)';

/** The Brcb, Copy and Transpose rows. */
export const DATA_LAYOUT_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'Brcb',
		group: 'ascendc-vector-arithmetic',
		signature: BRCB_SIGNATURES,
		cost: PER_STEP_COST,
		diagnostics: DIAGNOSTICS,
		products: BRCB_PRODUCTS,
		doc: {
			zh: '每次迭代取源操作数中接下来的 8 个元素，每个元素填满目的操作数的一个 DataBlock（32 字节）；同一迭代内的 DataBlock 相隔 dstBlkStride，相邻迭代相隔 dstRepStride（单位均为 DataBlock，dstBlkStride 为 0 时按 1 处理）。源操作数总是连续读取。',
			en: 'Each repeat takes the next 8 source elements and fills one 32-byte DataBlock of the destination with each; the blocks of a repeat are dstBlkStride apart and repeats dstRepStride apart (both in DataBlocks; a dstBlkStride of 0 counts as 1). The source is always read contiguously.',
		},
		source: ascendCDoc('Memory矢量计算/数据填充/Brcb.md'),
		run: brcb,
	}),
	vectorApi(
		'Copy',
		'ascendc-data-movement',
		[
			`${COPY_HEAD}, const uint64_t mask[], ${COPY_TAIL}`,
			`${COPY_HEAD}, const uint64_t mask, ${COPY_TAIL}`,
		],
		{ instr: 'vcopy', compute: (a) => a, dtypes: { all: B16_B32 } },
		{
			zh: 'UB 内 VECIN、VECCALC、VECOUT 之间的矢量搬运：按 mask 和 repeatTime 选取元素，CopyRepeatParams 给出同一迭代内 DataBlock 之间（dstStride/srcStride）和相邻迭代之间（dstRepeatSize/srcRepeatSize）的步长，单位为 DataBlock。数据原样搬运。Counter 模式下文档规定 mask 表示每次迭代的元素个数，模拟器仍按通用 Counter 规则计算。',
			en: 'A vector copy between VECIN, VECCALC and VECOUT in the UB: mask and repeatTime pick the elements, and CopyRepeatParams gives the strides between the DataBlocks of a repeat (dstStride/srcStride) and between repeats (dstRepeatSize/srcRepeatSize), in DataBlocks. Data moves unchanged. In counter mode the page says the mask counts each repeat’s elements; the simulator applies the general counter rule.',
		},
		'数据搬运/UB与UB数据搬运/UBToUB掩码式高维数据搬运(Copy)',
		VECTOR_DIAGNOSTICS,
		COPY_PRODUCTS,
	),
	kernelApi({
		name: 'Transpose',
		group: 'ascendc-vector-arithmetic',
		signature: TRANSPOSE_SIGNATURES,
		cost: PER_STEP_COST,
		diagnostics: DIAGNOSTICS,
		products: TRANSPOSE_PRODUCTS,
		doc: {
			zh: '普通转置：把 16×16 的二维数据块（int16_t、uint16_t、half）转置。增强转置：TRANSPOSE_ND2ND_B16 同上（uint16_t），TRANSPOSE_NCHW2NHWC 与 TRANSPOSE_NHWC2NCHW 在 [N,C,H,W] 与 [N,H,W,C] 之间换排布；文档标为“当前不支持”的其他类型不做任何处理。数据按位原样搬运，sharedTmpBuffer 不写入。',
			en: 'The plain form transposes one 16×16 block (int16_t, uint16_t, half). The enhanced form: TRANSPOSE_ND2ND_B16 does the same (uint16_t), and TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW switch between [N,C,H,W] and [N,H,W,C]; the other types, marked not supported on the page, do nothing. Bits move unchanged, and sharedTmpBuffer is not written.',
		},
		source: ascendCDoc('Memory矢量计算/数据排布转换/Transpose.md'),
		run: transpose,
	}),
];
