/**
 * Streams: creation against the device's stream slots (shared by every process on the device),
 * destruction (waiting or forced), stop-on-failure mode, and synchronisation, which is where
 * asynchronous failures surface. A stream used while another context is current fails with
 * 107003 and the EE1010 lines; a capturing stream cannot be synchronized, queried or destroyed
 * (107027, graph-capture.ts).
 */
import { settleCopies } from './copy-tasks.ts';
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import { ACL_STREAM_FAILURE_MODE } from '../acl-constants.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex, type TracebackLine } from '../host-log.ts';
import type { Context, Stream } from '../host-resources.ts';
import { reasonLine, rtFailure } from '../rt-errors.ts';
import { captureRefusal } from './graph-capture.ts';
import { deviceSatMode, SAT_MODE } from './sat-mode.ts';
import { raceCheck } from './model.ts';
import { Halt } from '../../halt.ts';
import {
	abortedSubmission,
	aclCallLine,
	noticeFailures,
	reportAbortedWait,
} from './task-errors.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/**
 * How a call that takes a stream names itself when the stream is in another context: the
 * function description the runtime prints in EE1010, the ApiImpl function, and the rt* function
 * (hicann/runtime src/runtime/api/impl/api_impl.cc at 681ef76, line of the check).
 */
const STREAM_USES: Readonly<
	Record<string, { desc: string; impl: string; rt: string; at: string }>
> = {
	aclrtMemcpyAsync: {
		desc: 'Asynchronous memory copy',
		impl: 'MemcpyAsync',
		rt: 'rtMemcpyAsync',
		at: 'api_impl.cc:2882',
	},
	launchKernel: {
		desc: 'Starting the compute task of the corresponding operator',
		impl: 'KernelLaunch',
		rt: 'rtKernelLaunch',
		at: 'api_impl.cc:541',
	},
	aclrtDestroyStream: {
		desc: 'Stream destruction',
		impl: 'StreamDestroy',
		rt: 'rtStreamDestroy',
		at: 'api_impl.cc:1584',
	},
	aclrtStreamWaitEvent: {
		desc: 'Triggering stream event waiting',
		impl: 'StreamWaitEvent',
		rt: 'rtStreamWaitEvent',
		at: 'api_impl.cc:1609',
	},
	aclrtRecordEvent: {
		desc: 'Event recording',
		impl: 'EventRecord',
		rt: 'rtEventRecord',
		at: 'api_impl.cc:2152',
	},
	aclrtResetEvent: {
		desc: 'Event reset',
		impl: 'EventReset',
		rt: 'rtEventReset',
		at: 'api_impl.cc:2216',
	},
	aclrtSetStreamFailureMode: {
		desc: 'Setting the error handling mode of a stream',
		impl: 'StreamSetMode',
		rt: 'rtStreamSetMode',
		at: 'api_impl.cc:2029',
	},
};

/**
 * `aclrtCreateStream(&stream)` (and `aclrtCreateStreamWithConfig`, whose priority and flag the
 * simulator does not model) in the current context. Past the device's stream slots it returns
 * ACL_ERROR_RT_RESOURCE_ALLOC_FAIL (207005) with the lines of {@link logStreamExhausted}.
 */
export function aclrtCreateStream(rt: AclRuntime, call: HostCall): AclError {
	const context = rt.context;
	const device = context.device;
	if (!device.streams.take(1, call.site())) {
		logStreamExhausted(rt, []);
		rt.diagnose('stream-resource-exhausted', call.site(), {
			limit: device.streams.limit,
			device: device.id,
		});
		device.streams.flush();
		return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
	}
	device.streams.sample();
	context.streamCount++;
	const stream = newStream(rt, context, false, call.site(), call.name);
	stream.slots = 1;
	rt.state.streams.set(stream.handle, stream);
	if (rt.detailed()) {
		rt.note({ kind: 'stream', pid: rt.pid, handle: stream.handle, id: stream.id });
		rt.note({ kind: 'device-streams', device: device.id, inUse: device.streams.inUse });
	}
	rt.detail(`stream=${hex(stream.handle)}`);
	call.out(0, stream.handle);
	return ACL_SUCCESS;
}

