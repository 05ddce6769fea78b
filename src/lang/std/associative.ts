/**
 * `std::pair`, `std::tuple`, `std::optional`, and the associative containers `std::map`,
 * `std::unordered_map`, `std::set`, `std::unordered_set`. A map keeps its entries in a
 * JavaScript `Map` keyed by the key's value (numbers and strings as they are); `std::map` and
 * `std::set` visit keys in ascending order (descending with `std::greater<K>` as their comparison), the unordered ones in insertion order (so a run is
 * deterministic). An entry seen through an iterator or a range-for is a pair whose `second`
 * writes into the map.
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeCall, NativeType, Place } from '../bindings/binding.ts';
import { T, type CType, type TemplateArg } from '../types.ts';
import { BraceList, SimObject, type Copyable, type Value } from '../values.ts';
import { cloneValue, convertArg, defaultValue } from '../compile/value-ops.ts';
import {
	accounted,
	containerBudget,
	EntryCharge,
	MAP_ENTRY_BYTES,
	type ContainerBudget,
} from './container-budget.ts';

/** The values of a pair or tuple. */
export class TupleData implements Copyable {
	readonly items: Value[];
	constructor(items: Value[]) {
		this.items = items;
	}
	copy(): TupleData {
		return new TupleData(this.items.map(cloneValue));
	}
}

/** A pair standing for one map entry: `first` is the key, `second` reads and writes the entry. */
class EntryPair {
	readonly map: MapData;
	readonly key: unknown;
	constructor(map: MapData, key: unknown) {
		this.map = map;
		this.key = key;
	}
}

/** One map entry. */
interface Entry {
	key: Value;
	value: Value;
}

/** The entries of a map or set. */
export class MapData implements Copyable {
	readonly entries = new Map<unknown, Entry>();
	readonly ordered: boolean;
	readonly keyType: CType;
	readonly valueType: CType;
	/** Whether an ordered container visits its keys from the largest (`std::greater<K>`). */
	readonly descending: boolean;
	readonly #charge: EntryCharge | undefined;
	/** `where`: the budget the entries are charged to and the name a stop gives the container. */
	constructor(
		ordered: boolean,
		keyType: CType,
		valueType: CType,
		descending = false,
		where?: { budget: ContainerBudget; label: string },
	) {
		this.ordered = ordered;
		this.keyType = keyType;
		this.valueType = valueType;
		this.descending = descending;
		this.#charge = where ? new EntryCharge(where.budget, where.label, MAP_ENTRY_BYTES) : undefined;
	}
	copy(): MapData {
		// Not charged, as a vector's copy is not (SequenceData.copy).
		const m = new MapData(this.ordered, this.keyType, this.valueType, this.descending);
		for (const [k, e] of this.entries) m.entries.set(k, { key: e.key, value: cloneValue(e.value) });
		return m;
	}
	/** Charges the budget for the entries held now, or gives back those removed. */
	account(): void {
		this.#charge?.account(this.entries.size);
	}
	/** Gives back everything charged (the container's block ended). */
	uncharge(): void {
		this.#charge?.uncharge();
	}
	/** The keys in the order the container visits them. */
	keys(): unknown[] {
		const keys = [...this.entries.keys()];
		const before = this.descending ? 1 : -1;
		if (this.ordered)
			keys.sort((a, b) => (a === b ? 0 : (a as number) < (b as number) ? before : -before));
		return keys;
	}
	/** The entry of `key`, made with a default value when it is missing. */
	entry(key: Value): Entry {
		const k = keyOf(key);
		let e = this.entries.get(k);
		if (!e)
			this.entries.set(
				k,
				(e = { key: convertArg(key, this.keyType), value: defaultValue(this.valueType) }),
			);
		return e;
	}
}

/** The JavaScript key of a C++ key value (numbers and strings as they are). */
function keyOf(v: Value): unknown {
	if (v instanceof SimObject && v.handle instanceof TupleData)
		return JSON.stringify(v.handle.items.map((x) => (typeof x === 'object' ? String(x) : x)));
	return v;
}

/** An iterator into a map: the map and the position among its keys (`keys.length`: end). */
class MapIterator implements Copyable {
	readonly map: MapData;
	readonly keys: unknown[];
	index: number;
	constructor(map: MapData, keys: unknown[], index: number) {
		this.map = map;
		this.keys = keys;
		this.index = index;
	}
	copy(): MapIterator {
		return new MapIterator(this.map, this.keys, this.index);
	}
}

