/**
 * `<algorithm>`, `<numeric>`, `<cmath>`, `<cstring>` memory functions and `<cstdlib>` helpers.
 * Ranges are pointers into one store (vector iterators, `data()`, C arrays); a comparator or
 * predicate is any callable the program passes (a function, a lambda). `rand()` is a fixed
 * linear congruential sequence seeded by `srand`, so runs and share links repeat exactly.
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeCall } from '../bindings/binding.ts';
import type { Runtime } from '../runtime.ts';
import { T } from '../types.ts';
import { ArrayStore, FuncValue, Ptr, isStore, truthy, type Value } from '../values.ts';
import { cloneValue, convertArg } from '../compile/value-ops.ts';
import { readBytes, writeBytes } from './files.ts';

/** The store and element indices `[from, to)` of a pointer range, if it is one. */
function range(a: Value, b: Value): { store: ArrayStore; from: number; to: number } | undefined {
	if (!(a instanceof Ptr) || !(a.base instanceof ArrayStore)) return undefined;
	const store = a.base;
	const from = store.index(a.offset);
	const to = b instanceof Ptr && b.base === store ? store.index(b.offset) : from;
	return { store, from: Math.max(0, from), to: Math.min(store.items.length, to) };
}

function callable(v: Value): ((args: Value[]) => Value) | undefined {
	return v instanceof FuncValue ? v.call : undefined;
}

