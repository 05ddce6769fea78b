/**
 * Data movement (asc-devkit docs/api/context/DataCopy.md and DataCopyPad(ISASI).md at
 * 8b18dbce): DataCopy in every documented form — contiguous, DataCopyParams blocks,
 * DataCopyEnhancedParams (and CO1 → CO2 in the matrix and vector block modes), slices, ND → NZ,
 * and CO1 → GM with DataCopyCO12DstParams — and DataCopyPad in both directions. The semantics
 * of each is a copy plan (sim/kernel/data-copy.ts) or a cube move (sim/kernel/cube.ts).
 */
import { asElement } from '../../sim/kernel/byte-store.ts';
import { co1ToLocal, fixpipe } from '../../sim/kernel/cube.ts';
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import {
	blockPlan,
	dataCopy,
	nd2nzPlan,
	padInPlan,
	padOutPlan,
	runCopy,
	slicePlan,
	type CopyCall,
	type CopyOperand,
	type CopyPlan,
	type Nd2NzCopyParams,
	type ParamRange,
	type SliceDim,
} from '../../sim/kernel/data-copy.ts';
import { ByteStore } from '../../sim/kernel/byte-store.ts';
import { GlobalTensor, gmStore } from '../../sim/kernel/global-tensor.ts';
import { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { structValue, type StructValue } from '../api-types.ts';
import { ascendCContextDoc } from '../sources.ts';
import { traceArg } from './vector-call.ts';

const T = 'template <typename T> __aicore__ inline void';
const TU = 'template <typename T, typename U> __aicore__ inline void';

/** The DataCopy forms, in the reference's order within each page. */
const DATA_COPY_FORMS = [
	`${T} DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& repeatParams)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams)`,
	`${T} DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count)`,
	`${T} DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams)`,
	`${TU} DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& repeatParams)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams)`,
	`${T} DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams)`,
	`${TU} DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1)`,
	`${T} DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& intriParams)`,
	`${T} DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& intriParams)`,
	`${TU} DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams)`,
	`${TU} DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams)`,
] as const;

/** What each DataCopy form is. */
const DATA_COPY_KIND = [
	'count',
	'blocks',
	'count',
	'blocks',
	'count',
	'blocks',
	'blocks',
	'enhanced',
	'enhanced',
	'enhanced',
	'enhanced',
	'slice',
	'slice',
	'nd2nz',
	'nd2nz',
	'co1',
	'co1',
] as const;

/** The element type a copy call names: its local operand's, else its destination's. */
function copyType(dst: CopyOperand, src: CopyOperand) {
	return (dst instanceof LocalTensor ? dst : src instanceof LocalTensor ? src : dst).dtype;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The DataCopyParams of a call, with its documented ranges. */
function blockParams(v: unknown): { p: StructValue; ranges: ParamRange[] } {
	const p = structValue('DataCopyParams', v);
	return {
		p,
		ranges: [{ param: 'blockCount', value: num(p.blockCount), min: 0, max: 4095 }],
	};
}

function copyCall(
	c: ApiCall,
	dst: CopyOperand,
	src: CopyOperand,
	paramTypes: string[],
	ranges?: ParamRange[],
): CopyCall {
	return {
		api: c.name,
		paramTypes,
		traceArgs: c.args.map(traceArg),
		dtype: copyType(dst, src),
		...(ranges ? { ranges } : {}),
	};
}

/** One dimension of a SliceInfo array argument. */
function sliceDims(v: unknown, dims: number): SliceDim[] {
	const arr = v as { at?: (i: number) => unknown } | undefined;
	const out: SliceDim[] = [];
	for (let i = 0; i < dims; i++) {
		const s = structValue('SliceInfo', typeof arr?.at === 'function' ? arr.at(i) : undefined);
		out.push({
			startIndex: num(s.startIndex),
			endIndex: num(s.endIndex),
			stride: num(s.stride),
			burstLen: num(s.burstLen),
			shapeValue: num(s.shapeValue),
		});
	}
	return out;
}

function nd2nzParams(v: unknown): Nd2NzCopyParams {
	const p = structValue('Nd2NzParams', v);
	return {
		ndNum: num(p.ndNum),
		nValue: num(p.nValue),
		dValue: num(p.dValue),
		srcNdMatrixStride: num(p.srcNdMatrixStride),
		srcDValue: num(p.srcDValue),
		dstNzC0Stride: num(p.dstNzC0Stride),
		dstNzNStride: num(p.dstNzNStride),
		dstNzMatrixStride: num(p.dstNzMatrixStride),
	};
}

/** BLOCK_MODE_VECTOR as the BlockMode enum numbers it (api-structs.ts); other modes copy fractals. */
const BLOCK_MODE_VECTOR = 2;

function runDataCopy(core: CoreContext, c: ApiCall): unknown {
	const dst = c.args[0] as CopyOperand;
	const src = c.args[1] as CopyOperand;
	const site = c.site();
	const kind = DATA_COPY_KIND[c.form] ?? 'count';
	switch (kind) {
		case 'count':
			return dataCopy(core, site, dst, src, num(c.args[2]));
		case 'blocks':
		case 'enhanced': {
			const { p, ranges } = blockParams(c.args[2]);
			const e = kind === 'enhanced' ? structValue('DataCopyEnhancedParams', c.args[3]) : undefined;
			if (src instanceof LocalTensor && src.hardware === 'L0C' && dst instanceof LocalTensor) {
				const mode = num(e?.blockMode);
				co1ToLocal(
					core,
					site,
					dst,
					src,
					{
						blockCount: num(p.blockCount),
						blockLen: num(p.blockLen),
						srcStride: num(p.srcStride),
						dstStride: num(p.dstStride),
						mode: mode === BLOCK_MODE_VECTOR ? 'vector' : 'matrix',
						relu: num(e?.isRelu) !== 0,
					},
					c.args.map(traceArg),
				);
				return undefined;
			}
			const plan = blockPlan({
				blockCount: num(p.blockCount),
				blockLen: num(p.blockLen),
				srcStride: num(p.srcStride),
				dstStride: num(p.dstStride),
			});
			const types = ['AscendC::DataCopyParams const&'];
			if (e) types.push('AscendC::DataCopyEnhancedParams const&');
			return runCopy(core, site, copyCall(c, dst, src, types, ranges), dst, src, plan);
		}
		case 'slice': {
			const dims = Math.max(1, num(c.args[4] ?? 1));
			const size = copyType(dst, src).bytes;
			const plan = slicePlan(sliceDims(c.args[2], dims), sliceDims(c.args[3], dims), size);
			const types = ['AscendC::SliceInfo const*', 'AscendC::SliceInfo const*', 'unsigned int'];
			return runCopy(core, site, copyCall(c, dst, src, types), dst, src, plan);
		}
		case 'nd2nz': {
			const plan = nd2nzPlan(nd2nzParams(c.args[2]), copyType(dst, src).bytes);
			const types = ['AscendC::Nd2NzParams const&'];
			return runCopy(core, site, copyCall(c, dst, src, types), dst, src, plan);
		}
		case 'co1': {
			const p = structValue('DataCopyCO12DstParams', c.args[2]);
			if (!(src instanceof LocalTensor)) return undefined;
			fixpipe(
				core,
				site,
				'DataCopy',
				dst,
				src,
				{
					mSize: num(p.mSize),
					nSize: num(p.nSize),
					srcStride: num(p.srcStride),
					dstStride: num(p.dstStride),
					nd: num(p.nz2ndEn) !== 0,
					relu: num(p.reluPre) !== 0,
					quant: quantOf(num(p.quantPre)),
				},
				c.args.map(traceArg),
			);
			return undefined;
		}
	}
}

/** QuantMode_t values the simulator computes (api-structs.ts numbers them in enum order). */
export function quantOf(v: number): 'none' | 'half' | 'bfloat16' {
	return v === 1 ? 'half' : v === 2 ? 'bfloat16' : 'none';
}

/** The DataCopyPad forms (DataCopyExtParams first, then DataCopyParams). */
const DATA_COPY_PAD_FORMS = [
	`${T} DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& dataCopyParams, const DataCopyPadExtParams<T>& padParams)`,
	`${T} DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams)`,
	`${T} DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams, const Nd2NzParams& nd2nzParams)`,
	`${T} DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& dataCopyParams, const DataCopyPadParams& padParams)`,
	`${T} DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,const DataCopyParams& dataCopyParams)`,
	`${T} DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams, const Nd2NzParams& nd2nzParams)`,
] as const;

function runDataCopyPad(core: CoreContext, c: ApiCall): unknown {
	const dst = c.args[0] as CopyOperand;
	const src = c.args[1] as CopyOperand;
	const site = c.site();
	const ext = c.form < 3;
	const p = structValue(ext ? 'DataCopyExtParams' : 'DataCopyParams', c.args[2]);
	const params = {
		blockCount: num(p.blockCount),
		blockLen: num(p.blockLen),
		srcStride: num(p.srcStride),
		dstStride: num(p.dstStride),
	};
	const dtype = copyType(dst, src);
	const ranges: ParamRange[] = [
		{ param: 'blockCount', value: params.blockCount, min: 1, max: 4095 },
		{ param: 'blockLen', value: params.blockLen, min: 1, max: ext ? 2097151 : 65535 },
	];
	const paramType = ext ? 'AscendC::DataCopyExtParams const&' : 'AscendC::DataCopyParams const&';
	const toLocal = dst instanceof LocalTensor;
	let plan: CopyPlan;
	const types = [paramType];
	if (toLocal && src instanceof GlobalTensor) {
		const pad = structValue(ext ? 'DataCopyPadExtParams' : 'DataCopyPadParams', c.args[3]);
		const padParams = {
			isPad: num(pad.isPad) !== 0,
			leftPadding: num(pad.leftPadding),
			rightPadding: num(pad.rightPadding),
			paddingValue: num(pad.paddingValue),
		};
		ranges.push(
			{ param: 'leftPadding', value: padParams.leftPadding * dtype.bytes, min: 0, max: 32 },
			{ param: 'rightPadding', value: padParams.rightPadding * dtype.bytes, min: 0, max: 32 },
		);
		types.push(
			ext
				? `AscendC::DataCopyPadExtParams<${dtype.demangled}> const&`
				: 'AscendC::DataCopyPadParams const&',
		);
		const element = (v: number) => {
			const store = new ByteStore();
			store.set(dtype, 0, asElement(dtype, v));
			return store.read(0, dtype.bytes);
		};
		const gm = src.ptr ? gmStore(src.ptr.buffer) : undefined;
		const base = src.ptr?.byteOffset ?? 0;
		plan = padInPlan(params, padParams, dtype.bytes, element, (at) =>
			gm ? gm.read(base + at, dtype.bytes) : new Uint8Array(dtype.bytes),
		);
	} else if (!toLocal) {
		plan = padOutPlan(params);
	} else {
		plan = nd2nzPlan(nd2nzParams(c.args[3]), dtype.bytes);
		types.push('AscendC::Nd2NzParams const&');
	}
	return runCopy(core, site, copyCall(c, dst, src, types, ranges), dst, src, plan);
}

const COPY_DIAGNOSTICS = [
	'datacopy-round-down',
	'tensor-position-unsupported',
	'tensor-dtype-mismatch',
	'address-unaligned',
	'tensor-out-of-bounds',
	'memory-out-of-range',
	'gm-out-of-bounds',
	'global-tensor-unset',
	'tensor-use-after-free',
	'param-out-of-range',
] as const;

/** The data movement rows. */
export const DATA_MOVEMENT_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'DataCopy',
		group: 'ascendc-data-movement',
		signature: DATA_COPY_FORMS,
		cost: PER_STEP_COST,
		diagnostics: COPY_DIAGNOSTICS,
		doc: {
			zh: '在 GM 与 UB/L1 之间、UB 内部以及 CO1 到 CO2/GM 之间搬运数据。连续形式搬 count 个元素（字节数不是 32 的整数倍时会被悄悄向下取整）；DataCopyParams 形式按块搬运，块长和块间隔以 32 字节 DataBlock 为单位；还有增强、切片、ND 转 NZ 和 CO1 随路转换的形式。GM 一侧要求按元素大小对齐，UB 一侧要求 32 字节对齐。',
			en: 'Moves data between GM and UB/L1, within UB, and from CO1 to CO2 or GM. The contiguous form copies count elements (a byte count that is not a multiple of 32 is silently rounded down); the DataCopyParams form copies blocks, with lengths and gaps in 32-byte DataBlocks; there are also enhanced, slice, ND-to-NZ and CO1 conversion forms. The GM side must be aligned to the element size, the UB side to 32 bytes.',
		},
		source: ascendCContextDoc('DataCopy'),
		run: runDataCopy,
	}),
	kernelApi({
		name: 'DataCopyPad',
		group: 'ascendc-data-movement',
		signature: DATA_COPY_PAD_FORMS,
		cost: PER_STEP_COST,
		diagnostics: COPY_DIAGNOSTICS,
		doc: {
			zh: '非对齐搬运：blockLen 以字节为单位。GM→UB 时每块在 UB 中按 32 字节对齐存放，可在左右两侧填充 leftPadding/rightPadding 个元素（isPad 为 true 时填 paddingValue）；块长不足 32 字节对齐的部分填充假数据（两侧都不填充时为该块第一个元素的值）。UB→GM 时只写回每块的 blockLen 字节。GM 一侧的块间隔以字节为单位，UB 一侧以 DataBlock 为单位。',
			en: 'Unaligned copy, blockLen in bytes. GM→UB lays each block 32-byte aligned in UB, optionally padded with leftPadding/rightPadding elements on either side (paddingValue when isPad is true); the bytes up to the next 32-byte boundary hold dummy data (the block’s first element when neither side is padded). UB→GM writes back only blockLen bytes per block. Gaps are in bytes on the GM side and in DataBlocks on the UB side.',
		},
		source: ascendCContextDoc('DataCopyPad(ISASI)'),
		run: runDataCopyPad,
	}),
];
