/** Builds the full binding table (the API catalog and the C library) over one run's SimEnv. */
import { catalogBindings } from './api-binder.ts';
import type { BindingTable } from './binding.ts';
import { addLibcBindings } from './libc-bindings.ts';
import type { SimEnv } from './sim-env.ts';
import { addRunFileBindings, type RunFiles } from './run-files.ts';

/** Every name the simulator offers to programs, bound to `env` (and the run's `files`). */
export function createBindings(env: SimEnv, files?: RunFiles): BindingTable {
	const table = catalogBindings();
	addLibcBindings(table, env);
	if (files) addRunFileBindings(table, env, files);
	return table;
}
