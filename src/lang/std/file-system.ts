/**
 * The files a running program sees: the data files given with it (read only), the files it
 * writes (kept as the run's output files, readable again later in the run), and the folders
 * both imply, plus those it makes. Paths are normalised as in {@link Project}; the program's
 * working folder is the root of its files.
 *
 * Invariants: a path is a file or a folder, never both; a written file shadows a given one of
 * the same path from its first write on.
 */
import { normalizePath, type Project } from '../project.ts';

/** A file the program wrote, for the trace. */
export interface OutputFile {
	path: string;
	bytes: Uint8Array;
}

/** UTF-8 bytes of a text (the pure core has no TextEncoder). */
export function utf8(text: string): Uint8Array {
	const out: number[] = [];
	for (const ch of text) {
		let c = ch.codePointAt(0)!;
		if (c < 0x80) out.push(c);
		else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
		else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
		else {
			c = Math.min(c, 0x10ffff);
			out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
		}
	}
	return Uint8Array.from(out);
}

/** The largest file the program may write, in bytes (illustrative; keeps a runaway loop small). */
export const MAX_OUTPUT_BYTES = 32 << 20;

/** See the file comment. */
export class ProgramFileSystem {
	readonly #project: Project;
	readonly #written = new Map<string, Uint8Array>();
	readonly #dirs = new Set<string>();
	/** Given files the program removed (a written file is simply dropped). */
	readonly #removed = new Set<string>();
	#cache = new Map<string, Uint8Array>();

	constructor(project: Project) {
		this.#project = project;
	}

	/** The normalised path, without a leading `/` (absolute paths are read from the root). */
	resolve(path: string): string {
		return normalizePath(path.replace(/^\/+/, ''));
	}

	/** The contents of the file at `path`, or undefined when there is none. */
	read(path: string): Uint8Array | undefined {
		const p = this.resolve(path);
		const written = this.#written.get(p);
		if (written) return written;
		if (this.#removed.has(p)) return undefined;
		const cached = this.#cache.get(p);
		if (cached) return cached;
		const f = this.#project.findData(p);
		if (!f) return undefined;
		const bytes = f.bytes ?? (f.size === undefined ? utf8(f.text) : new Uint8Array(0));
		this.#cache.set(p, bytes);
		return bytes;
	}

	/** What `path` is: a file, a folder, or nothing. */
	kind(path: string): 'file' | 'dir' | undefined {
		const p = this.resolve(path);
		if (p === '' || this.#dirs.has(p)) return 'dir';
		if (this.#written.has(p) || (!this.#removed.has(p) && this.#project.findData(p))) return 'file';
		const prefix = `${p}/`;
		for (const f of this.#project.files.keys())
			if (f.startsWith(prefix) || f.includes(`/${prefix}`)) return 'dir';
		for (const f of this.#written.keys()) if (f.startsWith(prefix)) return 'dir';
		return undefined;
	}

	/** The size of the file at `path` in bytes, or undefined. */
	size(path: string): number | undefined {
		const p = this.resolve(path);
		if (!this.#written.has(p)) {
			const f = this.#project.findData(p);
			if (f?.size !== undefined && !f.bytes) return f.size;
		}
		return this.read(p)?.length;
	}

	/** Makes the folder `path`; false when a file is there. */
	mkdir(path: string): boolean {
		const p = this.resolve(path);
		if (this.kind(p) === 'file') return false;
		this.#dirs.add(p);
		return true;
	}

	/** Replaces (or, with `append`, extends) the file at `path` with `bytes`. */
	write(path: string, bytes: Uint8Array, append: boolean): void {
		const p = this.resolve(path);
		const old = append ? (this.read(p) ?? new Uint8Array(0)) : new Uint8Array(0);
		const room = Math.max(0, MAX_OUTPUT_BYTES - old.length);
		const next = new Uint8Array(old.length + Math.min(room, bytes.length));
		next.set(old);
		next.set(bytes.subarray(0, Math.min(room, bytes.length)), old.length);
		this.#written.set(p, next);
		this.#removed.delete(p);
	}

	/** Removes the file at `path` (`remove`, `unlink`); false when there is none. */
	remove(path: string): boolean {
		const p = this.resolve(path);
		if (this.#written.delete(p)) return true;
		if (this.#removed.has(p) || !this.#project.findData(p)) return false;
		this.#removed.add(p);
		return true;
	}

	/** The files the program wrote, by path. */
	outputs(): OutputFile[] {
		return [...this.#written].map(([path, bytes]) => ({ path, bytes }));
	}
}
