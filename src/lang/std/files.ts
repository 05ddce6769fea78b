/**
 * The program's own file I/O over {@link ProgramFileSystem}: C stdio (`fopen`, `fread`,
 * `fwrite`, `fseek`…), POSIX (`open`, `read`, `write`, `stat`, `access`, `mkdir`), C++ file
 * streams (`std::ifstream`, `std::ofstream`, `std::fstream`, with `rdbuf()` as the samples use
 * it) and the samples' `ReadFile`/`WriteFile` helpers. Reads come from the files given with the
 * program; opening one that is not there fails as the real call does (NULL, -1, a stream that
 * tests false) with an info diagnostic naming the path; writes become the run's output files.
 *
 * Bytes move between files and the program's memory by the element type of the buffer (a
 * `float` buffer gets floats decoded from the file's bytes); buffers the interpreter only knows
 * as addresses (`malloc`, `aclrtMallocHost`) get a byte per address, at most
 * {@link MAX_COPIED_BYTES} of them.
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeCall } from '../bindings/binding.ts';
import type { SimEnv } from '../bindings/sim-env.ts';
import { langDiagnostic } from '../diagnostics.ts';
import type { Runtime } from '../runtime.ts';
import { T, sizeOf, type CType } from '../types.ts';
import { ArrayStore, Instance, OStream, Ptr, SimObject, isStore, type Value } from '../values.ts';
import { objectBytes } from '../object-bytes.ts';
import type { ProgramFileSystem } from './file-system.ts';
import { utf8 } from './file-system.ts';
import { STREAM_RETURNS, STREAM_TYPE, asStream } from './streams.ts';
import { STRING_TYPE, textOf } from './strings.ts';
import { formatPrintf } from '../bindings/libc-bindings.ts';
import { byteRefOf } from '../bindings/byte-refs.ts';

/** Most bytes copied into or out of the program's memory by one call (illustrative). */
export const MAX_COPIED_BYTES = 4 << 20;

/** Open modes, with the values libstdc++ gives `std::ios_base::openmode` (illustrative). */
const IOS = { app: 1, ate: 2, binary: 4, in: 8, out: 16, trunc: 32 } as const;
/** `std::ios_base::seekdir` and the C `SEEK_*` values. */
const SEEK = { beg: 0, cur: 1, end: 2 } as const;
/** The open modes and seek directions together, as members of every stream class. */
const IOS_CONSTANTS: Readonly<Record<string, number>> = { ...IOS, ...SEEK };
/** Member reads `stream.end`, `stream.binary` of the same constants. */
const IOS_FIELDS = Object.fromEntries(
	Object.entries(IOS_CONSTANTS).map(([name, value]) => [name, () => value]),
);
/** The classes that inherit `ios_base`'s constants (the simulator's stream types). */
const IOS_OWNERS = [
	'ios',
	'ios_base',
	'istream',
	'ostream',
	'iostream',
	'ifstream',
	'ofstream',
	'fstream',
	'filebuf',
	'stringstream',
	'istringstream',
	'ostringstream',
] as const;

/** POSIX `open` flags (Linux values, illustrative) and `st_mode` bits. */
const O = {
	O_RDONLY: 0,
	O_WRONLY: 1,
	O_RDWR: 2,
	O_CREAT: 0o100,
	O_TRUNC: 0o1000,
	O_APPEND: 0o2000,
};
/**
 * `<cerrno>` codes with their Linux values (asm-generic/errno-base.h) and the glibc `strerror`
 * text of each.
 */
