/**
 * Builds the full binding table over one run's SimEnv: the API catalog, the C library, the C++
 * standard library and the kernel side's run-time names (built-in variables, the framework's
 * tiling struct).
 */
import { catalogBindings } from './api-binder.ts';
import type { BindingTable } from './binding.ts';
import { addLibcBindings } from './libc-bindings.ts';
import { addKernelRunBindings } from './kernel-run-bindings.ts';
import { addGeShapeBindings } from './ge-shape-bindings.ts';
import type { SimEnv } from './sim-env.ts';
import { addStdBindings } from '../std/index.ts';
import type { Deleter } from '../std/smart-pointers.ts';

/**
 * Every name the simulator offers to programs, bound to `env`; `release` deletes an object a
 * smart pointer owned (the runner gives one that runs its destructor).
 */
export function createBindings(env: SimEnv, release: Deleter = () => undefined): BindingTable {
	const table = catalogBindings();
	addLibcBindings(table, env);
	addStdBindings(table, env, release);
	addKernelRunBindings(table, env);
	addGeShapeBindings(table);
	return table;
}
