/**
 * The cube flow: LoadData (L1 → L0A/L0B in 512-byte fractals), Mmad (C = A × B on L0A, L0B and
 * L0C) and Fixpipe / DataCopy out of L0C, with the fractal layouts of asc-devkit
 * docs/zh/api/SIMD-API/基础API/矩阵计算（ISASI）/矩阵计算分形介绍/关键分形格式详解.md:
 *
 * - A in L0A is Zz: (M1, K1, M0, K0) — element (m, k) at ((m1·K1 + k1)·16 + m0)·K0 + k0;
 * - B in L0B is Zn: (K1, N1, N0, K0) — element (k, n) at ((k1·N1 + n1)·16 + n0)·K0 + k0;
 * - C in L0C is Nz: (N1, M1, M0, N0) with 16×16 fractals — element (m, n) at
 *   ((n1·M1 + m1)·16 + m0)·16 + n0;
 *
 * where M0 = N0 = 16 and K0 = 32 bytes / sizeof(A) (16 for half, 32 for int8_t, 8 for float).
 * Mmad multiplies int8_t × int8_t into int32_t exactly; half, bfloat16_t and float into float,
 * accumulating over K in order with one rounding to float per step (the hardware's order of
 * accumulation within K may differ in the last bits).
 */
import type { CallSite } from '../trace.ts';
import { castElement } from './cast-rules.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import { dtypeOf, type DType } from './dtype.ts';
import { type GlobalTensor, gmStore } from './global-tensor.ts';
import { LocalTensor } from './local-tensor.ts';
import type { MemoryAccess } from './memory-access.ts';
import { FLOAT32, roundToFormat } from './numeric-format.ts';
import {
	CHECK_MESSAGES,
	checkGlobalOperand,
	checkLocalOperand,
	reportViolation,
	type CheckContext,
} from './operand-checks.ts';
import type { Hardware } from './tposition.ts';

/** Bytes of one LoadData fractal. */
export const FRACTAL_BYTES = 512;
/** Rows of a fractal (M0, N0). */
const F16 = 16;

/** The check context of a cube call. */
function cubeContext(
	core: CoreContext,
	call: string,
	api: string,
	func: () => string,
): CheckContext {
	const wording = core.wording;
	const frame: FrameworkFrame = {
		get func() {
			return func();
		},
		get file() {
			return frameworkPath(wording, 'datacopy');
		},
		line: 120,
	};
	return { call, api, frame, header: 'datacopy' };
}

/** A cube operand must be in the memory its role names. */
function checkMemory(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	role: string,
	t: LocalTensor,
	allowed: readonly Hardware[],
	positions: string,
): void {
	if (allowed.includes(t.hardware)) return;
	const values = { call: ctx.call, operand: role, position: t.position, supported: positions };
	reportViolation(core, site, ctx.call, {
		check: 'position',
		access: undefined,
		code: 'tensor-position-unsupported',
		values,
		stop: {
			code: 'tensor-position-unsupported',
			values,
			log: {
				header: ctx.header,
				line: ctx.frame.line - 2,
				func: ctx.api,
				message: formatC(CHECK_MESSAGES.position, role, ctx.api, positions, t.position),
			},
			frames: [ctx.frame],
			reason: `${ctx.call}: ${role} is on ${t.position}`,
		},
	});
}

/** `LoadData2DParams`. */
export interface LoadData2dParams {
	readonly startIndex: number;
	readonly repeatTimes: number;
	readonly srcStride: number;
	readonly dstGap: number;
	readonly ifTranspose: boolean;
}

/**
 * `LoadData(dst, src, LoadData2DParams)`: `repeatTimes` fractals of 512 bytes, source fractal
 * `startIndex + i × srcStride`, destination fractal `i × (1 + dstGap)`, each transposed (16×16
 * of a 16-bit type) when `ifTranspose`.
 */
