/**
 * Reading a vector call's arguments by the parameter names of the signature it matched, so one
 * reader serves every vector row and every documented form: tensors (`dst`, `src`, `src0`,
 * `src1`), the scalar (`scalarValue`, `firstValue`), `count`, `mask` (a lane count or the
 * 128-bit `mask[]`), `repeatTime`, the stride struct (`BinaryRepeatParams`,
 * `UnaryRepeatParams`) or the plain stride parameters (`dstBlockStride`, `dstRepeatStride`…),
 * `roundMode`, and the `isSetMask` template argument (false: the mask comes from SetVectorMask).
 */
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import { parseRoundMode, type CastRoundMode } from '../../sim/kernel/cast-rules.ts';
import { asElement } from '../../sim/kernel/byte-store.ts';
import { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import {
	countShape,
	CONTIGUOUS,
	repeatShape,
	toWord,
	type BlockStrides,
	type VectorMaskValue,
	type VectorShape,
} from '../../sim/kernel/vector-shape.ts';
import type {
	VectorCall,
	VectorOperand,
	VectorStyle,
} from '../../sim/kernel/vector-instruction.ts';
import type { VectorOpSpec } from '../../sim/kernel/vector-ops.ts';
import type { ApiCall } from '../api-row.ts';
import { structValue } from '../api-types.ts';
import type { ApiParam, ApiSignature } from '../signature.ts';
import { paramKind } from '../param-kind.ts';
import { STRUCT_TYPE_NAMES } from '../api-types.ts';

/** Where each kind of argument sits in one signature. */
export interface VectorLayout {
	readonly sig: ApiSignature;
	/** Tensor parameters in order (the first is the destination). */
	readonly tensors: ReadonlyArray<{ readonly index: number; readonly role: string }>;
	readonly scalar: number;
	readonly count: number;
	readonly mask: number;
	/** `mask[]` rather than a lane count. */
	readonly maskBits: boolean;
	readonly repeat: number;
	/** The stride struct parameter and its type name. */
	readonly params: number;
	readonly paramsType: string;
	/** Plain stride parameters by name (`dstBlockStride`, `srcRepStride`…). */
	readonly strideParams: ReadonlyMap<string, number>;
	readonly roundMode: number;
	/** Index of the `isSetMask` template parameter, or -1. */
	readonly isSetMask: number;
}

const SCALAR_NAMES = new Set(['scalarValue', 'scalar', 'firstValue']);
const COUNT_NAMES = new Set(['count', 'calCount']);
const REPEAT_NAMES = new Set(['repeatTime', 'repeatTimes', 'repeat']);

/** The layout of `sig`. */
export function vectorLayout(sig: ApiSignature): VectorLayout {
	const find = (pred: (p: ApiParam) => boolean) => sig.params.findIndex(pred);
	const tensors = sig.params.flatMap((p, index) =>
		paramKind(p, sig, STRUCT_TYPE_NAMES) === 'local-tensor' ? [{ index, role: p.name }] : [],
	);
	const strideParams = new Map<string, number>();
	sig.params.forEach((p, i) => {
		if (/(Blk|Block|Rep|Repeat)Stride$/.test(p.name)) strideParams.set(p.name, i);
	});
	const mask = find((p) => p.name === 'mask');
	const params = find((p) => STRUCT_TYPE_NAMES.has(p.base) && /RepeatParams$/.test(p.base));
	return {
		sig,
		tensors,
		scalar: find((p) => SCALAR_NAMES.has(p.name)),
		count: find((p) => COUNT_NAMES.has(p.name)),
		mask,
		maskBits: mask >= 0 && sig.params[mask]!.pointers > 0,
		repeat: find((p) => REPEAT_NAMES.has(p.name)),
		params,
		paramsType: params >= 0 ? sig.params[params]!.base : '',
		strideParams,
		roundMode: find((p) => p.base === 'RoundMode'),
		isSetMask: sig.templateParams.findIndex((t) => t.name === 'isSetMask'),
	};
}

/** The mask a call gives, as the engine reads it. */
export function maskArg(v: unknown, bits: boolean): VectorMaskValue {
	if (bits) {
		if (Array.isArray(v)) return { bits: [toWord(v[0]), toWord(v[1])] };
		return { bits: [toWord(v), 0n] };
	}
	return { count: typeof v === 'number' ? v : Number(v) || 0 };
}

/** Whether the call leaves the mask to SetVectorMask (`isSetMask = false`). */
export function usesRegisterMask(layout: VectorLayout, c: ApiCall): boolean {
	if (layout.isSetMask < 0) return false;
	const t = c.targs[layout.isSetMask];
	return t === 0 || t === 'false';
}

/** The shape of a call: count form, or mask/repeat form in the register's mode. */
export function shapeOf(
	core: CoreContext,
	layout: VectorLayout,
	c: ApiCall,
	widest: number,
): { shape: VectorShape; style: VectorStyle } {
	const registerMask = usesRegisterMask(layout, c);
	if (layout.count >= 0) {
		const count = registerMask ? Number(core.mask.lo) : Number(c.args[layout.count]);
		return { shape: countShape(count), style: 'calcount' };
	}
	const mask = registerMask ? core.mask.value : maskArg(c.args[layout.mask], layout.maskBits);
	const repeat = layout.repeat >= 0 ? Number(c.args[layout.repeat]) : 1;
	return {
		shape: repeatShape(mask, repeat, widest, core.mask.counter),
		style: layout.maskBits ? 'mask-bit' : 'mask-count',
	};
}

/** The strides of operand `role` in a call of `layout`. */
export function stridesOf(layout: VectorLayout, c: ApiCall, role: string): BlockStrides {
	if (layout.params >= 0) {
		const p = structValue(layout.paramsType, c.args[layout.params]);
		// CopyRepeatParams names them dstStride / dstRepeatSize.
		const blk = p[`${role}BlkStride`] ?? p[`${role}Stride`];
		const rep = p[`${role}RepStride`] ?? p[`${role}RepeatSize`];
		return {
			blk: typeof blk === 'number' ? blk : CONTIGUOUS.blk,
			rep: typeof rep === 'number' ? rep : CONTIGUOUS.rep,
		};
	}
	const read = (names: readonly string[], fallback: number): number => {
		for (const n of names) {
			const i = layout.strideParams.get(n);
			if (i !== undefined) return Number(c.args[i]);
		}
		return fallback;
	};
	return {
		blk: read([`${role}BlkStride`, `${role}BlockStride`], CONTIGUOUS.blk),
		rep: read([`${role}RepStride`, `${role}RepeatStride`], CONTIGUOUS.rep),
	};
}

/** The C++ spelling of a parameter type in a demangled frame, for element type `t`. */
export function demangledParam(p: ApiParam, t: string): string {
	if (p.base === 'LocalTensor') return `AscendC::LocalTensor<${t}>${p.reference ? ' const&' : ''}`;
	const base =
		p.base === 'T' || p.base === 'U'
			? t
			: p.base === 'int32_t'
				? 'int'
				: p.base === 'uint32_t'
					? 'unsigned int'
					: p.base === 'uint8_t'
						? 'unsigned char'
						: p.base === 'uint16_t'
							? 'unsigned short'
							: p.base === 'uint64_t'
								? 'unsigned long'
								: STRUCT_TYPE_NAMES.has(p.base) || p.base === 'RoundMode'
									? `AscendC::${p.base}`
									: p.base;
	if (p.pointers > 0) return `${base}*`;
	return p.reference ? `${base} const&` : base;
}

/** The demangled `void AscendC::Name<T>(…)` of a call for its backtrace frame. */
export function frameFuncOf(name: string, sig: ApiSignature, demangled: string): string {
	const params = sig.params.map((p) => demangledParam(p, demangled));
	return `void AscendC::${name}<${demangled}>(${params.join(', ')})`;
}

/** How the trace shows an argument. */
export function traceArg(v: unknown): string {
	if (v instanceof LocalTensor) return v.describe();
	if (Array.isArray(v)) return `{${v.map(String).join(', ')}}`;
	if (typeof v === 'object' && v !== null) return '{…}';
	return String(v);
}

/**
 * Builds the engine's call from an ApiCall of a vector row: operands with their strides, the
 * scalar (as the program passed it; the store rounds it), the round mode and the shape.
 */
export function vectorCallOf(
	core: CoreContext,
	layout: VectorLayout,
	c: ApiCall,
	spec: VectorOpSpec,
): VectorCall {
	const tensors = layout.tensors.map(({ index, role }) => ({
		role,
		tensor: c.args[index] as LocalTensor,
	}));
	const widest = Math.max(...tensors.map((t) => t.tensor.dtype.bytes));
	const { shape, style } = shapeOf(core, layout, c, widest);
	const operands: VectorOperand[] = tensors.map((t) =>
		style === 'calcount' ? t : { ...t, strides: stridesOf(layout, c, t.role) },
	);
	const mode =
		layout.roundMode >= 0
			? (parseRoundMode(String(c.args[layout.roundMode])) ?? 'CAST_NONE')
			: undefined;
	const dst = operands[0]!;
	const demangled = dst.tensor.dtype.demangled;
	return {
		name: c.name,
		spec,
		dst,
		srcs: operands.slice(1),
		...(layout.scalar >= 0 ? { scalar: scalarOf(layout, c, tensors) } : {}),
		...(mode !== undefined ? { roundMode: mode as CastRoundMode } : {}),
		shape,
		style,
		frameFunc: () => frameFuncOf(c.name, layout.sig, demangled),
		traceArgs: c.args.map(traceArg),
	};
}

/** The scalar argument, converted to the element type of the tensor its parameter type names. */
function scalarOf(
	layout: VectorLayout,
	c: ApiCall,
	tensors: ReadonlyArray<{ readonly role: string; readonly tensor: LocalTensor }>,
): number {
	const v = Number(c.args[layout.scalar]);
	const typeName = layout.sig.params[layout.scalar]!.base;
	const k = layout.tensors.findIndex(
		({ index }) => layout.sig.params[index]!.typeArgs[0] === typeName,
	);
	const t = tensors[k >= 0 ? k : 0]?.tensor;
	return t ? asElement(t.dtype, v) : v;
}

/** The semantics of a vector row with `spec`, reading each form by its signature's layout. */
export function runVectorRow(spec: VectorOpSpec, layouts: readonly VectorLayout[]) {
	return (core: CoreContext, c: ApiCall): undefined => {
		const layout = layouts[c.form]!;
		core.vector(c.site(), vectorCallOf(core, layout, c, spec));
		return undefined;
	};
}
