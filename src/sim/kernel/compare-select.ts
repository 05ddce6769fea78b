/**
 * Compare, select and gather (asc-devkit docs/api/context/Compare.md, CompareScalar.md,
 * Select.md, GatherMask.md, Gather.md, Gatherb(ISASI).md at 8b18dbce):
 *
 * - Compare / CompareScalar write one bit per element (bit i of the uint8_t output, lowest bit
 *   first), 1 where the comparison holds; across repeats the bits follow on;
 * - Select takes element i from src0 where bit i of selMask is 1, else from src1 (a tensor, or
 *   a scalar in mode 1); mode 0 uses the same 256/sizeof(T) bits of selMask in every repeat,
 *   modes 1 and 2 consume selMask repeat after repeat; unselected lanes keep dst;
 * - GatherMask keeps the elements its pattern selects (a built-in pattern 1…7 or a tensor of
 *   bits), packed one after another in dst, and returns how many it kept;
 * - Gather reads dst[i] from the byte offset `srcBaseAddr + srcOffset[i]` of src; Gatherb copies
 *   whole DataBlocks from the byte offsets `offset[i]`.
 */
import type { CallSite } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import type { LocalTensor } from './local-tensor.ts';
import type { MemoryAccess } from './memory-access.ts';
import { checkLocalOperand } from './operand-checks.ts';
import { checkVectorPosition, vectorCheckContext, type VectorStyle } from './vector-instruction.ts';
import {
	DATA_BLOCK_BYTES,
	elementOffsets,
	operandExtent,
	REPEAT_BYTES,
	shapeSize,
	type BlockStrides,
	type VectorShape,
} from './vector-shape.ts';

/** CMPMODE in enum order (impl/basic_api/utils/kernel_utils_mode.h). */
export const CMP_MODES = ['LT', 'GT', 'EQ', 'LE', 'GE', 'NE'] as const;

/** Whether `a` and `b` compare true under CMPMODE `mode`. */
export function compares(mode: number, a: number, b: number): boolean {
	switch (CMP_MODES[mode]) {
		case 'LT':
			return a < b;
		case 'GT':
			return a > b;
		case 'EQ':
			return a === b;
		case 'LE':
			return a <= b;
		case 'GE':
			return a >= b;
		default:
			return a !== b;
	}
}

/** A Compare / CompareScalar call. */
export interface CompareCall {
	readonly name: string;
	readonly dst: LocalTensor;
	readonly src0: LocalTensor;
	/** A tensor (Compare) or a scalar (CompareScalar). */
	readonly src1: LocalTensor | number;
	readonly mode: number;
	readonly shape: VectorShape;
	readonly strides: { readonly src0: BlockStrides; readonly src1: BlockStrides };
	readonly style: VectorStyle;
	readonly frameFunc: () => string;
	readonly traceArgs: readonly string[];
}

/** Reads one bit of a bit mask held in `t` (bit i of byte ⌊i/8⌋). */
function bitOf(core: CoreContext, t: LocalTensor, i: number): boolean {
	const byte = core.storeOf(t.hardware).read(t.address + Math.floor(i / 8), 1)[0]!;
	return ((byte >> (i % 8)) & 1) === 1;
}

