/**
 * Reductions (asc-devkit docs/api/context/WholeReduceSum.md, WholeReduceMax.md,
 * BlockReduceSum.md, PairReduceSum.md, ReduceSum.md, ReduceMax.md at 8b18dbce; the current
 * names ReduceRepeat, ReduceDataBlock and ReducePairElem run the same code):
 *
 * - per repeat (WholeReduce*): the lanes the mask selects reduce to one value, by a binary tree
 *   of adjacent pairs (lane 0 + lane 1, lane 2 + lane 3, …, then the pairs' results), each sum
 *   rounded to the element type; Max/Min also give the lane of the first extreme, stored as the
 *   integer's bits in an element slot (read it back with ReinterpretCast);
 * - per DataBlock (BlockReduce*): each of a repeat's 8 blocks reduces to one value by the same
 *   tree; a block with no lane selected is not written (A2/A3);
 * - per pair (PairReduceSum): lane 2i + lane 2i+1;
 * - over everything (ReduceSum/Max/Min): each repeat by the tree, then the repeats' results in
 *   order (the count form on A2/A3, "方式一") or by a further tree over repeat results (the
 *   mask forms, "方式二"); Max/Min with calIndex give the index of the first extreme overall.
 *
 * Unselected lanes take no part (a Sum tree adds them as 0, a Max/Min skips them). Half results
 * overflow to infinity: the register's non-saturating mode, which the current reference names
 * the default (the older pages describe the saturating one, 65504).
 */
import type { CallSite } from '../trace.ts';
import { asElement } from './byte-store.ts';
import type { CoreContext } from './core-context.ts';
import type { DType } from './dtype.ts';
import type { LocalTensor } from './local-tensor.ts';
import type { MemoryAccess } from './memory-access.ts';
import { checkLocalOperand, checkParamRange } from './operand-checks.ts';
import {
	checkVectorPosition,
	dtypeUnsupported,
	vectorCheckContext,
	type VectorStyle,
} from './vector-instruction.ts';
import {
	activeLanes,
	DATA_BLOCK_BYTES,
	REPEAT_BYTES,
	type VectorMaskValue,
} from './vector-shape.ts';

/** What a reduction computes. */
export type ReduceOp = 'sum' | 'max' | 'min';

/** ReduceOrder of WholeReduceMax/Min, in enum order. */
export const REDUCE_ORDERS = [
	'ORDER_VALUE_INDEX',
	'ORDER_INDEX_VALUE',
	'ORDER_ONLY_VALUE',
	'ORDER_ONLY_INDEX',
] as const;

/** One reduced value and the lane (or index) it came from. */
interface Reduced {
	value: number;
	index: number;
}

/**
 * Reduces `values` (with `present[i]` false for lanes that take no part) by the binary tree of
 * adjacent pairs, rounding every partial result to `dtype`.
 */
export function treeReduce(
	values: readonly number[],
	present: readonly boolean[],
	op: ReduceOp,
	dtype: DType,
): Reduced | undefined {
	let level: Array<Reduced | undefined> = values.map((v, i) =>
		present[i] ? { value: v, index: i } : undefined,
	);
	if (level.every((x) => x === undefined)) return undefined;
	while (level.length > 1) {
		const next: Array<Reduced | undefined> = [];
		for (let i = 0; i < level.length; i += 2) next.push(combine(level[i], level[i + 1], op, dtype));
		level = next;
	}
	return level[0];
}

function combine(
	a: Reduced | undefined,
	b: Reduced | undefined,
	op: ReduceOp,
	dtype: DType,
): Reduced | undefined {
	if (!a) return b;
	if (!b) return a;
	if (op === 'sum') return { value: asElement(dtype, a.value + b.value), index: a.index };
	const takeB = op === 'max' ? b.value > a.value : b.value < a.value;
	return takeB ? b : a;
}

/** The reduction a call makes, as its row read it. */
export interface ReduceCall {
	readonly name: string;
	readonly op: ReduceOp;
	readonly dst: LocalTensor;
	readonly src: LocalTensor;
	readonly style: VectorStyle;
	readonly frameFunc: () => string;
	readonly traceArgs: readonly string[];
}

