/**
 * Which hardware pipeline issues a call, from the memories its operands read and write — the
 * table of asc-devkit docs/api/context/同步控制简介.md (8b18dbce), "硬件流水类型":
 *
 * - PIPE_MTE2: GM → L1, GM → L0A/L0B, GM → UB;
 * - PIPE_MTE3: UB → GM, UB → L1;
 * - PIPE_MTE1: L1 → L0A/L0B (and L1 → UB, c_api/README.md);
 * - PIPE_FIX: L0C → GM, L0C → L1;
 * - PIPE_V: vector compute and L0C → UB;
 * - PIPE_M: matrix compute (reads L0A/L0B, writes L0C);
 * - PIPE_S: scalar accesses (GetValue/SetValue).
 *
 * A call that stays in UB (vector compute, a UB → UB DataCopy) is PIPE_V. Pure data, so a
 * sanitizer or a pipe timeline can attribute every access (memory-access.ts) to its pipe.
 */
import type { MemoryAccess } from './memory-access.ts';

/** The pipelines that issue instructions, as `pipe_t` names them. */
export const ISSUING_PIPES = [
	'PIPE_S',
	'PIPE_V',
	'PIPE_M',
	'PIPE_MTE1',
	'PIPE_MTE2',
	'PIPE_MTE3',
	'PIPE_FIX',
] as const;

/** A pipeline as `pipe_t` names it. */
export type IssuingPipe = (typeof ISSUING_PIPES)[number];

/** The pipe of a call whose operands make `accesses` (PIPE_S when it moves nothing). */
export function issuingPipe(accesses: readonly MemoryAccess[]): IssuingPipe {
	const reads = new Set<string>();
	const writes = new Set<string>();
	for (const a of accesses) (a.kind === 'read' ? reads : writes).add(a.memory);
	if (reads.size === 0 && writes.size === 0) return 'PIPE_S';
	if (reads.has('GM')) return 'PIPE_MTE2';
	if (writes.has('L0C') && (reads.has('L0A') || reads.has('L0B'))) return 'PIPE_M';
	if (reads.has('L0C')) return writes.has('UB') ? 'PIPE_V' : 'PIPE_FIX';
	if (reads.has('UB') && (writes.has('GM') || writes.has('L1'))) return 'PIPE_MTE3';
	if (reads.has('L1')) return 'PIPE_MTE1';
	return 'PIPE_V';
}
