/**
 * iostream output as C++ formats it: `<<` of numbers (integers in the stream's base, floats as
 * `%g` at the stream's precision unless `std::fixed`/`std::scientific`), characters, booleans,
 * strings and pointers, padded to `std::setw` with the fill character; the manipulators; string
 * streams (`std::ostringstream`, `std::stringstream`, `std::istringstream`).
 */
import { T, type CType } from '../types.ts';
import {
	ENDL,
	Manipulator,
	OStream,
	Ptr,
	SimObject,
	type StreamFormat,
	type Value,
} from '../values.ts';
import type { BindingTable, NativeCall } from '../bindings/binding.ts';
import type { Runtime } from '../runtime.ts';
import { num, str } from '../bindings/args.ts';
import { formatE, formatF, formatG } from './number-format.ts';
import { STRING_TYPE } from './strings.ts';

/** The stream a value is, if it is one (`std::cout`, a string stream, a file stream). */
export function asStream(v: Value): OStream | undefined {
	if (v instanceof OStream) return v;
	if (v instanceof SimObject && v.handle instanceof OStream) return v.handle;
	return undefined;
}

/** Writes `text` to `s`: a line of the log for cout/cerr, the stream's text otherwise. */
export function writeStream(rt: Runtime, s: OStream, text: string): void {
	if (s.channel === 'text') s.text += text;
	else rt.write(s.channel, text);
}

/** `s << v`, where `t` is the static type of `v`; returns the stream. */
export function putToStream(rt: Runtime, s: OStream, v: Value, t: CType): void {
	if (v === ENDL) {
		writeStream(rt, s, '\n');
		return;
	}
	if (v instanceof Manipulator) {
		v.apply(s.format);
		return;
	}
	const f = s.format;
	let text = formatValue(v, t, f);
	if (f.width > 0 && text.length < f.width) {
		const pad = f.fill.repeat(f.width - text.length);
		text = f.left ? text + pad : pad + text;
	}
	f.width = 0;
	writeStream(rt, s, text);
}

function formatValue(v: Value, t: CType, f: StreamFormat): string {
	if (typeof v === 'string') return v;
	if (typeof v === 'number') {
		if (t.k === 'bool') return f.boolalpha ? (v ? 'true' : 'false') : v ? '1' : '0';
		if (t.k === 'int' && t.bits === 8 && t.name === 'char') return String.fromCharCode(v);
		const integral = t.k === 'int' || t.k === 'enum' || (t.k !== 'float' && Number.isInteger(v));
		if (integral) {
			if (f.base === 10) return String(Math.trunc(v));
			const u = v < 0 ? BigInt.asUintN(64, BigInt(Math.trunc(v))) : BigInt(Math.trunc(v));
			return u.toString(f.base);
		}
		if (f.floats === 'fixed') return formatF(v, f.precision);
		if (f.floats === 'scientific') return formatE(v, f.precision);
		return formatG(v, f.precision);
	}
	if (v === null) return '0';
	if (v instanceof Ptr) return `0x${(0x1000 + v.offset).toString(16)}`;
	if (v === undefined) return '';
	return String(v);
}

/** Manipulators that take no argument, by name. */
const PLAIN_MANIPULATORS: Record<string, (f: StreamFormat) => void> = {
	fixed: (f) => void (f.floats = 'fixed'),
	scientific: (f) => void (f.floats = 'scientific'),
	defaultfloat: (f) => void (f.floats = 'default'),
	hex: (f) => void (f.base = 16),
	dec: (f) => void (f.base = 10),
	oct: (f) => void (f.base = 8),
	left: (f) => void (f.left = true),
	right: (f) => void (f.left = false),
	boolalpha: (f) => void (f.boolalpha = true),
	noboolalpha: (f) => void (f.boolalpha = false),
	flush: () => undefined,
	showpoint: () => undefined,
};

/** The stream types: all are streams to the interpreter, their constructors differ. */
const STRING_STREAMS = ['ostringstream', 'stringstream', 'istringstream'];

/** Adds iostream manipulators, string streams and the stream member functions. */
export function addStreamBindings(table: BindingTable): void {
	const c = table.constants;
	for (const [name, apply] of Object.entries(PLAIN_MANIPULATORS))
		c.set(name, { value: new Manipulator(apply), type: T.unknown });
	const fns = table.functions;
	fns.set('setw', (call) => new Manipulator((f) => void (f.width = num(call.args[0]))));
	fns.set('setprecision', (call) => new Manipulator((f) => void (f.precision = num(call.args[0]))));
	fns.set('setfill', (call) => {
		const ch = call.args[0];
		return new Manipulator(
			(f) => void (f.fill = typeof ch === 'string' ? (ch[0] ?? ' ') : String.fromCharCode(num(ch))),
		);
	});
	const methods = streamMethods();
	for (const name of STRING_STREAMS) {
		table.types.set(name, {
			name,
			ctype: () => ({ k: 'sim', name, targs: [] }),
			construct: (call) => {
				const s = new OStream('text');
				const init = call.args[0];
				if (typeof init === 'string') s.text = init;
				return new SimObject(name, [], s);
			},
			methods,
			returns: STREAM_RETURNS,
			stream: true,
		});
	}
	for (const name of [STREAM_TYPE, 'istream', 'iostream', 'basic_ostream'])
		table.types.set(name, {
			name,
			ctype: () => ({ k: 'sim', name, targs: [] }),
			methods,
			returns: STREAM_RETURNS,
			stream: true,
		});
}

/** Static types of what the stream member functions return. */
export const STREAM_RETURNS = { str: () => STRING_TYPE } as const;

/** The type name member functions of every stream are found under. */
export const STREAM_TYPE = 'ostream';

function streamMethods(): Record<string, (self: Value, call: NativeCall) => Value> {
	const s = (self: Value) => asStream(self)!;
	return {
		str: (self, call) => {
			const stream = s(self);
			if (call.args.length > 0) {
				stream.text = str(call.args[0]) ?? '';
				stream.readAt = 0;
				return undefined;
			}
			return stream.text;
		},
		clear: (self) => void (s(self).ok = true),
		good: (self) => (s(self).ok ? 1 : 0),
		fail: (self) => (s(self).ok ? 0 : 1),
		bad: () => 0,
		eof: (self) => {
			const stream = s(self);
			return stream.channel === 'text' && stream.readAt >= stream.text.length ? 1 : 0;
		},
		flush: (self) => self,
		precision: (self, call) => {
			const f = s(self).format;
			const old = f.precision;
			if (call.args.length > 0) f.precision = num(call.args[0]);
			return old;
		},
		width: (self, call) => {
			const f = s(self).format;
			const old = f.width;
			if (call.args.length > 0) f.width = num(call.args[0]);
			return old;
		},
	};
}