export function loadData2d(
	core: CoreContext,
	site: CallSite,
	dst: LocalTensor,
	src: LocalTensor | GlobalTensor,
	p: LoadData2dParams,
	traceArgs: readonly string[],
): void {
	const call = `LoadData<${dst.dtype.name}>`;
	const ctx = cubeContext(core, call, 'LoadData', () => {
		const t = dst.dtype.demangled;
		return `void AscendC::LoadData<${t}>(AscendC::LocalTensor<${t}> const&, AscendC::${src instanceof LocalTensor ? 'LocalTensor' : 'GlobalTensor'}<${t}> const&, AscendC::LoadData2DParams const&)`;
	});
	checkMemory(core, site, ctx, 'dst', dst, ['L0A', 'L0B', 'L1'], 'A1, A2, B1, B2');
	const n = Math.max(0, Math.trunc(p.repeatTimes));
	const srcFractal = (i: number) => (p.startIndex + i * p.srcStride) * FRACTAL_BYTES;
	const dstFractal = (i: number) => i * (1 + p.dstGap) * FRACTAL_BYTES;
	let srcExtent = 0;
	let dstExtent = 0;
	for (let i = 0; i < n; i++) {
		srcExtent = Math.max(srcExtent, srcFractal(i) + FRACTAL_BYTES);
		dstExtent = Math.max(dstExtent, dstFractal(i) + FRACTAL_BYTES);
	}
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: dstExtent,
			align: FRACTAL_BYTES,
		}),
	];
	if (src instanceof LocalTensor) {
		checkMemory(core, site, ctx, 'src', src, ['L1'], 'A1, B1');
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: 'src',
				tensor: src,
				kind: 'read',
				extent: srcExtent,
			}),
		);
	} else {
		const a = checkGlobalOperand(core, site, ctx, {
			role: 'src',
			tensor: src,
			kind: 'read',
			extent: srcExtent,
		});
		if (a) accesses.push(a);
	}
	core.observeAccess(site, call, accesses);
	const from = placeOf(core, src);
	const to = core.storeOf(dst.hardware);
	if (from) {
		const size = dst.dtype.bytes;
		for (let i = 0; i < n; i++) {
			const bytes = from.store.read(from.offset + srcFractal(i), FRACTAL_BYTES);
			const out = p.ifTranspose && size === 2 ? transpose16(bytes) : bytes;
			to.write(dst.address + dstFractal(i), out);
		}
	}
	core.record(site, call, traceArgs, `${n} fractal(s)`);
}

/** A 16×16 fractal of 2-byte elements, transposed. */
function transpose16(bytes: Uint8Array): Uint8Array {
	const out = new Uint8Array(bytes.length);
	for (let r = 0; r < F16; r++) {
		for (let c = 0; c < F16; c++) {
			const s = (r * F16 + c) * 2;
			const d = (c * F16 + r) * 2;
			out[d] = bytes[s]!;
			out[d + 1] = bytes[s + 1]!;
		}
	}
	return out;
}

function placeOf(
	core: CoreContext,
	t: LocalTensor | GlobalTensor,
): { store: ReturnType<CoreContext['storeOf']>; offset: number } | undefined {
	if (t instanceof LocalTensor) return { store: core.storeOf(t.hardware), offset: t.address };
	return t.ptr ? { store: gmStore(t.ptr.buffer), offset: t.ptr.byteOffset } : undefined;
}

/** `MmadParams`, as the semantics reads it. */
export interface MmadShape {
	readonly m: number;
	readonly n: number;
	readonly k: number;
	/** C starts from what CO1 (or the bias) holds rather than from 0. */
	readonly accumulate: boolean;
}

/** K0 of an input type: how many of its elements fill 32 bytes. */
export function kFractal(dtype: DType): number {
	return Math.max(1, Math.floor(32 / dtype.bytes));
}

/** The result type of Mmad for input type `a`: int32_t for 8-bit integers, else float. */
function accumulatorOf(a: DType): DType {
	return a.name === 'int8_t' || a.name === 'uint8_t' ? dtypeOf('int32_t')! : dtypeOf('float')!;
}

/**
 * `Mmad(dst, fm, filter[, bias], MmadParams)`: C (M × N, Nz in L0C) = A (M × K, Zz in L0A) ×
 * B (K × N, Zn in L0B), plus C's old value when accumulating, plus a bias (a row of N in C2, or
 * a matrix of C's shape in CO1).
 */