const ERRNO: Readonly<Record<string, readonly [number, string]>> = {
	EPERM: [1, 'Operation not permitted'],
	ENOENT: [2, 'No such file or directory'],
	EINTR: [4, 'Interrupted system call'],
	EIO: [5, 'Input/output error'],
	EBADF: [9, 'Bad file descriptor'],
	EAGAIN: [11, 'Resource temporarily unavailable'],
	ENOMEM: [12, 'Cannot allocate memory'],
	EACCES: [13, 'Permission denied'],
	EEXIST: [17, 'File exists'],
	EINVAL: [22, 'Invalid argument'],
	ENOSPC: [28, 'No space left on device'],
};
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** An open file: its path, the bytes read so far or written, and the position. */
export class OpenFile {
	readonly path: string;
	readonly writable: boolean;
	readonly append: boolean;
	/** The file's contents as the program sees them through this handle. */
	data: Uint8Array;
	pos = 0;
	eof = false;
	dirty = false;
	constructor(path: string, data: Uint8Array, writable: boolean, append: boolean) {
		this.path = path;
		this.data = data;
		this.writable = writable;
		this.append = append;
		if (append) this.pos = data.length;
	}
}

/** A C++ file stream: a stream (its `<<` text goes to the file) with an open file. */
export class FileStream extends OStream {
	file: OpenFile | undefined;
	/** Characters the last `read` got (`gcount()`). */
	lastRead = 0;
	/** What `open` opens it for when no mode is given. */
	readonly kind: 'in' | 'out' | 'both';
	constructor(kind: 'in' | 'out' | 'both') {
		super('text');
		this.kind = kind;
	}
	override copy(): FileStream {
		return this;
	}
}

/** Whether a byte is C's `isspace`. */
function isSpace(c: number): boolean {
	return c === 32 || (c >= 9 && c <= 13);
}

/** Longest word `stream >> x` reads at once. */
const MAX_WORD = 65_536;

/**
 * The next whitespace-separated word of an input stream, as `stream >> x` reads it (a file
 * stream over one of the program's files, or a string stream); undefined at the end.
 */
export function readWord(s: OStream): string | undefined {
	if (s instanceof FileStream) {
		const f = s.file;
		if (!f) return undefined;
		let i = f.pos;
		while (i < f.data.length && isSpace(f.data[i]!)) i++;
		let j = i;
		while (j < f.data.length && j - i < MAX_WORD && !isSpace(f.data[j]!)) j++;
		f.pos = j;
		return i === j ? undefined : new TextDecoder().decode(f.data.subarray(i, j));
	}
	if (s.channel !== 'text') return undefined;
	let i = s.readAt;
	while (i < s.text.length && isSpace(s.text.charCodeAt(i))) i++;
	let j = i;
	while (j < s.text.length && j - i < MAX_WORD && !isSpace(s.text.charCodeAt(j))) j++;
	s.readAt = j;
	return i === j ? undefined : s.text.slice(i, j);
}

/**
 * `stream >> x` for a target of type `t`: the value the next word gives, or undefined (and the
 * stream failed, `if (!in)`) when there is none or it is not a number where one is wanted.
 */
export function extractValue(s: OStream, t: CType): Value | undefined {
	const word = readWord(s);
	if (word === undefined) {
		s.ok = false;
		return undefined;
	}
	if (t.k === 'sim' && t.name === 'string') return word;
	if (t.k === 'int' || t.k === 'float' || t.k === 'enum' || t.k === 'bool') {
		const v = t.k === 'float' ? Number.parseFloat(word) : Number.parseInt(word, 10);
		if (Number.isNaN(v)) {
			s.ok = false;
			return undefined;
		}
		return v;
	}
	return word;
}

/** The element type and store a pointer argument writes into or reads from. */
function bufferOf(v: Value): { store: ArrayStore; at: number } | undefined {
	if (v instanceof Ptr && v.base instanceof ArrayStore)
		return { store: v.base, at: v.base.index(v.offset) };
	if (v instanceof SimObject && v.handle instanceof ArrayStore) return { store: v.handle, at: 0 };
	return undefined;
}

/** Decodes `bytes` into the program's memory at `dst`; returns the bytes taken. */
export function writeBytes(rt: Runtime, dst: Value, bytes: Uint8Array): number {
	const n = Math.min(bytes.length, MAX_COPIED_BYTES);
	const buf = bufferOf(dst);
	if (buf) {
		const size = Math.max(1, sizeOf(buf.store.elem));
		const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		const count = Math.min(Math.floor(n / size), buf.store.items.length - buf.at);
		for (let i = 0; i < count; i++)
			buf.store.items[buf.at + i] = decode(view, i * size, buf.store.elem);
		return Math.min(n, count * size);
	}
	// A host address (malloc, aclrtMallocHost) or a struct holding a byte array (HcclRootInfo).
	const ref = byteRefOf(dst, rt.memory);
	if (!ref || typeof dst === 'string') return 0;
	ref.write(bytes.subarray(0, n));
	return n;
}

