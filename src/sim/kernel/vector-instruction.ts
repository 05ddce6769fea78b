/**
 * Runs one vector instruction on a core: checks its operands (UB positions, element types,
 * alignment, ranges; see operand-checks.ts), then computes the result element by element over
 * the elements its shape selects (vector-shape.ts), and records one step.
 *
 * In CPU-debug mode a failed check stops the core with the framework's lines (the failed
 * assert or the `Failed to pass … check.` line, SIGABRT, the backtrace); in NPU mode a range
 * past the tensor is reported and the instruction writes on, as the hardware would.
 */
import type { CallSite } from '../trace.ts';
import { castElement, castSupport, type CastRoundMode } from './cast-rules.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import type { DType } from './dtype.ts';
import { LocalTensor } from './local-tensor.ts';
import type { MemoryAccess } from './memory-access.ts';
import {
	CHECK_MESSAGES,
	checkLocalOperand,
	reportViolation,
	type CheckContext,
} from './operand-checks.ts';
import { intRange } from './cast-rules.ts';
import {
	CONTIGUOUS,
	elementOffsets,
	operandExtent,
	shapeSize,
	type BlockStrides,
	type VectorShape,
} from './vector-shape.ts';
import { allowedDTypes, type VectorOpSpec } from './vector-ops.ts';
import { saturation } from './float-saturation.ts';

/** Memories vector instructions can read (ascend-facts A.3: the vector unit reads only UB). */
export const VECTOR_POSITIONS = 'VECIN, VECOUT, VECCALC';

/** One tensor operand of a vector call. */
export interface VectorOperand {
	/** Its name in the reference's signature: `dst`, `src`, `src0`, `src1`. */
	readonly role: string;
	readonly tensor: LocalTensor;
	/** Block and repeat strides (mask/repeat forms); contiguous when absent. */
	readonly strides?: BlockStrides;
}

/** Which of the documented call styles a call uses (names the failed check). */
export type VectorStyle = 'calcount' | 'mask-count' | 'mask-bit';

/** One vector call, its arguments already read by the catalog row. */
export interface VectorCall {
	/** The name the program called, e.g. `Add`. */
	readonly name: string;
	readonly spec: VectorOpSpec;
	readonly dst: VectorOperand;
	readonly srcs: readonly VectorOperand[];
	/** The scalar operand (`Adds`, `Duplicate`, `LeakyRelu`…), already of the element type. */
	readonly scalar?: number;
	/** Cast's round mode; a Cast converts between the source and destination types. */
	readonly roundMode?: CastRoundMode;
	readonly shape: VectorShape;
	readonly style: VectorStyle;
	/** The demangled C++ signature for the backtrace frame (built only when printed). */
	readonly frameFunc: () => string;
	/** The arguments as the trace shows them. */
	readonly traceArgs: readonly string[];
}

/** The check context of a vector call on `core`. */
export function vectorCheckContext(
	core: CoreContext,
	call: string,
	api: string,
	spec: { readonly instr: string },
	style: VectorStyle,
	frameFunc: () => string,
): CheckContext {
	const wording = core.wording;
	const frame: FrameworkFrame = {
		get func() {
			return frameFunc();
		},
		get file() {
			return frameworkPath(wording, 'vec');
		},
		line: 452,
	};
	const checkMessage =
		style === 'calcount'
			? CHECK_MESSAGES.calcount
			: style === 'mask-count'
				? CHECK_MESSAGES.maskCount
				: CHECK_MESSAGES.maskBit;
	return { call, api, frame, header: 'vec', vector: { assertInstr: spec.instr, checkMessage } };
}

/** Runs `vc` on `core`; see the file comment. */
export function runVector(core: CoreContext, site: CallSite, vc: VectorCall): void {
	const dst = vc.dst.tensor;
	const call = `${vc.name}<${dst.dtype.name}>`;
	const ctx = vectorCheckContext(core, call, vc.name, vc.spec, vc.style, vc.frameFunc);
	const operands = [vc.dst, ...vc.srcs];
	for (const op of operands) checkVectorPosition(core, site, ctx, op.role, op.tensor);
	checkVectorTypes(core, site, ctx, vc);
	const shape = vc.shape;
	const accesses: MemoryAccess[] = [];
	const offsets: Array<Int32Array | undefined> = [];
	for (let k = 0; k < operands.length; k++) {
		const op = operands[k]!;
		const t = op.tensor;
		const off = elementOffsets(shape, t.dtype.bytes, op.strides ?? CONTIGUOUS);
		offsets.push(off);
		accesses.push(
			checkLocalOperand(core, site, ctx, {
				role: op.role,
				tensor: t,
				kind: k === 0 ? 'write' : 'read',
				extent: operandExtent(shape, off, t.dtype.bytes),
				limit: 'tensor',
			}),
		);
	}
	if (vc.spec.readsDst) accesses.push({ ...accesses[0]!, kind: 'read' });
	core.observeAccess(site, call, accesses);
	computeVector(core, vc, offsets);
	core.record(site, call, vc.traceArgs, 'void');
}

/** A vector operand must be in UB; anything else stops the core (both modes). */
export function checkVectorPosition(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	role: string,
	t: LocalTensor,
): void {
	if (t.hardware === 'UB') return;
	const values = {
		call: ctx.call,
		operand: role,
		position: t.position,
		supported: VECTOR_POSITIONS,
	};
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
				line: 440,
				func: ctx.api,
				message: formatC(CHECK_MESSAGES.position, role, ctx.api, VECTOR_POSITIONS, t.position),
			},
			frames: [ctx.frame],
			reason: `${ctx.call}: ${role} is on ${t.position}`,
		},
	});
}