export function mmad(
	core: CoreContext,
	site: CallSite,
	dst: LocalTensor,
	a: LocalTensor,
	b: LocalTensor,
	bias: LocalTensor | undefined,
	p: MmadShape,
	traceArgs: readonly string[],
): void {
	const call = `Mmad<${dst.dtype.name}>`;
	const ctx = cubeContext(core, call, 'Mmad', () => {
		const d = dst.dtype.demangled;
		const u = a.dtype.demangled;
		const s = b.dtype.demangled;
		return `void AscendC::Mmad<${d}, ${u}, ${s}>(AscendC::LocalTensor<${d}> const&, AscendC::LocalTensor<${u}> const&, AscendC::LocalTensor<${s}> const&, AscendC::MmadParams const&)`;
	});
	checkMemory(core, site, ctx, 'dst', dst, ['L0C'], 'CO1');
	checkMemory(core, site, ctx, 'fm', a, ['L0A'], 'A2');
	checkMemory(core, site, ctx, 'filter', b, ['L0B'], 'B2');
	const want = accumulatorOf(a.dtype);
	if (dst.dtype.bytes !== want.bytes || a.dtype.name !== b.dtype.name) {
		reportViolation(core, site, call, {
			check: 'dtype',
			access: undefined,
			code: 'tensor-dtype-mismatch',
			values: { call, operand: 'dst', actual: dst.dtype.name, expected: want.name },
		});
	}
	const k0 = kFractal(a.dtype);
	const m1 = Math.ceil(p.m / F16);
	const n1 = Math.ceil(p.n / F16);
	const k1 = Math.ceil(p.k / k0);
	const aAt = (m: number, k: number) =>
		((Math.floor(m / F16) * k1 + Math.floor(k / k0)) * F16 + (m % F16)) * k0 + (k % k0);
	const bAt = (k: number, n: number) =>
		((Math.floor(k / k0) * n1 + Math.floor(n / F16)) * F16 + (n % F16)) * k0 + (k % k0);
	const cAt = (m: number, n: number) =>
		((Math.floor(n / F16) * m1 + Math.floor(m / F16)) * F16 + (m % F16)) * F16 + (n % F16);
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: m1 * n1 * 256 * dst.dtype.bytes,
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'fm',
			tensor: a,
			kind: 'read',
			extent: m1 * k1 * F16 * k0 * a.dtype.bytes,
			align: FRACTAL_BYTES,
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'filter',
			tensor: b,
			kind: 'read',
			extent: k1 * n1 * F16 * k0 * b.dtype.bytes,
			align: FRACTAL_BYTES,
		}),
	];
	if (bias) {
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: 'bias',
				tensor: bias,
				kind: 'read',
				extent:
					bias.hardware === 'L0C' ? m1 * n1 * 256 * bias.dtype.bytes : n1 * F16 * bias.dtype.bytes,
			}),
		);
	}
	core.observeAccess(site, call, accesses);
	const cs = core.storeOf(dst.hardware);
	const as = core.storeOf(a.hardware);
	const bs = core.storeOf(b.hardware);
	const isInt = want.name === 'int32_t';
	const round = (x: number) => (isInt ? x | 0 : roundToFormat(x, FLOAT32, 'rint'));
	for (let m = 0; m < p.m; m++) {
		for (let n = 0; n < p.n; n++) {
			const cOff = dst.address + cAt(m, n) * dst.dtype.bytes;
			let acc = p.accumulate ? cs.get(dst.dtype, cOff) : 0;
			if (bias) {
				const bOff = bias.hardware === 'L0C' ? cAt(m, n) * bias.dtype.bytes : n * bias.dtype.bytes;
				acc = round(acc + core.storeOf(bias.hardware).get(bias.dtype, bias.address + bOff));
			}
			for (let k = 0; k < p.k; k++) {
				const x = as.get(a.dtype, a.address + aAt(m, k) * a.dtype.bytes);
				const y = bs.get(b.dtype, b.address + bAt(k, n) * b.dtype.bytes);
				acc = isInt ? (acc + Math.imul(x, y)) | 0 : round(acc + x * y);
			}
			cs.set(dst.dtype, cOff, acc);
		}
	}
	core.record(site, call, traceArgs, `${p.m}×${p.k} · ${p.k}×${p.n}`);
}

