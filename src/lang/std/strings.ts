/**
 * `std::string` and the functions around it. A string is a JavaScript string (value semantics
 * for free: copies are independent, `==` compares text, a map can key on it); member functions
 * that change a string (`append`, `push_back`, `erase`…) are mutators that give the new value,
 * which the compiler stores back into the variable. C strings reach these functions as string
 * literals or as `char` arrays (read up to their terminating 0).
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeCall, NativeResult, NativeType } from '../bindings/binding.ts';
import { CHAR_PTR, T, type CType } from '../types.ts';
import { ArrayStore, Ptr, isStore, type Value } from '../values.ts';
import type { MemoryBudget } from '../../sim/memory-budget.ts';
import type { SourceSpan } from '../../sim/trace.ts';

/** The static type of `std::string` values. */
export const STRING_TYPE: CType = { k: 'sim', name: 'string', targs: [] };

/** `std::string::npos` as `size_t` holds it. */
export const NPOS = 2 ** 64 - 1;

/** Most characters read from one C string (a missing terminator stops here). */
const MAX_C_STRING = 1 << 20;

/**
 * The text of a C or C++ string value: a string, or a `char` array read up to its 0 (null when
 * the value is neither).
 */
export function textOf(v: Value): string | null {
	if (typeof v === 'string') return v;
	if (v instanceof Ptr && v.base instanceof ArrayStore) {
		const items = v.base.items;
		let out = '';
		for (let i = v.base.index(v.offset); i < items.length && out.length < MAX_C_STRING; i++) {
			const c = items[i];
			if (c === 0 || c === undefined || c === null) break;
			out += typeof c === 'number' ? String.fromCharCode(c & 0xff) : String(c);
		}
		return out;
	}
	if (v instanceof Ptr && isStore(v.base)) {
		const inner = v.base.load(v.offset, v.elem);
		return typeof inner === 'string' ? inner : null;
	}
	return null;
}

/** Writes `text` and its terminating 0 into the `char` array `dst` points at (within its size). */
export function writeCString(dst: Value, text: string, limit = Number.POSITIVE_INFINITY): number {
	if (!(dst instanceof Ptr) || !(dst.base instanceof ArrayStore)) return 0;
	const items = dst.base.items;
	const start = dst.base.index(dst.offset);
	const room = Math.min(limit, items.length - start);
	if (room <= 0) return 0;
	const n = Math.min(text.length, room - 1);
	for (let i = 0; i < n; i++) items[start + i] = text.charCodeAt(i) & 0xff;
	items[start + n] = 0;
	return n;
}

function s(v: Value): string {
	return textOf(v) ?? '';
}

function charOf(v: Value): string {
	return typeof v === 'number' ? String.fromCharCode(v) : s(v);
}

/** `pos` as a string index; `npos` and beyond mean the end. */
function at(pos: Value, length: number): number {
	const p = num(pos);
	return p < 0 || p > length ? length : p;
}

function find(text: string, what: Value, from: Value, last: boolean): number {
	const needle = charOf(what);
	const i = last
		? text.lastIndexOf(needle, from === undefined ? undefined : num(from))
		: text.indexOf(needle, from === undefined ? 0 : num(from));
	return i < 0 ? NPOS : i;
}

function findAny(text: string, set: string, from: number, last: boolean, member: boolean): number {
	if (last) {
		for (let i = Math.min(from, text.length - 1); i >= 0; i--)
			if (set.includes(text[i]!) === member) return i;
	} else {
		for (let i = from; i < text.length; i++) if (set.includes(text[i]!) === member) return i;
	}
	return NPOS;
}

type Mutator = (self: Value, call: NativeCall) => [Value, NativeResult];

const MUTATORS: Record<string, Mutator> = {
	append: (self, c) => [
		s(self) +
			(c.args.length > 1 && typeof c.args[0] === 'number'
				? charOf(c.args[1]).repeat(num(c.args[0]))
				: charOf(c.args[0])),
		undefined,
	],
	push_back: (self, c) => [s(self) + charOf(c.args[0]), undefined],
	pop_back: (self) => [s(self).slice(0, -1), undefined],
	clear: () => ['', undefined],
	resize: (self, c) => {
		const text = s(self);
		const n = num(c.args[0]);
		const fill = c.args.length > 1 ? charOf(c.args[1]) : '\0';
		return [n <= text.length ? text.slice(0, n) : text + fill.repeat(n - text.length), undefined];
	},
	insert: (self, c) => {
		const text = s(self);
		const p = at(c.args[0], text.length);
		return [text.slice(0, p) + charOf(c.args[1]) + text.slice(p), undefined];
	},
	erase: (self, c) => {
		const text = s(self);
		const p = c.args.length > 0 ? at(c.args[0], text.length) : 0;
		const n = c.args.length > 1 ? num(c.args[1]) : text.length;
		return [text.slice(0, p) + text.slice(Math.min(text.length, p + n)), undefined];
	},
	replace: (self, c) => {
		const text = s(self);
		const p = at(c.args[0], text.length);
		const n = num(c.args[1]);
		return [text.slice(0, p) + s(c.args[2]) + text.slice(Math.min(text.length, p + n)), undefined];
	},
	assign: (_self, c) => [s(c.args[0]), undefined],
	swap: (self) => [self, undefined],
};

