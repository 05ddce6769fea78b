/**
 * Value helpers compiled code calls at run time: defaults, instances, cloning, conversion, pointer
 * loads and stores, stream text.
 */
import { ClassDef } from '../class-def.ts';
import { Frame } from '../runtime.ts';
import type { CType } from '../types.ts';
import {
	CellStore,
	Instance,
	ObjectStore,
	Ptr,
	SimObject,
	convert,
	isCopyable,
	isStore,
	type Value,
} from '../values.ts';
import type { Ev, LV } from './context.ts';
import type { BindingTable } from '../bindings/binding.ts';

/** Whether values of `t` are plain JS scalars (numbers, pointers, enums). */
export function isScalarLike(t: CType): boolean {
	return (
		t.k === 'int' ||
		t.k === 'float' ||
		t.k === 'bool' ||
		t.k === 'enum' ||
		t.k === 'ptr' ||
		t.k === 'func'
	);
}

/** Whether `t` takes part in arithmetic conversions. */
export function isArithLike(t: CType): boolean {
	return t.k === 'int' || t.k === 'float' || t.k === 'bool' || t.k === 'enum' || t.k === 'unknown';
}

/** The element type of an array type; other types unchanged. */
export function elemOf(t: CType): CType {
	return t.k === 'array' ? t.of : t;
}

/** The dimensions of a (nested) array type, outermost first. */
export function dimsOf(t: CType): number[] {
	const out: number[] = [];
	let cur = t;
	while (cur.k === 'array') {
		out.push(cur.n);
		cur = cur.of;
	}
	return out;
}

/** The value a variable of type `t` holds before initialisation. */
export function defaultValue(t: CType): Value {
	switch (t.k) {
		case 'int':
		case 'float':
		case 'bool':
		case 'enum':
			return 0;
		case 'ptr':
			return null;
		case 'sim':
			return new SimObject(t.name, t.targs, null);
		case 'class':
			return newInstance(t);
		default:
			return undefined;
	}
}

/** A class instance with every field at its default value. */
export function newInstance(t: Extract<CType, { k: 'class' }>): Instance {
	return new Instance(
		t.cls,
		t.targs,
		t.cls.fields.map((f) => defaultValue(f.type)),
	);
}

/** A class instance whose fields come from `makers` (default value where a maker is missing). */
export function buildInstance(cls: ClassDef, makers: Array<Ev | undefined>, f: Frame): Instance {
	const fields = new Array<Value>(cls.fields.length);
	const inst = new Instance(cls, cls.targs, fields);
	const frame = new Frame(0, inst);
	void f;
	for (let i = 0; i < cls.fields.length; i++) {
		const m = makers[i];
		fields[i] = m ? m(frame) : defaultValue(cls.fields[i]!.type);
	}
	return inst;
}

/** A deep copy of an instance (class values are copied on assignment and by-value calls). */
export function cloneInstance(v: Instance): Instance {
	return new Instance(v.cls, v.targs, v.fields.map(cloneValue));
}

/**
 * How a value becomes the value of a variable of type `t` (initialisation, assignment, a
 * by-value parameter): converted to `t`, class and container objects copied, and a simulator
 * type's own conversion applied (`duration<double, milli> d = t1 - t0`).
 */
export function copyFor(t: CType, bindings: BindingTable): (v: Value) => Value {
	if (t.k === 'class') return cloneValue;
	if (t.k === 'sim') {
		const conv = bindings.types.get(t.name)?.convert;
		const targs = t.targs;
		return conv ? (v) => cloneValue(conv(v, targs)) : cloneValue;
	}
	return (v) => convertArg(v, t);
}

/**
 * A copy of a value as C++ copies it: objects field by field (arrays inside stay shared),
 * simulator objects with copyable state (containers, streams of text) with that state copied.
 */
export function cloneValue(v: Value): Value {
	if (v instanceof Instance) return cloneInstance(v);
	if (v instanceof SimObject && isCopyable(v.handle))
		return new SimObject(v.type, v.targs, v.handle.copy());
	return v;
}

/** Converts an argument or stored value to `t`; class, array, function and simulator values pass unchanged. */
export function convertArg(v: Value, t: CType): Value {
	if (t.k === 'class' || t.k === 'sim' || t.k === 'unknown' || t.k === 'array' || t.k === 'func')
		return v;
	return convert(v, t);
}

/** A value as a number (null and undefined are 0, booleans 0 or 1). */
export function numOf(v: Value): number {
	if (typeof v === 'number') return v;
	if (v === null || v === undefined) return 0;
	if (typeof v === 'boolean') return v ? 1 : 0;
	return 0;
}

/** Loads the value a pointer points at (undefined when it points at no store). */
export function derefPtr(p: Ptr): Value {
	return isStore(p.base) ? p.base.load(p.offset, p.elem) : undefined;
}

/** Stores `v` where a pointer points, converted to the element type. */
export function storePtr(p: Ptr, v: Value): void {
	if (isStore(p.base)) p.base.store(p.offset, p.elem, convertArg(v, p.elem));
}

/** The place of field `index` of the instance `obj` evaluates to. */
export function fieldLV(obj: (f: Frame) => Instance, index: number, t: CType, name: string): LV {
	return {
		get: (f) => obj(f).fields[index],
		set: (f, v) => void (obj(f).fields[index] = convertArg(v, t)),
		addr: (f) => {
			const o = obj(f);
			const cur = o.fields[index];
			if (t.k === 'array' && cur instanceof Ptr) return cur;
			if (t.k === 'class' || t.k === 'sim') return new Ptr(new ObjectStore(cur, name), 0, t);
			return new Ptr(
				new CellStore(
					() => o.fields[index],
					(x) => void (o.fields[index] = x),
					name,
				),
				0,
				t,
			);
		},
		t,
	};
}

/** A short name for the kind of a value, for messages. */
export function describe(v: Value): string {
	if (v instanceof Instance) return v.cls.qualName;
	if (v instanceof SimObject) return v.type;
	if (v === null || v === undefined) return 'null';
	return typeof v;
}

/** A value as `std::cout <<` prints it. */
export function streamText(v: Value, t: CType): string {
	if (typeof v === 'string') return v;
	if (typeof v === 'number') {
		if (t.k === 'int' && t.bits === 8 && t.name === 'char') return String.fromCharCode(v);
		return String(v);
	}
	if (v === null) return '0';
	if (v instanceof Ptr) return `0x${(0x1000 + v.offset).toString(16)}`;
	return String(v);
}
