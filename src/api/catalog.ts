/**
 * The whole catalog: every row of every table, checked once when the module loads (unique names
 * and aliases, known groups), with lookups by name or alias and by group.
 */
import type { ApiRow } from './api-row.ts';
import { API_GROUPS, type ApiGroup, type ApiGroupId } from './groups.ts';
import { nearestName } from './nearest-name.ts';
import { CONTEXT_APIS } from './acl/context.ts';
import { DEVICE_APIS } from './acl/device.ts';
import { ERROR_QUERY_APIS } from './acl/error-query.ts';
import { EVENT_APIS } from './acl/event.ts';
import { GRAPH_CAPTURE_APIS } from './acl/graph-capture.ts';
import { INIT_APIS } from './acl/init.ts';
import { MEMORY_APIS } from './acl/memory.ts';
import { MODEL_APIS } from './acl/model.ts';
import { NOTIFY_APIS } from './acl/notify.ts';
import { STREAM_APIS } from './acl/stream.ts';
import { ATOMIC_APIS } from './ascendc/atomic.ts';
import { CAST_COMPARE_SELECT_APIS } from './ascendc/cast-compare-select.ts';
import { CUBE_APIS } from './ascendc/cube.ts';
import { DATA_LAYOUT_APIS } from './ascendc/data-layout.ts';
import { DATA_MOVEMENT_APIS } from './ascendc/data-movement.ts';
import { CPU_DEBUG_APIS, DEBUGGING_APIS } from './ascendc/debugging.ts';
import { GLOBAL_TENSOR_APIS } from './ascendc/global-tensor.ts';
import { LOCAL_MEM_ALLOCATOR_APIS } from './ascendc/local-mem-allocator.ts';
import { LOCAL_TENSOR_APIS } from './ascendc/local-tensor.ts';
import { MATH_LIBRARY_APIS } from './ascendc/math-library.ts';
import { LAYERNORM_APIS } from './ascendc/layernorm.ts';
import { SOFTMAX_APIS } from './ascendc/softmax.ts';
import { SORT_APIS } from './ascendc/sort.ts';
import { HOST_TILING_APIS } from './ascendc/host-tiling.ts';
import { MRG_SORT_APIS } from './ascendc/mrg-sort.ts';
import { PROPOSAL_APIS } from './ascendc/proposal.ts';
import { REDUCTION_APIS } from './ascendc/reduction.ts';
import { SYNC_APIS } from './ascendc/sync.ts';
import { SYSTEM_VARIABLE_APIS } from './ascendc/system-variables.ts';
import { TBUF_APIS } from './ascendc/tbuf.ts';
import { TPIPE_APIS } from './ascendc/tpipe.ts';
import { TQUE_APIS } from './ascendc/tque.ts';
import { VECTOR_ARITHMETIC_APIS } from './ascendc/vector-arithmetic.ts';
import { VECTOR_MASK_APIS } from './ascendc/vector-mask.ts';
import { PROCESS_APIS } from './libc/process.ts';
import { HCCL_COMM_APIS } from './hccl/communicator.ts';
import { HCCL_COLLECTIVE_APIS, HCCL_P2P_APIS } from './hccl/collectives.ts';

/** Every row, AscendCL first, in reference order. */
export const API_CATALOG: readonly ApiRow[] = [
	...INIT_APIS,
	...DEVICE_APIS,
	...CONTEXT_APIS,
	...STREAM_APIS,
	...EVENT_APIS,
	...NOTIFY_APIS,
	...MEMORY_APIS,
	...MODEL_APIS,
	...GRAPH_CAPTURE_APIS,
	...ERROR_QUERY_APIS,
	...HCCL_COMM_APIS,
	...HCCL_COLLECTIVE_APIS,
	...HCCL_P2P_APIS,
	...TPIPE_APIS,
	...TQUE_APIS,
	...TBUF_APIS,
	...LOCAL_MEM_ALLOCATOR_APIS,
	...LOCAL_TENSOR_APIS,
	...GLOBAL_TENSOR_APIS,
	...DATA_MOVEMENT_APIS,
	...VECTOR_ARITHMETIC_APIS,
	...DATA_LAYOUT_APIS,
	...VECTOR_MASK_APIS,
	...REDUCTION_APIS,
	...CAST_COMPARE_SELECT_APIS,
	...MATH_LIBRARY_APIS,
	...SOFTMAX_APIS,
	...LAYERNORM_APIS,
	...HOST_TILING_APIS,
	...SORT_APIS,
	...MRG_SORT_APIS,
	...PROPOSAL_APIS,
	...SYNC_APIS,
	...ATOMIC_APIS,
	...CUBE_APIS,
	...SYSTEM_VARIABLE_APIS,
	...DEBUGGING_APIS,
	...CPU_DEBUG_APIS,
	...PROCESS_APIS,
];

const BY_NAME = new Map<string, ApiRow>();
for (const row of API_CATALOG) {
	for (const name of [row.name, ...row.aliases]) {
		const other = BY_NAME.get(name);
		if (other) throw new Error(`API ${name} is in the catalog twice (${other.name}, ${row.name})`);
		BY_NAME.set(name, row);
	}
}

/** The row of `name` (a canonical name or an alias, e.g. `aclrtMallocCached`, `TQueBind::EnQue`). */
export function findApi(name: string): ApiRow | undefined {
	return BY_NAME.get(name);
}

/** Every name a program or a case file may use: canonical names and aliases. */
export function apiNames(): IterableIterator<string> {
	return BY_NAME.keys();
}

/** The rows of group `id`, in table order. */
export function apisInGroup(id: ApiGroupId): readonly ApiRow[] {
	return API_CATALOG.filter((row) => row.group === id);
}

/** Every group with its rows, in reference order (empty groups included). */
export function catalogGroups(): ReadonlyArray<{ group: ApiGroup; rows: readonly ApiRow[] }> {
	return API_GROUPS.map((group) => ({ group, rows: apisInGroup(group.id) }));
}

/**
 * The catalog name closest to `name` (`aclrtCreateStreamWithConfg` → `aclrtCreateStreamWithConfig`),
 * among names a call can use: for a member function, the members of classes (`TQue::EnQeu` →
 * `TQue::EnQue`), otherwise free functions. Undefined when nothing is close.
 */
export function suggestApi(name: string): string | undefined {
	const member = name.includes('::');
	const candidates = [...BY_NAME.keys()].filter((n) => n.includes('::') === member);
	return nearestName(name, candidates);
}