function arg(targs: readonly TemplateArg[], i: number): CType {
	const t = targs[i];
	return t === undefined || typeof t === 'number' ? T.unknown : t;
}

const PAIR_FIELDS = ['first', 'second'];

/** `pair<A, B>` (and entry pairs of maps). */
function pairType(): NativeType {
	return {
		name: 'pair',
		ctype: (targs) => ({ k: 'sim', name: 'pair', targs }),
		construct: (call) => {
			const items =
				call.args.length === 1 && call.args[0] instanceof BraceList
					? call.args[0].items
					: call.args;
			return new SimObject(
				'pair',
				call.targs,
				new TupleData([
					convertArg(items[0] ?? defaultValue(arg(call.targs, 0)), arg(call.targs, 0)),
					convertArg(items[1] ?? defaultValue(arg(call.targs, 1)), arg(call.targs, 1)),
				]),
			);
		},
		methods: {},
		member: {
			get: (self, field) => pairGet(self, PAIR_FIELDS.indexOf(field)),
			set: (self, field, v) => pairSet(self, PAIR_FIELDS.indexOf(field), v),
		},
		binary: (op, a, b) => {
			if (op !== '==' && op !== '!=') return undefined;
			const same = pairGet(a, 0) === pairGet(b, 0) && pairGet(a, 1) === pairGet(b, 1);
			return same === (op === '==') ? 1 : 0;
		},
	};
}

function pairGet(self: Value, i: number): Value {
	if (!(self instanceof SimObject)) return undefined;
	const h = self.handle;
	if (h instanceof TupleData) return h.items[i];
	if (h instanceof EntryPair) {
		const e = h.map.entries.get(h.key);
		return i === 0 ? e?.key : e?.value;
	}
	return undefined;
}

function pairSet(self: Value, i: number, v: Value): void {
	if (!(self instanceof SimObject)) return;
	const h = self.handle;
	if (h instanceof TupleData) h.items[i] = v;
	else if (h instanceof EntryPair && i === 1) {
		const e = h.map.entries.get(h.key);
		if (e) e.value = convertArg(v, h.map.valueType);
	}
}

function entryPair(map: MapData, key: unknown, targs: readonly TemplateArg[]): SimObject {
	return new SimObject('pair', targs, new EntryPair(map, key));
}

