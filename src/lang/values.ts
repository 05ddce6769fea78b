/**
 * Runtime values of interpreted C++. Every arithmetic value (integer, bool, enum, float) is a
 * JavaScript number already wrapped to its C++ type; `null` is a null pointer; strings are
 * string literals. Pointers are {@link Ptr}, user class objects {@link Instance}, simulator
 * objects whatever the binding returns, wrapped in {@link SimObject}.
 */
import type { ClassDef } from './class-def.ts';
import type { CType, TemplateArg } from './types.ts';
import { sizeOf } from './types.ts';

/** Something a pointer can point into. */
export interface Store {
	/** Reads the element at byte `offset` as type `elem`. */
	load(offset: number, elem: CType): Value;
	/** Writes the element at byte `offset`. */
	store(offset: number, elem: CType, value: Value): void;
	/** A name for diagnostics. */
	readonly label: string;
}

/** A single variable seen through `&x`. */
export class CellStore implements Store {
	readonly get: () => Value;
	readonly set: (v: Value) => void;
	readonly label: string;
	constructor(get: () => Value, set: (v: Value) => void, label: string) {
		this.get = get;
		this.set = set;
		this.label = label;
	}
	load(): Value {
		return this.get();
	}
	store(_offset: number, _elem: CType, value: Value): void {
		this.set(value);
	}
}

/** A local variable seen through `&x`: slot `slot` of the frame the address was taken in. */
export class SlotStore implements Store {
	readonly slots: Value[];
	readonly slot: number;
	readonly label: string;
	constructor(slots: Value[], slot: number, label: string) {
		this.slots = slots;
		this.slot = slot;
		this.label = label;
	}
	load(): Value {
		return this.slots[this.slot];
	}
	store(_offset: number, _elem: CType, value: Value): void {
		this.slots[this.slot] = value;
	}
}

/** A C array: elements of one type, indexed by byte offset / element size. */
export class ArrayStore implements Store {
	readonly items: Value[];
	readonly elem: CType;
	readonly label: string;
	constructor(items: Value[], elem: CType, label: string) {
		this.items = items;
		this.elem = elem;
		this.label = label;
	}
	index(offset: number): number {
		return Math.floor(offset / Math.max(1, sizeOf(this.elem)));
	}
	load(offset: number): Value {
		return this.items[this.index(offset)] ?? 0;
	}
	store(offset: number, _elem: CType, value: Value): void {
		this.items[this.index(offset)] = value;
	}
}

/**
 * A pointer: a store (or an opaque simulator handle such as device memory), a byte offset and
 * the type it points to. Pointer arithmetic makes a new Ptr; casts change `elem`.
 */
export class Ptr {
	readonly base: Store | object;
	readonly offset: number;
	readonly elem: CType;
	constructor(base: Store | object, offset: number, elem: CType) {
		this.base = base;
		this.offset = offset;
		this.elem = elem;
	}
	/** This pointer moved by `n` elements. */
	add(n: number): Ptr {
		return new Ptr(this.base, this.offset + n * Math.max(1, sizeOf(this.elem)), this.elem);
	}
	/** This pointer seen as pointing to `elem`. */
	cast(elem: CType): Ptr {
		return new Ptr(this.base, this.offset, elem);
	}
	/** Whether the pointee is memory the interpreter can read. */
	isStore(): boolean {
		return isStore(this.base);
	}
}

/**
 * A store whose contents live outside the interpreter (GM buffers in the simulator): subclasses
 * implement `load` and `store` onto their memory.
 */
export abstract class ExternalStore implements Store {
	abstract readonly label: string;
	abstract load(offset: number, elem: CType): Value;
	abstract store(offset: number, elem: CType, value: Value): void;
}

/** Whether `x` is a {@link Store}. */
export function isStore(x: unknown): x is Store {
	return (
		x instanceof CellStore ||
		x instanceof SlotStore ||
		x instanceof ArrayStore ||
		x instanceof ObjectStore ||
		x instanceof ExternalStore
	);
}

/** A user class or struct object: its class, template arguments and field values. */
export class Instance {
	readonly cls: ClassDef;
	readonly targs: readonly TemplateArg[];
	readonly fields: Value[];
	constructor(cls: ClassDef, targs: readonly TemplateArg[], fields: Value[]) {
		this.cls = cls;
		this.targs = targs;
		this.fields = fields;
	}
}

/** A pointer to a whole object (`&obj`, `this`): loads and stores the object itself. */
export class ObjectStore implements Store {
	readonly target: Value;
	readonly label: string;
	constructor(target: Value, label: string) {
		this.target = target;
		this.label = label;
	}
	load(): Value {
		return this.target;
	}
	store(): void {}
}

/** An object of a simulator type (TPipe, TQue, LocalTensor, aclrtStream…) held by the program. */
export class SimObject {
	/** The binding's type name, e.g. `TQue`. */
	readonly type: string;
	readonly targs: readonly TemplateArg[];
	/** The simulator's own object. */
	handle: unknown;
	constructor(type: string, targs: readonly TemplateArg[], handle: unknown) {
		this.type = type;
		this.targs = targs;
		this.handle = handle;
	}
}

