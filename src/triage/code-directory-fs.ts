/**
 * Node-only: the code directory of this repository's error-code index (the same entries the
 * site serves as `/codes.json`), for the CLI and tests.
 */
import { toCodesJson } from '../codes/codes-json.ts';
import { DEFAULT_CODES_DIR, loadCodeTable } from '../codes/codes-fs.ts';
import { CodeDirectory } from './code-directory.ts';

const loaded = new Map<string, Promise<CodeDirectory>>();

/** The directory of `dir` (content/codes by default), loaded once per process. */
export function loadCodeDirectory(dir: string = DEFAULT_CODES_DIR): Promise<CodeDirectory> {
	let directory = loaded.get(dir);
	if (!directory) {
		directory = loadCodeTable(dir).then((table) =>
			CodeDirectory.fromEntries(toCodesJson(table).codes),
		);
		loaded.set(dir, directory);
	}
	return directory;
}
