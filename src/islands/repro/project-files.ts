/**
 * The files of a program in the widget: the scenario's own file first (it cannot be renamed or
 * deleted: the scenario names it), then any headers, further source files and text data files
 * the reader adds. Pure list operations, so the island only renders the result; every refusal is
 * a reason the island turns into a message in the reader's language.
 */
import type { ProgramFile } from '../../sim/run-request.ts';

/** One file of the program as the widget holds it. */
export interface WidgetFile {
	/** Path relative to the program's folder, `/`-separated: `main.cpp`, `inc/utils.h`, `input_x.txt`. */
	path: string;
	text: string;
}

/** Most files one program may have in the widget (and in a share link). */
export const MAX_WIDGET_FILES = 16;

/** Longest file path accepted, in characters. */
export const MAX_FILE_PATH_CHARS = 100;

/** A path of folders and names made of letters, digits, `_`, `-` and `.`; no `..`, no leading `/`. */
export const FILE_PATH_PATTERN = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.-]+(?:\/[\w.-]+)*$/;

/** Why a file name was refused. */
export type FileNameProblem = 'empty' | 'invalid' | 'taken' | 'too-many';

/** Why `path` cannot name a file among `files` (ignoring the file at `except`), if it cannot. */
export function fileNameProblem(
	files: readonly WidgetFile[],
	path: string,
	except?: number,
): FileNameProblem | undefined {
	if (path === '') return 'empty';
	if (path.length > MAX_FILE_PATH_CHARS || !FILE_PATH_PATTERN.test(path)) return 'invalid';
	if (files.some((f, i) => i !== except && f.path === path)) return 'taken';
	if (except === undefined && files.length >= MAX_WIDGET_FILES) return 'too-many';
	return undefined;
}

/** The result of a change to the file list: the new list, or why it was refused. */
export type FilesChange =
	{ ok: true; files: WidgetFile[]; active: number } | { ok: false; problem: FileNameProblem };

/** Adds an empty file named `path` at the end; it becomes the active file. */
export function addFile(files: readonly WidgetFile[], path: string): FilesChange {
	const name = path.trim();
	const problem = fileNameProblem(files, name);
	if (problem) return { ok: false, problem };
	return { ok: true, files: [...files, { path: name, text: '' }], active: files.length };
}

/** Renames the file at `index` (never the first: the scenario names it). */
export function renameFile(files: readonly WidgetFile[], index: number, path: string): FilesChange {
	const name = path.trim();
	if (index <= 0 || index >= files.length) return { ok: false, problem: 'invalid' };
	const problem = fileNameProblem(files, name, index);
	if (problem) return { ok: false, problem };
	return {
		ok: true,
		files: files.map((f, i) => (i === index ? { ...f, path: name } : f)),
		active: index,
	};
}

/** Deletes the file at `index` (never the first); the file before it becomes active. */
export function deleteFile(files: readonly WidgetFile[], index: number): FilesChange {
	if (index <= 0 || index >= files.length) return { ok: false, problem: 'invalid' };
	return { ok: true, files: files.filter((_, i) => i !== index), active: index - 1 };
}

/** Replaces the text of the file at `index`. */
export function withText(files: readonly WidgetFile[], index: number, text: string): WidgetFile[] {
	return files.map((f, i) => (i === index ? { ...f, text } : f));
}

/** The files after the first, as the run request carries them. */
export function extraProgramFiles(files: readonly WidgetFile[]): ProgramFile[] {
	return files.slice(1).map((f) => ({ path: f.path, text: f.text }));
}

/**
 * Whether a diagnostic (or step) that names `file` belongs in the editor showing `path`: a
 * position without a file is in the first file (a program of one file names none).
 */
export function isInFile(file: string | undefined, path: string, first: boolean): boolean {
	return file === undefined ? first : file === path;
}
