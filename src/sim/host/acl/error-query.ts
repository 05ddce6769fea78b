/** The last error and the last screen message of a process (ascend-facts B.7). */
import type { AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';

/**
 * `aclrtPeekAtLastError(level)`: the last error code a call of this process returned, kept.
 * The simulator has one host thread, so every level reads the same value.
 */
export function aclrtPeekAtLastError(rt: AclRuntime): AclError {
	return rt.state.lastError;
}

/** `aclrtGetLastError(level)`: as {@link aclrtPeekAtLastError}, then clears it. */
export function aclrtGetLastError(rt: AclRuntime): AclError {
	const last = rt.state.lastError;
	rt.state.lastError = 0;
	return last;
}

/** `aclGetRecentErrMsg()`: the last screen error message of this process, or null. */
export function aclGetRecentErrMsg(rt: AclRuntime): string | null {
	return rt.state.recentErrMsg;
}