/**
 * The string mutators, each refusing a result the run's memory budget cannot hold (or longer
 * than a JavaScript string can be) with the memory stop, naming the string changed.
 */
const BUDGETED_MUTATORS: Record<string, Mutator> = Object.fromEntries(
	Object.entries(MUTATORS).map(([name, mutate]): [string, Mutator] => [
		name,
		(self, c) => {
			const budget = c.rt.recorder.memory;
			const owner = c.declName ?? 'std::string';
			let result: [Value, NativeResult];
			try {
				result = mutate(self, c);
			} catch (error) {
				if (error instanceof RangeError)
					requireText(Number.POSITIVE_INFINITY, budget, owner, c.span);
				throw error;
			}
			const next = result[0];
			if (typeof next === 'string') requireText(next.length, budget, owner, c.span);
			return result;
		},
	]),
);

/** Longest string the engine makes (V8's limit on 64-bit hosts, 2^29 − 24 characters). */
const MAX_TEXT = 2 ** 29 - 24;

/**
 * Stops the run with the memory diagnostic when a string of `length` characters (a byte each,
 * as the program's `char`s) would not fit the budget, or could not be made at all. Strings are
 * values, not objects the budget keeps account of, so nothing is charged: the check bounds each
 * string by what the budget has left.
 */
function requireText(length: number, budget: MemoryBudget, name: string, span: SourceSpan): void {
	const bytes = length > MAX_TEXT ? Number.POSITIVE_INFINITY : length;
	if (bytes < STRING_CHECK_BYTES) return;
	budget.require(bytes, { name, bytes: Math.min(length, MAX_TEXT), span });
}

/** Strings shorter than this are never checked (illustrative: the check costs more than they do). */
const STRING_CHECK_BYTES = 4096;

/** The `std::string` type. */
export function stringType(): NativeType {
	return {
		name: 'string',
		ctype: () => STRING_TYPE,
		construct: (call) => {
			const [a, b] = call.args;
			if (call.args.length === 0) return '';
			if (call.args.length === 2 && typeof a === 'number' && !(b instanceof Ptr))
				return charOf(b).repeat(Math.max(0, a));
			const text = s(a);
			return call.args.length === 2 ? text.slice(0, num(b)) : text;
		},
		methods: {
			c_str: (self) => s(self),
			data: (self) => s(self),
			size: (self) => s(self).length,
			length: (self) => s(self).length,
			empty: (self) => (s(self).length === 0 ? 1 : 0),
			capacity: (self) => s(self).length,
			substr: (self, c) => {
				const text = s(self);
				const p = at(c.args[0] ?? 0, text.length);
				return c.args.length > 1 ? text.slice(p, p + num(c.args[1])) : text.slice(p);
			},
			find: (self, c) => find(s(self), c.args[0], c.args[1], false),
			rfind: (self, c) => find(s(self), c.args[0], c.args[1], true),
			find_first_of: (self, c) =>
				findAny(s(self), charOf(c.args[0]), num(c.args[1] ?? 0), false, true),
			find_last_of: (self, c) =>
				findAny(s(self), charOf(c.args[0]), c.args.length > 1 ? num(c.args[1]) : NPOS, true, true),
			find_first_not_of: (self, c) =>
				findAny(s(self), charOf(c.args[0]), num(c.args[1] ?? 0), false, false),
			find_last_not_of: (self, c) =>
				findAny(s(self), charOf(c.args[0]), c.args.length > 1 ? num(c.args[1]) : NPOS, true, false),
			compare: (self, c) => {
				const a = s(self);
				const b = s(c.args[0]);
				return a < b ? -1 : a > b ? 1 : 0;
			},
			at: (self, c) => s(self).charCodeAt(num(c.args[0])) || 0,
			front: (self) => s(self).charCodeAt(0) || 0,
			back: (self) => s(self).charCodeAt(s(self).length - 1) || 0,
			starts_with: (self, c) => (s(self).startsWith(charOf(c.args[0])) ? 1 : 0),
			ends_with: (self, c) => (s(self).endsWith(charOf(c.args[0])) ? 1 : 0),
		},
		mutators: BUDGETED_MUTATORS,
		returns: {
			c_str: () => CHAR_PTR,
			data: () => CHAR_PTR,
			size: () => T.u64,
			length: () => T.u64,
			find: () => T.u64,
			rfind: () => T.u64,
			find_first_of: () => T.u64,
			find_last_of: () => T.u64,
			substr: () => STRING_TYPE,
			at: () => T.char,
			front: () => T.char,
			back: () => T.char,
		},
		index: (self, i) => s(self).charCodeAt(i) || 0,
		binary: (op, a, b, site) => {
			const x = typeof a === 'number' && op === '+' ? String.fromCharCode(a) : textOf(a);
			const y = typeof b === 'number' && op === '+' ? String.fromCharCode(b) : textOf(b);
			if (x === null || y === null) return undefined;
			switch (op) {
				case '+':
					requireText(x.length + y.length, site.budget, site.text, site.span);
					return x + y;
				case '==':
					return x === y ? 1 : 0;
				case '!=':
					return x !== y ? 1 : 0;
				case '<':
					return x < y ? 1 : 0;
				case '>':
					return x > y ? 1 : 0;
				case '<=':
					return x <= y ? 1 : 0;
				case '>=':
					return x >= y ? 1 : 0;
				default:
					return undefined;
			}
		},
		binaryType: (op) => (op === '+' ? STRING_TYPE : undefined),
		convert: (v) => textOf(v) ?? v,
	};
}

