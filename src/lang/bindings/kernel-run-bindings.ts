/**
 * Kernel-side names whose value depends on the run rather than on a catalog row: the built-in
 * variables `block_idx` and `block_num`, `ASCEND_IS_AIV`/`ASCEND_IS_AIC`, and the operator
 * framework's tiling struct (`GET_TILING_DATA`, helper-conventions.ts) with its tiling key.
 */
import { T, type CType } from '../types.ts';
import { SimObject, type Value } from '../values.ts';
import { handle } from './args.ts';
import type { BindingTable } from './binding.ts';
import type { SimEnv } from './sim-env.ts';

/** The simulator's type for the tiling struct of an operator-framework kernel. */
export const TILING_TYPE = '__CasebookTiling';

const tilingType: CType = { k: 'sim', name: TILING_TYPE, targs: [] };

/** Adds the run-dependent kernel names to `table`. */
export function addKernelRunBindings(table: BindingTable, env: SimEnv): void {
	// Its fields read the run's tiling values; what the kernel writes into it stays.
	table.types.set(TILING_TYPE, {
		name: TILING_TYPE,
		ctype: () => tilingType,
		construct: () => new SimObject(TILING_TYPE, [], new Map<string, Value>()),
		methods: {},
		member: {
			get: (self, field) => handle<Map<string, Value>>(self)?.get(field) ?? env.tiling[field] ?? 0,
			set: (self, field, v) => void handle<Map<string, Value>>(self)?.set(field, v),
		},
	});
	table.functions.set('__casebook_tiling_key', () => env.tilingKey);
	// This block's index and the number of blocks.
	table.variables.set('block_idx', { get: () => env.core?.blockIdx ?? 0, type: T.i64 });
	table.variables.set('block_num', { get: () => env.core?.blockNum ?? 1, type: T.i64 });
	// Every simulated block runs as a vector core (AIV): the cube-only branches do not run.
	table.constants.set('ASCEND_IS_AIV', { value: 1, type: T.bool });
	table.constants.set('ASCEND_IS_AIC', { value: 0, type: T.bool });
}