/**
 * Element types: operands of one type (unless a Cast), a type the instruction takes on this
 * architecture (the CPU build's ASCENDC_ASSERT stops there; the NPU run carries on warned), and
 * for Cast a pair and round mode its table lists.
 */
function checkVectorTypes(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	vc: VectorCall,
): void {
	const dst = vc.dst.tensor.dtype;
	if (vc.roundMode === undefined) {
		for (const op of vc.srcs) {
			if (op.tensor.dtype.name === dst.name || vc.spec.mixed) continue;
			reportViolation(core, site, ctx.call, {
				check: 'dtype',
				access: undefined,
				code: 'tensor-dtype-mismatch',
				values: {
					call: ctx.call,
					operand: op.role,
					actual: op.tensor.dtype.name,
					expected: dst.name,
				},
			});
		}
		const rule = vc.spec.dtypes;
		if (rule) {
			const allowed = allowedDTypes(rule, core.profile.arch);
			if (!allowed.includes(dst.name)) dtypeUnsupported(core, site, ctx, dst.name, allowed);
		}
		return;
	}
	const src = vc.srcs[0]?.tensor.dtype;
	if (!src) return;
	const support = castSupport(core.profile.arch, src.name, dst.name);
	if (!support) {
		dtypeUnsupported(core, site, ctx, `${src.name} → ${dst.name}`, [], 'cast-pair-unsupported');
		return;
	}
	if (!support.deq && !support.modes.includes(vc.roundMode)) {
		reportViolation(core, site, ctx.call, {
			check: 'value',
			access: undefined,
			code: 'cast-round-mode-unsupported',
			values: {
				call: ctx.call,
				mode: vc.roundMode,
				pair: `${src.name} → ${dst.name}`,
				modes: support.modes.join(', '),
				product: core.productName,
			},
		});
	}
}

/** An element type (or Cast pair) the instruction does not take on this product. */
export function dtypeUnsupported(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	actual: string,
	allowed: readonly string[],
	code: 'vector-dtype-unsupported' | 'cast-pair-unsupported' = 'vector-dtype-unsupported',
): void {
	const values = {
		call: ctx.call,
		dtype: actual,
		supported: allowed.length > 0 ? allowed.join(', ') : '—',
		product: core.productName,
	};
	reportViolation(core, site, ctx.call, {
		check: 'dtype',
		access: undefined,
		code,
		values,
		...(core.mode === 'cpu'
			? {
					stop: {
						code,
						values,
						log: {
							header: ctx.header,
							line: ctx.frame.line - 4,
							func: ctx.api,
							message: formatC(
								CHECK_MESSAGES.dtype,
								ctx.api,
								allowed.length > 0 ? `src and dst both: ${allowed.join(' / ')}` : actual,
							),
						},
						frames: [ctx.frame],
						reason: `${ctx.call}: ${actual} is not supported on this product`,
					},
				}
			: {}),
	});
}

/** Whether `dtype` holds integers (the instruction then uses its integer element function). */
export function isIntegerType(dtype: DType): boolean {
	return intRange(dtype) !== undefined;
}

function computeVector(
	core: CoreContext,
	vc: VectorCall,
	offsets: ReadonlyArray<Int32Array | undefined>,
): void {
	const n = shapeSize(vc.shape);
	if (n === 0) return;
	const dst = vc.dst.tensor;
	const [a, b] = vc.srcs.map((s) => s.tensor);
	const out = core.storeOf(dst.hardware);
	const inA = a ? core.storeOf(a.hardware) : undefined;
	const inB = b ? core.storeOf(b.hardware) : undefined;
	const fn = isIntegerType(dst.dtype) && vc.spec.int ? vc.spec.int : vc.spec.compute;
	const s = vc.scalar ?? 0;
	const readsDst = vc.spec.readsDst === true;
	const dD = dst.dtype;
	const dA = a?.dtype;
	const dB = b?.dtype;
	const mode = vc.roundMode;
	const deq = core.deqScale;
	const [oD, oA, oB] = offsets;
	const sat = core.floatSaturation ? saturation(dD) : undefined;
	const shape = vc.shape;
	const index =
		shape.kind === 'count'
			? undefined
			: (i: number) => shape.repeat[i]! * shape.lanes + shape.lane[i]!;
	for (let i = 0; i < n; i++) {
		const at = dst.address + (oD ? oD[i]! : i * dD.bytes);
		const x = a && inA ? inA.get(dA!, a.address + (oA ? oA[i]! : i * dA!.bytes)) : 0;
		const y = b && inB ? inB.get(dB!, b.address + (oB ? oB[i]! : i * dB!.bytes)) : 0;
		const d = readsDst ? out.get(dD, at) : 0;
		const v =
			mode !== undefined
				? castElement(x, dA!, dD, mode, deq)
				: fn(x, y, s, d, index ? index(i) : i);
		out.set(dD, at, sat ? sat(v) : v);
	}
}

/** Describes a vector argument for the trace. */
export function describeVectorArg(a: unknown): string {
	return a instanceof LocalTensor ? a.describe() : String(a);
}
