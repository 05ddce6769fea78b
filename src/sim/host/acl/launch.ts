/**
 * `kernel<<<blocks, l2ctrl, stream>>>(args)` on the host side: the launch is not a catalog API
 * (it is C++ syntax), so it records its own step. The interpreter hands over the kernel's body
 * as `run`; the runtime decides whether it runs now (the copies due before it start land first),
 * is captured into a graph (run again by each aclmdlRIExecuteAsync), or is refused (wrong
 * context, stopped or aborted context). A hang or a device exception is kept on the stream and
 * fails the context at the kernel's end time; an `abort` (CPU debug) ends the process with
 * SIGABRT at once.
 */
import { opExecuteTimeoutUs } from './op-timeout.ts';
import { Halt } from '../../halt.ts';
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, aclErrorLabel, type AclError } from '../acl-error.ts';
import type { AclRuntime, KernelLaunch, KernelOutcome } from '../acl-runtime.ts';
import { hex } from '../host-log.ts';
import type { Stream } from '../host-resources.ts';
import { DEFAULT_KERNEL_US, HOST_COST_US } from '../host-timing.ts';
import { SIGNALS } from '../signals.ts';
import { settleBeforeKernel } from './copy-tasks.ts';
import { captureTask } from './graph-capture.ts';
import { resolveStream } from './stream.ts';
import { abortedSubmission, failureDue } from './task-errors.ts';

const { ACL_SUCCESS } = ACL_ERROR;
const EMPTY: readonly string[] = Object.freeze([]);
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/**
 * The launch as a call, for the checks it shares with the catalog's APIs (a stream of another
 * context, an aborted context), which name the call and its site in their lines. One small
 * object per launch holding only the site (no closures), so a hot launch loop allocates little.
 */
class LaunchCall implements HostCall {
	readonly #site: CallSite;

	constructor(site: CallSite) {
		this.#site = site;
	}

	get name(): string {
		return 'launchKernel';
	}

	get form(): number {
		return 0;
	}

	get args(): readonly unknown[] {
		return NO_ARGS;
	}

	site(): CallSite {
		return this.#site;
	}

	out(): void {}
}

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
	const call = new LaunchCall(site);
	const s = resolveStream(rt, stream, call);
	if (typeof s === 'number') return step(rt, stream, args, s, site);
	const refused = abortedSubmission(rt, s.context, call);
	if (refused !== ACL_SUCCESS) return step(rt, stream, args, refused, site);
	if (s.capture) {
		captureTask(s, {
			kind: 'kernel',
			name: launch.name,
			blocks: launch.blocks,
			args: launch.args ?? [],
			run: () => launch.run?.(s.saturation) ?? launch.outcome ?? { kind: 'completed' },
		});
		return step(rt, stream, args, ACL_SUCCESS, site, 'captured');
	}
	const start = s.busyUntil > clock.now ? s.busyUntil : clock.now;
	settleBeforeKernel(rt.machine, start);
	const outcome = launch.run ? launch.run(s.saturation) : (launch.outcome ?? { kind: 'completed' });
	if (outcome.kind === 'abort') {
		rt.rawStep(
			'launchKernel',
			args,
			`abort: ${outcome.reason}`,
			site,
			stream !== 0 ? [stream] : undefined,
		);
		rt.process.terminateBySignal(SIGNALS.SIGABRT);
		throw new Halt('abort', outcome.reason, SIGNALS.SIGABRT);
	}
	const end = scheduleKernel(
		rt,
		s,
		start,
		launch.name,
		launch.durationUs,
		outcome,
		launch.args,
		site,
	);
	if (outcome.kind === 'completed') return step(rt, stream, args, ACL_SUCCESS, site);
	return step(rt, stream, args, ACL_SUCCESS, site, `queued; fails at ${end}us: ${outcome.reason}`);
}

/**
 * Puts a kernel that ran with `outcome` on `stream` from `start`: a hang fails after the
 * product's kernel timeout, an exception at the kernel's end; the device memory given to it
 * counts as being written until then. Returns the end time.
 */
export function scheduleKernel(
	rt: AclRuntime,
	s: Stream,
	start: number,
	name: string,
	durationUs: number | undefined,
	outcome: KernelOutcome,
	devicePtrs: readonly number[] | undefined,
	site: CallSite,
): number {
	const taskId = s.taskCount++;
	let end: number;
	if (outcome.kind === 'completed') end = start + (durationUs ?? DEFAULT_KERNEL_US);
	else if (outcome.kind === 'hang') end = start + opExecuteTimeoutUs(rt);
	else end = start + (durationUs ?? DEFAULT_KERNEL_US);
	s.busyUntil = end;
	if (devicePtrs) {
		for (const ptr of devicePtrs) {
			const allocation = rt.state.allocations.get(ptr) ?? findContaining(rt, ptr);
			if (allocation) allocation.writer = { kernel: name, until: end };
		}
	}
	if (outcome.kind === 'completed' || outcome.kind === 'abort') return end;
	const vector = rt.machine.profile.kernelCore.value === 'vector';
	let code: number;
	if (outcome.kind === 'hang') {
		code = vector
			? ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT
			: ACL_ERROR.ACL_ERROR_RT_AICORE_TIMEOUT;
	} else {
		code = outcome.trap
			? ACL_ERROR.ACL_ERROR_RT_AICORE_TRAP_EXCEPTION
			: vector
				? ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION
				: ACL_ERROR.ACL_ERROR_RT_AICORE_EXCEPTION;
	}
	if (!s.error) {
		s.error = {
			code,
			at: end,
			kind: outcome.kind === 'hang' ? 'timeout' : 'exception',
			kernel: name,
			taskId,
			reason: outcome.reason,
			noticed: false,
			line: site.stack[site.stack.length - 1]?.line ?? 0,
		};
		if (outcome.kind === 'exception' && outcome.faults) s.error.faults = outcome.faults;
		if (outcome.kind === 'hang') s.error.hung = outcome.blocks ?? [];
		failureDue(rt, end);
	}
	return end;
}

function findContaining(rt: AclRuntime, ptr: number) {
	for (const a of rt.state.allocations.values()) if (ptr >= a.ptr && ptr < a.ptr + a.size) return a;
	return undefined;
}

function step(
	rt: AclRuntime,
	stream: number,
	args: readonly string[],
	ret: AclError,
	site: CallSite,
	detail?: string,
): AclError {
	if (ret !== ACL_SUCCESS) rt.state.lastError = ret;
	// Past the stored-step cap the step is only counted: no label, no stream list.
	if (!rt.detailed()) {
		rt.rawStep('launchKernel', EMPTY, '', site);
		return ret;
	}
	const label = aclErrorLabel(ret);
	rt.rawStep(
		'launchKernel',
		args,
		detail !== undefined ? `${label} ${detail}` : label,
		site,
		stream !== 0 ? [stream] : undefined,
	);
	return ret;
}
