/**
 * DataCopy and DataCopyPad between GM and local memory and within local memory, in every
 * documented form, as one model: a copy is a list of bursts (byte ranges from the source to the
 * destination, relative to each operand's start) plus the bytes the copy fills in itself
 * (DataCopyPad's padding). The operands are checked as accesses (operand-checks.ts) before
 * anything moves; a copy into GM while SetAtomicAdd/Max/Min is on combines with what GM holds.
 *
 * The forms (asc-devkit docs/api/context/基础数据搬运.md, 增强数据搬运.md, 切片数据搬运.md,
 * DataCopyPad(ISASI).md at 8b18dbce):
 * - `DataCopy(dst, src, count)`: `count × sizeof(T)` bytes, rounded down to 32 (ascend-facts A.3);
 * - `DataCopy(dst, src, DataCopyParams)`: `blockCount` blocks of `blockLen` DataBlocks, with
 *   `srcStride`/`dstStride` DataBlocks between the end of one block and the start of the next;
 * - the same with `DataCopyEnhancedParams` (the normal block mode; other modes are reported);
 * - `DataCopy(dst, src, SliceInfo dstSliceInfo[], SliceInfo srcSliceInfo[], dimValue)`;
 * - `DataCopyPad` GM → UB: blocks of `blockLen` bytes, `srcStride` bytes apart in GM, each laid in
 *   UB as `leftPadding` elements, the data, `rightPadding` elements, then dummy bytes up to the
 *   next 32-byte boundary, `dstStride` DataBlocks before the next block; the paddings hold
 *   `paddingValue` when `isPad`, the dummy bytes the block's first element when neither side is
 *   padded (otherwise the memory keeps what it had: the reference says "random");
 * - `DataCopyPad` UB → GM: blocks of `blockLen` bytes read from 32-byte aligned UB blocks
 *   (`srcStride` DataBlocks apart), written `dstStride` bytes apart in GM; the UB alignment
 *   bytes are dropped.
 */
import type { CallSite } from '../trace.ts';
import type { ByteStore } from './byte-store.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import type { DType } from './dtype.ts';
import { type GlobalTensor, gmStore } from './global-tensor.ts';
import { LocalTensor } from './local-tensor.ts';
import type { MemoryAccess } from './memory-access.ts';
import {
	CHECK_MESSAGES,
	checkGlobalOperand,
	checkLocalOperand,
	checkParamRange,
	reportViolation,
	type CheckContext,
} from './operand-checks.ts';
import { DATA_BLOCK_BYTES } from './vector-shape.ts';

/** A tensor a copy reads or writes. */
export type CopyOperand = LocalTensor | GlobalTensor;

/** One contiguous run of bytes: offsets from the source's and the destination's starts. */
export interface CopyBurst {
	readonly src: number;
	readonly dst: number;
	readonly bytes: number;
}

/** Bytes a copy writes itself at an offset from the destination's start (padding). */
export interface CopyFill {
	readonly dst: number;
	readonly bytes: Uint8Array;
}

/** What a copy moves. */
export interface CopyPlan {
	readonly bursts: readonly CopyBurst[];
	readonly fills?: readonly CopyFill[];
	/** The destination's extent when the fills reach past the last burst. */
	readonly dstExtent?: number;
}

/** How one copy call shows itself: name, the CPU-debug frame's parameters, the trace. */
export interface CopyCall {
	/** `DataCopy` or `DataCopyPad`. */
	readonly api: string;
	/** The demangled type of the call's third parameter onwards, e.g. `unsigned int`. */
	readonly paramTypes: readonly string[];
	readonly traceArgs: readonly string[];
	/** The dtype the call names (the local operand's, else the destination's). */
	readonly dtype: DType;
	/** Parameters with a documented range, checked before anything moves. */
	readonly ranges?: readonly ParamRange[];
}

