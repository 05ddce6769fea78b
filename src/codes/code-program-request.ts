/**
 * The run request of a program that reproduces a code: the program, its product and mode, the
 * CANN version, the machine (ranks, devices, environment, unusable cards), the actions, and the
 * other programs those actions start, read from beside the program. Everything that runs a
 * code's reproduction (the verified-codes test, the CLI, the pages) builds it here, so they all
 * run the same machine. Pure: the caller gives the file reader.
 */
import type { RunRequest } from '../sim/run-request.ts';
import type { CodeProgram } from './schema.ts';

/** The folder part of a repository-relative path, with its trailing slash (`''` for none). */
function folderOf(file: string): string {
	return file.slice(0, file.lastIndexOf('/') + 1);
}

/** The other programs `program`'s actions start (`run` with `program:`), by file name. */
export function otherProgramNames(program: Pick<CodeProgram, 'actions'>): string[] {
	const names = new Set<string>();
	for (const action of program.actions ?? [])
		if (action.do === 'run' && action.program) names.add(action.program);
	return [...names];
}

/**
 * The request that runs `program` as `casebook sim` would. `read` returns the text of a
 * repository-relative file (the program, and the programs its actions name, which sit beside it).
 */
export function codeProgramRequest(
	program: CodeProgram,
	read: (file: string) => string,
): RunRequest {
	const folder = folderOf(program.file);
	const others = otherProgramNames(program);
	return {
		source: read(program.file),
		fileName: program.file.slice(folder.length),
		product: program.product,
		mode: program.mode,
		...(program.cann ? { cann: program.cann } : {}),
		...(program.actions ? { actions: program.actions } : {}),
		...(program.ranks ? { ranks: program.ranks } : {}),
		...(program.devices ? { deviceCount: program.devices } : {}),
		...(program.env ? { env: program.env } : {}),
		...(program.unusableDevices ? { unusableDevices: program.unusableDevices } : {}),
		...(program.files
			? { files: program.files.map((name) => ({ path: name, text: read(folder + name) })) }
			: {}),
		...(others.length > 0
			? { programs: Object.fromEntries(others.map((name) => [name, read(folder + name)])) }
			: {}),
	};
}

/**
 * Whether a playground share link carries everything `program` needs (it carries the program,
 * product, mode, ranks and plain actions, not a CANN version, devices, environment, unusable
 * cards, data files or the other programs an action starts).
 */
export function playgroundCarries(program: CodeProgram): boolean {
	return (
		!program.cann &&
		!program.devices &&
		!program.env &&
		!program.unusableDevices &&
		!program.files &&
		!(program.actions ?? []).some((a) => a.do === 'run' && (a.background || a.program))
	);
}