function mapType(name: string, ordered: boolean, isSet: boolean): NativeType {
	const valueOf = (targs: readonly TemplateArg[]) => (isSet ? T.i32 : arg(targs, 1));
	const d = (self: Value, call: NativeCall) =>
		self instanceof SimObject && self.handle instanceof MapData
			? self.handle
			: call.rt.stop('null-dereference', call.span, { name: 'container' });
	const iter = (m: MapData, targs: readonly TemplateArg[], key?: unknown) => {
		const keys = m.keys();
		const i = key === undefined ? 0 : keys.indexOf(key);
		return new SimObject(ITERATOR, targs, new MapIterator(m, keys, i < 0 ? keys.length : i));
	};
	const end = (m: MapData, targs: readonly TemplateArg[]) => {
		const keys = m.keys();
		return new SimObject(ITERATOR, targs, new MapIterator(m, keys, keys.length));
	};
	const insert = (m: MapData, key: Value, value: Value) => {
		const k = keyOf(key);
		if (m.entries.has(k)) return false;
		m.entries.set(k, {
			key: convertArg(key, m.keyType),
			value: cloneValue(convertArg(value, m.valueType)),
		});
		return true;
	};
	return {
		name,
		ctype: (targs) => ({ k: 'sim', name, targs }),
		construct: (call) => {
			const order = call.targs[isSet ? 1 : 2];
			const descending =
				typeof order === 'object' &&
				order.k === 'sim' &&
				(order.name === 'greater' || order.name === 'greater_equal');
			const where = { budget: containerBudget(call), label: call.declName ?? name };
			const m = new MapData(ordered, arg(call.targs, 0), valueOf(call.targs), descending, where);
			const src = call.args[0];
			if (src instanceof SimObject && src.handle instanceof MapData)
				return new SimObject(name, call.targs, src.handle.copy());
			for (const item of call.brace ? call.args : src instanceof BraceList ? src.items : []) {
				const [k, v] = item instanceof BraceList ? item.items : [item, 1];
				insert(m, k, v);
			}
			m.account();
			return new SimObject(name, call.targs, m);
		},
		// Its block ended: the budget gets the entries' bytes back.
		destroy: (v) => {
			if (v instanceof SimObject && v.handle instanceof MapData) v.handle.uncharge();
		},
		element: valueOf,
		entry: (self, key, call) => {
			const m = d(self, call);
			const e = m.entry(key);
			m.account();
			return { get: () => e.value, set: (v) => void (e.value = v) };
		},
		elements: (self) => {
			if (!(self instanceof SimObject) || !(self.handle instanceof MapData)) return [];
			const m = self.handle;
			return m.keys().map((k): Place => {
				const pair = isSet ? m.entries.get(k)!.key : entryPair(m, k, self.targs);
				return { get: () => pair, set: () => undefined };
			});
		},
		methods: accounted(
			{
				size: (self, c) => d(self, c).entries.size,
				empty: (self, c) => (d(self, c).entries.size === 0 ? 1 : 0),
				clear: (self, c) => void d(self, c).entries.clear(),
				count: (self, c) => (d(self, c).entries.has(keyOf(c.args[0])) ? 1 : 0),
				contains: (self, c) => (d(self, c).entries.has(keyOf(c.args[0])) ? 1 : 0),
				find: (self, c) => {
					const m = d(self, c);
					const k = keyOf(c.args[0]);
					return m.entries.has(k)
						? iter(m, (self as SimObject).targs, k)
						: end(m, (self as SimObject).targs);
				},
				begin: (self, c) => iter(d(self, c), (self as SimObject).targs),
				end: (self, c) => end(d(self, c), (self as SimObject).targs),
				at: (self, c) => {
					const e = d(self, c).entries.get(keyOf(c.args[0]));
					if (!e)
						return c.rt.stop('index-out-of-range', c.span, {
							index: String(c.args[0]),
							name: c.name,
							size: d(self, c).entries.size,
						});
					return e.value;
				},
				insert: (self, c) => {
					const m = d(self, c);
					const item = c.args[0];
					if (isSet) return insert(m, item, 1) ? 1 : 0;
					const [k, v] =
						item instanceof BraceList ? item.items : [pairGet(item, 0), pairGet(item, 1)];
					return insert(m, k, v) ? 1 : 0;
				},
				emplace: (self, c) => (insert(d(self, c), c.args[0], isSet ? 1 : c.args[1]) ? 1 : 0),
				erase: (self, c) => {
					const m = d(self, c);
					const a = c.args[0];
					if (a instanceof SimObject && a.handle instanceof MapIterator) {
						const it = a.handle;
						const key = it.keys[it.index];
						m.entries.delete(key);
						const keys = m.keys();
						const next = it.keys.slice(it.index + 1).find((k) => m.entries.has(k));
						return new SimObject(
							ITERATOR,
							a.targs,
							new MapIterator(m, keys, next === undefined ? keys.length : keys.indexOf(next)),
						);
					}
					return m.entries.delete(keyOf(a)) ? 1 : 0;
				},
			},
			(self) => {
				if (self instanceof SimObject && self.handle instanceof MapData) self.handle.account();
			},
		),
		returns: {
			size: () => T.u64,
			count: () => T.u64,
			find: (targs) => ({ k: 'sim', name: ITERATOR, targs }),
			begin: (targs) => ({ k: 'sim', name: ITERATOR, targs }),
			end: (targs) => ({ k: 'sim', name: ITERATOR, targs }),
		},
	};
}

/** The type name of map iterators. */
const ITERATOR = 'map::iterator';

function iteratorType(): NativeType {
	const it = (v: Value) =>
		v instanceof SimObject && v.handle instanceof MapIterator ? v.handle : undefined;
	return {
		name: ITERATOR,
		ctype: (targs) => ({ k: 'sim', name: ITERATOR, targs }),
		methods: {},
		pointee: (self) => {
			const i = it(self);
			if (!i || i.index >= i.keys.length) return null;
			return entryPair(i.map, i.keys[i.index], (self as SimObject).targs);
		},
		pointeeType: (targs) => ({ k: 'sim', name: 'pair', targs }),
		binary: (op, a, b) => {
			const x = it(a);
			const y = it(b);
			if (!x || !y || (op !== '==' && op !== '!=')) return undefined;
			const same =
				x.map === y.map && Math.min(x.index, x.keys.length) === Math.min(y.index, y.keys.length);
			return same === (op === '==') ? 1 : 0;
		},
		step: (self, delta) => {
			const i = it(self);
			if (i) i.index = Math.max(0, Math.min(i.keys.length, i.index + delta));
			return self;
		},
	};
}