/** A parameter, its value and its documented range. */
export interface ParamRange {
	readonly param: string;
	readonly value: number;
	readonly min: number;
	readonly max: number;
}

/** Local memories a copy may use on its local side. */
const COPY_MEMORIES = new Set(['UB', 'L1']);
const COPY_POSITIONS = 'VECIN, VECOUT, VECCALC, A1, B1, TSCM';

function cppOperand(t: CopyOperand): string {
	const kind = t instanceof LocalTensor ? 'LocalTensor' : 'GlobalTensor';
	return `AscendC::${kind}<${t.dtype.demangled}>`;
}

/** The check context of a copy call. */
function copyContext(
	core: CoreContext,
	c: CopyCall,
	dst: CopyOperand,
	src: CopyOperand,
): CheckContext {
	const wording = core.wording;
	const frame: FrameworkFrame = {
		get func() {
			const params = [`${cppOperand(dst)} const&`, `${cppOperand(src)} const&`, ...c.paramTypes];
			return `void AscendC::${c.api}<${c.dtype.demangled}>(${params.join(', ')})`;
		},
		get file() {
			return frameworkPath(wording, 'datacopy');
		},
		line: 92,
	};
	return { call: `${c.api}<${c.dtype.name}>`, api: c.api, frame, header: 'datacopy' };
}

/** Bytes from the operand's start to one past the last byte a plan touches on one side. */
function extentOf(plan: CopyPlan, side: 'src' | 'dst'): number {
	let end = side === 'dst' ? (plan.dstExtent ?? 0) : 0;
	for (const b of plan.bursts) if (b.bytes > 0) end = Math.max(end, b[side] + b.bytes);
	if (side === 'dst') for (const f of plan.fills ?? []) end = Math.max(end, f.dst + f.bytes.length);
	return end;
}

/** Checks both operands of a copy, then moves the bytes; returns the bytes moved. */
export function runCopy(
	core: CoreContext,
	site: CallSite,
	c: CopyCall,
	dst: CopyOperand,
	src: CopyOperand,
	plan: CopyPlan,
): number {
	const ctx = copyContext(core, c, dst, src);
	for (const r of c.ranges ?? []) checkParamRange(core, site, ctx, r.param, r.value, r.min, r.max);
	const accesses: MemoryAccess[] = [];
	const sides: Array<['dst' | 'src', CopyOperand]> = [
		['dst', dst],
		['src', src],
	];
	for (const [role, t] of sides) {
		const extent = extentOf(plan, role);
		const kind = role === 'dst' ? 'write' : 'read';
		if (t instanceof LocalTensor) {
			checkCopyPosition(core, site, ctx, role, t);
			if (t.dtype.bytes !== c.dtype.bytes) {
				reportViolation(core, site, ctx.call, {
					check: 'dtype',
					access: undefined,
					code: 'tensor-dtype-mismatch',
					values: { call: ctx.call, operand: role, actual: t.dtype.name, expected: c.dtype.name },
				});
			}
			accesses.push(checkLocalOperand(core, site, ctx, { role, tensor: t, kind, extent }));
		} else {
			const a = checkGlobalOperand(core, site, ctx, { role, tensor: t, kind, extent });
			if (a) accesses.push(a);
		}
	}
	core.observeAccess(site, ctx.call, accesses);
	const moved = moveBytes(core, dst, src, plan);
	core.record(site, ctx.call, c.traceArgs, `${moved} B`);
	return moved;
}

/** A local copy operand must be in UB or L1. */
function checkCopyPosition(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	role: string,
	t: LocalTensor,
): void {
	if (COPY_MEMORIES.has(t.hardware)) return;
	const values = { call: ctx.call, operand: role, position: t.position, supported: COPY_POSITIONS };
	reportViolation(core, site, ctx.call, {
		check: 'position',
		access: undefined,
		code: 'tensor-position-unsupported',
		values,
		stop: {
			code: 'tensor-position-unsupported',
			values,
			log: {
				header: 'datacopy',
				line: 88,
				func: ctx.api,
				message: formatC(CHECK_MESSAGES.position, role, ctx.api, COPY_POSITIONS, t.position),
			},
			frames: [ctx.frame],
			reason: `${ctx.call}: ${role} is on ${t.position}`,
		},
	});
}