/**
 * What a stream creation past the device's slots prints (`extra` traceback lines follow, for a
 * capture that needed the stream). Current runtime: hicann/runtime docs/zh/FAQ/EE1023资源不足问题.md,
 * example 2, verbatim apart from ids and time. Before 9.1: the `[SqCqManage]Alloc sq cq fail`
 * lines of vllm-project/vllm-ascend#5213 (plog) and #8393 (screen), which the runtime's first
 * public commit also prints (stream.cc, stream_sqcq_manage.cc).
 */
export function logStreamExhausted(rt: AclRuntime, extra: readonly TracebackLine[]): void {
	const id = rt.context.device.streams.inUse;
	const reason = reasonLine(rt, 'rtStreamCreateWithFlags', 'RT_ERROR_DRV_NO_RESOURCES');
	if (rt.machine.cann.runtimeWording === 'current') {
		rt.runtimeError(
			'stream.cc:728',
			'Setup',
			`Alloc sq cq failed, stream_id=${id}, retCode=0x7020023.`,
		);
		rt.runtimeError(
			'stream.cc:731',
			'Setup',
			'Alloc Stream resource failed. Reason: Too many streams are created. ErrorCode=EE1023.',
		);
		rt.runtimeError('context.cc:1572', 'StreamCreate', 'Setup stream failed, retCode=0x7020023.');
		rt.runtimeError(
			'api_impl.cc:1487',
			'StreamCreate',
			'Create stream failed, priority=0, flags=0.',
		);
		rtFailure(rt, 'rtStreamCreateWithFlags', 'RT_ERROR_DRV_NO_RESOURCES');
		rt.screenError(
			'EE1023',
			'Alloc Stream resource failed. Reason: Too many streams are created.',
			[reason, ...extra],
		);
		return;
	}
	const sqcq = `[SqCqManage]Alloc sq cq fail, stream_id=${id}, retCode=0x7020023.`;
	rt.runtimeError('stream_sqcq_manage.cc:79', 'AllocStreamSqCq', sqcq);
	rt.runtimeError('stream.cc:653', 'Setup', sqcq);
	rt.runtimeError('context.cc:2707', 'StreamCreate', 'Setup stream failed, retCode=0x7020023.');
	rtFailure(rt, 'rtStreamCreateWithFlags', 'RT_ERROR_DRV_NO_RESOURCES');
	rt.innerError('EE9999', [
		{ text: sqcq, func: 'Setup', file: 'stream.cc', line: 653 },
		reason,
		...extra,
	]);
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
	const current = rt.state.current;
	if (current && found.context !== current) return wrongContext(rt, found, current, call);
	const refused = captureRefusal(rt, found, 'destroy', call);
	if (refused !== ACL_SUCCESS) return refused;
	raceCheck(rt, call.name, call.site());
	if (wait) rt.advanceTo(found.busyUntil);
	rt.state.streams.delete(handle);
	found.context.streamCount--;
	const device = found.context.device;
	device.streams.give(found.slots);
	device.streams.sample();
	if (rt.detailed()) {
		rt.note({ kind: 'stream', pid: rt.pid, handle, id: null });
		rt.note({ kind: 'device-streams', device: device.id, inUse: device.streams.inUse });
	}
	return ACL_SUCCESS;
}

/** `aclrtSetStreamFailureMode(stream, mode)`: ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1). */
export function aclrtSetStreamFailureMode(rt: AclRuntime, call: HostCall): AclError {
	const found = resolveStream(rt, call.args[0] as number, call);
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
	return syncStream(rt, call, -1);
}

