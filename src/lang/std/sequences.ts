/**
 * `std::vector<T>` and `std::array<T, N>`: the elements live in an {@link ArrayStore}, so
 * `v[i]` is a place the program reads and writes, `v.data()` is a pointer into the same
 * elements, and iterators are pointers (`v.begin()`, `it != v.end()`, `*it`, `it - v.begin()`).
 * Copying a vector copies its elements (value semantics); growing one keeps `data()` pointing at
 * the same store (the interpreter does not model reallocation).
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeCall, NativeType } from '../bindings/binding.ts';
import { T, sizeOf, type CType, type TemplateArg } from '../types.ts';
import { ArrayStore, BraceList, Ptr, SimObject, type Copyable, type Value } from '../values.ts';
import { cloneValue, convertArg, defaultValue, newInstance } from '../compile/value-ops.ts';
import { TupleData } from './associative.ts';
import { accounted, containerBudget, type ContainerBudget } from './container-budget.ts';

/** The elements of a vector or array. */
export class SequenceData extends ArrayStore implements Copyable {
	/**
	 * `where`: the run's budget and the declaration, when the container is charged to it (every
	 * container a program declares is; a temporary of the library's own is not).
	 */
	constructor(items: Value[], elem: CType, label: string, where?: ContainerBudget) {
		super(elem, items.length, label, where ? { items, ...where } : { items });
		this.account();
	}

	/**
	 * A copy (a by-value argument, a returned vector, `auto w = v`) is not charged: nothing ends
	 * its life where the budget could see it, and a charge never given back would stop a loop of
	 * calls that is fine in C++.
	 */
	copy(): SequenceData {
		return new SequenceData(this.items.map(cloneValue), this.elem, this.label);
	}
}

/** The element type of a `vector<T>` / `array<T, N>`. */
export function elementOf(targs: readonly TemplateArg[]): CType {
	const t = targs[0];
	return t === undefined || typeof t === 'number' ? T.unknown : t;
}

function data(self: Value): SequenceData | undefined {
	return self instanceof SimObject && self.handle instanceof SequenceData ? self.handle : undefined;
}

/** The element index a pointer (iterator) into `d` stands at. */
function indexOf(d: SequenceData, p: Value): number {
	if (p instanceof Ptr && p.base === d) return d.index(p.offset);
	return typeof p === 'number' ? p : d.items.length;
}

function iterator(d: SequenceData, i: number): Ptr {
	return new Ptr(d, i * Math.max(1, sizeOf(d.elem)), d.elem);
}

/**
 * An element given as a brace list (`{{"x", {2, 3}}, …}` for a vector of structs): a struct is
 * initialised member by member, a nested vector element by element; other values convert.
 */
function fromBrace(v: Value, t: CType): Value {
	if (!(v instanceof BraceList)) return convertArg(v, t);
	if (t.k === 'class') {
		const inst = newInstance(t);
		t.cls.fields.forEach((f, i) => {
			if (i < v.items.length && !f.arrayDims?.length)
				inst.fields[i] = fromBrace(v.items[i], f.type);
		});
		return inst;
	}
	// A pair or tuple element (`std::vector<std::pair<int, int>> v = {{1, 2}}`): member by member.
	if (t.k === 'sim' && (t.name === 'pair' || t.name === 'tuple')) {
		const items = v.items.map((x, i) => {
			const at = t.targs[i];
			return at !== undefined && typeof at !== 'number' ? fromBrace(x, at as CType) : x;
		});
		return new SimObject(t.name, t.targs, new TupleData(items));
	}
	if (t.k === 'sim' && (t.name === 'vector' || t.name === 'array' || t.name === 'deque')) {
		const elem = elementOf(t.targs);
		const d = new SequenceData(
			v.items.map((x) => fromBrace(x, elem)),
			elem,
			t.name,
		);
		return new SimObject(t.name, t.targs, d);
	}
	return v;
}

/** The values a constructor or `assign` is given: a count (and value), a list, a range, a copy. */
function initialItems(d: { elem: CType }, args: readonly Value[], brace: boolean): Value[] {
	const [a, b] = args;
	const elem = d.elem;
	if (args.length === 1 && a instanceof BraceList) return a.items.map((v) => fromBrace(v, elem));
	if (brace) return args.map((v) => fromBrace(v, elem));
	if (args.length === 1 && a instanceof SimObject && a.handle instanceof SequenceData)
		return a.handle.items.map(cloneValue);
	if (args.length === 2 && a instanceof Ptr && b instanceof Ptr && a.base === b.base) {
		const store = a.base as ArrayStore;
		return store.items.slice(store.index(a.offset), store.index(b.offset)).map(cloneValue);
	}
	if (args.length >= 1 && typeof a === 'number') {
		const fill = args.length > 1 ? convertArg(b, elem) : undefined;
		return Array.from({ length: Math.max(0, Math.min(a, 1 << 24)) }, () =>
			fill === undefined ? defaultValue(elem) : cloneValue(fill),
		);
	}
	return [];
}