/** Encodes `count` bytes of the program's memory at `src` (or a string) into bytes. */
export function readBytes(rt: Runtime, src: Value, count: number): Uint8Array {
	const n = Math.max(0, Math.min(count, MAX_COPIED_BYTES));
	if (typeof src === 'string') return utf8(src).subarray(0, n);
	const out = new Uint8Array(n);
	const buf = bufferOf(src);
	if (buf) {
		const size = Math.max(1, sizeOf(buf.store.elem));
		const view = new DataView(out.buffer);
		for (let i = 0; i * size < n && buf.at + i < buf.store.items.length; i++)
			encode(view, i * size, buf.store.elem, buf.store.items[buf.at + i], n);
		return out;
	}
	if (src instanceof Ptr && isStore(src.base)) {
		const v = src.base.load(src.offset, src.elem);
		if (typeof v === 'string') return utf8(v).subarray(0, n);
		// A struct (`memcpy(buf, &tiling, sizeof(tiling))`): its fields in its layout.
		if (v instanceof Instance) {
			const bytes = objectBytes(v);
			out.set(bytes.subarray(0, n));
			return out;
		}
	}
	const ref = byteRefOf(src, rt.memory);
	return ref ? ref.read(n) : out;
}

function decode(view: DataView, at: number, t: CType): Value {
	if (at + sizeOf(t) > view.byteLength) return 0;
	if (t.k === 'float') {
		if (t.bits === 32) return view.getFloat32(at, true);
		if (t.bits === 64) return view.getFloat64(at, true);
		return halfToFloat(view.getUint16(at, true), t.name !== 'half');
	}
	if (t.k === 'int' || t.k === 'bool' || t.k === 'enum') {
		const bits = t.k === 'int' ? t.bits : 32;
		const signed = t.k === 'int' ? t.signed : true;
		if (bits === 8) return signed ? view.getInt8(at) : view.getUint8(at);
		if (bits === 16) return signed ? view.getInt16(at, true) : view.getUint16(at, true);
		if (bits === 32) return signed ? view.getInt32(at, true) : view.getUint32(at, true);
		return Number(signed ? view.getBigInt64(at, true) : view.getBigUint64(at, true));
	}
	return view.getUint8(at);
}

/** Encodes scalar `v` of type `t` little-endian at byte `at` of `view` (nothing past `limit`). */
export function encode(view: DataView, at: number, t: CType, v: Value, limit: number): void {
	const n = typeof v === 'number' ? v : 0;
	const size = sizeOf(t);
	if (at + size > limit) return;
	if (t.k === 'float') {
		if (t.bits === 32) view.setFloat32(at, n, true);
		else if (t.bits === 64) view.setFloat64(at, n, true);
		else view.setUint16(at, floatToHalf(n), true);
		return;
	}
	if (size === 1) view.setUint8(at, n & 0xff);
	else if (size === 2) view.setUint16(at, n & 0xffff, true);
	else if (size === 4) view.setUint32(at, n >>> 0, true);
	else if (size === 8) view.setBigUint64(at, BigInt.asUintN(64, BigInt(Math.trunc(n))), true);
}

/** IEEE half (or, with `bf16`, bfloat16) bits to a number. */
function halfToFloat(h: number, bf16: boolean): number {
	if (bf16) {
		const view = new DataView(new ArrayBuffer(4));
		view.setUint32(0, h << 16);
		return view.getFloat32(0);
	}
	const s = h & 0x8000 ? -1 : 1;
	const e = (h >> 10) & 0x1f;
	const m = h & 0x3ff;
	if (e === 0) return s * 2 ** -14 * (m / 1024);
	if (e === 31) return m ? Number.NaN : s * Number.POSITIVE_INFINITY;
	return s * 2 ** (e - 15) * (1 + m / 1024);
}