/** A per-repeat, per-block or per-pair reduction's shape. */
export interface RepeatReduceParams {
	readonly mask: VectorMaskValue;
	readonly repeatTimes: number;
	readonly dstRepStride: number;
	readonly srcBlkStride: number;
	readonly srcRepStride: number;
	/** WholeReduceMax/Min: where value and index go. */
	readonly order?: (typeof REDUCE_ORDERS)[number];
}

const HALF_FLOAT = ['half', 'float'];

function setup(core: CoreContext, site: CallSite, rc: ReduceCall) {
	const call = `${rc.name}<${rc.dst.dtype.name}>`;
	const ctx = vectorCheckContext(
		core,
		call,
		rc.name,
		{ instr: rc.op === 'sum' ? 'vreduce sum' : `vreduce ${rc.op}` },
		rc.style,
		rc.frameFunc,
	);
	checkVectorPosition(core, site, ctx, 'dst', rc.dst);
	checkVectorPosition(core, site, ctx, 'src', rc.src);
	if (!HALF_FLOAT.includes(rc.src.dtype.name))
		dtypeUnsupported(core, site, ctx, rc.src.dtype.name, HALF_FLOAT);
	return { call, ctx };
}

/** Source byte offset of lane `e` of repeat `r`. */
function laneOffset(e: number, r: number, size: number, p: RepeatReduceParams): number {
	const byte = e * size;
	return (
		r * p.srcRepStride * DATA_BLOCK_BYTES +
		Math.floor(byte / DATA_BLOCK_BYTES) * p.srcBlkStride * DATA_BLOCK_BYTES +
		(byte % DATA_BLOCK_BYTES)
	);
}

/** Reads one repeat's lanes: values and whether the mask selects each. */
function readRepeat(
	core: CoreContext,
	src: LocalTensor,
	r: number,
	lanes: number,
	active: ReadonlySet<number>,
	p: RepeatReduceParams,
): { values: number[]; present: boolean[] } {
	const store = core.storeOf(src.hardware);
	const values: number[] = [];
	const present: boolean[] = [];
	for (let e = 0; e < lanes; e++) {
		const on = active.has(e);
		present.push(on);
		values.push(on ? store.get(src.dtype, src.address + laneOffset(e, r, src.dtype.bytes, p)) : 0);
	}
	return { values, present };
}

/** The lanes of a repeat that the mask selects (Counter mode: the first `count` over repeats). */
function lanesOf(core: CoreContext, p: RepeatReduceParams, lanes: number, r: number): Set<number> {
	if (core.mask.counter) {
		const total = 'count' in p.mask ? p.mask.count : Number(p.mask.bits[0]);
		const n = Math.max(0, Math.min(lanes, total - r * lanes));
		return new Set(Array.from({ length: n }, (_, i) => i));
	}
	return new Set(activeLanes(p.mask, lanes));
}

/** What the operand checks of a repeat-form reduction need. */
interface RepeatOperands {
	readonly call: string;
	readonly ctx: ReturnType<typeof setup>['ctx'];
	readonly rc: ReduceCall;
	readonly p: RepeatReduceParams;
	readonly repeats: number;
	readonly lanes: number;
	/** Bytes the destination spans over all repeats. */
	readonly dstExtent: number;
	/** The destination's alignment when it is not the element size. */
	readonly dstAlign?: number;
}

/**
 * Checks the destination (written, `dstExtent` bytes) and the source (read, as far as the
 * repeats and strides reach) of a repeat-form reduction against their tensors, and records both
 * accesses.
 */
function checkRepeatOperands(core: CoreContext, site: CallSite, o: RepeatOperands): void {
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, o.ctx, {
			role: 'dst',
			tensor: o.rc.dst,
			kind: 'write',
			extent: o.dstExtent,
			limit: 'tensor',
			...(o.dstAlign !== undefined ? { align: o.dstAlign } : {}),
		}),
		checkLocalOperand(core, site, o.ctx, {
			role: 'src',
			tensor: o.rc.src,
			kind: 'read',
			extent: srcExtent(o.rc.src, o.repeats, o.lanes, o.p),
			limit: 'tensor',
		}),
	];
	core.observeAccess(site, o.call, accesses);
}

