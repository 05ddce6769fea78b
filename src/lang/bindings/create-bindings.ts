/** Builds the full binding table (kernel, host, standard library) over one run's SimEnv. */
import { emptyBindings, type BindingTable } from './binding.ts';
import { addHostBindings } from './host-bindings.ts';
import { addKernelBindings } from './kernel-bindings.ts';
import { addLibcBindings } from './libc-bindings.ts';
import type { SimEnv } from './sim-env.ts';

/** Every name the simulator offers to programs, bound to `env`. */
export function createBindings(env: SimEnv): BindingTable {
	const table = emptyBindings();
	addLibcBindings(table, env);
	addHostBindings(table, env);
	addKernelBindings(table, env);
	return table;
}
