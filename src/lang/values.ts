/**
 * Runtime values of interpreted C++. Every arithmetic value (integer, bool, enum, float) is a
 * JavaScript number already wrapped to its C++ type; `null` is a null pointer; strings are
 * string literals. Pointers are {@link Ptr}, user class objects {@link Instance}, simulator
 * objects whatever the binding returns, wrapped in {@link SimObject}.
 */
import type { MemoryBudget } from '../sim/memory-budget.ts';
import type { SourceSpan } from '../sim/trace.ts';
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
	/** The variable's whole value, whatever type an access would read it as. */
	value(): Value {
		return this.get();
	}
	load(offset: number, elem: CType): Value {
		const v = this.get();
		return v instanceof Instance && elem.k !== 'class' ? loadMember(v, offset, elem) : v;
	}
	store(offset: number, elem: CType, value: Value): void {
		const v = this.get();
		if (v instanceof Instance && elem.k !== 'class') storeMember(v, offset, elem, value);
		else this.set(value);
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
	/** The variable's whole value, whatever type an access would read it as. */
	value(): Value {
		return this.slots[this.slot];
	}
	load(offset: number, elem: CType): Value {
		const v = this.slots[this.slot];
		return v instanceof Instance && elem.k !== 'class' ? loadMember(v, offset, elem) : v;
	}
	store(offset: number, elem: CType, value: Value): void {
		const v = this.slots[this.slot];
		if (v instanceof Instance && elem.k !== 'class') storeMember(v, offset, elem, value);
		else this.slots[this.slot] = value;
	}
}

/** Elements per chunk of a large array; chunks are created when the program first touches them. */
const CHUNK_SHIFT = 10;
const CHUNK = 1 << CHUNK_SHIFT;

/** The chunk of element `i` (arrays may have more than 2^31 elements, past `>>`'s range). */
function chunkOf(i: number): number {
	return i < 0x7fffffff ? i >> CHUNK_SHIFT : Math.floor(i / CHUNK);
}

/**
 * What one element of an array costs the simulator at least, beyond its C size: a slot that
 * holds an object, a pointer or a nested array is a reference (8 bytes, illustrative), and an
 * object adds its fields (illustrative too). Typed elements cost exactly their C size.
 */
const SLOT_BYTES = 8;
const OBJECT_BYTES = 32;

/** Bytes a value that does not fit its typed slot costs on the side (illustrative). */
const ODD_VALUE_BYTES = 16;

/** The typed arrays numbers are kept in compactly (arrays here, host heap pages). */
export type TypedSlots =
	| Int8Array
	| Uint8Array
	| Int16Array
	| Uint16Array
	| Int32Array
	| Uint32Array
	| Float32Array
	| Float64Array;

type TypedCtor = new (n: number) => TypedSlots;

/** The compact storage of an arithmetic element type; undefined for the rest. */
function typedStorage(t: CType): TypedCtor | undefined {
	switch (t.k) {
		case 'bool':
			return Uint8Array;
		case 'enum':
			return typedStorage(t.base);
		case 'int':
			switch (t.bits) {
				case 8:
					return t.signed ? Int8Array : Uint8Array;
				case 16:
					return t.signed ? Int16Array : Uint16Array;
				case 32:
					return t.signed ? Int32Array : Uint32Array;
				default:
					// 64-bit integers are JavaScript numbers in this interpreter.
					return Float64Array;
			}
		case 'float':
			return t.bits === 64 ? Float64Array : Float32Array;
		default:
			return undefined;
	}
}

/** Options of an {@link ArrayStore}. */
export interface ArrayStoreOptions {
	/** The run's memory budget, charged chunk by chunk as the program touches the array. */
	budget?: MemoryBudget;
	/** Where the array was declared (named when the budget runs out). */
	span?: SourceSpan;
	/** The initial value of element `i` of an array of objects, pointers or arrays. */
	make?: (i: number) => Value;
	/**
	 * The elements as one plain array from the start (a container's): charged only as the
	 * container accounts for them ({@link ArrayStore.account}), when a budget is given.
	 */
	items?: Value[];
}

/**
 * A C array: `length` elements of one type, indexed by byte offset / element size. Storage is
 * made in chunks of {@link CHUNK} elements on first touch and charged to the run's budget then,
 * so a declared size costs nothing until it is used. Arithmetic elements live in typed arrays
 * (their C size); a value that would not come back unchanged from its typed slot (a pointer
 * cast made it wider, say) is kept whole on the side, so reads return exactly what was written.
 * Code that needs the elements as one JavaScript array (the standard containers and algorithms)
 * reads {@link items}, which makes the store dense: charged for every element, then plain.
 */