/**
 * What every repeat-form reduction starts with: the vector checks of {@link setup}, the
 * repeatTime range, the element size, the lanes of one 256-byte repeat and the repeats made.
 */
function repeatSetup(core: CoreContext, site: CallSite, rc: ReduceCall, p: RepeatReduceParams) {
	const { call, ctx } = setup(core, site, rc);
	checkParamRange(core, site, ctx, 'repeatTime', p.repeatTimes, 0, 255);
	const size = rc.src.dtype.bytes;
	const lanes = REPEAT_BYTES / size;
	return { call, ctx, size, lanes, repeats: repeatsOf(core, p, lanes) };
}

/** Repeats a Counter-mode call makes: as many as the count needs. */
function repeatsOf(core: CoreContext, p: RepeatReduceParams, lanes: number): number {
	if (!core.mask.counter) return Math.max(0, Math.trunc(p.repeatTimes));
	const total = 'count' in p.mask ? p.mask.count : Number(p.mask.bits[0]);
	return Math.ceil(Math.max(0, total) / lanes);
}

function srcExtent(
	src: LocalTensor,
	repeats: number,
	lanes: number,
	p: RepeatReduceParams,
): number {
	if (repeats === 0) return 0;
	let end = 0;
	for (let r = 0; r < repeats; r++)
		end = Math.max(end, laneOffset(lanes - 1, r, src.dtype.bytes, p) + src.dtype.bytes);
	return end;
}

/** The integer `index` as the bits of an element of `dtype` (how Max/Min store an index). */
function indexBits(core: CoreContext, dtype: DType, index: number): { raw: Uint8Array } {
	const raw = new Uint8Array(dtype.bytes);
	const view = new DataView(raw.buffer);
	if (dtype.bytes === 2) view.setUint16(0, index, true);
	else view.setUint32(0, index, true);
	void core;
	return { raw };
}

/**
 * WholeReduceSum/Max/Min (ReduceRepeat): one value (and index) per repeat, at
 * `r × dstRepStride` destination units (one element; two for value and index).
 */
export function reduceRepeat(
	core: CoreContext,
	site: CallSite,
	rc: ReduceCall,
	p: RepeatReduceParams,
): void {
	const { call, ctx, size, lanes, repeats } = repeatSetup(core, site, rc, p);
	const order = p.order ?? 'ORDER_VALUE_INDEX';
	const pairs = rc.op !== 'sum' && (order === 'ORDER_VALUE_INDEX' || order === 'ORDER_INDEX_VALUE');
	const unit = pairs
		? 2 * rc.dst.dtype.bytes
		: rc.op !== 'sum' && order === 'ORDER_ONLY_INDEX'
			? 4
			: rc.dst.dtype.bytes;
	const dstExtent = repeats > 0 ? (repeats - 1) * p.dstRepStride * unit + unit : 0;
	checkRepeatOperands(core, site, {
		call,
		ctx,
		rc,
		p,
		repeats,
		lanes,
		dstExtent,
		dstAlign: rc.dst.dtype.bytes,
	});
	const out = core.storeOf(rc.dst.hardware);
	for (let r = 0; r < repeats; r++) {
		const { values, present } = readRepeat(core, rc.src, r, lanes, lanesOf(core, p, lanes, r), p);
		const got = treeReduce(values, present, rc.op, rc.src.dtype);
		if (!got) continue;
		const at = rc.dst.address + r * p.dstRepStride * unit;
		const d = rc.dst.dtype;
		if (rc.op === 'sum' || order === 'ORDER_ONLY_VALUE') out.set(d, at, got.value);
		else if (order === 'ORDER_ONLY_INDEX') {
			const raw = new Uint8Array(4);
			new DataView(raw.buffer).setUint32(0, got.index, true);
			out.write(at, raw);
		} else {
			const valueAt = order === 'ORDER_VALUE_INDEX' ? at : at + d.bytes;
			const indexAt = order === 'ORDER_VALUE_INDEX' ? at + d.bytes : at;
			out.set(d, valueAt, got.value);
			out.write(indexAt, indexBits(core, d, got.index).raw);
		}
	}
	core.record(site, call, rc.traceArgs, `${repeats} repeat(s)`);
}

