/**
 * The signature registry as the CLI gets it. The packed CLI (lib/cli/, scripts/bundle-cli.ts)
 * ships the registry prebuilt as `signatures.json` beside its modules, written from the case
 * files when the bundle is made, so `casebook explain` starts without parsing YAML or loading
 * the schemas. A checkout has no such file and reads the case files each time, so an edited
 * case counts at once. A prebuilt file that is unreadable or of another version is passed over
 * for the case files, with a warning.
 */
import { readFile } from 'node:fs/promises';
import type { Registry } from '../cases/registry.ts';

/** File name of the prebuilt registry, beside the CLI's modules. */
export const PREBUILT_REGISTRY_NAME = 'signatures.json';

/**
 * The registry version this CLI reads; typed as the interface's, so a bump there fails to
 * compile here. (Not imported from registry.ts, whose module graph loads the schemas.)
 */
const REGISTRY_VERSION: Registry['version'] = 1;

/**
 * The registry: the prebuilt one at `prebuilt` (by default beside this module), else the one
 * built from the case files.
 */
export async function loadCliRegistry(
	warn: (message: string) => void = console.error,
	// A name in a variable, so the bundler leaves the URL alone instead of treating it as an asset.
	prebuilt: URL = new URL(PREBUILT_REGISTRY_NAME, import.meta.url),
): Promise<Registry> {
	const found = await readPrebuilt(prebuilt);
	if (found.registry) return found.registry;
	if (found.problem) {
		warn(`casebook: ignoring ${prebuilt.pathname} (${found.problem}); reading the case files`);
	}
	const { loadRegistry } = await import('../cases/cases-fs.ts');
	return loadRegistry();
}

/** Reads a prebuilt registry; says what is wrong with one that exists but cannot be used. */
async function readPrebuilt(file: URL): Promise<{ registry?: Registry; problem?: string }> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'ENOENT' ? {} : { problem: `cannot be read: ${code ?? error}` };
	}
	let data: Partial<Registry>;
	try {
		data = JSON.parse(text) as Partial<Registry>;
	} catch {
		return { problem: 'is not JSON' };
	}
	if (data?.version !== REGISTRY_VERSION || !Array.isArray(data.signatures)) {
		return { problem: `is not a version ${REGISTRY_VERSION} registry` };
	}
	return { registry: data as Registry };
}
