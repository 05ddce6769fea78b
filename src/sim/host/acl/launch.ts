/**
 * `kernel<<<blocks, l2ctrl, stream>>>(args)` on the host side: the launch is not a catalog API
 * (it is C++ syntax), so it records its own step. The interpreter has already run the body and
 * passes its outcome: a hang or a device exception is reported by the next synchronize; an
 * `abort` (CPU debug) ends the process with SIGABRT at once.
 */
import { Halt } from '../../halt.ts';
import type { CallSite } from '../../trace.ts';
import { ACL_ERROR, aclErrorLabel, type AclError } from '../acl-error.ts';
import type { AclRuntime, KernelLaunch } from '../acl-runtime.ts';
import { hex } from '../host-log.ts';
import { DEFAULT_KERNEL_US, HOST_COST_US } from '../host-timing.ts';
import { SIGNALS } from '../signals.ts';
import { resolveStream, stoppedContext } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;
const EMPTY: readonly string[] = Object.freeze([]);

/** Queues `launch` on `stream` (0 = default stream); throws a Halt of kind `abort` for a CPU-debug abort. */
export function launchKernel(
	rt: AclRuntime,
	stream: number,
	launch: KernelLaunch,
	site: CallSite,
): AclError {
	const clock = rt.machine.clock;
	clock.advance(HOST_COST_US.launch);
	const args = rt.detailed() ? [launch.name, String(launch.blocks), hex(stream)] : EMPTY;
	const s = resolveStream(rt, stream);
	if (typeof s === 'number') return step(rt, args, s, site);
	const refused = stoppedContext(rt, s.context);
	if (refused !== ACL_SUCCESS) return step(rt, args, refused, site);
	const outcome = launch.outcome;
	if (outcome.kind === 'abort') {
		rt.rawStep('launchKernel', args, `abort: ${outcome.reason}`, site);
		rt.process.terminateBySignal(SIGNALS.SIGABRT);
		throw new Halt('abort', outcome.reason, SIGNALS.SIGABRT);
	}
	const start = s.busyUntil > clock.now ? s.busyUntil : clock.now;
	const taskId = s.taskCount++;
	if (outcome.kind === 'completed') {
		s.busyUntil = start + (launch.durationUs ?? DEFAULT_KERNEL_US);
		return step(rt, args, ACL_SUCCESS, site);
	}
	const vector = rt.machine.profile.kernelCore.value === 'vector';
	let end: number;
	let code: number;
	if (outcome.kind === 'hang') {
		end = start + rt.machine.profile.kernelTimeoutUs.value;
		code = vector
			? ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT
			: ACL_ERROR.ACL_ERROR_RT_AICORE_TIMEOUT;
	} else {
		end = start + (launch.durationUs ?? DEFAULT_KERNEL_US);
		code = outcome.trap
			? ACL_ERROR.ACL_ERROR_RT_AICORE_TRAP_EXCEPTION
			: vector
				? ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION
				: ACL_ERROR.ACL_ERROR_RT_AICORE_EXCEPTION;
	}
	s.busyUntil = end;
	if (!s.error) {
		s.error = {
			code,
			at: end,
			kind: outcome.kind === 'hang' ? 'timeout' : 'exception',
			kernel: launch.name,
			taskId,
			reason: outcome.reason,
		};
	}
	if (s.stopOnFailure && !s.context.failure) s.context.failure = { code, at: end };
	return step(rt, args, ACL_SUCCESS, site, `queued; fails at ${end}us: ${outcome.reason}`);
}

function step(
	rt: AclRuntime,
	args: readonly string[],
	ret: AclError,
	site: CallSite,
	detail?: string,
): AclError {
	if (ret !== ACL_SUCCESS) rt.state.lastError = ret;
	const label = aclErrorLabel(ret);
	rt.rawStep('launchKernel', args, detail !== undefined ? `${label} ${detail}` : label, site);
	return ret;
}