/**
 * BlockReduceSum/Max/Min (ReduceDataBlock): one value per DataBlock, 8 per repeat, repeat `r`'s
 * at `r × dstRepStride` × one repeat's reduced length (8 elements).
 */
export function reduceBlocks(
	core: CoreContext,
	site: CallSite,
	rc: ReduceCall,
	p: RepeatReduceParams,
): void {
	const { call, ctx, size, lanes, repeats } = repeatSetup(core, site, rc, p);
	const perBlock = DATA_BLOCK_BYTES / size;
	const d = rc.dst.dtype;
	const dstExtent = repeats > 0 ? ((repeats - 1) * p.dstRepStride * 8 + 8) * d.bytes : 0;
	checkRepeatOperands(core, site, {
		call,
		ctx,
		rc,
		p,
		repeats,
		lanes,
		dstExtent,
		dstAlign: size === 2 ? 16 : 32,
	});
	const out = core.storeOf(rc.dst.hardware);
	for (let r = 0; r < repeats; r++) {
		const { values, present } = readRepeat(core, rc.src, r, lanes, lanesOf(core, p, lanes, r), p);
		for (let b = 0; b < 8; b++) {
			const from = b * perBlock;
			const got = treeReduce(
				values.slice(from, from + perBlock),
				present.slice(from, from + perBlock),
				rc.op,
				rc.src.dtype,
			);
			if (got) out.set(d, rc.dst.address + (r * p.dstRepStride * 8 + b) * d.bytes, got.value);
		}
	}
	core.record(site, call, rc.traceArgs, `${repeats} repeat(s)`);
}

/**
 * PairReduceSum (ReducePairElem): lane 2i + lane 2i+1 for each pair a repeat holds, repeat `r`'s
 * results at `r × dstRepStride` × half a repeat's lanes.
 */
export function reducePairs(
	core: CoreContext,
	site: CallSite,
	rc: ReduceCall,
	p: RepeatReduceParams,
): void {
	const { call, ctx, lanes, repeats } = repeatSetup(core, site, rc, p);
	const half = lanes / 2;
	const d = rc.dst.dtype;
	const dstExtent = repeats > 0 ? ((repeats - 1) * p.dstRepStride * half + half) * d.bytes : 0;
	checkRepeatOperands(core, site, { call, ctx, rc, p, repeats, lanes, dstExtent });
	const out = core.storeOf(rc.dst.hardware);
	for (let r = 0; r < repeats; r++) {
		const { values, present } = readRepeat(core, rc.src, r, lanes, lanesOf(core, p, lanes, r), p);
		for (let i = 0; i < half; i++) {
			const got = treeReduce(
				values.slice(2 * i, 2 * i + 2),
				present.slice(2 * i, 2 * i + 2),
				'sum',
				rc.src.dtype,
			);
			if (got) out.set(d, rc.dst.address + (r * p.dstRepStride * half + i) * d.bytes, got.value);
		}
	}
	core.record(site, call, rc.traceArgs, `${repeats} repeat(s)`);
}

/** ReduceSum/Max/Min over all the elements a call selects. */
export interface ReduceAllParams {
	/** Count form: the first `count` elements; otherwise the mask/repeat form. */
	readonly count?: number;
	readonly mask?: VectorMaskValue;
	readonly repeatTimes?: number;
	readonly srcRepStride?: number;
	readonly calIndex: boolean;
	readonly work: LocalTensor;
}

/**
 * ReduceSum/Max/Min: the result (and, for Max/Min with `calIndex`, the index of the first
 * extreme, as bits in the next element) at `dst[0]`; the per-repeat results are also written to
 * the work buffer (sharedTmpBuffer), whose size the mask forms need.
 */
