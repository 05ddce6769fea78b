/**
 * Reads a program from disk for `casebook sim PATH… [-I DIR] [--input NAME=FILE]`: every file
 * named, every file under a folder named (sources, headers and data), the headers under each
 * include folder, and the extra inputs, as the {@link ProgramFile}s of a run request with paths
 * relative to the folder they all share. Node only.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { roleOf } from '../lang/project.ts';
import type { ProgramFile } from '../sim/run-request.ts';

/** Files read from one folder tree at most (a program, not a disk). */
export const MAX_PROGRAM_FILES = 2000;

/** Bytes read of one data file; a larger file is given by its size only (its reads fail). */
export const MAX_DATA_BYTES = 64 << 20;

/** Bytes of one source or header file. */
export const MAX_SOURCE_BYTES = 8 << 20;

/** Folders a folder walk never enters. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.svn', '.hg', '__pycache__']);

/** A program read from disk. */
export interface ProgramOnDisk {
	/** The folder every path is relative to. */
	root: string;
	/** The first file (the entry): the first PATH, or the source file with `main` in a folder. */
	entry: ProgramFile;
	/** Every other file. */
	files: ProgramFile[];
	/** The include folders, relative to `root`. */
	includeDirs: string[];
}

/** An extra input: the program reads `name`, the bytes come from `file`. */
export interface InputFile {
	name: string;
	file: string;
}

/** Why reading failed: the path and the system's error code. */
export class ProgramReadError extends Error {
	readonly path: string;
	constructor(path: string, reason: string) {
		super(`cannot read ${path}: ${reason}`);
		this.path = path;
	}
}

/** Reads `paths` (files or folders), `includeDirs` and `inputs`; see the file comment. */
export async function readProgram(
	paths: readonly string[],
	includeDirs: readonly string[] = [],
	inputs: readonly InputFile[] = [],
): Promise<ProgramOnDisk> {
	const found: Array<{ abs: string; role: ReturnType<typeof roleOf>; fromDir: boolean }> = [];
	const dirs: string[] = [];
	for (const p of paths) {
		const abs = resolve(p);
		const kind = await kindOf(abs, p);
		if (kind === 'dir') {
			dirs.push(abs);
			for (const f of await walk(abs, () => true))
				found.push({ abs: f, role: roleOf(f), fromDir: true });
		} else found.push({ abs, role: roleOf(abs), fromDir: false });
	}
	const incAbs = includeDirs.map((d) => resolve(d));
	for (const [i, d] of incAbs.entries()) {
		if ((await kindOf(d, includeDirs[i]!)) !== 'dir')
			throw new ProgramReadError(includeDirs[i]!, 'not a folder');
		for (const f of await walk(d, (f) => roleOf(f) === 'header'))
			found.push({ abs: f, role: 'header', fromDir: true });
	}
	const root = commonDir([
		...found.filter((f) => !f.fromDir).map((f) => dirname(f.abs)),
		...dirs,
		...incAbs,
	]);
	const rel = (abs: string) => relative(root, abs).split(sep).join('/');
	const seen = new Set<string>();
	const files: ProgramFile[] = [];
	for (const f of found) {
		if (seen.has(f.abs)) continue;
		seen.add(f.abs);
		files.push(await readOne(f.abs, rel(f.abs), f.role !== 'data'));
	}
	for (const input of inputs) {
		const shown = `--input ${input.name}=${input.file}`;
		const file = await readOne(resolve(input.file), input.name, false).catch((error: unknown) => {
			throw error instanceof ProgramReadError
				? new ProgramReadError(shown, error.message.slice(error.message.lastIndexOf(': ') + 2))
				: error;
		});
		files.push(file);
	}
	const entryIndex = pickEntry(paths.length > 0 && !dirs.includes(resolve(paths[0]!)), files);
	if (entryIndex < 0) throw new ProgramReadError(paths.join(' '), 'no C++ source file there');
	const [entry] = files.splice(entryIndex, 1);
	return { root, entry: entry!, files, includeDirs: incAbs.map(rel) };
}

async function kindOf(abs: string, shown: string): Promise<'file' | 'dir'> {
	try {
		const s = await stat(abs);
		return s.isDirectory() ? 'dir' : 'file';
	} catch (error) {
		throw new ProgramReadError(shown, (error as NodeJS.ErrnoException).code ?? String(error));
	}
}

async function walk(dir: string, keep: (file: string) => boolean): Promise<string[]> {
	const out: string[] = [];
	const queue = [dir];
	while (queue.length > 0 && out.length < MAX_PROGRAM_FILES) {
		const d = queue.shift()!;
		const entries = await readdir(d, { withFileTypes: true });
		entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		for (const e of entries) {
			const p = join(d, e.name);
			if (e.isDirectory()) {
				if (!SKIPPED_DIRS.has(e.name) && !e.name.startsWith('.')) queue.push(p);
			} else if (e.isFile() && keep(p) && out.length < MAX_PROGRAM_FILES) out.push(p);
		}
	}
	return out;
}

async function readOne(abs: string, path: string, asText: boolean): Promise<ProgramFile> {
	try {
		const s = await stat(abs);
		if (asText) {
			if (s.size > MAX_SOURCE_BYTES)
				throw new ProgramReadError(path, `larger than ${MAX_SOURCE_BYTES} bytes`);
			return { path, text: await readFile(abs, 'utf8') };
		}
		if (s.size > MAX_DATA_BYTES) return { path, text: '', size: s.size };
		return { path, text: '', bytes: new Uint8Array(await readFile(abs)) };
	} catch (error) {
		if (error instanceof ProgramReadError) throw error;
		throw new ProgramReadError(path, (error as NodeJS.ErrnoException).code ?? String(error));
	}
}

/** The entry: the first file named, else the first source file with `main`, else any source. */
function pickEntry(firstIsFile: boolean, files: readonly ProgramFile[]): number {
	if (firstIsFile && files.length > 0) return 0;
	const sources = files.map((f, i) => [f, i] as const).filter(([f]) => roleOf(f.path) === 'source');
	const withMain = sources.find(([f]) => /\bmain\s*\(/.test(f.text));
	return (withMain ?? sources[0])?.[1] ?? -1;
}

/** The deepest folder that holds every one of `dirs`. */
function commonDir(dirs: readonly string[]): string {
	if (dirs.length === 0) return process.cwd();
	let common = dirs[0]!.split(sep);
	for (const d of dirs.slice(1)) {
		const parts = d.split(sep);
		let i = 0;
		while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
		common = common.slice(0, i);
	}
	return common.join(sep) || sep;
}