export class ArrayStore implements Store {
	readonly elem: CType;
	readonly label: string;
	readonly #length: number;
	/** Every element in one array, once something asked for {@link items}. */
	#dense: Value[] | undefined;
	readonly #size: number;
	readonly #typed: TypedCtor | undefined;
	readonly #slotBytes: number;
	readonly #make: ((i: number) => Value) | undefined;
	readonly #budget: MemoryBudget | undefined;
	readonly #span: SourceSpan | undefined;
	#chunks: Array<TypedSlots | Value[] | undefined>;
	#odd: Map<number, Value> | undefined;
	#charged = 0;

	constructor(elem: CType, length: number, label: string, options: ArrayStoreOptions = {}) {
		this.elem = elem;
		this.label = label;
		this.#length = Math.max(0, Math.trunc(Number.isFinite(length) ? length : 0));
		this.#dense = options.items;
		this.#size = Math.max(1, sizeOf(elem));
		this.#typed = options.make ? undefined : typedStorage(elem);
		this.#slotBytes = this.#typed
			? this.#size
			: Math.max(
					this.#size,
					elem.k === 'class' ? OBJECT_BYTES + SLOT_BYTES * elem.cls.fields.length : SLOT_BYTES,
				);
		this.#make = options.make;
		this.#budget = options.budget;
		this.#span = options.span;
		this.#chunks = [];
	}

	/** A small array holding `items` (e.g. `argv`), not charged to any budget. */
	static of(items: readonly Value[], elem: CType, label: string): ArrayStore {
		return new ArrayStore(elem, items.length, label, { make: (i) => items[i] });
	}

	/** How many elements the array has (a container's may grow). */
	get length(): number {
		return this.#dense?.length ?? this.#length;
	}

	/**
	 * The elements as one array that reads and writes go through from now on (a container can
	 * push onto it). The whole declared size is charged to the budget first, so asking for the
	 * items of a huge array stops with the memory diagnostic instead of allocating it.
	 */
	get items(): Value[] {
		if (this.#dense === undefined) {
			const length = this.#length;
			this.#charge(Math.max(0, length * this.#slotBytes - this.#charged));
			const dense = new Array<Value>(length);
			for (let i = 0; i < length; i++) dense[i] = this.get(i);
			this.#dense = dense;
			this.#chunks = [];
			this.#odd = undefined;
		}
		return this.#dense;
	}

	/** Bytes charged to the budget so far. */
	get charged(): number {
		return this.#charged;
	}

