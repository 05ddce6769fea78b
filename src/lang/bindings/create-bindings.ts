/** Builds the full binding table (kernel, host, standard library) over one run's SimEnv. */
import { emptyBindings, type BindingTable } from './binding.ts';
import { addHostBindings } from './host-bindings.ts';
import { addKernelBindings } from './kernel-bindings.ts';
import { addLibcBindings } from './libc-bindings.ts';
import type { SimEnv } from './sim-env.ts';
import { addStdBindings } from '../std/index.ts';
import type { Deleter } from '../std/smart-pointers.ts';

/**
 * Every name the simulator offers to programs, bound to `env`; `release` deletes an object a
 * smart pointer owned (the runner gives one that runs its destructor).
 */
export function createBindings(env: SimEnv, release: Deleter = () => undefined): BindingTable {
	const table = emptyBindings();
	addLibcBindings(table, env);
	addStdBindings(table, env, release);
	addHostBindings(table, env);
	addKernelBindings(table, env);
	return table;
}