/** How a copy out of L0C lays out and converts the result. */
export interface FixpipeParams {
	readonly mSize: number;
	readonly nSize: number;
	/** The distance between fractal columns in L0C, in 16-element rows (≥ M rounded to 16). */
	readonly srcStride: number;
	/** ND output: elements between the starts of neighbouring destination rows. */
	readonly dstStride: number;
	/** Write ND (row-major) rather than Nz. */
	readonly nd: boolean;
	readonly relu: boolean;
	/** Convert float to half (F322F16) or bfloat16 (F322BF16), with CAST_RINT. */
	readonly quant: 'none' | 'half' | 'bfloat16';
}

/**
 * `Fixpipe(dst, src, FixpipeParamsV220)` and `DataCopy(dst, src, DataCopyCO12DstParams)`:
 * the M × N result in L0C (Nz) to GM (or L1) as ND rows `dstStride` elements apart, or as Nz
 * fractal columns; ReLU and the float → half / bfloat16 conversion on the way.
 */
export function fixpipe(
	core: CoreContext,
	site: CallSite,
	api: 'Fixpipe' | 'DataCopy',
	dst: LocalTensor | GlobalTensor,
	src: LocalTensor,
	p: FixpipeParams,
	traceArgs: readonly string[],
): void {
	const call = `${api}<${dst.dtype.name}>`;
	const ctx = cubeContext(core, call, api, () => {
		const d = dst.dtype.demangled;
		const u = src.dtype.demangled;
		const kind = dst instanceof LocalTensor ? 'LocalTensor' : 'GlobalTensor';
		return `void AscendC::${api}<${d}, ${u}>(AscendC::${kind}<${d}> const&, AscendC::LocalTensor<${u}> const&, AscendC::${api === 'Fixpipe' ? 'FixpipeParamsV220' : 'DataCopyCO12DstParams'} const&)`;
	});
	checkMemory(core, site, ctx, 'src', src, ['L0C'], 'CO1');
	const stride = Math.max(p.srcStride, Math.ceil(p.mSize / F16) * F16);
	const srcAt = (m: number, n: number) => (Math.floor(n / F16) * stride + m) * F16 + (n % F16);
	const rowPitch = p.dstStride > 0 ? p.dstStride : p.nSize;
	const m1 = Math.ceil(p.mSize / F16) * F16;
	const dstAt = (m: number, n: number) =>
		p.nd ? m * rowPitch + n : (Math.floor(n / F16) * m1 + m) * F16 + (n % F16);
	const dstExtent =
		p.mSize > 0 && p.nSize > 0 ? (dstAt(p.mSize - 1, p.nSize - 1) + 1) * dst.dtype.bytes : 0;
	const srcExtent =
		p.mSize > 0 && p.nSize > 0 ? (srcAt(p.mSize - 1, p.nSize - 1) + 1) * src.dtype.bytes : 0;
	const accesses: MemoryAccess[] = [
		checkLocalOperand(core, site, ctx, {
			role: 'src',
			tensor: src,
			kind: 'read',
			extent: srcExtent,
		}),
	];
	if (dst instanceof LocalTensor) {
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: 'dst',
				tensor: dst,
				kind: 'write',
				extent: dstExtent,
			}),
		);
	} else {
		const a = checkGlobalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: dstExtent,
		});
		if (a) accesses.push(a);
	}
	core.observeAccess(site, call, accesses);
	const to = placeOf(core, dst);
	if (!to) return;
	const from = core.storeOf(src.hardware);
	const atomic = dst instanceof LocalTensor ? undefined : core.atomic;
	for (let m = 0; m < p.mSize; m++) {
		for (let n = 0; n < p.nSize; n++) {
			let v = from.get(src.dtype, src.address + srcAt(m, n) * src.dtype.bytes);
			if (p.relu) v = Math.max(0, v);
			if (p.quant !== 'none') v = castElement(v, src.dtype, dst.dtype, 'CAST_RINT');
			const at = to.offset + dstAt(m, n) * dst.dtype.bytes;
			if (atomic) {
				const old = to.store.get(dst.dtype, at);
				v =
					atomic.op === 'add' ? old + v : atomic.op === 'max' ? Math.max(old, v) : Math.min(old, v);
			}
			to.store.set(dst.dtype, at, v);
		}
	}
	core.record(site, call, traceArgs, `${p.mSize}×${p.nSize} ${p.nd ? 'ND' : 'NZ'}`);
}