/**
 * `aclrtSynchronizeStreamWithTimeout(stream, timeout)`: as above, but after `timeout` ms it
 * gives up with ACL_ERROR_RT_STREAM_SYNC_TIMEOUT (507046). -1 waits forever.
 */
export function aclrtSynchronizeStreamWithTimeout(rt: AclRuntime, call: HostCall): AclError {
	return syncStream(rt, call, call.args[1] as number);
}

/**
 * `aclrtStreamQuery(stream, &status)`: ACL_STREAM_STATUS_COMPLETE (0) once every task is done,
 * ACL_STREAM_STATUS_NOT_READY (1) before; a failure that has happened is returned instead.
 */
export function aclrtStreamQuery(rt: AclRuntime, call: HostCall): AclError {
	const s = resolveStream(rt, call.args[0] as number, call);
	if (typeof s === 'number') return s;
	const refused = captureRefusal(rt, s, 'query', call);
	if (refused !== ACL_SUCCESS) return refused;
	const failed = reportAbortedWait(rt, s.context, call);
	if (failed !== ACL_SUCCESS) return failed;
	const code = reportStreamError(rt, s, false);
	if (code !== ACL_SUCCESS) return code;
	const done = s.busyUntil <= rt.machine.clock.now;
	rt.detail(done ? 'COMPLETE' : 'NOT_READY');
	call.out(1, done ? 0 : 1);
	return ACL_SUCCESS;
}

function syncStream(rt: AclRuntime, call: HostCall, timeoutMs: number): AclError {
	const s = resolveStream(rt, call.args[0] as number, call);
	if (typeof s === 'number') return s;
	const refused = captureRefusal(rt, s, 'synchronize', call);
	if (refused !== ACL_SUCCESS) return refused;
	if (!waitUntil(rt, s.busyUntil, timeoutMs)) return ACL_ERROR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT;
	const code = reportStreamError(rt, s, false);
	if (code !== ACL_SUCCESS) return code;
	return reportAbortedWait(rt, s.context, call);
}

/**
 * `stream` (0 = current default stream) in the current context, or the aclError. A stream of
 * another context (e.g. created before switching device, ascend-facts D.9) gives 107003; when
 * `call` names a use the runtime reports, with its EE1010 lines.
 */
export function resolveStream(rt: AclRuntime, stream: number, call?: HostCall): Stream | AclError {
	const context = rt.state.current;
	if (!rt.state.initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
	if (!context) return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
	if (stream === 0) return context.defaultStream;
	const found = rt.state.streams.get(stream);
	if (!found) return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	if (found.context !== context) return wrongContext(rt, found, context, call);
	return found;
}

/**
 * 107003: `stream` belongs to another context. The plog and screen lines of the current runtime
 * (EE1010 with the use's description, api_impl.cc's context check; the EE1010 template of
 * error_code.json), then the ErrCode line.
 */
export function wrongContext(
	rt: AclRuntime,
	stream: Stream,
	current: Context,
	call: HostCall | undefined,
): AclError {
	const use = call ? STREAM_USES[call.name] : undefined;
	if (!use) return ACL_ERROR.ACL_ERROR_RT_STREAM_CONTEXT;
	const info = `stream_id=${stream.id}, stream_ctx=${hex(stream.context.handle)}, cur_ctx=${hex(current.handle)}`;
	const message = `${use.desc} execution failed because stream does not belong to the current context. Extended information: ${info}.`;
	rt.runtimeError(use.at, use.impl, `${message} ErrorCode=EE1010.`);
	rtFailure(rt, use.rt, 'RT_ERROR_STREAM_CONTEXT');
	rt.screenError('EE1010', message, [reasonLine(rt, use.rt, 'RT_ERROR_STREAM_CONTEXT')]);
	rt.diagnose('stream-wrong-context', call!.site(), {
		stream: stream.id,
		device: stream.context.device.id,
		current: current.device.id,
	});
	return ACL_ERROR.ACL_ERROR_RT_STREAM_CONTEXT;
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
		slots: 0,
		stopOnFailure: false,
		saturation: deviceSatMode(rt) === SAT_MODE.saturation,
		taskCount: 0,
		site,
		api,
		capture: undefined,
	};
}