/** Where an operand's bytes live. */
function placeOf(
	core: CoreContext,
	t: CopyOperand,
): { store: ByteStore; offset: number; limit: number } | undefined {
	if (t instanceof LocalTensor)
		return {
			store: core.storeOf(t.hardware),
			offset: t.address,
			limit: core.memoryCapacity(t.hardware),
		};
	return t.ptr
		? { store: gmStore(t.ptr.buffer), offset: t.ptr.byteOffset, limit: Number.MAX_SAFE_INTEGER }
		: undefined;
}

function moveBytes(core: CoreContext, dst: CopyOperand, src: CopyOperand, plan: CopyPlan): number {
	const to = placeOf(core, dst);
	const from = placeOf(core, src);
	if (!to || !from) return 0;
	const atomic = dst instanceof LocalTensor ? undefined : core.atomic;
	let moved = 0;
	for (const b of plan.bursts) {
		if (b.bytes <= 0) continue;
		const s = from.offset + b.src;
		const d = to.offset + b.dst;
		// Bytes past the end of a memory are not there to move (the check has reported them).
		if (s < 0 || d < 0 || s >= from.limit || d >= to.limit) continue;
		const n = Math.min(b.bytes, from.limit - s, to.limit - d);
		const bytes = from.store.read(s, n);
		if (atomic) core.atomicStore(to.store, d, bytes);
		else to.store.write(d, bytes);
		moved += n;
	}
	for (const f of plan.fills ?? []) {
		const d = to.offset + f.dst;
		if (d >= 0 && d + f.bytes.length <= to.limit) to.store.write(d, f.bytes);
	}
	return moved;
}

/** The plan of `DataCopy(dst, src, count)`: one burst of the bytes rounded down to 32. */
export function contiguousPlan(bytes: number): CopyPlan {
	const copied = Math.floor(Math.max(0, bytes) / DATA_BLOCK_BYTES) * DATA_BLOCK_BYTES;
	return { bursts: [{ src: 0, dst: 0, bytes: copied }] };
}

/** `DataCopyParams` (and the enhanced form): every length and gap in 32-byte DataBlocks. */
export interface BlockCopyParams {
	readonly blockCount: number;
	readonly blockLen: number;
	readonly srcStride: number;
	readonly dstStride: number;
}

/** The plan of a DataCopyParams copy. */
export function blockPlan(p: BlockCopyParams): CopyPlan {
	const len = p.blockLen * DATA_BLOCK_BYTES;
	const bursts: CopyBurst[] = [];
	for (let i = 0; i < p.blockCount; i++) {
		bursts.push({
			src: i * (len + p.srcStride * DATA_BLOCK_BYTES),
			dst: i * (len + p.dstStride * DATA_BLOCK_BYTES),
			bytes: len,
		});
	}
	return { bursts };
}

/** `SliceInfo`: one dimension of a slice copy. */
export interface SliceDim {
	readonly startIndex: number;
	readonly endIndex: number;
	readonly stride: number;
	readonly burstLen: number;
	readonly shapeValue: number;
}

/**
 * The element runs a slice description selects, as [offset, length] in elements: along the
 * first dimension runs of `burstLen` DataBlocks from `startIndex`, `stride` elements apart,
 * up to `endIndex`; along each further dimension the indices `startIndex`…`endIndex` every
 * `stride + 1`, each a whole row of the dimensions below.
 */