/** A DataCopy from CO1 to CO2 (UB) in the enhanced matrix or vector block mode. */
export interface Co1CopyParams {
	readonly blockCount: number;
	readonly blockLen: number;
	readonly srcStride: number;
	readonly dstStride: number;
	/** `matrix`: blocks of 16×16 elements; `vector`: blocks of 1×16 (strides still in fractals). */
	readonly mode: 'matrix' | 'vector';
	readonly relu: boolean;
}

/**
 * `DataCopy(co2, co1, DataCopyParams, DataCopyEnhancedParams)` (asc-devkit
 * docs/api/context/增强数据搬运.md, table 4): `blockCount` blocks of `blockLen` units (a 16×16
 * fractal of the source type in matrix mode, a 1×16 row in vector mode), `srcStride` fractals
 * between source blocks and `dstStride` DataBlocks between destination blocks; elements convert
 * (CAST_RINT) when the two types differ, so the destination's blocks are as many elements long.
 */
export function co1ToLocal(
	core: CoreContext,
	site: CallSite,
	dst: LocalTensor,
	src: LocalTensor,
	p: Co1CopyParams,
	traceArgs: readonly string[],
): void {
	const call = `DataCopy<${dst.dtype.name}>`;
	const ctx = cubeContext(core, call, 'DataCopy', () => {
		const d = dst.dtype.demangled;
		const u = src.dtype.demangled;
		return `void AscendC::DataCopy<${d}, ${u}>(AscendC::LocalTensor<${d}> const&, AscendC::LocalTensor<${u}> const&, AscendC::DataCopyParams const&, AscendC::DataCopyEnhancedParams const&)`;
	});
	checkMemory(core, site, ctx, 'src', src, ['L0C'], 'CO1');
	checkMemory(core, site, ctx, 'dst', dst, ['UB', 'L1'], 'CO2, A1, B1');
	const unit = p.mode === 'matrix' ? 256 : F16;
	const perBlock = p.blockLen * unit;
	const srcAt = (i: number) => i * (perBlock + p.srcStride * 256);
	const dstAt = (i: number) =>
		i * perBlock + i * Math.floor((p.dstStride * 32) / Math.max(1, dst.dtype.bytes));
	const count = Math.max(0, p.blockCount);
	const srcExtent = count > 0 ? (srcAt(count - 1) + perBlock) * src.dtype.bytes : 0;
	const dstExtent = count > 0 ? (dstAt(count - 1) + perBlock) * dst.dtype.bytes : 0;
	core.observeAccess(site, call, [
		checkLocalOperand(core, site, ctx, {
			role: 'src',
			tensor: src,
			kind: 'read',
			extent: srcExtent,
		}),
		checkLocalOperand(core, site, ctx, {
			role: 'dst',
			tensor: dst,
			kind: 'write',
			extent: dstExtent,
		}),
	]);
	const from = core.storeOf(src.hardware);
	const to = core.storeOf(dst.hardware);
	const same = src.dtype.name === dst.dtype.name;
	for (let i = 0; i < count; i++) {
		for (let e = 0; e < perBlock; e++) {
			let v = from.get(src.dtype, src.address + (srcAt(i) + e) * src.dtype.bytes);
			if (p.relu) v = Math.max(0, v);
			if (!same) v = castElement(v, src.dtype, dst.dtype, 'CAST_RINT');
			to.set(dst.dtype, dst.address + (dstAt(i) + e) * dst.dtype.bytes, v);
		}
	}
	core.record(site, call, traceArgs, `${count * perBlock} element(s)`);
}
