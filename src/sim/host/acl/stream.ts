/**
 * Streams: creation against the device's stream limit, destruction (waiting or forced),
 * stop-on-failure mode, and synchronisation, which is where asynchronous failures surface.
 */
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import { ACL_STREAM_FAILURE_MODE } from '../acl-constants.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex } from '../host-log.ts';
import type { Context, Stream } from '../host-resources.ts';
import { raceCheck } from './model.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/**
 * `aclrtCreateStream(&stream)` (and `aclrtCreateStreamWithConfig`, whose priority and flag the
 * simulator does not model) in the current context. Past the device's stream limit it returns
 * ACL_ERROR_RT_RESOURCE_ALLOC_FAIL (207005) with the `Alloc sq cq failed` plog line (and the
 * EE1023 screen line from CANN 8.5), as in ascend-facts D.6.
 */
export function aclrtCreateStream(rt: AclRuntime, call: HostCall): AclError {
	const context = rt.context;
	const device = context.device;
	if (!device.streams.take(1, call.site())) {
		rt.plog(
			'ERROR',
			'RUNTIME',
			`[stream.cc:728]${rt.process.pid} Setup:Alloc sq cq failed, stream_id=${device.streams.inUse}, retCode=0x7020023.`,
		);
		if (rt.machine.cann.eventAllocWording === 'rt-pair-ee1023') {
			rt.screen(
				'Resource_Error(EE1023): Alloc Stream resource failed. Reason: Too many streams are created.',
			);
		}
		return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
	}
	context.streamCount++;
	const stream = newStream(rt, context, false, call.site(), call.name);
	rt.state.streams.set(stream.handle, stream);
	if (rt.detailed()) {
		rt.note(`${rt.prefix}.stream.${hex(stream.handle)}`, `stream ${stream.id}`);
		rt.note(`device${device.id}.streams`, device.streams.inUse);
	}
	rt.detail(`stream=${hex(stream.handle)}`);
	call.out(0, stream.handle);
	return ACL_SUCCESS;
}

/** `aclrtDestroyStream(stream)`: waits for its tasks, then releases it. */
export function aclrtDestroyStream(rt: AclRuntime, call: HostCall): AclError {
	return destroyStream(rt, call, true);
}

/**
 * `aclrtDestroyStreamForce(stream)`: destroys without waiting; its unfinished tasks are
 * dropped, and so is a failure no synchronize reported yet.
 */
export function aclrtDestroyStreamForce(rt: AclRuntime, call: HostCall): AclError {
	return destroyStream(rt, call, false);
}