function tupleType(): NativeType {
	return {
		name: 'tuple',
		ctype: (targs) => ({ k: 'sim', name: 'tuple', targs }),
		construct: (call) =>
			new SimObject(
				'tuple',
				call.targs,
				new TupleData(
					call.targs.map((t, i) =>
						convertArg(
							call.args[i] ?? (typeof t === 'number' ? 0 : defaultValue(t)),
							typeof t === 'number' ? T.unknown : t,
						),
					),
				),
			),
		methods: {},
	};
}

/** `optional<T>`: empty, or holding one value. */
class OptionalData implements Copyable {
	value: Value;
	has: boolean;
	constructor(has: boolean, value: Value) {
		this.has = has;
		this.value = value;
	}
	copy(): OptionalData {
		return new OptionalData(this.has, cloneValue(this.value));
	}
	truthy(): boolean {
		return this.has;
	}
}

function optionalType(): NativeType {
	const o = (v: Value) =>
		v instanceof SimObject && v.handle instanceof OptionalData ? v.handle : undefined;
	return {
		name: 'optional',
		ctype: (targs) => ({ k: 'sim', name: 'optional', targs }),
		construct: (call) => {
			const v = call.args[0];
			const empty = call.args.length === 0 || v === NULLOPT;
			return new SimObject('optional', call.targs, new OptionalData(!empty, empty ? undefined : v));
		},
		convert: (v, targs) => {
			if (v instanceof SimObject && v.handle instanceof OptionalData) return v;
			const empty = v === NULLOPT;
			return new SimObject('optional', targs, new OptionalData(!empty, empty ? undefined : v));
		},
		methods: {
			has_value: (self) => (o(self)?.has ? 1 : 0),
			value: (self, c) => {
				const d = o(self);
				if (!d?.has)
					return c.rt.stop('null-dereference', c.span, { name: 'std::optional (empty)' });
				return d.value;
			},
			value_or: (self, c) => (o(self)?.has ? o(self)!.value : c.args[0]),
			reset: (self) => {
				const d = o(self);
				if (d) d.has = false;
				return undefined;
			},
		},
		returns: { value: (targs) => arg(targs, 0), value_or: (targs) => arg(targs, 0) },
		pointee: (self) => o(self)?.value,
		pointeeType: (targs) => arg(targs, 0),
	};
}

/** `std::nullopt`. */
const NULLOPT = { nullopt: true } as const;

/** Adds pair, tuple, optional and the maps and sets. */
export function addAssociativeBindings(table: BindingTable): void {
	const types = table.types;
	types.set('pair', pairType());
	types.set('tuple', tupleType());
	types.set('optional', optionalType());
	types.set('map', mapType('map', true, false));
	types.set('multimap', mapType('multimap', true, false));
	types.set('unordered_map', mapType('unordered_map', false, false));
	types.set('set', mapType('set', true, true));
	types.set('unordered_set', mapType('unordered_set', false, true));
	types.set(ITERATOR, iteratorType());
	table.constants.set('nullopt', { value: NULLOPT, type: T.unknown });
	const fns = table.functions;
	fns.set(
		'make_pair',
		(call) =>
			new SimObject(
				'pair',
				[call.argTypes[0] ?? T.unknown, call.argTypes[1] ?? T.unknown],
				new TupleData([cloneValue(call.args[0]), cloneValue(call.args[1])]),
			),
	);
	table.returns.set('make_pair', (_t, argTypes) => ({
		k: 'sim',
		name: 'pair',
		targs: [argTypes[0] ?? T.unknown, argTypes[1] ?? T.unknown],
	}));
	fns.set(
		'make_tuple',
		(call) => new SimObject('tuple', call.argTypes, new TupleData(call.args.map(cloneValue))),
	);
	fns.set('get', (call) => {
		const i = typeof call.targs[0] === 'number' ? call.targs[0] : 0;
		const t = call.args[0];
		if (t instanceof SimObject && (t.handle instanceof TupleData || t.handle instanceof EntryPair))
			return pairGet(t, i);
		return undefined;
	});
	void num;
}

/** The items a structured binding (`auto [a, b] = p;`) takes apart, as places. */
export function bindingPlaces(v: Value, count: number): Place[] | undefined {
	if (!(v instanceof SimObject)) return undefined;
	if (v.handle instanceof TupleData || v.handle instanceof EntryPair) {
		return Array.from({ length: count }, (_, i) => ({
			get: () => pairGet(v, i),
			set: (x: Value) => pairSet(v, i, x),
		}));
	}
	return undefined;
}