/** A comparison as `sort` wants it: the program's `less`, or `<`. */
function comparator(v: Value): (a: Value, b: Value) => number {
	const f = callable(v);
	if (f) return (a, b) => (truthy(f([a, b])) ? -1 : truthy(f([b, a])) ? 1 : 0);
	return (a, b) => ((a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0);
}

function sizeOfElem(store: ArrayStore): number {
	return Math.max(1, new Ptr(store, 0, store.elem).add(1).offset);
}

/** State of the program's `rand()`: the classic ANSI C constants (illustrative generator). */
interface RandState {
	seed: number;
}

/** One `rand()` step of the ANSI C example generator, values in [0, 32767]. */
function nextRand(state: RandState): number {
	state.seed = (Math.imul(state.seed, 1103515245) + 12345) >>> 0;
	return (state.seed >>> 16) & 0x7fff;
}

/** Copies `bytes` bytes from `src` to `dst` where both are stores the interpreter reads. */
export function copyMemory(rt: Runtime, dst: Value, src: Value, bytes: number): void {
	if (dst instanceof Ptr && src instanceof Ptr && isStore(dst.base) && isStore(src.base)) {
		const d = dst.base instanceof ArrayStore ? dst : undefined;
		const s = src.base instanceof ArrayStore ? src : undefined;
		if (d && s && d.base instanceof ArrayStore && s.base instanceof ArrayStore) {
			const size = sizeOfElem(s.base);
			const n = Math.min(Math.floor(bytes / size), 1 << 20);
			const si = s.base.index(s.offset);
			const di = d.base.index(d.offset);
			for (let k = 0; k < n && si + k < s.base.items.length && di + k < d.base.items.length; k++)
				d.base.items[di + k] = cloneValue(s.base.items[si + k]);
		}
		return;
	}
	if (typeof dst === 'number' && typeof src === 'number' && dst !== 0 && src !== 0) {
		// Host addresses: the process's host memory, byte for byte.
		const n = Math.max(0, Math.min(bytes, 1 << 20));
		const memory = rt.memory;
		memory.overwritten(dst, n);
		memory.bytes.copyFrom(memory.bytes, src, dst, n);
		return;
	}
	// Between an array or a struct and a host address (`memcpy(malloced, &tiling, n)`): the
	// source's bytes, decoded into the destination.
	if (typeof dst === 'number' || typeof src === 'number')
		writeBytes(rt, dst, readBytes(rt, src, Math.max(0, bytes)));
}

/** Adds the algorithms, math and memory functions. */
export function addAlgorithmBindings(table: BindingTable): void {
	const fns = table.functions;
	const r = table.returns;
	const rand: RandState = { seed: 1 };
	// `<functional>`'s comparison objects, made as `std::greater<T>()`: functions of two values.
	for (const [name, holds] of [
		['less', (a: number, b: number) => a < b],
		['greater', (a: number, b: number) => a > b],
		['less_equal', (a: number, b: number) => a <= b],
		['greater_equal', (a: number, b: number) => a >= b],
		['equal_to', (a: number, b: number) => a === b],
	] as const) {
		const make = () =>
			new FuncValue(`std::${name}`, ([a, b]) => (holds(a as number, b as number) ? 1 : 0));
		fns.set(name, make);
		// Also a type, for a container's comparison argument (`std::map<K, V, std::greater<K>>`).
		table.types.set(name, {
			name,
			ctype: (targs) => ({ k: 'sim', name, targs }),
			construct: make,
			methods: {},
		});
	}
	fns.set('sort', (call) => {
		const rg = range(call.args[0], call.args[1]);
		if (!rg) return undefined;
		const part = rg.store.items.slice(rg.from, rg.to);
		part.sort(comparator(call.args[2]));
		rg.store.items.splice(rg.from, part.length, ...part);
		return undefined;
	});
	fns.set('stable_sort', fns.get('sort')!);
	fns.set('reverse', (call) => {
		const rg = range(call.args[0], call.args[1]);
		if (rg) {
			const part = rg.store.items.slice(rg.from, rg.to).reverse();
			rg.store.items.splice(rg.from, part.length, ...part);
		}
		return undefined;
	});
	const extreme = (sign: number) => (call: NativeCall) => {
		const rg = range(call.args[0], call.args[1]);
		if (!rg || rg.to <= rg.from) return call.args[1];
		const cmp = comparator(call.args[2]);
		let best = rg.from;
		for (let i = rg.from + 1; i < rg.to; i++)
			if (sign * cmp(rg.store.items[i], rg.store.items[best]) < 0) best = i;
		return new Ptr(rg.store, best * sizeOfElem(rg.store), rg.store.elem);
	};
	fns.set('min_element', extreme(1));
	fns.set('max_element', extreme(-1));
	fns.set('find', (call) => {
		const rg = range(call.args[0], call.args[1]);
		if (!rg) return call.args[1];
		for (let i = rg.from; i < rg.to; i++)
			if (rg.store.items[i] === call.args[2])
				return new Ptr(rg.store, i * sizeOfElem(rg.store), rg.store.elem);
		return call.args[1];
	});
	fns.set('find_if', (call) => {
		const rg = range(call.args[0], call.args[1]);
		const f = callable(call.args[2]);
		if (!rg || !f) return call.args[1];
		for (let i = rg.from; i < rg.to; i++)
			if (truthy(f([rg.store.items[i]])))
				return new Ptr(rg.store, i * sizeOfElem(rg.store), rg.store.elem);
		return call.args[1];
	});
	fns.set('count', (call) => {
		const rg = range(call.args[0], call.args[1]);
		return rg ? rg.store.items.slice(rg.from, rg.to).filter((v) => v === call.args[2]).length : 0;
	});
	const every = (want: 'all' | 'any' | 'none') => (call: NativeCall) => {
		const rg = range(call.args[0], call.args[1]);
		const f = callable(call.args[2]);
		if (!rg || !f) return want === 'any' ? 0 : 1;
		const hits = rg.store.items.slice(rg.from, rg.to).filter((v) => truthy(f([v]))).length;
		const n = rg.to - rg.from;
		return (want === 'all' ? hits === n : want === 'any' ? hits > 0 : hits === 0) ? 1 : 0;
	};
	fns.set('all_of', every('all'));
	fns.set('any_of', every('any'));
	fns.set('none_of', every('none'));
	fns.set('for_each', (call) => {
		const rg = range(call.args[0], call.args[1]);
		const f = callable(call.args[2]);
		if (rg && f)
			for (let i = rg.from; i < rg.to; i++)
				f([new Ptr(rg.store, i * sizeOfElem(rg.store), rg.store.elem)]);
		return call.args[2];
	});
	fns.set('fill', (call) => {
		const rg = range(call.args[0], call.args[1]);
		if (rg)
			for (let i = rg.from; i < rg.to; i++)
				rg.store.items[i] = convertArg(call.args[2], rg.store.elem);
		return undefined;
	});
	fns.set('fill_n', (call) => {
		const p = call.args[0];
		if (p instanceof Ptr && p.base instanceof ArrayStore) {
			const from = p.base.index(p.offset);
			const n = num(call.args[1]);
			for (let i = from; i < from + n && i < p.base.items.length; i++)
				p.base.items[i] = convertArg(call.args[2], p.base.elem);
		}
		return undefined;
	});
	const copyRange = (a: Value, b: Value, dst: Value) => {
		const rg = range(a, b);
		if (!rg || !(dst instanceof Ptr) || !(dst.base instanceof ArrayStore)) return dst;
		const di = dst.base.index(dst.offset);
		for (let i = rg.from; i < rg.to && di + i - rg.from < dst.base.items.length; i++)
			dst.base.items[di + i - rg.from] = cloneValue(rg.store.items[i]);
		return dst instanceof Ptr ? dst.add(rg.to - rg.from) : dst;
	};
	fns.set('copy', (call) => copyRange(call.args[0], call.args[1], call.args[2]));
	fns.set('copy_n', (call) => {
		const a = call.args[0];
		return a instanceof Ptr ? copyRange(a, a.add(num(call.args[1])), call.args[2]) : call.args[2];
	});
	fns.set('accumulate', (call) => {
		const rg = range(call.args[0], call.args[1]);
		const f = callable(call.args[3]);
		let acc = call.args[2];
		if (rg)
			for (let i = rg.from; i < rg.to; i++)
				acc = f ? f([acc, rg.store.items[i]]) : num(acc) + num(rg.store.items[i]);
		return acc;
	});
	r.set('accumulate', (_t, argTypes) => argTypes[2] ?? T.unknown);
	fns.set('iota', (call) => {
		const rg = range(call.args[0], call.args[1]);
		let v = num(call.args[2]);
		if (rg)
			for (let i = rg.from; i < rg.to; i++) rg.store.items[i] = convertArg(v++, rg.store.elem);
		return undefined;
	});
	fns.set('swap', (call) => {
		const [a, b] = call.args;
		if (a instanceof Ptr && b instanceof Ptr && isStore(a.base) && isStore(b.base)) {
			const x = a.base.load(a.offset, a.elem);
			a.base.store(a.offset, a.elem, b.base.load(b.offset, b.elem));
			b.base.store(b.offset, b.elem, x);
		}
		return undefined;
	});
	fns.set('move', (call) => call.args[0]);
	r.set('move', (_t, argTypes) => argTypes[0] ?? T.unknown);
	fns.set('forward', (call) => call.args[0]);
	r.set('forward', (_t, argTypes) => argTypes[0] ?? T.unknown);
	// Two-argument min and max, and the C abs.
	const numeric = (_t: unknown, argTypes: readonly import('../types.ts').CType[]) =>
		argTypes[0] ?? T.unknown;
	fns.set('min', (call) => (num(call.args[1]) < num(call.args[0]) ? call.args[1] : call.args[0]));
	fns.set('max', (call) => (num(call.args[1]) > num(call.args[0]) ? call.args[1] : call.args[0]));
	r.set('min', numeric);
	r.set('max', numeric);
	fns.set('clamp', (call) =>
		Math.min(Math.max(num(call.args[0]), num(call.args[1])), num(call.args[2])),
	);
	r.set('clamp', numeric);
	// <cmath>
	const math1: Record<string, (x: number) => number> = {
		fabs: Math.abs,
		fabsf: Math.abs,
		abs: Math.abs,
		labs: Math.abs,
		llabs: Math.abs,
		sqrt: Math.sqrt,
		sqrtf: Math.sqrt,
		cbrt: Math.cbrt,
		exp: Math.exp,
		expf: Math.exp,
		exp2: (x) => 2 ** x,
		expm1: Math.expm1,
		log: Math.log,
		logf: Math.log,
		log2: Math.log2,
		log10: Math.log10,
		log1p: Math.log1p,
		floor: Math.floor,
		floorf: Math.floor,
		ceil: Math.ceil,
		ceilf: Math.ceil,
		round: (x) => Math.sign(x) * Math.round(Math.abs(x)),
		roundf: (x) => Math.sign(x) * Math.round(Math.abs(x)),
		trunc: Math.trunc,
		truncf: Math.trunc,
		rint: (x) => {
			const r = Math.round(x);
			return Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : r;
		},
		sin: Math.sin,
		cos: Math.cos,
		tan: Math.tan,
		asin: Math.asin,
		acos: Math.acos,
		atan: Math.atan,
		sinh: Math.sinh,
		cosh: Math.cosh,
		tanh: Math.tanh,
		tanhf: Math.tanh,
		erf: erf,
	};
	for (const [name, f] of Object.entries(math1)) {
		fns.set(name, (call) => f(num(call.args[0])));
		r.set(name, (_t, argTypes) => {
			const a = argTypes[0];
			if (name.endsWith('f') && name !== 'erf') return T.f32;
			if (name === 'abs' || name === 'labs' || name === 'llabs') return a ?? T.i32;
			return a?.k === 'float' ? a : T.f64;
		});
	}
	const math2: Record<string, (x: number, y: number) => number> = {
		pow: Math.pow,
		powf: Math.pow,
		fmax: Math.max,
		fmaxf: Math.max,
		fmin: Math.min,
		fminf: Math.min,
		fmod: (x, y) => x % y,
		atan2: Math.atan2,
		hypot: Math.hypot,
	};
	for (const [name, f] of Object.entries(math2)) {
		fns.set(name, (call) => f(num(call.args[0]), num(call.args[1])));
		r.set(name, (_t, argTypes) =>
			name.endsWith('f') ? T.f32 : argTypes[0]?.k === 'float' ? argTypes[0] : T.f64,
		);
	}
	fns.set('isnan', (call) => (Number.isNaN(num(call.args[0])) ? 1 : 0));
	fns.set('isinf', (call) => (Math.abs(num(call.args[0])) === Number.POSITIVE_INFINITY ? 1 : 0));
	fns.set('isfinite', (call) => (Number.isFinite(num(call.args[0])) ? 1 : 0));
	for (const name of ['isnan', 'isinf', 'isfinite']) r.set(name, () => T.bool);
	const c = table.constants;
	c.set('M_PI', { value: Math.PI, type: T.f64 });
	c.set('INFINITY', { value: Number.POSITIVE_INFINITY, type: T.f32 });
	c.set('NAN', { value: Number.NaN, type: T.f32 });
	c.set('RAND_MAX', { value: 0x7fff, type: T.i32 });
	// <cstdlib> randomness, deterministic.
	fns.set('rand', () => nextRand(rand));
	fns.set('srand', (call) => void (rand.seed = num(call.args[0]) >>> 0));
	// <cstring> memory functions over stores the interpreter reads.
	fns.set('memcpy', (call) => {
		copyMemory(call.rt, call.args[0], call.args[1], num(call.args[2]));
		return call.args[0];
	});
	fns.set('memmove', fns.get('memcpy')!);
	fns.set('memcpy_s', (call) => {
		copyMemory(call.rt, call.args[0], call.args[2], Math.min(num(call.args[1]), num(call.args[3])));
		return 0;
	});
	fns.set('memset', (call) => {
		const p = call.args[0];
		if (p instanceof Ptr && p.base instanceof ArrayStore) {
			const from = p.base.index(p.offset);
			const n = Math.floor(num(call.args[2]) / sizeOfElem(p.base));
			for (let i = from; i < from + n && i < p.base.items.length; i++)
				p.base.items[i] = convertArg(num(call.args[1]) & 0xff, p.base.elem);
		} else if (typeof p === 'number' && p !== 0) {
			const n = Math.max(0, Math.min(num(call.args[2]), 1 << 20));
			call.rt.memory.overwritten(p, n);
			call.rt.memory.bytes.fill(p, n, num(call.args[1]) & 0xff);
		}
		return p;
	});
	fns.set('memset_s', () => 0);
	fns.set('memcmp', () => 0);
}

/** The error function (Abramowitz and Stegun 7.1.26; about 1e-7 accurate, illustrative). */
function erf(x: number): number {
	const t = 1 / (1 + 0.3275911 * Math.abs(x));
	const y =
		1 -
		((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
			t *
			Math.exp(-x * x);
	return x >= 0 ? y : -y;
}