/** Every stream of this process: explicit ones and each context's default stream. */
export function* allStreams(rt: AclRuntime): Generator<Stream> {
	const { state } = rt;
	yield* state.streams.values();
	for (const c of state.contexts.values()) yield c.defaultStream;
	for (const b of state.bindings.values()) yield b.context.defaultStream;
}

/**
 * A submission to `stream` refused because its context stopped on a failure
 * (ACL_STOP_ON_FAILURE, task-errors.ts); ACL_SUCCESS otherwise.
 */
export function submitRefused(rt: AclRuntime, stream: Stream, call: HostCall): AclError {
	return abortedSubmission(rt, stream.context, call);
}

/**
 * The stream a call queues its task on (`handle`), once it is known and its context still takes
 * submissions; a number is the call's error code instead.
 */
export function submissionStream(
	rt: AclRuntime,
	handle: number,
	call: HostCall,
): Stream | AclError {
	const s = resolveStream(rt, handle, call);
	if (typeof s === 'number') return s;
	const refused = submitRefused(rt, s, call);
	return refused !== ACL_SUCCESS ? refused : s;
}

/**
 * Waits until `target`, or for `timeoutMs` when that is shorter (negative: no limit).
 * False when the timeout expired first.
 */
export function waitUntil(rt: AclRuntime, target: number, timeoutMs: number): boolean {
	const clock = rt.machine.clock;
	// The copies done by now land: a wait is where the program may next read their results.
	if (target <= clock.now) {
		settleCopies(rt.machine, clock.now);
		return true;
	}
	if (target === Number.POSITIVE_INFINITY && timeoutMs < 0) {
		// A task that never ends (an HCCL task with HCCL_EXEC_TIMEOUT=0 whose peer never comes).
		throw new Halt('hang', 'a task on the stream never completes');
	}
	if (timeoutMs >= 0 && target - clock.now > timeoutMs * 1000) {
		clock.advance(Math.round(timeoutMs * 1000));
		settleCopies(rt.machine, clock.now);
		return false;
	}
	clock.advanceTo(target);
	settleCopies(rt.machine, clock.now);
	return true;
}

/**
 * If the stream's first failure has happened by now, prints what the runtime prints for it
 * and returns its code (once: the error is then cleared); otherwise ACL_SUCCESS.
 */
export function reportStreamError(rt: AclRuntime, stream: Stream, deviceSync: boolean): AclError {
	noticeFailures(rt);
	const error = stream.error;
	if (!error || error.at > rt.machine.clock.now) return ACL_SUCCESS;
	stream.error = undefined;
	if (error.report) {
		error.report(rt);
		return error.code;
	}
	const pid = rt.process.pid;
	const vector = rt.machine.profile.kernelCore.value === 'vector';
	if (error.kind === 'exception') {
		// The device-side lines were printed when the task failed (task-errors.ts); the
		// screen shows EZ9999 after a device exception (ascend-facts D.13 and C).
		rt.screen('EZ9999: Inner Error!');
	} else if (error.hung && !deviceSync) {
		// A kernel that ran into the timeout, seen at a stream synchronize: the reason and the
		// ACL line under EH9999 (vllm-project/vllm-ascend#4972, 507014).
		const name = vector ? 'RT_ERROR_TSFW_VECTOR_CORE_TIMEOUT' : 'RT_ERROR_TSFW_AICORE_TIMEOUT';
		rtFailure(rt, 'rtStreamSynchronize', name);
		rt.innerError('EH9999', [
			reasonLine(rt, 'rtStreamSynchronize', name),
			aclCallLine(`synchronize stream failed, runtime result = ${error.code}`),
		]);
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