function floatToHalf(x: number): number {
	const view = new DataView(new ArrayBuffer(4));
	view.setFloat32(0, x);
	const f = view.getUint32(0);
	const sign = (f >>> 16) & 0x8000;
	const e = ((f >>> 23) & 0xff) - 127 + 15;
	const m = f & 0x7fffff;
	if (e <= 0) return sign;
	if (e >= 31) return sign | 0x7c00;
	return sign | (e << 10) | (m >> 13);
}

/** Adds the file functions; `fs` serves the program's files. */
export function addFileBindings(table: BindingTable, env: SimEnv, fs: ProgramFileSystem): void {
	const fns = table.functions;
	const reported = new Set<string>();
	const missing = (call: NativeCall, path: string) => {
		const key = `missing:${path}`;
		if (reported.has(key)) return;
		reported.add(key);
		call.rt.recorder.diagnostic(
			langDiagnostic('file-missing', call.span, { call: call.name, path }),
		);
	};
	const noteWrite = (call: NativeCall, path: string) => {
		const key = `written:${path}`;
		if (reported.has(key)) return;
		reported.add(key);
		call.rt.recorder.diagnostic(
			langDiagnostic('file-written', call.span, { call: call.name, path }),
		);
	};
	// `errno`: set by a failed open (ENOENT), 0 until then.
	const errno = { value: 0 };
	table.variables.set('errno', { get: () => errno.value, type: T.i32 });
	for (const [name, [value]] of Object.entries(ERRNO))
		table.constants.set(name, { value, type: T.i32 });
	const texts = new Map(Object.values(ERRNO).map(([value, text]) => [value, text]));
	table.functions.set('strerror', (call) => {
		const n = num(call.args[0]);
		return texts.get(n) ?? `Unknown error ${n}`;
	});
	/** Opens `path` for a call; undefined (reported) when reading a file that is not there. */
	const open = (
		call: NativeCall,
		path: string,
		read: boolean,
		write: boolean,
		append: boolean,
		truncate: boolean,
	) => {
		const p = fs.resolve(path);
		const existing = fs.read(p);
		if (read && !write && !existing) {
			missing(call, path);
			errno.value = ERRNO['ENOENT']![0];
			return undefined;
		}
		if (write) noteWrite(call, p);
		const data = truncate || !existing ? new Uint8Array(0) : existing;
		const file = new OpenFile(p, data, write, append);
		if (write && truncate) {
			fs.write(p, data, false);
		}
		return file;
	};
	const flush = (f: OpenFile) => {
		if (f.writable && f.dirty) {
			fs.write(f.path, f.data, false);
			f.dirty = false;
		}
	};
	const readFrom = (f: OpenFile, count: number): Uint8Array => {
		const n = Math.max(0, Math.min(count, f.data.length - f.pos));
		const out = f.data.subarray(f.pos, f.pos + n);
		f.pos += n;
		if (n < count) f.eof = true;
		return out;
	};
	const writeTo = (f: OpenFile, bytes: Uint8Array) => {
		const at = f.append ? f.data.length : f.pos;
		const end = at + bytes.length;
		if (end > f.data.length) {
			const grown = new Uint8Array(end);
			grown.set(f.data);
			f.data = grown;
		}
		f.data.set(bytes, at);
		f.pos = end;
		f.dirty = true;
	};
	const seek = (f: OpenFile, off: number, whence: number) => {
		const base = whence === SEEK.cur ? f.pos : whence === SEEK.end ? f.data.length : 0;
		f.pos = Math.max(0, base + off);
		f.eof = false;
		return 0;
	};

	// C stdio: FILE* is the open file itself.
	table.types.set('FILE', { name: 'FILE', methods: {}, ctype: () => ({ k: 'ptr', to: T.void }) });
	const fileOf = (v: Value) => (v instanceof OpenFile ? v : undefined);
	fns.set('fopen', (call) => {
		const path = textOf(call.args[0]) ?? '';
		const mode = textOf(call.args[1]) ?? 'r';
		const plus = mode.includes('+');
		const file = open(
			call,
			path,
			mode.startsWith('r') || plus,
			!mode.startsWith('r') || plus,
			mode.startsWith('a'),
			mode.startsWith('w'),
		);
		return file ?? null;
	});
	fns.set('fclose', (call) => {
		const f = fileOf(call.args[0]);
		if (f) flush(f);
		return f ? 0 : -1;
	});
	fns.set('fread', (call) => {
		const f = fileOf(call.args[3]);
		const size = Math.max(1, num(call.args[1]));
		if (!f) return 0;
		const bytes = readFrom(f, size * num(call.args[2]));
		writeBytes(call.rt, call.args[0], bytes);
		return Math.floor(bytes.length / size);
	});
	fns.set('fwrite', (call) => {
		const f = fileOf(call.args[3]);
		const size = Math.max(1, num(call.args[1]));
		if (!f?.writable) return 0;
		writeTo(f, readBytes(call.rt, call.args[0], size * num(call.args[2])));
		return num(call.args[2]);
	});
	fns.set('fseek', (call) => {
		const f = fileOf(call.args[0]);
		return f ? seek(f, num(call.args[1]), num(call.args[2])) : -1;
	});
	fns.set('ftell', (call) => fileOf(call.args[0])?.pos ?? -1);
	fns.set('rewind', (call) => {
		const f = fileOf(call.args[0]);
		if (f) seek(f, 0, SEEK.beg);
		return undefined;
	});
	fns.set('feof', (call) => (fileOf(call.args[0])?.eof ? 1 : 0));
	fns.set('fflush', (call) => {
		const f = fileOf(call.args[0]);
		if (f) flush(f);
		return 0;
	});
	const printf = fns.get('fprintf');
	fns.set('fprintf', (call) => {
		const f = fileOf(call.args[0]);
		if (!f) return printf ? printf(call) : 0;
		const text = formatPrintf(textOf(call.args[1]) ?? '', call.args.slice(2));
		writeTo(f, utf8(text));
		return text.length;
	});
	fns.set('fputs', (call) => {
		const f = fileOf(call.args[1]);
		if (f) writeTo(f, utf8(textOf(call.args[0]) ?? ''));
		else if (call.args[1] instanceof OStream)
			call.rt.write(
				call.args[1].channel === 'stderr' ? 'stderr' : 'stdout',
				textOf(call.args[0]) ?? '',
			);
		return 0;
	});
	fns.set('fgets', (call) => {
		const f = fileOf(call.args[2]);
		if (!f || f.pos >= f.data.length) return null;
		const limit = Math.max(0, num(call.args[1]) - 1);
		let end = f.pos;
		while (end < f.data.length && end - f.pos < limit && f.data[end - 1] !== 10) end++;
		const bytes = readFrom(f, end - f.pos);
		writeBytes(call.rt, call.args[0], Uint8Array.from([...bytes, 0]));
		return call.args[0];
	});
	table.constants.set('SEEK_SET', { value: SEEK.beg, type: T.i32 });
	table.constants.set('SEEK_CUR', { value: SEEK.cur, type: T.i32 });
	table.constants.set('SEEK_END', { value: SEEK.end, type: T.i32 });
	table.constants.set('EOF', { value: -1, type: T.i32 });

	// POSIX descriptors: 3 upward, as a fresh process gets them.
	const fds = new Map<number, OpenFile>();
	let nextFd = 3;
	for (const [name, value] of Object.entries(O)) table.constants.set(name, { value, type: T.i32 });
	for (const name of [
		'S_IRUSR',
		'S_IWUSR',
		'S_IXUSR',
		'S_IRWXU',
		'S_IRGRP',
		'S_IWGRP',
		'S_IROTH',
		'S_IWOTH',
		'S_IWRITE',
		'S_IREAD',
	])
		table.constants.set(name, { value: 0o600, type: T.i32 });
	for (const [name, value] of [
		['F_OK', 0],
		['R_OK', 4],
		['W_OK', 2],
		['X_OK', 1],
	] as const)
		table.constants.set(name, { value, type: T.i32 });
	fns.set('open', (call) => {
		const flags = num(call.args[1]);
		const mode = flags & 3;
		const file = open(
			call,
			textOf(call.args[0]) ?? '',
			mode !== O.O_WRONLY,
			mode !== O.O_RDONLY,
			(flags & O.O_APPEND) !== 0,
			(flags & O.O_TRUNC) !== 0,
		);
		if (!file) return -1;
		const fd = nextFd++;
		fds.set(fd, file);
		return fd;
	});
	fns.set('close', (call) => {
		const f = fds.get(num(call.args[0]));
		if (!f) return -1;
		flush(f);
		fds.delete(num(call.args[0]));
		return 0;
	});
	fns.set('read', (call) => {
		const f = fds.get(num(call.args[0]));
		if (!f) return -1;
		const bytes = readFrom(f, num(call.args[2]));
		writeBytes(call.rt, call.args[1], bytes);
		return bytes.length;
	});
	fns.set('write', (call) => {
		const f = fds.get(num(call.args[0]));
		if (!f?.writable) return -1;
		const bytes = readBytes(call.rt, call.args[1], num(call.args[2]));
		writeTo(f, bytes);
		return bytes.length;
	});
	fns.set('lseek', (call) => {
		const f = fds.get(num(call.args[0]));
		if (!f) return -1;
		seek(f, num(call.args[1]), num(call.args[2]));
		return f.pos;
	});
	// stat(): `struct stat` is an object with the members the program reads.
	table.types.set('stat', {
		name: 'stat',
		ctype: () => ({ k: 'sim', name: 'stat', targs: [] }),
		construct: () => new SimObject('stat', [], new Map<string, Value>()),
		methods: {},
		member: {
			get: (self, field) =>
				self instanceof SimObject && self.handle instanceof Map ? (self.handle.get(field) ?? 0) : 0,
			set: (self, field, v) =>
				void (self instanceof SimObject && self.handle instanceof Map && self.handle.set(field, v)),
		},
	});
	/** Fills the `struct stat` that `out` points to for a file or folder of `size` bytes. */
	const fillStat = (out: Value, kind: 'file' | 'dir', size: number) => {
		const target =
			out instanceof Ptr && isStore(out.base) ? out.base.load(0, T.unknown) : undefined;
		if (target instanceof SimObject && target.handle instanceof Map) {
			target.handle.set('st_mode', (kind === 'dir' ? S_IFDIR : S_IFREG) | 0o644);
			target.handle.set('st_size', kind === 'file' ? size : 4096);
		}
	};
	fns.set('stat', (call) => {
		const path = textOf(call.args[0]) ?? '';
		const kind = fs.kind(path);
		if (!kind) {
			missing(call, path);
			return -1;
		}
		fillStat(call.args[1], kind, fs.size(path) ?? 0);
		return 0;
	});
	// fstat(): the open file behind a descriptor, at its current length.
	fns.set('fstat', (call) => {
		const f = fds.get(num(call.args[0]));
		if (!f) return -1;
		fillStat(call.args[1], 'file', f.data.length);
		return 0;
	});
	fns.set('S_ISREG', (call) => ((num(call.args[0]) & S_IFMT) === S_IFREG ? 1 : 0));
	fns.set('S_ISDIR', (call) => ((num(call.args[0]) & S_IFMT) === S_IFDIR ? 1 : 0));
	fns.set('access', (call) => {
		const path = textOf(call.args[0]) ?? '';
		if (fs.kind(path)) return 0;
		missing(call, path);
		return -1;
	});
	fns.set('mkdir', (call) => (fs.mkdir(textOf(call.args[0]) ?? '') ? 0 : -1));
	fns.set('remove', (call) => (fs.remove(textOf(call.args[0]) ?? '') ? 0 : -1));
	fns.set('unlink', fns.get('remove')!);
	fns.set('realpath', (call) => textOf(call.args[0]));
	fns.set('getcwd', (call) => call.args[0]);

	// C++ file streams.
	const streamFile = (v: Value) => {
		const s = asStream(v);
		return s instanceof FileStream ? s : undefined;
	};
	const openStream = (
		call: NativeCall,
		s: FileStream,
		path: string,
		mode: number,
		kind: 'in' | 'out' | 'both',
	) => {
		// An ifstream always reads and an ofstream always writes, whatever else the mode says
		// (`std::ios::binary` alone opens an ifstream for reading).
		const m =
			kind === 'in' ? mode | IOS.in : kind === 'out' ? mode | IOS.out : mode || IOS.in | IOS.out;
		const read = (m & IOS.in) !== 0;
		const write = (m & (IOS.out | IOS.app)) !== 0;
		const file = open(
			call,
			path,
			read,
			write,
			(m & IOS.app) !== 0,
			write && !read ? (m & IOS.app) === 0 : (m & IOS.trunc) !== 0,
		);
		s.file = file;
		s.ok = file !== undefined;
		if (file && (m & IOS.ate) !== 0) file.pos = file.data.length;
	};
	const streams = table.types.get(STREAM_TYPE)!;
	const m = streams.methods as Record<string, (self: Value, call: NativeCall) => Value>;
	const destroy = (self: Value) => {
		const s = streamFile(self);
		if (s) flushStream(s);
	};
	for (const [name, kind] of [
		['ifstream', 'in'],
		['ofstream', 'out'],
		['fstream', 'both'],
	] as const) {
		table.types.set(name, {
			name,
			ctype: () => ({ k: 'sim', name, targs: [] }),
			construct: (call) => {
				const s = new FileStream(kind);
				if (call.args.length > 0)
					openStream(call, s, textOf(call.args[0]) ?? '', num(call.args[1]), kind);
				return new SimObject(name, [], s);
			},
			methods: m,
			returns: STREAM_RETURNS,
			stream: true,
			destroy,
		});
	}
	const flushStream = (s: FileStream) => {
		if (s.file && s.text) {
			const f = s.file;
			const bytes = utf8(s.text);
			s.text = '';
			const at = f.append ? f.data.length : f.pos;
			const grown = new Uint8Array(Math.max(f.data.length, at + bytes.length));
			grown.set(f.data);
			grown.set(bytes, at);
			f.data = grown;
			f.pos = at + bytes.length;
			f.dirty = true;
		}
		if (s.file) flush(s.file);
	};
	m['open'] = (self, call) => {
		const s = streamFile(self);
		if (s) openStream(call, s, textOf(call.args[0]) ?? '', num(call.args[1]), s.kind);
		return undefined;
	};
	m['is_open'] = (self) => (streamFile(self)?.file ? 1 : 0);
	m['close'] = (self) => {
		const s = streamFile(self);
		if (s) {
			flushStream(s);
			s.file = undefined;
		}
		return undefined;
	};
	m['read'] = (self, call) => {
		const s = streamFile(self);
		if (!s?.file) return self;
		const bytes = readFrom(s.file, num(call.args[1]));
		s.lastRead = bytes.length;
		if (bytes.length < num(call.args[1])) s.ok = false;
		writeBytes(call.rt, call.args[0], bytes);
		return self;
	};
	m['write'] = (self, call) => {
		const s = streamFile(self);
		if (s?.file) {
			flushStream(s);
			writeTo(s.file, readBytes(call.rt, call.args[0], num(call.args[1])));
		}
		return self;
	};
	m['gcount'] = (self) => streamFile(self)?.lastRead ?? 0;
	const seekg = (self: Value, call: NativeCall) => {
		const s = streamFile(self);
		if (s?.file)
			seek(s.file, num(call.args[0]), call.args.length > 1 ? num(call.args[1]) : SEEK.beg);
		if (s) s.ok = true;
		return self;
	};
	m['seekg'] = seekg;
	m['seekp'] = seekg;
	m['tellg'] = (self) => streamFile(self)?.file?.pos ?? -1;
	m['tellp'] = (self) => streamFile(self)?.file?.pos ?? -1;
	// rdbuf() is the stream itself: pubseekoff/pubseekpos/sgetn/sputn act on its file.
	m['rdbuf'] = (self) => self;
	m['pubseekoff'] = (self, call) => {
		const s = streamFile(self);
		if (!s?.file) return -1;
		seek(s.file, num(call.args[0]), num(call.args[1]));
		return s.file.pos;
	};
	m['pubseekpos'] = (self, call) => {
		const s = streamFile(self);
		if (!s?.file) return -1;
		seek(s.file, num(call.args[0]), SEEK.beg);
		return s.file.pos;
	};
	m['sgetn'] = (self, call) => {
		const s = streamFile(self);
		if (!s?.file) return 0;
		const bytes = readFrom(s.file, num(call.args[1]));
		writeBytes(call.rt, call.args[0], bytes);
		return bytes.length;
	};
	m['sputn'] = (self, call) => {
		const s = streamFile(self);
		if (!s?.file) return 0;
		const bytes = readBytes(call.rt, call.args[0], num(call.args[1]));
		writeTo(s.file, bytes);
		return bytes.length;
	};
	// Every stream class inherits the open modes and seek directions of `ios_base`, so
	// `std::ifstream::binary` and `file.end` name them as well as `std::ios::binary`.
	for (const owner of IOS_OWNERS)
		for (const [name, value] of Object.entries(IOS_CONSTANTS))
			table.constants.set(`${owner}::${name}`, { value, type: T.i32 });
	for (const owner of IOS_OWNERS) {
		const t = table.types.get(owner);
		if (t) table.types.set(owner, { ...t, fields: { ...t.fields, ...IOS_FIELDS } });
	}
	table.types.set('filebuf', {
		name: 'filebuf',
		ctype: () => ({ k: 'sim', name: STREAM_TYPE, targs: [] }),
		methods: m,
		stream: true,
	});
	table.types.set('streampos', { name: 'streampos', ctype: () => T.i64, methods: {} });
	table.types.set('streamsize', { name: 'streamsize', ctype: () => T.i64, methods: {} });
	// std::getline(stream, line): the line without its '\n'; false at the end.
	fns.set('getline', (call) => {
		const s = asStream(call.args[0]);
		const target = call.args[1];
		let line: string | undefined;
		if (s instanceof FileStream && s.file) {
			const f = s.file;
			if (f.pos < f.data.length) {
				let end = f.pos;
				while (end < f.data.length && f.data[end] !== 10) end++;
				line = String.fromCharCode(...f.data.subarray(f.pos, Math.min(end, f.pos + 65536)));
				f.pos = Math.min(f.data.length, end + 1);
			}
		} else if (s && s.channel === 'text') {
			if (s.readAt < s.text.length) {
				const nl = s.text.indexOf('\n', s.readAt);
				const end = nl < 0 ? s.text.length : nl;
				line = s.text.slice(s.readAt, end);
				s.readAt = end + 1;
			}
		}
		if (line === undefined) {
			if (s) s.ok = false;
			return call.args[0];
		}
		if (target instanceof Ptr && isStore(target.base))
			target.base.store(target.offset, STRING_TYPE, line.replace(/\r$/, ''));
		return call.args[0];
	});
	table.refArgs.set('getline', [1]);
	// The samples' data_utils.h helpers (helper-conventions.ts reports the assumption).
	fns.set('ReadFile', (call) => {
		const path = textOf(call.args[0]) ?? '';
		const bytes = fs.read(path);
		if (!bytes) {
			missing(call, path);
			// What the samples' data_utils.h prints when stat() finds no file.
			call.rt.write('stdout', '[ERROR]  failed to get file\n');
			return 0;
		}
		const size = call.args[1];
		if (size instanceof Ptr && isStore(size.base))
			size.base.store(size.offset, T.u64, bytes.length);
		writeBytes(call.rt, call.args[2], bytes.subarray(0, num(call.args[3]) || bytes.length));
		return 1;
	});
	table.refArgs.set('ReadFile', [1]);
	fns.set('WriteFile', (call) => {
		const path = textOf(call.args[0]) ?? '';
		noteWrite(call, fs.resolve(path));
		fs.write(path, readBytes(call.rt, call.args[1], num(call.args[2])), false);
		return 1;
	});
	void env;
}