/** `std::to_string`: integers as `%d`, floating point as `%f`. */
function toString(call: NativeCall): string {
	const v = num(call.args[0]);
	const t = call.argTypes[0];
	return t?.k === 'float' || !Number.isInteger(v) ? v.toFixed(6) : String(v);
}

/** Leading number of `text` as `strtol`/`std::stoi` read it (base 10 unless given). */
function parseInteger(text: string, base = 10): number {
	const m = /^\s*[+-]?(0[xX][0-9a-fA-F]+|\d+)/.exec(text);
	if (!m) return 0;
	const v = Number.parseInt(m[0], base === 10 && /0[xX]/.test(m[0]) ? 16 : base);
	return Number.isFinite(v) ? v : 0;
}

/** Adds `std::string`, `to_string` and the string-to-number functions. */
export function addStringBindings(table: BindingTable): void {
	table.types.set('string', stringType());
	table.types.set('basic_string', stringType());
	table.types.set('string_view', stringType());
	table.constants.set('string::npos', { value: NPOS, type: T.u64 });
	const fns = table.functions;
	const r = table.returns;
	fns.set('to_string', toString);
	r.set('to_string', () => STRING_TYPE);
	for (const name of ['stoi', 'stol', 'stoll', 'stoul', 'stoull', 'atoi', 'atol', 'atoll'])
		fns.set(name, (call) =>
			parseInteger(s(call.args[0]), call.args.length > 2 ? num(call.args[2]) : 10),
		);
	for (const name of ['strtol', 'strtoul', 'strtoll', 'strtoull'])
		fns.set(name, (call) => parseInteger(s(call.args[0]), num(call.args[2]) || 10));
	for (const name of ['stof', 'stod', 'stold', 'atof', 'strtod', 'strtof'])
		fns.set(name, (call) => Number.parseFloat(s(call.args[0])) || 0);
	r.set('stof', () => T.f32);
	r.set('stod', () => T.f64);
	r.set('atof', () => T.f64);
	r.set('strtod', () => T.f64);
	fns.set('strlen', (call) => s(call.args[0]).length);
	fns.set('strcmp', (call) => compareText(s(call.args[0]), s(call.args[1])));
	fns.set('strncmp', (call) =>
		compareText(
			s(call.args[0]).slice(0, num(call.args[2])),
			s(call.args[1]).slice(0, num(call.args[2])),
		),
	);
	fns.set('strcpy', (call) => (writeCString(call.args[0], s(call.args[1])), call.args[0]));
	fns.set(
		'strncpy',
		(call) => (
			writeCString(
				call.args[0],
				s(call.args[1]).slice(0, num(call.args[2])),
				num(call.args[2]) + 1,
			),
			call.args[0]
		),
	);
	fns.set(
		'strcat',
		(call) => (writeCString(call.args[0], s(call.args[0]) + s(call.args[1])), call.args[0]),
	);
	fns.set('strstr', (call) => {
		const hay = s(call.args[0]);
		const i = hay.indexOf(s(call.args[1]));
		return i < 0 ? null : hay.slice(i);
	});
}

function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