function sequenceType(name: 'vector' | 'array' | 'deque'): NativeType {
	const fixed = name === 'array';
	return {
		name,
		ctype: (targs) => ({ k: 'sim', name, targs }),
		construct: (call) => {
			const elem = elementOf(call.targs);
			const d = new SequenceData([], elem, call.declName ?? name, containerBudget(call));
			const items = initialItems(d, call.args, call.brace === true);
			if (fixed) {
				const n = typeof call.targs[1] === 'number' ? call.targs[1] : items.length;
				for (let i = items.length; i < n; i++) items.push(defaultValue(elem));
			}
			d.account(items.length);
			spliceIn(d.items, 0, 0, items);
			return new SimObject(name, call.targs, d);
		},
		// Its block ended: the budget gets the elements' bytes back.
		destroy: (v) => data(v)?.uncharge(),
		store: data,
		element: elementOf,
		methods: accounted(sequenceMethods(fixed), (self) => data(self)?.account()),
		returns: {
			size: () => T.u64,
			capacity: () => T.u64,
			data: (targs) => ({ k: 'ptr', to: elementOf(targs) }),
			begin: (targs) => ({ k: 'ptr', to: elementOf(targs) }),
			end: (targs) => ({ k: 'ptr', to: elementOf(targs) }),
			cbegin: (targs) => ({ k: 'ptr', to: elementOf(targs) }),
			cend: (targs) => ({ k: 'ptr', to: elementOf(targs) }),
			front: elementOf,
			back: elementOf,
			at: elementOf,
		},
	};
}

function sequenceMethods(fixed: boolean): NativeType['methods'] {
	const d = (self: Value, call: NativeCall) =>
		data(self) ?? call.rt.stop('null-dereference', call.span, { name: 'container' });
	const methods: Record<string, (self: Value, call: NativeCall) => Value> = {
		size: (self, c) => d(self, c).items.length,
		max_size: () => 1 << 30,
		empty: (self, c) => (d(self, c).items.length === 0 ? 1 : 0),
		capacity: (self, c) => d(self, c).items.length,
		reserve: () => undefined,
		shrink_to_fit: () => undefined,
		data: (self, c) => iterator(d(self, c), 0),
		begin: (self, c) => iterator(d(self, c), 0),
		cbegin: (self, c) => iterator(d(self, c), 0),
		end: (self, c) => iterator(d(self, c), d(self, c).items.length),
		cend: (self, c) => iterator(d(self, c), d(self, c).items.length),
		front: (self, c) => d(self, c).items[0],
		back: (self, c) => d(self, c).items[d(self, c).items.length - 1],
		at: (self, c) => {
			const items = d(self, c).items;
			const i = num(c.args[0]);
			if (i < 0 || i >= items.length)
				return c.rt.stop('index-out-of-range', c.span, {
					index: i,
					name: c.name,
					size: items.length,
				});
			return items[i];
		},
		fill: (self, c) => {
			const x = d(self, c);
			for (let i = 0; i < x.items.length; i++)
				x.items[i] = cloneValue(convertArg(c.args[0], x.elem));
			return undefined;
		},
		swap: (self, c) => {
			const a = d(self, c);
			const b = data(c.args[0]);
			if (b) {
				const tmp = a.items.slice();
				spliceIn(a.items, 0, a.items.length, b.items);
				spliceIn(b.items, 0, b.items.length, tmp);
				// Each side now holds the other's elements: the charges follow them.
				b.account();
			}
			return undefined;
		},
	};
	if (fixed) return methods;
	return {
		...methods,
		push_back: (self, c) => void d(self, c).items.push(elementValue(d(self, c), c.args[0])),
		emplace_back: (self, c) => void d(self, c).items.push(elementValue(d(self, c), c.args[0])),
		push_front: (self, c) => void d(self, c).items.unshift(elementValue(d(self, c), c.args[0])),
		pop_back: (self, c) => void d(self, c).items.pop(),
		pop_front: (self, c) => void d(self, c).items.shift(),
		clear: (self, c) => void (d(self, c).items.length = 0),
		resize: (self, c) => {
			const x = d(self, c);
			const n = Math.max(0, Math.min(num(c.args[0]), 1 << 24));
			// Charged before the elements are made, so a huge size stops without building them.
			x.account(n);
			if (n < x.items.length) x.items.length = n;
			while (x.items.length < n)
				x.items.push(c.args.length > 1 ? elementValue(x, c.args[1]) : defaultValue(x.elem));
			return undefined;
		},
		assign: (self, c) => {
			const x = d(self, c);
			const items = initialItems(x, c.args, false);
			x.account(items.length);
			spliceIn(x.items, 0, x.items.length, items);
			return undefined;
		},
		insert: (self, c) => {
			const x = d(self, c);
			const at = indexOf(x, c.args[0]);
			const rest = c.args.slice(1);
			const items = rest.length === 1 ? [elementValue(x, rest[0])] : initialItems(x, rest, false);
			x.account(x.items.length + items.length);
			spliceIn(x.items, at, 0, items);
			return iterator(x, at);
		},
		erase: (self, c) => {
			const x = d(self, c);
			const from = indexOf(x, c.args[0]);
			const to = c.args.length > 1 ? indexOf(x, c.args[1]) : from + 1;
			x.items.splice(from, Math.max(0, to - from));
			return iterator(x, from);
		},
	};
}

/**
 * Replaces `remove` elements of `target` from `at` with `values`, as `splice` does, without
 * spreading `values` into arguments (a vector of a million elements is not an argument list).
 */
function spliceIn(target: Value[], at: number, remove: number, values: readonly Value[]): void {
	const start = Math.max(0, Math.min(at, target.length));
	const tail = target.slice(start + Math.max(0, remove));
	target.length = start;
	for (let i = 0; i < values.length; i++) target.push(values[i]);
	for (let i = 0; i < tail.length; i++) target.push(tail[i]);
}

/** A value stored as an element: converted to the element type and copied. */
function elementValue(d: SequenceData, v: Value): Value {
	if (v instanceof BraceList && d.elem.k !== 'class') return convertArg(v.items[0], d.elem);
	return cloneValue(convertArg(v, d.elem));
}

/** Adds `vector`, `array` and `deque`. */
export function addSequenceBindings(table: BindingTable): void {
	for (const name of ['vector', 'array', 'deque'] as const)
		table.types.set(name, sequenceType(name));
}