/** Compare / CompareScalar; see the file comment. */
export function compare(core: CoreContext, site: CallSite, cc: CompareCall): void {
	const src = cc.src0;
	const call = `${cc.name}<${src.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, cc.name, { instr: 'vcmp' }, cc.style, cc.frameFunc);
	checkVectorPosition(core, site, ctx, 'dst', cc.dst);
	checkVectorPosition(core, site, ctx, 'src0', src);
	const n = shapeSize(cc.shape);
	const o0 = elementOffsets(cc.shape, src.dtype.bytes, cc.strides.src0);
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: cc.dst,
			kind: 'write',
			extent: Math.ceil(n / 8),
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'src0',
			tensor: src,
			kind: 'read',
			extent: operandExtent(cc.shape, o0, src.dtype.bytes),
			limit: 'tensor',
		}),
	];
	let o1: Int32Array | undefined;
	const other = cc.src1;
	if (typeof other !== 'number') {
		checkVectorPosition(core, site, ctx, 'src1', other);
		o1 = elementOffsets(cc.shape, other.dtype.bytes, cc.strides.src1);
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: 'src1',
				tensor: other,
				kind: 'read',
				extent: operandExtent(cc.shape, o1, other.dtype.bytes),
				limit: 'tensor',
			}),
		);
	}
	core.observeAccess(site, call, accesses);
	const inA = core.storeOf(src.hardware);
	const bits = new Uint8Array(Math.ceil(n / 8));
	for (let i = 0; i < n; i++) {
		const a = inA.get(src.dtype, src.address + (o0 ? o0[i]! : i * src.dtype.bytes));
		const b =
			typeof other === 'number'
				? other
				: core
						.storeOf(other.hardware)
						.get(other.dtype, other.address + (o1 ? o1[i]! : i * other.dtype.bytes));
		if (compares(cc.mode, a, b)) bits[i >> 3]! |= 1 << (i & 7);
	}
	core.storeOf(cc.dst.hardware).write(cc.dst.address, bits);
	core.record(site, call, cc.traceArgs, 'void');
}

/** A Select call. */
export interface SelectCall {
	readonly name: string;
	readonly dst: LocalTensor;
	readonly selMask: LocalTensor;
	readonly src0: LocalTensor;
	readonly src1: LocalTensor | number;
	/** SELMODE: 0 the same bits each repeat, 1 tensor–scalar, 2 tensor–tensor. */
	readonly selMode: number;
	readonly shape: VectorShape;
	readonly strides: Readonly<Record<'dst' | 'src0' | 'src1', BlockStrides>>;
	readonly style: VectorStyle;
	readonly frameFunc: () => string;
	readonly traceArgs: readonly string[];
}

/** Select; see the file comment. */
export function select(core: CoreContext, site: CallSite, sc: SelectCall): void {
	const dst = sc.dst;
	const call = `${sc.name}<${dst.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, sc.name, { instr: 'vsel' }, sc.style, sc.frameFunc);
	for (const [role, t] of [
		['dst', dst],
		['selMask', sc.selMask],
		['src0', sc.src0],
	] as const)
		checkVectorPosition(core, site, ctx, role, t);
	const shape = sc.shape;
	const n = shapeSize(shape);
	const lanes = shape.kind === 'repeat' ? shape.lanes : REPEAT_BYTES / dst.dtype.bytes;
	const oD = elementOffsets(shape, dst.dtype.bytes, sc.strides.dst);
	const o0 = elementOffsets(shape, sc.src0.dtype.bytes, sc.strides.src0);
	const other = sc.src1;
	const o1 =
		typeof other === 'number'
			? undefined
			: elementOffsets(shape, other.dtype.bytes, sc.strides.src1);
	// The bit each element takes from selMask.
	const bitIndex = (i: number): number => {
		const pos = shape.kind === 'repeat' ? shape.repeat[i]! * lanes + shape.lane[i]! : i;
		return sc.selMode === 0 ? pos % lanes : pos;
	};
	const maxBit = n > 0 ? Math.max(...Array.from({ length: n }, (_, i) => bitIndex(i))) : -1;
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: operandExtent(shape, oD, dst.dtype.bytes),
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'selMask',
			tensor: sc.selMask,
			kind: 'read',
			extent: Math.floor(maxBit / 8) + 1,
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'src0',
			tensor: sc.src0,
			kind: 'read',
			extent: operandExtent(shape, o0, sc.src0.dtype.bytes),
			limit: 'tensor',
		}),
	];
	if (typeof other !== 'number') {
		checkVectorPosition(core, site, ctx, 'src1', other);
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: 'src1',
				tensor: other,
				kind: 'read',
				extent: operandExtent(shape, o1, other.dtype.bytes),
				limit: 'tensor',
			}),
		);
	}
	core.observeAccess(site, call, accesses);
	const out = core.storeOf(dst.hardware);
	const in0 = core.storeOf(sc.src0.hardware);
	for (let i = 0; i < n; i++) {
		const take0 = bitOf(core, sc.selMask, bitIndex(i));
		const v = take0
			? in0.get(sc.src0.dtype, sc.src0.address + (o0 ? o0[i]! : i * sc.src0.dtype.bytes))
			: typeof other === 'number'
				? other
				: core
						.storeOf(other.hardware)
						.get(other.dtype, other.address + (o1 ? o1[i]! : i * other.dtype.bytes));
		out.set(dst.dtype, dst.address + (oD ? oD[i]! : i * dst.dtype.bytes), v);
	}
	core.record(site, call, sc.traceArgs, 'void');
}

