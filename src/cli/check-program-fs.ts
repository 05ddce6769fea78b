/**
 * Reads the program `casebook check PATH…` runs, as the {@link CheckProgram} every cell shares,
 * and says how a file named by a finding is shown (the path as given on the command line, so
 * editors, SARIF viewers and CI annotations find it). Node only.
 *
 * One helper on purpose: today a program is one source file; when several files and folders
 * are read for `casebook sim PATH…`, this is the one place `check` switches to that loader.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { CheckProgram } from '../check/check-run.ts';

/** A program read from disk, with how its file names are shown. */
export interface CheckProgramOnDisk {
	program: CheckProgram;
	/** The path to show for a file a finding names (as the run named it). */
	displayPath(file: string): string;
}

/** Why a program could not be read, worded for the command line. */
export class CheckProgramError extends Error {}

/** Reads `paths` (today: exactly one source file). */
export async function readCheckProgram(paths: readonly string[]): Promise<CheckProgramOnDisk> {
	if (paths.length === 0) throw new CheckProgramError('PATH is missing.');
	if (paths.length > 1) {
		throw new CheckProgramError(
			`one source file for now, got ${paths.length} (${paths.join(', ')}); a program of several files is checked once casebook sim reads several.`,
		);
	}
	const path = paths[0]!;
	let source: string;
	try {
		source = await readFile(path, 'utf8');
	} catch (error) {
		const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
		throw new CheckProgramError(`cannot read ${path}: ${reason}`);
	}
	const fileName = basename(path);
	return {
		program: { source, fileName },
		displayPath: (file) => (file === fileName ? path : file),
	};
}
