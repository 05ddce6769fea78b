/**
 * `std::unique_ptr<T>` and `std::shared_ptr<T>`: a smart pointer holds a pointer the program
 * made with `new` (or `make_unique`/`make_shared`); `->`, `*`, `get()`, `if (p)` and
 * `p == nullptr` see through it. When a unique pointer goes out of scope, or the last shared
 * pointer of an object does, the object is deleted: its destructor runs and its host-heap block
 * is released, so the leak report counts only what nothing owns.
 */
import type { BindingTable, NativeCall, NativeType } from '../bindings/binding.ts';
import { T, type CType, type TemplateArg } from '../types.ts';
import { ObjectStore, Ptr, SimObject, type Copyable, type Value } from '../values.ts';

/** Runs the destructor of what a pointer points at and releases its block. */
export type Deleter = (p: Ptr, call: NativeCall) => void;

/** The owned pointer, shared by every copy of a shared pointer. */
class Owner {
	ptr: Ptr | null;
	count = 1;
	constructor(ptr: Ptr | null) {
		this.ptr = ptr;
	}
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
		if (this.shared && this.owner.ptr) this.owner.count++;
		return new SmartPointer(this.owner, this.shared);
	}
	truthy(): boolean {
		return this.owner.ptr !== null;
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
		if (!o.ptr) return;
		if (--o.count > 0) return;
		const p = o.ptr;
		o.ptr = null;
		release(p, call);
	};
	return {
		name,
		ctype: (targs) => ({ k: 'sim', name, targs }),
		construct: (call) => {
			const a = call.args[0];
			const other = sp(a);
			if (other) return new SimObject(name, call.targs, other.copy());
			return makeSmart(name, call.targs, pointer(a));
		},
		convert: (v, targs) => (sp(v) ? v : makeSmart(name, targs, pointer(v))),
		methods: {
			get: (self) => sp(self)?.owner.ptr ?? null,
			reset: (self, call) => {
				const s = sp(self);
				if (!s) return undefined;
				drop(s, call);
				s.owner = new Owner(pointer(call.args[0]));
				return undefined;
			},
			release: (self) => {
				const s = sp(self);
				const p = s?.owner.ptr ?? null;
				if (s) s.owner = new Owner(null);
				return p;
			},
			use_count: (self) => {
				const s = sp(self);
				return s?.owner.ptr ? s.owner.count : 0;
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