/** The built-in GatherMask patterns 1…7, as the lanes of a repeat each one keeps. */
export function gatherPatternKeeps(pattern: number, lane: number): boolean {
	switch (pattern) {
		case 1:
			return lane % 2 === 0;
		case 2:
			return lane % 2 === 1;
		case 3:
			return lane % 4 === 0;
		case 4:
			return lane % 4 === 1;
		case 5:
			return lane % 4 === 2;
		case 6:
			return lane % 4 === 3;
		case 7:
			return true;
		default:
			return false;
	}
}

/** A GatherMask call. */
export interface GatherMaskCall {
	readonly name: string;
	readonly dst: LocalTensor;
	readonly src0: LocalTensor;
	/** A built-in pattern (1…7) or a tensor of pattern bits. */
	readonly pattern: number | LocalTensor;
	/** Counter mode: each repeat takes `mask` elements. */
	readonly reduceMode: boolean;
	readonly mask: number;
	readonly repeatTimes: number;
	readonly src0BlockStride: number;
	readonly src0RepeatStride: number;
	readonly src1RepeatStride: number;
	readonly frameFunc: () => string;
	readonly traceArgs: readonly string[];
}

/** GatherMask; returns how many elements it kept (rsvdCnt). */
export function gatherMask(core: CoreContext, site: CallSite, gc: GatherMaskCall): number {
	const dst = gc.dst;
	const src = gc.src0;
	const call = `${gc.name}<${dst.dtype.name}>`;
	const ctx = vectorCheckContext(
		core,
		call,
		gc.name,
		{ instr: 'vreducev2' },
		'mask-count',
		gc.frameFunc,
	);
	checkVectorPosition(core, site, ctx, 'dst', dst);
	checkVectorPosition(core, site, ctx, 'src0', src);
	const size = src.dtype.bytes;
	const perRepeat = gc.reduceMode ? Math.max(0, gc.mask) : REPEAT_BYTES / size;
	const repeats = Math.max(0, gc.repeatTimes);
	const offsetOf = (r: number, e: number) => {
		const byte = e * size;
		return (
			r * gc.src0RepeatStride * DATA_BLOCK_BYTES +
			Math.floor(byte / DATA_BLOCK_BYTES) * gc.src0BlockStride * DATA_BLOCK_BYTES +
			(byte % DATA_BLOCK_BYTES)
		);
	};
	const keeps = (r: number, e: number): boolean => {
		const p = gc.pattern;
		if (typeof p === 'number') return gatherPatternKeeps(p, e);
		const bit = r * gc.src1RepeatStride * DATA_BLOCK_BYTES * 8 + e;
		return bitOf(core, p, bit);
	};
	const kept: number[] = [];
	let srcEnd = 0;
	for (let r = 0; r < repeats; r++) {
		for (let e = 0; e < perRepeat; e++) {
			const at = offsetOf(r, e);
			srcEnd = Math.max(srcEnd, at + size);
			if (keeps(r, e)) kept.push(at);
		}
	}
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: kept.length * dst.dtype.bytes,
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'src0',
			tensor: src,
			kind: 'read',
			extent: srcEnd,
			limit: 'tensor',
		}),
	];
	core.observeAccess(site, call, accesses);
	const from = core.storeOf(src.hardware);
	const to = core.storeOf(dst.hardware);
	kept.forEach((at, i) =>
		to.set(dst.dtype, dst.address + i * dst.dtype.bytes, from.get(src.dtype, src.address + at)),
	);
	core.record(site, call, gc.traceArgs, `${kept.length} kept`);
	return kept.length;
}