export function sliceRuns(dims: readonly SliceDim[], size: number): Array<[number, number]> {
	const first = dims[0];
	if (!first) return [];
	const burst = Math.max(1, Math.floor((first.burstLen * DATA_BLOCK_BYTES) / size));
	const row: Array<[number, number]> = [];
	for (
		let at = first.startIndex;
		at <= first.endIndex && row.length < 65536;
		at += burst + first.stride
	)
		row.push([at, Math.min(burst, first.endIndex - at + 1)]);
	let runs = row;
	let pitch = Math.max(1, first.shapeValue);
	for (const d of dims.slice(1)) {
		const next: Array<[number, number]> = [];
		for (let i = d.startIndex; i <= d.endIndex && next.length < 65536; i += d.stride + 1)
			for (const [o, n] of runs) next.push([o + i * pitch, n]);
		runs = next;
		pitch *= Math.max(1, d.shapeValue);
	}
	return runs;
}

/** The plan of a slice copy: the source runs, in order, onto the destination runs. */
export function slicePlan(
	dstDims: readonly SliceDim[],
	srcDims: readonly SliceDim[],
	size: number,
): CopyPlan {
	const src = sliceRuns(srcDims, size);
	const dst = sliceRuns(dstDims, size);
	const bursts: CopyBurst[] = [];
	let si = 0;
	let sOff = 0;
	for (const [dOff, dLen] of dst) {
		let left = dLen;
		let d = dOff;
		while (left > 0 && si < src.length) {
			const [sStart, sLen] = src[si]!;
			const n = Math.min(left, sLen - sOff);
			bursts.push({ src: (sStart + sOff) * size, dst: d * size, bytes: n * size });
			left -= n;
			d += n;
			sOff += n;
			if (sOff >= sLen) {
				si++;
				sOff = 0;
			}
		}
	}
	return { bursts };
}

/** `DataCopyExtParams` / `DataCopyParams` of DataCopyPad: `blockLen` in bytes. */
export interface PadCopyParams {
	readonly blockCount: number;
	readonly blockLen: number;
	readonly srcStride: number;
	readonly dstStride: number;
}

/** `DataCopyPadExtParams` / `DataCopyPadParams`. */
export interface PadParams {
	readonly isPad: boolean;
	readonly leftPadding: number;
	readonly rightPadding: number;
	readonly paddingValue: number;
}

/** Rounds `bytes` up to a whole number of DataBlocks. */
function alignBlock(bytes: number): number {
	return Math.ceil(bytes / DATA_BLOCK_BYTES) * DATA_BLOCK_BYTES;
}

/**
 * The plan of DataCopyPad GM → local (see the file comment): `element(v)` encodes one element
 * of the copy's type, `firstElement(i)` reads block `i`'s first source element as bytes.
 */
export function padInPlan(
	p: PadCopyParams,
	pad: PadParams,
	size: number,
	element: (value: number) => Uint8Array,
	firstElement: (srcOffset: number) => Uint8Array,
): CopyPlan {
	const left = pad.leftPadding * size;
	const right = pad.rightPadding * size;
	const slot = alignBlock(left + p.blockLen + right);
	const bursts: CopyBurst[] = [];
	const fills: CopyFill[] = [];
	const fill = (at: number, bytes: number, unit: Uint8Array) => {
		if (bytes <= 0) return;
		const out = new Uint8Array(bytes);
		for (let i = 0; i < bytes; i++) out[i] = unit[i % unit.length]!;
		fills.push({ dst: at, bytes: out });
	};
	const padUnit = element(pad.paddingValue);
	let end = 0;
	for (let i = 0; i < p.blockCount; i++) {
		const src = i * (p.blockLen + p.srcStride);
		const dst = i * (slot + p.dstStride * DATA_BLOCK_BYTES);
		bursts.push({ src, dst: dst + left, bytes: p.blockLen });
		const dummy = slot - left - p.blockLen - right;
		if (pad.isPad) {
			fill(dst, left, padUnit);
			fill(dst + left + p.blockLen, right, padUnit);
		}
		if (dummy > 0 && left === 0 && right === 0) fill(dst + p.blockLen, dummy, firstElement(src));
		else if (dummy > 0 && pad.isPad) fill(dst + left + p.blockLen + right, dummy, padUnit);
		end = dst + slot;
	}
	return { bursts, fills, dstExtent: end };
}

