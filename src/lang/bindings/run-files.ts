/**
 * The files the processes of one run share, and the C stdio calls that reach them: `fopen`,
 * `fwrite`, `fread`, `fclose`, `access` and `remove`. One process writes a file and a later one
 * (another rank) reads it, which is how ranks hand over a root info. The bytes move through
 * ByteRefs (byte-refs.ts): C arrays, structs whose first field is an array, host buffers.
 *
 * This is the smallest piece the ranks need; the program file system of the interpreter (given
 * data files, C++ streams, POSIX calls) supersedes it.
 */
import { langDiagnostic } from '../diagnostics.ts';
import { T } from '../types.ts';
import { SimObject, type Value } from '../values.ts';
import { num } from './args.ts';
import type { BindingTable } from './binding.ts';
import { byteRefOf } from './byte-refs.ts';
import type { SimEnv } from './sim-env.ts';

/** The files of one run, by path as the program wrote it. */
export class RunFiles {
	readonly #files = new Map<string, Uint8Array>();

	/** The bytes of `path`, or undefined. */
	read(path: string): Uint8Array | undefined {
		return this.#files.get(path);
	}

	/** Replaces the file at `path`. */
	write(path: string, bytes: Uint8Array): void {
		this.#files.set(path, bytes);
	}

	/** Removes `path`; false when there was none. */
	remove(path: string): boolean {
		return this.#files.delete(path);
	}
}

/** An open FILE: its path, mode and position. */
class OpenFile {
	readonly path: string;
	readonly writing: boolean;
	data: Uint8Array;
	pos = 0;
	constructor(path: string, writing: boolean, data: Uint8Array) {
		this.path = path;
		this.writing = writing;
		this.data = data;
	}
}

/** Bytes a single fread or fwrite moves at most (illustrative: keeps a hostile size small). */
const MAX_IO_BYTES = 16 << 20;

function fileOf(v: Value): OpenFile | undefined {
	return v instanceof SimObject && v.handle instanceof OpenFile ? v.handle : undefined;
}

/** Adds the stdio calls over `files` to `table`. */
export function addRunFileBindings(table: BindingTable, env: SimEnv, files: RunFiles): void {
	const fns = table.functions;
	const reported = new Set<string>();
	table.types.set('FILE', {
		name: 'FILE',
		methods: {},
		ctype: () => ({ k: 'sim', name: 'FILE', targs: [] }),
	});
	fns.set('fopen', (call) => {
		const path = typeof call.args[0] === 'string' ? call.args[0] : '';
		const mode = typeof call.args[1] === 'string' ? call.args[1] : 'r';
		const writing = mode.startsWith('w') || mode.startsWith('a');
		const old = files.read(path);
		if (!writing && !old) {
			// A data file the program expects but no process of the run wrote.
			if (!reported.has(path)) {
				reported.add(path);
				call.rt.recorder.diagnostic(
					langDiagnostic('file-io-simulated', call.span, { name: 'fopen' }),
				);
			}
			return null;
		}
		const data = mode.startsWith('a') && old ? old : writing ? new Uint8Array(0) : old!;
		if (writing) files.write(path, data);
		return new SimObject('FILE', [], new OpenFile(path, writing, data));
	});
	fns.set('fwrite', (call) => {
		const f = fileOf(call.args[3]);
		const ref = byteRefOf(call.args[0], call.rt.memory);
		if (!f || !f.writing || !ref) return 0;
		const size = num(call.args[1]);
		const count = num(call.args[2]);
		const n = Math.min(MAX_IO_BYTES, Math.max(0, size * count));
		const bytes = ref.read(n);
		const next = new Uint8Array(f.data.length + n);
		next.set(f.data);
		next.set(bytes, f.data.length);
		f.data = next;
		files.write(f.path, next);
		return size > 0 ? Math.floor(n / size) : 0;
	});
	fns.set('fread', (call) => {
		const f = fileOf(call.args[3]);
		const ref = byteRefOf(call.args[0], call.rt.memory);
		if (!f || f.writing || !ref) return 0;
		const size = num(call.args[1]);
		const count = num(call.args[2]);
		const n = Math.min(MAX_IO_BYTES, Math.max(0, size * count), f.data.length - f.pos);
		ref.write(f.data.subarray(f.pos, f.pos + n));
		f.pos += n;
		return size > 0 ? Math.floor(n / size) : 0;
	});
	fns.set('fclose', (call) => (fileOf(call.args[0]) ? 0 : -1));
	fns.set('access', (call) =>
		typeof call.args[0] === 'string' && files.read(call.args[0]) ? 0 : -1,
	);
	fns.set('remove', (call) =>
		typeof call.args[0] === 'string' && files.remove(call.args[0]) ? 0 : -1,
	);
	table.constants.set('F_OK', { value: 0, type: T.i32 });
	table.constants.set('R_OK', { value: 4, type: T.i32 });
}
