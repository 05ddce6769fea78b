/** Notify management (hicann/runtime api_ref 08). None is simulated yet: aclrtCreateNotify and the rest come as rows here. */
import type { HostApiRow } from '../api-row.ts';

/** The notify rows. */
export const NOTIFY_APIS: readonly HostApiRow[] = [];