/** A Gather call: `dst[i]` from byte `srcBaseAddr + srcOffset[i]` of `src`. */
export interface GatherCall {
	readonly name: string;
	readonly dst: LocalTensor;
	readonly src: LocalTensor;
	readonly offsets: LocalTensor;
	readonly baseAddr: number;
	readonly shape: VectorShape;
	readonly dstStrides: BlockStrides;
	readonly style: VectorStyle;
	readonly frameFunc: () => string;
	readonly traceArgs: readonly string[];
}

/** Gather; see the file comment. Offsets past the source are reported and read as they lie. */
export function gather(core: CoreContext, site: CallSite, gc: GatherCall): void {
	const dst = gc.dst;
	const call = `${gc.name}<${dst.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, gc.name, { instr: 'vgather' }, gc.style, gc.frameFunc);
	checkVectorPosition(core, site, ctx, 'dst', dst);
	checkVectorPosition(core, site, ctx, 'src', gc.src);
	checkVectorPosition(core, site, ctx, 'srcOffset', gc.offsets);
	const n = shapeSize(gc.shape);
	const oD = elementOffsets(gc.shape, dst.dtype.bytes, gc.dstStrides);
	const offs = core.storeOf(gc.offsets.hardware);
	const reads: number[] = [];
	let srcEnd = 0;
	for (let i = 0; i < n; i++) {
		const at =
			gc.baseAddr + offs.get(gc.offsets.dtype, gc.offsets.address + i * gc.offsets.dtype.bytes);
		reads.push(at);
		srcEnd = Math.max(srcEnd, at + gc.src.dtype.bytes);
	}
	core.observeAccess(site, call, [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: operandExtent(gc.shape, oD, dst.dtype.bytes),
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'srcOffset',
			tensor: gc.offsets,
			kind: 'read',
			extent: n * gc.offsets.dtype.bytes,
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'src',
			tensor: gc.src,
			kind: 'read',
			extent: srcEnd,
			limit: 'block',
		}),
	]);
	const from = core.storeOf(gc.src.hardware);
	const to = core.storeOf(dst.hardware);
	reads.forEach((at, i) =>
		to.set(
			dst.dtype,
			dst.address + (oD ? oD[i]! : i * dst.dtype.bytes),
			from.get(gc.src.dtype, gc.src.address + at),
		),
	);
	core.record(site, call, gc.traceArgs, 'void');
}

/** Gatherb: DataBlock `i` of dst (8 a repeat) from byte offset `offset[i]` of src0. */
export function gatherBlocks(
	core: CoreContext,
	site: CallSite,
	name: string,
	dst: LocalTensor,
	src0: LocalTensor,
	offsets: LocalTensor,
	repeatTimes: number,
	strides: BlockStrides,
	frameFunc: () => string,
	traceArgs: readonly string[],
): void {
	const call = `${name}<${dst.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, name, { instr: 'vgatherb' }, 'mask-count', frameFunc);
	checkVectorPosition(core, site, ctx, 'dst', dst);
	checkVectorPosition(core, site, ctx, 'src0', src0);
	const blocks = Math.max(0, repeatTimes) * 8;
	const offs = core.storeOf(offsets.hardware);
	const from = core.storeOf(src0.hardware);
	const to = core.storeOf(dst.hardware);
	const dstAt = (i: number) =>
		(Math.floor(i / 8) * strides.rep + (i % 8) * strides.blk) * DATA_BLOCK_BYTES;
	let srcEnd = 0;
	const srcAt: number[] = [];
	for (let i = 0; i < blocks; i++) {
		const at = offs.get(offsets.dtype, offsets.address + i * offsets.dtype.bytes);
		srcAt.push(at);
		srcEnd = Math.max(srcEnd, at + DATA_BLOCK_BYTES);
	}
	core.observeAccess(site, call, [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: blocks > 0 ? dstAt(blocks - 1) + DATA_BLOCK_BYTES : 0,
			limit: 'tensor',
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'src0',
			tensor: src0,
			kind: 'read',
			extent: srcEnd,
			limit: 'block',
		}),
	]);
	srcAt.forEach((at, i) =>
		to.write(dst.address + dstAt(i), from.read(src0.address + at, DATA_BLOCK_BYTES)),
	);
	core.record(site, call, traceArgs, `${blocks} block(s)`);
}
