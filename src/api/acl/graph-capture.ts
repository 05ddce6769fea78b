/** Graph capture (aclmdlRICaptureBegin and the rest, hicann/runtime api_ref 15). None is simulated yet. */
import type { HostApiRow } from '../api-row.ts';

/** The graph-capture rows. */
export const GRAPH_CAPTURE_APIS: readonly HostApiRow[] = [];
