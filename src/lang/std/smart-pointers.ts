/**
 * `std::unique_ptr<T>` and `std::shared_ptr<T>`: a smart pointer holds a pointer the program
 * made with `new` (or `make_unique`/`make_shared`); `->`, `*`, `get()`, `if (p)` and
 * `p == nullptr` see through it. When a unique pointer goes out of scope, or the last shared
 * pointer of an object does, the object is deleted: its destructor runs and its host-heap block
 * is released, so the leak report counts only what nothing owns.
 */
import type { BindingTable, NativeCall, NativeType } from '../bindings/binding.ts';
import { T, type CType, type TemplateArg } from '../types.ts';
import { FuncValue, ObjectStore, Ptr, SimObject, type Copyable, type Value } from '../values.ts';

/** Runs the destructor of what a pointer points at and releases its block. */
export type Deleter = (p: Ptr, call: NativeCall) => void;

/** The owned pointer, shared by every copy of a shared pointer. */
class Owner {
	ptr: Ptr | null;
	/** A host-heap address (`malloc`'s result) held instead of a pointer. */
	addr: number | undefined;
	/** The deleter given at construction (`std::unique_ptr<void, decltype(&free)>(p, free)`). */
	deleter: FuncValue | undefined;
	count = 1;
	constructor(ptr: Ptr | null, addr?: number, deleter?: FuncValue) {
		this.ptr = ptr;
		this.addr = addr;
		this.deleter = deleter;
	}
	/** Whether it owns anything. */
	held(): boolean {
		return this.ptr !== null || this.addr !== undefined;
	}
	/** What `get()` returns. */
	value(): Ptr | number | null {
		return this.ptr ?? this.addr ?? null;
	}
}

/** The owner of what a constructor or `reset` is given, with the deleter if there is one. */
function ownerOf(v: Value, deleter?: Value): Owner {
	const d = deleter instanceof FuncValue ? deleter : undefined;
	if (typeof v === 'number' && v !== 0) return new Owner(null, v, d);
	return new Owner(pointer(v), undefined, d);
}

/** One smart pointer object. */
export class SmartPointer implements Copyable {
	owner: Owner;
	readonly shared: boolean;
	constructor(owner: Owner, shared: boolean) {
		this.owner = owner;
		this.shared = shared;
	}
	/** A copy shares the owner (a unique pointer is only ever moved, which shares it too). */
	copy(): SmartPointer {
		if (this.shared && this.owner.held()) this.owner.count++;
		return new SmartPointer(this.owner, this.shared);
	}
	truthy(): boolean {
		return this.owner.held();
	}
}

function pointer(v: Value): Ptr | null {
	if (v instanceof Ptr) return v;
	return null;
}

function sp(v: Value): SmartPointer | undefined {
	if (!(v instanceof SimObject)) return undefined;
	// A default-made one (a vector's elements before anything is put in them) is empty.
	if (v.handle === null && (v.type === 'unique_ptr' || v.type === 'shared_ptr'))
		v.handle = new SmartPointer(new Owner(null), v.type === 'shared_ptr');
	return v.handle instanceof SmartPointer ? v.handle : undefined;
}

function pointee(targs: readonly TemplateArg[]): CType {
	const t = targs[0];
	return t === undefined || typeof t === 'number' ? T.unknown : t;
}

/** Makes a smart pointer object of `name` owning `p`. */
export function makeSmart(
	name: 'unique_ptr' | 'shared_ptr',
	targs: readonly TemplateArg[],
	p: Ptr | null,
): SimObject {
	return new SimObject(name, targs, new SmartPointer(new Owner(p), name === 'shared_ptr'));
}

function smartType(name: 'unique_ptr' | 'shared_ptr', release: Deleter): NativeType {
	const drop = (s: SmartPointer, call: NativeCall) => {
		const o = s.owner;
		if (!o.held()) return;
		if (--o.count > 0) return;
		const p = o.ptr;
		const held = o.value();
		o.ptr = null;
		o.addr = undefined;
		if (o.deleter) o.deleter.call([held]);
		else if (p) release(p, call);
	};
	return {
		name,
		ctype: (targs) => ({ k: 'sim', name, targs }),
		construct: (call) => {
			const a = call.args[0];
			const other = sp(a);
			if (other) return new SimObject(name, call.targs, other.copy());
			return new SimObject(
				name,
				call.targs,
				new SmartPointer(ownerOf(a, call.args[1]), name === 'shared_ptr'),
			);
		},
		convert: (v, targs) => (sp(v) ? v : makeSmart(name, targs, pointer(v))),
		methods: {
			get: (self) => sp(self)?.owner.value() ?? null,
			reset: (self, call) => {
				const s = sp(self);
				if (!s) return undefined;
				drop(s, call);
				s.owner = ownerOf(call.args[0], s.owner.deleter);
				return undefined;
			},
			release: (self) => {
				const s = sp(self);
				const p = s?.owner.value() ?? null;
				if (s) s.owner = new Owner(null, undefined, s.owner.deleter);
				return p;
			},
			use_count: (self) => {
				const s = sp(self);
				return s?.owner.held() ? s.owner.count : 0;
			},
		},
		returns: {
			get: (targs) => ({ k: 'ptr', to: pointee(targs) }),
			release: (targs) => ({ k: 'ptr', to: pointee(targs) }),
			use_count: () => T.i64,
		},
		pointee: (self) => sp(self)?.owner.ptr ?? null,
		pointeeType: pointee,
		binary: (op, a, b) => {
			if (op !== '==' && op !== '!=') return undefined;
			const x = sp(a)?.owner.ptr ?? pointer(a);
			const y = sp(b)?.owner.ptr ?? pointer(b);
			const same =
				x === y || (x !== null && y !== null && x.base === y.base && x.offset === y.offset);
			return same === (op === '==') ? 1 : 0;
		},
		destroy: (self, call) => {
			const s = sp(self);
			if (s) drop(s, call);
		},
	};
}

/** Adds `unique_ptr` and `shared_ptr`; `release` deletes an owned object. */
export function addSmartPointerBindings(table: BindingTable, release: Deleter): void {
	table.types.set('unique_ptr', smartType('unique_ptr', release));
	table.types.set('shared_ptr', smartType('shared_ptr', release));
	// `new (std::nothrow) T`: the tag only picks the form of `new` that returns null on failure.
	table.constants.set('nothrow', { value: 0, type: T.unknown });
	void ObjectStore;
}
