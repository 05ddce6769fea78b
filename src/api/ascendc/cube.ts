/** Cube (matrix) compute (asc-devkit 矩阵计算). None is simulated yet: LoadData, Mmad and Fixpipe come as rows here. */
import type { KernelApiRow } from '../api-row.ts';

/** The cube rows. */
export const CUBE_APIS: readonly KernelApiRow[] = [];
