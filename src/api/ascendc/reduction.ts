/** Reductions (asc-devkit Memory矢量计算/归约计算). None is simulated yet: ReduceSum and the rest come as rows here. */
import type { KernelApiRow } from '../api-row.ts';

/** The reduction rows. */
export const REDUCTION_APIS: readonly KernelApiRow[] = [];