function destroyStream(rt: AclRuntime, call: HostCall, wait: boolean): AclError {
	const handle = call.args[0] as number;
	if (handle === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const found = rt.state.streams.get(handle);
	if (!found) return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	raceCheck(rt, call.name, call.site());
	if (wait) rt.advanceTo(found.busyUntil);
	rt.state.streams.delete(handle);
	found.context.streamCount--;
	const device = found.context.device;
	device.streams.give();
	if (rt.detailed()) {
		rt.note(`${rt.prefix}.stream.${hex(handle)}`, null);
		rt.note(`device${device.id}.streams`, device.streams.inUse);
	}
	return ACL_SUCCESS;
}

/** `aclrtSetStreamFailureMode(stream, mode)`: ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1). */
export function aclrtSetStreamFailureMode(rt: AclRuntime, call: HostCall): AclError {
	const found = resolveStream(rt, call.args[0] as number);
	if (typeof found === 'number') return found;
	const mode = call.args[1] as number;
	if (
		mode !== ACL_STREAM_FAILURE_MODE.ACL_CONTINUE_ON_FAILURE &&
		mode !== ACL_STREAM_FAILURE_MODE.ACL_STOP_ON_FAILURE
	) {
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	}
	found.stopOnFailure = mode === ACL_STREAM_FAILURE_MODE.ACL_STOP_ON_FAILURE;
	return ACL_SUCCESS;
}

/** `aclrtSynchronizeStream(stream)`: waits for the stream; reports its first failure. */
export function aclrtSynchronizeStream(rt: AclRuntime, call: HostCall): AclError {
	return syncStream(rt, call.args[0] as number, -1);
}

/**
 * `aclrtSynchronizeStreamWithTimeout(stream, timeout)`: as above, but after `timeout` ms it
 * gives up with ACL_ERROR_RT_STREAM_SYNC_TIMEOUT (507046). -1 waits forever.
 */
export function aclrtSynchronizeStreamWithTimeout(rt: AclRuntime, call: HostCall): AclError {
	return syncStream(rt, call.args[0] as number, call.args[1] as number);
}

function syncStream(rt: AclRuntime, stream: number, timeoutMs: number): AclError {
	const s = resolveStream(rt, stream);
	if (typeof s === 'number') return s;
	if (!waitUntil(rt, s.busyUntil, timeoutMs)) return ACL_ERROR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT;
	return reportStreamError(rt, s, false);
}

/** `stream` (0 = current default stream) in the current context, or the aclError. */
export function resolveStream(rt: AclRuntime, stream: number): Stream | AclError {
	const context = rt.state.current;
	if (!rt.state.initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
	if (!context) return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
	if (stream === 0) return context.defaultStream;
	const found = rt.state.streams.get(stream);
	if (!found) return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	// ascend-facts D.9: a stream used outside its context (e.g. after switching device).
	if (found.context !== context) return ACL_ERROR.ACL_ERROR_RT_STREAM_CONTEXT;
	return found;
}

/** A new stream of `context` (a default one has handle 0), made by call `api`. */
export function newStream(
	rt: AclRuntime,
	context: Context,
	isDefault: boolean,
	site: CallSite,
	api: string,
): Stream {
	return {
		handle: isDefault ? 0 : rt.machine.nextHandle(),
		id: context.device.nextStreamId(),
		context,
		isDefault,
		busyUntil: rt.machine.clock.now,
		error: undefined,
		stopOnFailure: false,
		taskCount: 0,
		site,
		api,
	};
}

/** Every stream of this process: explicit ones and each context's default stream. */
export function* allStreams(rt: AclRuntime): Generator<Stream> {
	const { state } = rt;
	yield* state.streams.values();
	for (const c of state.contexts.values()) yield c.defaultStream;
	for (const b of state.bindings.values()) yield b.context.defaultStream;
}

/** Stop-on-failure: after the failing task ends, the context takes no new tasks. */
export function stoppedContext(rt: AclRuntime, context: Context): AclError {
	const failure = context.failure;
	if (failure && rt.machine.clock.now >= failure.at) return failure.code;
	return ACL_SUCCESS;
}

/**
 * Waits until `target`, or for `timeoutMs` when that is shorter (negative: no limit).
 * False when the timeout expired first.
 */
export function waitUntil(rt: AclRuntime, target: number, timeoutMs: number): boolean {
	const clock = rt.machine.clock;
	if (target <= clock.now) return true;
	if (timeoutMs >= 0 && target - clock.now > timeoutMs * 1000) {
		clock.advance(Math.round(timeoutMs * 1000));
		return false;
	}
	clock.advanceTo(target);
	return true;
}

/**
 * If the stream's first failure has happened by now, prints what the runtime prints for it
 * and returns its code (once: the error is then cleared); otherwise ACL_SUCCESS.
 */
export function reportStreamError(rt: AclRuntime, stream: Stream, deviceSync: boolean): AclError {
	const error = stream.error;
	if (!error || error.at > rt.machine.clock.now) return ACL_SUCCESS;
	stream.error = undefined;
	const pid = rt.process.pid;
	const device = stream.context.device.id;
	const vector = rt.machine.profile.kernelCore.value === 'vector';
	if (error.kind === 'exception') {
		// hicann/runtime:docs/zh/FAQ/如何通过plog日志定位Device侧异常.md (ascend-facts D.12).
		rt.plog(
			'ERROR',
			'RUNTIME',
			`[stars_engine.cc:1321]${pid} ProcLogicCqReport:[INIT][DEFAULT]Task run failed, device_id=${device}, stream_id=${stream.id}, task_id=${error.taskId}, sqe_type=0(ffts), errType=0x1(task exception), sqSwStatus=0`,
		);
		if (vector) {
			rt.plog(
				'ERROR',
				'RUNTIME',
				`[davinic_kernel_task.cc:1219]${pid} PreCheckTaskErr:[INIT][DEFAULT]Kernel task happen error, retCode=0x31, [vector core exception].`,
			);
		}
		rt.plog(
			'ERROR',
			'RUNTIME',
			`[davinic_kernel_task.cc:1143]${pid} PrintErrorInfoForDavinciTask:[INIT][DEFAULT]Aicore kernel execute failed, device_id=${device}, stream_id=${stream.id}, report_stream_id=${stream.id}, task_id=${error.taskId}, flip_num=0, fault kernel_name=${error.kernel}`,
		);
		// ascend-facts D.13 and C: the screen shows EZ9999 after a device exception.
		rt.screen('EZ9999: Inner Error!');
	} else {
		// ascend-facts D.19: a core timeout shows EH9999 and, at device sync, the reason line.
		rt.screen('EH9999: Inner Error!');
		if (deviceSync && vector) {
			rt.recorder.log({
				text: 'rtDeviceSynchronize execute failed, reason=[vector core timeout]',
				channel: 'screen',
				pid,
				level: 'ERROR',
			});
		}
	}
	return error.code;
}