export function reduceAll(
	core: CoreContext,
	site: CallSite,
	rc: ReduceCall,
	p: ReduceAllParams,
): void {
	const { call, ctx } = setup(core, site, rc);
	const src = rc.src;
	const size = src.dtype.bytes;
	const lanes = REPEAT_BYTES / size;
	const store = core.storeOf(src.hardware);
	const perRepeat: Reduced[] = [];
	let srcExt = 0;
	const sequential = p.count !== undefined;
	if (p.count !== undefined) {
		const n = Math.max(0, Math.trunc(p.count));
		srcExt = n * size;
		for (let r = 0; r * lanes < n; r++) {
			const values: number[] = [];
			const present: boolean[] = [];
			for (let e = 0; e < lanes; e++) {
				const i = r * lanes + e;
				present.push(i < n);
				values.push(i < n ? store.get(src.dtype, src.address + i * size) : 0);
			}
			const got = treeReduce(values, present, rc.op, src.dtype);
			if (got) perRepeat.push({ value: got.value, index: r * lanes + got.index });
		}
	} else {
		const params: RepeatReduceParams = {
			mask: p.mask ?? { count: lanes },
			repeatTimes: p.repeatTimes ?? 0,
			dstRepStride: 1,
			srcBlkStride: 1,
			srcRepStride: p.srcRepStride ?? 8,
		};
		const repeats = repeatsOf(core, params, lanes);
		srcExt = srcExtent(src, repeats, lanes, params);
		for (let r = 0; r < repeats; r++) {
			const { values, present } = readRepeat(
				core,
				src,
				r,
				lanes,
				lanesOf(core, params, lanes, r),
				params,
			);
			const got = treeReduce(values, present, rc.op, src.dtype);
			if (got) {
				// The element's place in the data: its repeat's start plus its lane.
				const offset = laneOffset(got.index, r, size, params) / size;
				perRepeat.push({ value: got.value, index: offset });
			}
		}
	}
	const withIndex = rc.op !== 'sum' && p.calIndex;
	const workNeed = sequential
		? 0
		: Math.ceil((perRepeat.length * (rc.op === 'sum' ? 1 : 2) * size) / DATA_BLOCK_BYTES) *
			DATA_BLOCK_BYTES;
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: rc.dst,
			kind: 'write',
			extent: (withIndex ? 2 : 1) * rc.dst.dtype.bytes,
			limit: 'tensor',
			align: rc.dst.dtype.bytes,
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'src',
			tensor: src,
			kind: 'read',
			extent: srcExt,
			limit: 'tensor',
		}),
	];
	if (workNeed > 0) {
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: 'sharedTmpBuffer',
				tensor: p.work,
				kind: 'write',
				extent: workNeed,
				limit: 'tensor',
			}),
		);
	}
	core.observeAccess(site, call, accesses);
	let result: Reduced | undefined;
	if (rc.op === 'sum' && sequential) {
		for (const r of perRepeat)
			result = result ? { value: asElement(src.dtype, result.value + r.value), index: 0 } : r;
	} else if (rc.op === 'sum') {
		// "方式二": the repeat results are reduced again, repeat-sized chunk by chunk, by the tree.
		let level = perRepeat.map((r) => r.value);
		while (level.length > 1) {
			const next: number[] = [];
			for (let i = 0; i < level.length; i += lanes) {
				const chunk = level.slice(i, i + lanes);
				const got = treeReduce(
					chunk,
					chunk.map(() => true),
					'sum',
					src.dtype,
				);
				next.push(got ? got.value : 0);
			}
			level = next;
		}
		result = level.length > 0 ? { value: level[0]!, index: 0 } : undefined;
	} else {
		for (const r of perRepeat) result = combine(result, r, rc.op, src.dtype);
	}
	if (workNeed > 0) {
		const w = core.storeOf(p.work.hardware);
		perRepeat.forEach((r, i) => {
			if (rc.op === 'sum') w.set(p.work.dtype, p.work.address + i * size, r.value);
			else {
				w.set(p.work.dtype, p.work.address + 2 * i * size, r.value);
				w.write(p.work.address + (2 * i + 1) * size, indexBits(core, src.dtype, r.index).raw);
			}
		});
	}
	if (result) {
		const out = core.storeOf(rc.dst.hardware);
		out.set(rc.dst.dtype, rc.dst.address, result.value);
		if (withIndex)
			out.write(
				rc.dst.address + rc.dst.dtype.bytes,
				indexBits(core, rc.dst.dtype, result.index).raw,
			);
	}
	core.record(site, call, rc.traceArgs, result ? String(result.value) : 'nothing selected');
}
