/** What the AscendCL tables share: the illustrative costs, and error-code lists many rows return. */
import type { AclErrorName } from '../../sim/host/acl-error.ts';
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import type { ApiCost } from '../api-row.ts';

/** A cost of `us` per call; host-timing.ts gives no source, so it is illustrative. */
export function hostCost(us: number, bytesParam?: string): ApiCost {
	return bytesParam ? { us, per: 'call', bytesParam } : { us, per: 'call' };
}

/** The cost of a call host-timing.ts does not list separately. */
export const CALL_COST = hostCost(HOST_COST_US.call);

/** What a call that needs a current context returns without one. */
export const NEEDS_CONTEXT: readonly AclErrorName[] = [
	'ACL_ERROR_UNINITIALIZE',
	'ACL_ERROR_RT_CONTEXT_NULL',
];

/** What resolving a stream argument can return (besides {@link NEEDS_CONTEXT}). */
export const STREAM_ARG: readonly AclErrorName[] = [
	...NEEDS_CONTEXT,
	'ACL_ERROR_RT_PARAM_INVALID',
	'ACL_ERROR_RT_STREAM_CONTEXT',
];

/** What resolving an event argument can return. */
export const EVENT_ARG: readonly AclErrorName[] = [
	'ACL_ERROR_UNINITIALIZE',
	'ACL_ERROR_INVALID_PARAM',
	'ACL_ERROR_RT_PARAM_INVALID',
];

/** What a call refused during ACL graph capture returns (graph-capture.ts). */
export const CAPTURE_REFUSALS: readonly AclErrorName[] = [
	'ACL_ERROR_RT_STREAM_CAPTURED',
	'ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT',
	'ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC',
];

/** How an asynchronous kernel failure surfaces at a synchronize (or stops a stop-on-failure context). */
export const ASYNC_FAILURES: readonly AclErrorName[] = [
	'ACL_ERROR_RT_AICORE_TIMEOUT',
	'ACL_ERROR_RT_VECTOR_CORE_TIMEOUT',
	'ACL_ERROR_RT_AICORE_EXCEPTION',
	'ACL_ERROR_RT_VECTOR_CORE_EXCEPTION',
	'ACL_ERROR_RT_AICORE_TRAP_EXCEPTION',
];