/**
 * The state of a simulator object that C++ copies along with the object (a vector's elements, a
 * string stream's text): `copy()` makes an independent one.
 */
export interface Copyable {
	copy(): unknown;
}

/** Whether a handle is {@link Copyable}. */
export function isCopyable(x: unknown): x is Copyable {
	return typeof x === 'object' && x !== null && typeof (x as Copyable).copy === 'function';
}

/** The static type name of a brace list passed where its type is not known yet. */
export const BRACE_LIST = '__BraceList';

/**
 * A brace list passed to a callee that decides what it builds (`m.insert({k, v})`,
 * `v.push_back({1, 2})`): the values of its items and their static types.
 */
export class BraceList {
	readonly items: Value[];
	readonly types: readonly CType[];
	constructor(items: Value[], types: readonly CType[]) {
		this.items = items;
		this.types = types;
	}
}

/** A function used as a value (e.g. a signal handler passed to `signal`). */
export class FuncValue {
	readonly name: string;
	/** Calls the function with already evaluated arguments. */
	readonly call: (args: Value[]) => Value;
	constructor(name: string, call: (args: Value[]) => Value) {
		this.name = name;
		this.call = call;
	}
}

/** How an output stream formats what it is given, as the iostream manipulators set it. */
export interface StreamFormat {
	/** Minimum width of the next item only (`std::setw`). */
	width: number;
	precision: number;
	floats: 'default' | 'fixed' | 'scientific';
	base: 8 | 10 | 16;
	fill: string;
	left: boolean;
	boolalpha: boolean;
}

/**
 * An output stream: `std::cout`/`std::cerr` (channel `stdout`/`stderr`, lines go to the log), or
 * a stream that collects text (`text`: a string stream, or a file stream before it is written).
 */
export class OStream implements Copyable {
	readonly channel: 'stdout' | 'stderr' | 'text';
	/** What a text stream holds. */
	text = '';
	/** Where a text stream's reads are (input string streams). */
	readAt = 0;
	/** False after a failed open or read (`if (!file)`). */
	ok = true;
	readonly format: StreamFormat = {
		width: 0,
		precision: 6,
		floats: 'default',
		base: 10,
		fill: ' ',
		left: false,
		boolalpha: false,
	};
	constructor(channel: 'stdout' | 'stderr' | 'text') {
		this.channel = channel;
	}
	copy(): OStream {
		const s = new OStream(this.channel);
		s.text = this.text;
		s.readAt = this.readAt;
		s.ok = this.ok;
		Object.assign(s.format, this.format);
		return s;
	}
	/** Whether the stream is usable (`if (stream)`). */
	truthy(): boolean {
		return this.ok;
	}
}

/** An iostream manipulator (`std::setw(8)`, `std::fixed`): what it does to a stream's format. */
export class Manipulator {
	readonly apply: (format: StreamFormat) => void;
	constructor(apply: (format: StreamFormat) => void) {
		this.apply = apply;
	}
}

/** The `std::endl` manipulator. */
export const ENDL = { endl: true } as const;

/** Any runtime value. */
export type Value =
	| number
	| string
	| null
	| undefined
	| Ptr
	| Instance
	| SimObject
	| FuncValue
	| OStream
	| typeof ENDL
	| object;

/** Something whose truth is its own (a stream that failed, an empty smart pointer). */
interface Testable {
	truthy(): boolean;
}

function isTestable(x: unknown): x is Testable {
	return typeof x === 'object' && x !== null && typeof (x as Testable).truthy === 'function';
}

/** Whether a value counts as true in a condition. */
export function truthy(v: Value): boolean {
	if (typeof v === 'number') return v !== 0;
	if (v instanceof SimObject) return isTestable(v.handle) ? v.handle.truthy() : v.handle !== null;
	if (isTestable(v)) return v.truthy();
	return v !== null && v !== undefined;
}

const f16 = (Math as unknown as { f16round?: (x: number) => number }).f16round;

/** Converts `v` to type `t` as an implicit or explicit C++ conversion would. */
export function convert(v: Value, t: CType): Value {
	switch (t.k) {
		case 'int': {
			let n = typeof v === 'number' ? v : v === null || v === undefined ? 0 : Number(v);
			if (!Number.isFinite(n)) n = 0;
			switch (t.bits) {
				case 32:
					return t.signed ? n | 0 : n >>> 0;
				case 8:
					return t.signed ? ((n | 0) << 24) >> 24 : n & 0xff;
				case 16:
					return t.signed ? ((n | 0) << 16) >> 16 : n & 0xffff;
				default: {
					n = Math.trunc(n);
					if (!t.signed && n < 0) n += 2 ** 64;
					return n;
				}
			}
		}
		case 'bool':
			return truthy(v) ? 1 : 0;
		case 'enum':
			return convert(v, t.base);
		case 'float': {
			const n = typeof v === 'number' ? v : 0;
			if (t.bits === 32) return Math.fround(n);
			if (t.bits === 16 && f16 && t.name === 'half') return f16(n);
			return n;
		}
		case 'ptr':
			if (v === 0) return null;
			if (v instanceof Ptr) return v.cast(t.to);
			return v;
		default:
			return v;
	}
}