	/**
	 * A container's elements changed in number: charges the budget for `count` elements (by
	 * default as many as it holds now) or gives back the bytes of those it no longer holds. A
	 * growth the budget cannot hold throws {@link LimitStop} naming the container and charges
	 * nothing, so a caller may account for a size before making the elements.
	 */
	account(count: number = this.#dense?.length ?? this.#length): void {
		if (!this.#budget) return;
		const bytes = Math.max(0, count) * this.#slotBytes;
		if (bytes > this.#charged) this.#charge(bytes - this.#charged);
		else if (bytes < this.#charged) {
			this.#budget.release(this.#charged - bytes);
			this.#charged = bytes;
		}
	}

	/**
	 * Gives back everything charged for the elements while keeping them (a container whose
	 * block ended: a copy that outlives it has been charged on its own).
	 */
	uncharge(): void {
		this.#budget?.release(this.#charged);
		this.#charged = 0;
	}

	/** The element index of byte `offset`. */
	index(offset: number): number {
		return Math.floor(offset / this.#size);
	}

	/** Element `i` (0 outside the array, as the old dense store read holes). */
	get(i: number): Value {
		if (this.#dense !== undefined) return this.#dense[i] ?? 0;
		if (!(i >= 0 && i < this.#length)) return 0;
		if (this.#odd !== undefined) {
			const v = this.#odd.get(i);
			if (v !== undefined || this.#odd.has(i)) return v ?? 0;
		}
		const c = chunkOf(i);
		let chunk = this.#chunks[c];
		if (chunk === undefined) {
			if (this.#typed) return 0;
			chunk = this.#chunk(c);
		}
		return chunk[i - c * CHUNK] ?? 0;
	}

	/** Sets element `i` (ignored outside the array; callers check bounds where C would fault). */
	set(i: number, value: Value): void {
		if (this.#dense !== undefined) {
			if (i >= 0 && i < this.#dense.length) this.#dense[i] = value;
			return;
		}
		if (!(i >= 0 && i < this.#length)) return;
		const c = chunkOf(i);
		const chunk = this.#chunks[c] ?? this.#chunk(c);
		const k = i - c * CHUNK;
		if (this.#typed === undefined) {
			(chunk as Value[])[k] = value;
			return;
		}
		if (typeof value === 'number') {
			const typed = chunk as TypedSlots;
			typed[k] = value;
			if (typed[k] === value) {
				this.#odd?.delete(i);
				return;
			}
		}
		this.#keepOdd(i, value);
	}

	load(offset: number): Value {
		return this.get(this.index(offset));
	}

	store(offset: number, _elem: CType, value: Value): void {
		this.set(this.index(offset), value);
	}

	/**
	 * Ends the array's storage (its block or function returned): the budget gets its bytes back
	 * and a dangling pointer into it reads zeros from then on.
	 */
	release(): void {
		if (this.elem.k === 'array') {
			// Nested arrays were made when touched; theirs end with this one.
			for (const chunk of [...this.#chunks, this.#dense]) {
				if (!chunk || !Array.isArray(chunk)) continue;
				for (const v of chunk)
					if (v instanceof Ptr && v.base instanceof ArrayStore) v.base.release();
			}
		}
		this.#budget?.release(this.#charged);
		this.#charged = 0;
		this.#chunks = [];
		this.#odd = undefined;
		if (this.#dense !== undefined) this.#dense = new Array<Value>(this.#dense.length);
	}

	#chunk(index: number): TypedSlots | Value[] {
		const first = index * CHUNK;
		const count = Math.min(CHUNK, this.length - first);
		this.#charge(count * this.#slotBytes);
		let chunk: TypedSlots | Value[];
		if (this.#typed) chunk = new this.#typed(count);
		else {
			const values = new Array<Value>(count);
			const make = this.#make;
			if (make) for (let k = 0; k < count; k++) values[k] = make(first + k);
			chunk = values;
		}
		this.#chunks[index] = chunk;
		return chunk;
	}

	#keepOdd(i: number, value: Value): void {
		this.#odd ??= new Map();
		if (!this.#odd.has(i)) this.#charge(ODD_VALUE_BYTES);
		this.#odd.set(i, value);
	}

	#charge(bytes: number): void {
		if (!this.#budget) return;
		const owner = { name: this.label, bytes: this.length * this.#size };
		this.#budget.charge(bytes, this.#span ? { ...owner, span: this.#span } : owner);
		this.#charged += bytes;
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
	load(offset: number, elem: CType): Value {
		const v = this.target;
		return v instanceof Instance && elem.k !== 'class' ? loadMember(v, offset, elem) : v;
	}
	store(offset: number, elem: CType, value: Value): void {
		if (this.target instanceof Instance && elem.k !== 'class')
			storeMember(this.target, offset, elem, value);
	}
}

/**
 * The scalar member of `inst` at byte `offset` that an access of type `elem` reaches, through
 * nested objects and array members (a struct read word by word through a `uint32_t *`, as
 * kernels copy their tiling structs); undefined when no member starts there with that size.
 */
function memberAt(
	inst: Instance,
	offset: number,
	elem: CType,
): { get: () => Value; set: (v: Value) => void; type: CType } | undefined {
	const size = sizeOf(elem);
	for (let i = 0; i < inst.cls.fields.length; i++) {
		const at = inst.cls.fieldOffset(i);
		const f = inst.cls.fields[i]!;
		const v = inst.fields[i];
		if (v instanceof Instance) {
			if (offset >= at && offset < at + v.cls.sizeOf()) {
				const inner = memberAt(v, offset - at, elem);
				if (inner) return inner;
			}
			continue;
		}
		if (f.arrayDims?.length && v instanceof Ptr && v.base instanceof ArrayStore) {
			const count = f.arrayDims.reduce((a, b) => a * b, 1);
			const es = Math.max(1, sizeOf(f.type));
			const k = (offset - at) / es;
			if (Number.isInteger(k) && k >= 0 && k < count && es === size) {
				const p = v.add(k);
				const store = v.base;
				return {
					get: () => store.load(p.offset),
					set: (x) => store.store(p.offset, f.type, x),
					type: f.type,
				};
			}
			continue;
		}
		if (at === offset && sizeOf(f.type) === size)
			return { get: () => inst.fields[i], set: (x) => (inst.fields[i] = x), type: f.type };
	}
	return undefined;
}

const PUN = new DataView(new ArrayBuffer(8));

/** `v` of type `from` seen as type `to` of the same size (a float's bits as a uint32_t). */
function reinterpret(v: Value, from: CType, to: CType): Value {
	if ((from.k === 'float') === (to.k === 'float') || sizeOf(from) !== 4) return convert(v, to);
	const n = typeof v === 'number' ? v : 0;
	if (from.k === 'float') PUN.setFloat32(0, n, true);
	else PUN.setUint32(0, n >>> 0, true);
	return to.k === 'float' ? PUN.getFloat32(0, true) : convert(PUN.getUint32(0, true), to);
}

function loadMember(inst: Instance, offset: number, elem: CType): Value {
	const m = memberAt(inst, offset, elem);
	return m ? reinterpret(m.get(), m.type, elem) : 0;
}

function storeMember(inst: Instance, offset: number, elem: CType, value: Value): void {
	const m = memberAt(inst, offset, elem);
	if (m) m.set(reinterpret(value, elem, m.type));
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
