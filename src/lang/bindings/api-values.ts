/**
 * Conversions between interpreted C++ values and what a catalog row's semantics takes and
 * returns, chosen once per parameter from its kind (api/param-kind.ts) and per form from its
 * return type. Converters are built at compile time for one call site, so a call only runs them.
 */
import {
	HANDLE_TYPE_NAMES,
	isApiCallback,
	paramKind,
	STRUCT_TYPE_NAMES,
	templateParamKind,
	type ApiElements,
	type ApiSignature,
} from '../../api/index.ts';
import type { SourceSpan } from '../../sim/trace.ts';
import { GlobalTensor, type GmBuffer, type GmPointer } from '../../sim/kernel/global-tensor.ts';
import { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { HARD_EVENT_VALUES, TPOSITION_VALUES } from '../../sim/kernel/tposition.ts';
import { PIPES } from '../../sim/kernel/core-context.ts';
import { ROUND_MODES } from '../../sim/kernel/cast-rules.ts';
import type { Runtime } from '../runtime.ts';
import {
	CHAR_PTR,
	PRIMITIVE_TYPES,
	sizeOf,
	T,
	typeName,
	type CType,
	type TemplateArg,
} from '../types.ts';
import {
	ArrayStore,
	convert,
	FuncValue,
	Instance,
	isStore,
	Ptr,
	SimObject,
	type Value,
} from '../values.ts';
import { num, str } from './args.ts';
import type { SimEnv } from './sim-env.ts';
import { GmArray } from '../gm-array.ts';
import { byteRefOf } from './byte-refs.ts';

/** Turns one argument into what the semantics takes. */
export type ArgConverter = (v: Value, ctx: ConvertContext) => unknown;

/** Turns the semantics' result into a C++ value (`env` holds the program's callbacks). */
export type ResultConverter = (r: unknown, targs: readonly TemplateArg[], env: SimEnv) => Value;

/** What a converter needs to stop the run or register a callback. */
export interface ConvertContext {
	readonly rt: Runtime;
	readonly span: SourceSpan;
	readonly env: SimEnv;
}

const identity: ArgConverter = (v) => v;
const toString: ArgConverter = (v) => str(v);
const toNumber: ArgConverter = (v) => num(v);

function stop(ctx: ConvertContext, name: string): never {
	return ctx.rt.stop('null-dereference', ctx.span, { name });
}

/** The converters of `sig`'s parameters (the variadic tail takes values unconverted). */
export function argConverters(sig: ApiSignature): ArgConverter[] {
	return sig.params.map((p) => {
		switch (paramKind(p, sig, STRUCT_TYPE_NAMES)) {
			case 'number': {
				// A fixed-width integer parameter takes the argument as C converts it
				// (`const uint8_t repeatTime` given 300 is 44).
				const t = p.pointers === 0 && !p.reference ? PRIMITIVE_TYPES[p.base] : undefined;
				if (t?.k === 'int' && t.bits < 64) return (v) => convert(num(v), t);
				return toNumber;
			}
			case 'string':
				return toString;
			case 'local-tensor':
				return (v, ctx) => {
					const h = v instanceof SimObject ? v.handle : undefined;
					return h instanceof LocalTensor ? h : stop(ctx, 'LocalTensor (never allocated)');
				};
			case 'global-tensor':
				return (v, ctx) => {
					const h = v instanceof SimObject ? v.handle : undefined;
					return h instanceof GlobalTensor ? h : stop(ctx, 'GlobalTensor (never set up)');
				};
			case 'object':
				return (v, ctx) => {
					const h = v instanceof SimObject ? v.handle : undefined;
					return h ?? stop(ctx, p.name);
				};
			case 'gm-address':
				return (v, ctx) => gmAddress(v, ctx.env);
			case 'scalar':
				return (v) => (typeof v === 'number' ? v : num(v));
			case 'round-mode':
				return (v) => (typeof v === 'number' ? (ROUND_MODES[v] ?? 'CAST_NONE') : v);
			case 'callback':
				return (v, ctx) => {
					if (!(v instanceof FuncValue)) return num(v);
					ctx.env.handlers.set(v.name, v);
					return { callback: v.name };
				};
			case 'bytes':
				return (v, ctx) => byteRefOf(v, ctx.rt.memory);
			case 'struct':
				// An array of structs (`const SliceInfo srcSliceInfo[]`) is read element by element.
				if (p.pointers > 0) return (v) => structArray(v);
				return (v) => structRecord(v);
			case 'words':
				return (v) => wordsOf(v);
			case 'elements':
				return (v) => elementsOf(v);
			default:
				return identity;
		}
	});
}

/**
 * A struct argument as a record of every name of every field, aliases of a union included; an
 * array field (`uint16_t elementLengths[4]`) as its elements, and a tensor field as its tensor.
 */
export function structRecord(v: Value): unknown {
	const field = (x: Value): unknown =>
		x instanceof Ptr && x.base instanceof ArrayStore
			? x.base.items.slice(x.base.index(x.offset))
			: x instanceof SimObject
				? x.handle
				: x;
	return v instanceof Instance
		? Object.fromEntries([...v.cls.fieldIndex].map(([name, i]) => [name, field(v.fields[i])]))
		: v;
}

/** An array-of-structs argument: its elements as records, read on demand. */
function structArray(v: Value): unknown {
	if (!(v instanceof Ptr) || !isStore(v.base)) return v;
	const store = v.base;
	const size = Math.max(1, sizeOf(v.elem));
	return { at: (i: number) => structRecord(store.load(v.offset + i * size, v.elem)) };
}

/** The first two 64-bit words an array argument (`uint64_t mask[2]`) holds, low word first. */
function wordsOf(v: Value): [unknown, unknown] | unknown {
	if (v instanceof Ptr && isStore(v.base))
		return [v.base.load(v.offset, T.u64), v.base.load(v.offset + 8, T.u64)];
	return v;
}

/** An integer array argument read and written in place; a null or foreign pointer reads 0s. */
function elementsOf(v: Value): ApiElements {
	if (!(v instanceof Ptr) || !isStore(v.base)) return { get: () => 0, set: () => undefined };
	const { base, offset, elem } = v;
	const size = Math.max(1, sizeOf(elem));
	return {
		get: (i) => num(base.load(offset + i * size, elem)),
		set: (i, x) => base.store(offset + i * size, elem, convert(x, elem)),
	};
}

/**
 * Whether values fit `sig` well enough to pick it among forms of the same arity at run time:
 * tensor parameters need tensors of that kind.
 */
export function valuesFit(sig: ApiSignature, values: readonly Value[]): boolean {
	for (let i = 0; i < values.length && i < sig.params.length; i++) {
		const kind = paramKind(sig.params[i]!, sig, STRUCT_TYPE_NAMES);
		const v = values[i];
		const h = v instanceof SimObject ? v.handle : undefined;
		if (kind === 'local-tensor' && !(h instanceof LocalTensor)) return false;
		if (kind === 'global-tensor' && !(h instanceof GlobalTensor)) return false;
		if (kind === 'struct' && v instanceof Instance && v.cls.name !== sig.params[i]!.base)
			return false;
	}
	return true;
}

/** A GM address: a pointer into a GM buffer, or a device address of an allocation the kernel got. */
function gmAddress(p: Value, env: SimEnv): GmPointer | undefined {
	if (p instanceof Ptr && isGmBuffer(p.base)) return { buffer: p.base, byteOffset: p.offset };
	if (typeof p === 'number' && p !== 0) {
		let base: number | undefined;
		for (const b of env.gmBuffers.keys()) if (b <= p && (base === undefined || b > base)) base = b;
		if (base !== undefined) return { buffer: env.gmBuffers.get(base)!, byteOffset: p - base };
	}
	return undefined;
}

function isGmBuffer(x: unknown): x is GmBuffer {
	return typeof x === 'object' && x !== null && 'bytes' in x && 'name' in x && !(x instanceof Ptr);
}

function isGmPointer(x: unknown): x is GmPointer {
	return typeof x === 'object' && x !== null && 'buffer' in x && 'byteOffset' in x;
}

/** Class names whose objects the semantics returns and the program holds as SimObjects. */
const OBJECT_TYPES: ReadonlySet<string> = new Set([
	'TPipe',
	'TQue',
	'TQueBind',
	'TBuf',
	'LocalTensor',
	'GlobalTensor',
]);

/** The converter of `sig`'s result; `owner` is the class a constructor builds. */
export function resultConverter(sig: ApiSignature, owner: string | undefined): ResultConverter {
	if (sig.returns === '' && owner && OBJECT_TYPES.has(owner)) {
		// The declared type's template arguments go with the object (TQue<VECIN, 2>).
		const keep = owner !== 'TPipe';
		return (r, targs) => new SimObject(owner, keep ? targs : [], r);
	}
	const base = sig.returnBase;
	if (OBJECT_TYPES.has(base))
		return (r) => (r === undefined || r === null ? r : new SimObject(base, [], r));
	if (base === 'void' && sig.returnPointers === 0) return () => undefined;
	if (base === 'bool') return (r) => (r === true ? 1 : r === false ? 0 : (r as Value));
	if (base === 'sighandler_t')
		return (r, _targs, env) =>
			isApiCallback(r) ? (env.handlers.get(r.callback) ?? 0) : (r as Value);
	if (sig.returnPointers > 0 || base === 'GM_ADDR')
		return (r) =>
			isGmPointer(r) ? new Ptr(GmArray.of(r.buffer), r.byteOffset, T.u8) : (r as Value);
	return (r) => r as Value;
}

/** The static C++ type of a call of `sig`: `targs` are the call's explicit template arguments. */
export function returnType(
	sig: ApiSignature,
	targs: readonly TemplateArg[],
	selfType: CType | undefined,
): CType {
	const base = sig.returnBase;
	const typeArg = (name: string): TemplateArg | undefined => {
		const i = sig.templateParams.findIndex((t) => t.name === name);
		return i >= 0 ? targs[i] : undefined;
	};
	if (base === 'LocalTensor' || base === 'GlobalTensor') {
		const arg = sig.returnTypeArgs[0] ? typeArg(sig.returnTypeArgs[0]) : undefined;
		const own = selfType?.k === 'sim' ? selfType.targs : [];
		return { k: 'sim', name: base, targs: arg === undefined ? own : [arg] };
	}
	if (sig.returnPointers > 0) {
		if (base === 'char') return CHAR_PTR;
		if (HANDLE_TYPE_NAMES.has(base)) return { k: 'ptr', to: T.void };
		const to = PRIMITIVE_TYPES[base] ?? typeArgType(typeArg(base)) ?? T.u8;
		return { k: 'ptr', to: base === 'void' ? T.void : to };
	}
	if (base === 'PrimType') {
		const elem = selfType?.k === 'sim' ? selfType.targs[0] : undefined;
		return typeArgType(elem) ?? T.unknown;
	}
	if (base === 'TEventID') return T.i8;
	if (base === 'unsigned int') return T.u32;
	if (base === 'void') return T.void;
	return PRIMITIVE_TYPES[base] ?? T.unknown;
}

function typeArgType(a: TemplateArg | undefined): CType | undefined {
	return a === undefined || typeof a === 'number' ? undefined : a;
}

const POSITION_NAMES = new Map<number, string>(
	Object.entries(TPOSITION_VALUES).map(([name, value]) => [value, name]),
);
const EVENT_NAMES = new Map<number, string>(
	Object.entries(HARD_EVENT_VALUES).map(([name, value]) => [value, name]),
);

/**
 * A call's template arguments as the semantics takes them: element types and enum values by
 * name (`half`, `VECIN`, `MTE2_V`, `PIPE_V`), integers as numbers; missing ones undefined.
 */
export function templateArgs(
	sig: ApiSignature,
	targs: readonly TemplateArg[],
): (string | number | undefined)[] {
	return sig.templateParams.map((t, i) => {
		const a = targs[i];
		if (a === undefined) return undefined;
		switch (templateParamKind(t)) {
			case 'type':
				return typeof a === 'number' ? undefined : typeName(a);
			case 'position':
				return typeof a === 'number' ? (POSITION_NAMES.get(a) ?? String(a)) : undefined;
			case 'event':
				return typeof a === 'number' ? (EVENT_NAMES.get(a) ?? String(a)) : String(a);
			case 'pipe':
				return typeof a === 'number' ? (PIPES[a] ?? String(a)) : String(a);
			case 'number':
				return typeof a === 'number' ? a : undefined;
			default:
				return typeof a === 'number' ? a : typeName(a);
		}
	});
}
