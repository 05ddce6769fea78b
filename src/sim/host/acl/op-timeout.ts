/**
 * aclrtSetOpExecuteTimeOut / aclrtSetOpExecuteTimeOutV2: how long the device lets an operator
 * (a kernel) run before it fails it with the AI Core / vector core timeout (507014 / 507034 at
 * synchronize, the aicore-kernel-timeout case). Sources, hicann/runtime at 06531b19:
 *
 * - docs/api_docs/aclrtSetOpExecuteTimeOut.md: the timeout in seconds; "一个进程内多次调用本接口，
 *   则以最后一次设置的时间为准"; 0 means the maximum; without a call, the product's default (A2/A3
 *   1091 s for AI Core operators);
 * - docs/api_docs/aclrtSetOpExecuteTimeOutV2.md: the timeout in microseconds, and the timeout
 *   that really applies written to `actualTimeout`; 0 means the maximum;
 * - docs/api_docs/aclrtGetOpTimeoutInterval.md: on A2/A3 the hardware takes only multiples
 *   `interval × N`, N in [1, 254]; a value in between is rounded up to the next multiple, and
 *   anything above the last one becomes `interval × 254`, the maximum.
 *
 * The interval itself is not published; it is taken here as 2^32 ns (4,294,967 µs), so that the
 * maximum, 254 intervals, is 1090.9 s: the documented A2/A3 default of 1091 s (inferred, so
 * illustrative). The training, inference and 200I/500 A2 products (whose reference of CANN
 * 8.0.RC2 gives their defaults, host-profile.ts) take the seconds as they are, 0 meaning
 * their default.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';

/** The hardware's timeout step on A2/A3 in µs (inferred from the 1091 s default: illustrative). */
export const OP_TIMEOUT_INTERVAL_US = 4_294_967;

/** Steps of {@link OP_TIMEOUT_INTERVAL_US} the hardware can count (aclrtGetOpTimeoutInterval). */
export const OP_TIMEOUT_MAX_STEPS = 254;

const SECOND_US = 1_000_000;

/** Whether the product rounds timeouts to the interval (A2/A3, whose V2 reference lists them). */
function stepped(rt: AclRuntime): boolean {
	return rt.machine.product === 'atlas-a2' || rt.machine.product === 'atlas-a3';
}

/** The timeout a request of `us` (0: the maximum) really sets on this product. */
function effectiveUs(rt: AclRuntime, us: number): number {
	if (stepped(rt)) {
		const steps = us === 0 ? OP_TIMEOUT_MAX_STEPS : Math.ceil(us / OP_TIMEOUT_INTERVAL_US);
		return Math.min(OP_TIMEOUT_MAX_STEPS, Math.max(1, steps)) * OP_TIMEOUT_INTERVAL_US;
	}
	return us === 0 ? rt.machine.profile.kernelTimeoutUs.value : us;
}

/** How long a kernel of this process may run before the device fails it (µs). */
export function opExecuteTimeoutUs(rt: AclRuntime): number {
	return rt.state.opExecuteTimeoutUs ?? rt.machine.profile.kernelTimeoutUs.value;
}

/** `aclrtSetOpExecuteTimeOut(timeout)`: seconds; the last call of the process wins. */
export function aclrtSetOpExecuteTimeOut(rt: AclRuntime, call: HostCall): AclError {
	const seconds = Math.trunc(Number(call.args[0]));
	if (!(seconds >= 0)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	rt.state.opExecuteTimeoutUs = effectiveUs(rt, seconds * SECOND_US);
	return ACL_ERROR.ACL_SUCCESS;
}

/** `aclrtSetOpExecuteTimeOutV2(timeout, actualTimeout)`: microseconds, A2/A3 only. */
export function aclrtSetOpExecuteTimeOutV2(rt: AclRuntime, call: HostCall): AclError {
	if (!stepped(rt)) return ACL_ERROR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
	const us = Math.trunc(Number(call.args[0]));
	if (!(us >= 0)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const actual = effectiveUs(rt, us);
	rt.state.opExecuteTimeoutUs = actual;
	call.out(1, actual);
	return ACL_ERROR.ACL_SUCCESS;
}
