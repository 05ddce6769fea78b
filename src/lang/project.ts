/**
 * A program's files as the interpreter sees them: which ones are compiled and linked
 * (translation units), which ones `#include` can reach (headers, in the including file's
 * folder, among the given files or in an include folder) and which ones the program may read
 * (data files). Paths are relative to the program's root with `/` separators; `..` and `.`
 * segments are resolved, so `./input/x.bin` and `input/x.bin` name one file.
 *
 * Invariant: `files` has one entry per normalised path (a later file with the same path
 * replaces an earlier one), and the first file of the request is always a translation unit.
 */
import type { ProgramFile, RunRequest } from '../sim/run-request.ts';

/** Extensions of files that are compiled as translation units when given with a program. */
export const SOURCE_EXTENSIONS: readonly string[] = ['.cpp', '.cc', '.cxx', '.c', '.asc'];

/** Extensions of files that are read only through `#include`. */
export const HEADER_EXTENSIONS: readonly string[] = ['.h', '.hpp', '.hh', '.hxx', '.inc', '.inl'];

/** How deep `#include` may nest before the preprocessor stops following it. */
export const MAX_INCLUDE_DEPTH = 32;

/** What one file of the program is for. */
export type FileRole = 'source' | 'header' | 'data';

/** A normalised file of the program. */
export interface ProjectFile {
	readonly path: string;
	readonly text: string;
	readonly bytes: Uint8Array | undefined;
	/** The size of a data file whose contents were too large to carry. */
	readonly size: number | undefined;
	readonly role: FileRole;
}

/** The role a path's extension gives it. */
export function roleOf(path: string): FileRole {
	const dot = path.lastIndexOf('.');
	const ext = dot > path.lastIndexOf('/') ? path.slice(dot).toLowerCase() : '';
	if (SOURCE_EXTENSIONS.includes(ext)) return 'source';
	if (HEADER_EXTENSIONS.includes(ext)) return 'header';
	return 'data';
}

/**
 * `path` with `\` turned into `/`, `.` segments and repeated separators dropped and `..` applied
 * (a `..` above the root is kept, so it never matches a given file by accident).
 */
export function normalizePath(path: string): string {
	const out: string[] = [];
	for (const part of path.replace(/\\/g, '/').split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
		else out.push(part);
	}
	return out.join('/');
}

/** The folder part of a normalised path (`''` for a file at the root). */
export function dirOf(path: string): string {
	const slash = path.lastIndexOf('/');
	return slash < 0 ? '' : path.slice(0, slash);
}

function join(dir: string, name: string): string {
	return normalizePath(dir ? `${dir}/${name}` : name);
}

/** See the file comment. */
export class Project {
	/** Every file by normalised path, in the order given. */
	readonly files = new Map<string, ProjectFile>();
	/** The path of the request's first file. */
	readonly entry: string;
	/** Include folders (`-I`), normalised. */
	readonly includeDirs: readonly string[];
	/** Whether the program came as more than one file (diagnostics then name their file). */
	readonly multiFile: boolean;

	constructor(request: Pick<RunRequest, 'source' | 'fileName' | 'files' | 'includeDirs'>) {
		this.entry = normalizePath(request.fileName ?? 'main.cpp') || 'main.cpp';
		this.#add({ path: this.entry, text: request.source });
		for (const f of request.files ?? []) this.#add(f);
		this.includeDirs = (request.includeDirs ?? []).map(normalizePath);
		this.multiFile = this.files.size > 1;
	}

	#add(f: ProgramFile): void {
		const path = normalizePath(f.path);
		if (!path) return;
		const role = path === this.entry ? 'source' : roleOf(path);
		this.files.set(path, {
			path,
			text: typeof f.text === 'string' ? f.text : '',
			bytes: f.bytes,
			size: f.size,
			role,
		});
	}

	/** The translation units: the entry first, then every other source file in the given order. */
	units(): ProjectFile[] {
		const entry = this.files.get(this.entry)!;
		return [entry, ...[...this.files.values()].filter((f) => f !== entry && f.role === 'source')];
	}

	/**
	 * The file `#include "name"` (or `<name>`) in `from` names: for quotes, the including file's
	 * folder first; then the given files whose path ends in `name` (the shortest such path, then
	 * the first in order); then each include folder. Data files are never included.
	 */
	resolveInclude(name: string, from: string, angled: boolean): ProjectFile | undefined {
		const wanted = normalizePath(name);
		if (!wanted || wanted.startsWith('..') || name.startsWith('/')) {
			return this.#includable(normalizePath(name.replace(/^\/+/, '')));
		}
		if (!angled) {
			const local = this.#includable(join(dirOf(from), name));
			if (local) return local;
		}
		const exact = this.#includable(wanted);
		if (exact) return exact;
		let best: ProjectFile | undefined;
		for (const f of this.files.values()) {
			if (f.role === 'data' || !f.path.endsWith(`/${wanted}`)) continue;
			if (!best || f.path.length < best.path.length) best = f;
		}
		if (best) return best;
		for (const dir of this.includeDirs) {
			const found = this.#includable(join(dir, name));
			if (found) return found;
		}
		return undefined;
	}

	#includable(path: string): ProjectFile | undefined {
		const f = this.files.get(path);
		return f && f.role !== 'data' ? f : undefined;
	}

	/**
	 * The file a program's own read of `path` opens: the file at that path from the root, else
	 * the one given file whose path ends in it (reads such as `../input/x.bin` from a build
	 * folder still find `input/x.bin`). Undefined when no given file matches.
	 */
	findData(path: string): ProjectFile | undefined {
		const wanted = normalizePath(path).replace(/^(\.\.\/)+/, '');
		if (!wanted) return undefined;
		const exact = this.files.get(wanted);
		if (exact) return exact;
		let best: ProjectFile | undefined;
		for (const f of this.files.values()) {
			if (!f.path.endsWith(`/${wanted}`)) continue;
			if (!best || f.path.length < best.path.length) best = f;
		}
		return best;
	}
}