/** The plan of DataCopyPad local → GM: 32-byte aligned local blocks, `blockLen` bytes each. */
export function padOutPlan(p: PadCopyParams): CopyPlan {
	const slot = alignBlock(p.blockLen);
	const bursts: CopyBurst[] = [];
	for (let i = 0; i < p.blockCount; i++) {
		bursts.push({
			src: i * (slot + p.srcStride * DATA_BLOCK_BYTES),
			dst: i * (p.blockLen + p.dstStride),
			bytes: p.blockLen,
		});
	}
	return { bursts };
}

/**
 * `DataCopy(dst, src, count)` (the contiguous form), as the kernel script and the benchmark
 * call it: warns when the byte count is not a multiple of 32 (the copy rounds it down).
 * Returns the bytes copied.
 */
export function dataCopy(
	core: CoreContext,
	site: CallSite,
	dst: CopyOperand,
	src: CopyOperand,
	count: number,
): number {
	const local = dst instanceof LocalTensor ? dst : src instanceof LocalTensor ? src : undefined;
	const dtype = local?.dtype ?? dst.dtype;
	const n = Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
	const bytes = n * dtype.bytes;
	const plan = contiguousPlan(bytes);
	if (bytes % DATA_BLOCK_BYTES !== 0) {
		core.trace.diagnose(site, 'datacopy-round-down', {
			count: n,
			dtype: dtype.name,
			bytes,
			copied: plan.bursts[0]!.bytes,
		});
	}
	return runCopy(
		core,
		site,
		{
			api: 'DataCopy',
			paramTypes: ['unsigned int'],
			traceArgs: [dst.describe(), src.describe(), String(count)],
			dtype,
		},
		dst,
		src,
		plan,
	);
}

/** `Nd2NzParams`: every count in elements, the NZ strides in 32-byte DataBlocks. */
export interface Nd2NzCopyParams {
	readonly ndNum: number;
	readonly nValue: number;
	readonly dValue: number;
	readonly srcNdMatrixStride: number;
	readonly srcDValue: number;
	readonly dstNzC0Stride: number;
	readonly dstNzNStride: number;
	readonly dstNzMatrixStride: number;
}

/**
 * The plan of an ND → NZ copy (asc-devkit docs/api/context/随路转换ND2NZ搬运.md): row `r` of ND
 * matrix `m` is cut into DataBlocks of C0 = 32 / sizeof(T) elements; block `c` lands at
 * `m × dstNzMatrixStride` elements plus `(c × dstNzC0Stride + r × dstNzNStride)` DataBlocks; a
 * row whose length is not a whole number of blocks is padded with zeros in the last one.
 */
export function nd2nzPlan(p: Nd2NzCopyParams, size: number): CopyPlan {
	const c0 = Math.max(1, Math.floor(DATA_BLOCK_BYTES / size));
	const blocks = Math.ceil(p.dValue / c0);
	const bursts: CopyBurst[] = [];
	const fills: CopyFill[] = [];
	for (let m = 0; m < p.ndNum; m++) {
		for (let r = 0; r < p.nValue; r++) {
			for (let c = 0; c < blocks; c++) {
				const n = Math.min(c0, p.dValue - c * c0);
				const src = (m * p.srcNdMatrixStride + r * p.srcDValue + c * c0) * size;
				const dst =
					m * p.dstNzMatrixStride * size +
					(c * p.dstNzC0Stride + r * p.dstNzNStride) * DATA_BLOCK_BYTES;
				bursts.push({ src, dst, bytes: n * size });
				if (n < c0) fills.push({ dst: dst + n * size, bytes: new Uint8Array((c0 - n) * size) });
			}
		}
	}
	return { bursts, fills };
}
