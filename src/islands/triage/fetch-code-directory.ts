/**
 * The code index for the browser's workers: `/codes.json` fetched once per worker and read into a
 * CodeDirectory. The triage worker and the reproduction widget's worker share it.
 */
import { CODES_JSON_PATH } from '../../codes/code-url.ts';
import { CodeDirectory } from '../../triage/code-directory.ts';

let directory: Promise<CodeDirectory | undefined> | undefined;

/** The code index, fetched once; undefined when it cannot be fetched or read. */
export function fetchCodeDirectory(): Promise<CodeDirectory | undefined> {
	directory ??= fetch(CODES_JSON_PATH)
		.then((response) =>
			response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
		)
		.then((json: unknown) => CodeDirectory.fromJson(json))
		.catch(() => undefined);
	return directory;
}
