/**
 * ACL graph capture (hicann/runtime docs/zh/api_ref/15_model_running_instance__management.md):
 * between aclmdlRICaptureBegin and aclmdlRICaptureEnd the tasks issued on a stream are not run
 * but recorded into a model running instance (aclmdlRI); aclmdlRIExecuteAsync runs them on a
 * stream; aclmdlRIDestroy frees the instance.
 *
 * Resources: beginning a capture creates a capture stream bound to the new model (runtime
 * context_aclgraph.cc, StreamAddToCaptureModelProc), so every graph holds a stream slot of its
 * device until it is destroyed; a capture that finds none fails (acl-stream-resource-exhausted).
 *
 * Forbidden during capture (api_error.cc, context_aclgraph.cc):
 * - synchronizing, querying or destroying the capturing stream: 107027 (EE1016 now, "Not allow to
 *   synchronize captured-stream" before 9.1);
 * - "unsafe functions" (aclrtMemcpy, aclrtMemset, aclrtMemcpy2d, a pageable async copy) while the
 *   capture mode forbids them: 107030. The mode comes from aclmdlRICaptureBegin (GLOBAL forbids
 *   every thread, THREAD_LOCAL the capturing thread, RELAXED none) and the thread's own mode set
 *   by aclmdlRICaptureThreadExchangeMode (Context::IsCaptureModeSupport);
 * - an async copy from pageable host memory: on the capturing stream 107000 (current runtime,
 *   EE1016 "The pageable memory copy task does not support graph capture"); elsewhere it becomes
 *   a blocking copy, which the mode refuses: 107041 now (EE1016 "the operation has been converted
 *   to a synchronous operation"), 107030 before 9.1.
 *
 * Cross-stream capture (hicann/runtime docs/zh/dev_guide/04-02_cross_stream_capture.md): an event
 * recorded on a capturing stream belongs to the capture; a stream that waits on it joins the capture
 * as a sub stream (it takes a stream slot of its own). aclmdlRICaptureEnd checks that every sub
 * stream ends with an event record that some stream waits on, and that the origin stream waits on
 * one of them; otherwise 107025 (ACL_ERROR_RT_STREAM_UNJOINED) and the capture is thrown away
 * (context_aclgraph.cc CheckCaptureModelValidity; the first commit's context.cc before 9.1).
 *
 * One host thread per process today, so "the capturing thread" is that thread.
 */
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex, type TracebackLine } from '../host-log.ts';
import type { AclEvent, CaptureEvent, CapturedTask, Graph, Stream } from '../host-resources.ts';
import { reasonLine, rtFailure, RT_ERRORS } from '../rt-errors.ts';
import { logStreamExhausted, resolveStream, submissionStream } from './stream.ts';
import { aclCallLine } from './task-errors.ts';
import { scheduleKernel } from './launch.ts';
import { settleBeforeKernel } from './copy-tasks.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** `aclmdlRICaptureMode` (hicann/runtime docs/zh/api_ref/25-02_Enumerations.md). */
export const CAPTURE_MODE = { GLOBAL: 0, THREAD_LOCAL: 1, RELAXED: 2 } as const;

/** `aclmdlRICaptureStatus` (same file). */
export const CAPTURE_STATUS = { NONE: 0, ACTIVE: 1, INVALIDATED: 2 } as const;

/** How the runtime names a mode: `GLOBAL(0)` (capture_model_utils.cc StreamCaptureModeToString). */
function modeName(mode: number | undefined): string {
	const names = ['GLOBAL', 'THREAD_LOCAL', 'RELAXED'];
	return mode === undefined ? 'MAX(3)' : `${names[mode] ?? 'MAX'}(${mode})`;
}

/** Whether `stream` is being captured. */
export function isCapturing(stream: Stream): boolean {
	return stream.capture !== undefined;
}

/** Records `task` into the graph `stream` captures. */
export function captureTask(stream: Stream, task: CapturedTask): void {
	const capture = stream.capture!;
	capture.graph.tasks.push(task);
	capture.last = task;
	stream.taskCount++;
}

/** `aclrtRecordEvent(event, stream)` on a capturing stream: the record belongs to the capture. */
export function captureRecord(stream: Stream, event: AclEvent): void {
	const graph = stream.capture!.graph;
	event.recorded = true;
	event.captured = true;
	event.capture = { graph, stream, waiters: new Set(), id: graph.tasks.length };
	captureTask(stream, { kind: 'record', event });
}

/**
 * `aclrtStreamWaitEvent(stream, event)` where the stream captures or the event was recorded in a
 * capture still open: the wait is captured, and a stream not yet capturing joins the event's
 * capture as a sub stream. Undefined for an ordinary wait.
 */
export function captureWait(
	rt: AclRuntime,
	stream: Stream,
	event: AclEvent,
	call: HostCall,
): AclError | undefined {
	const record = event.capture?.graph.state === 'capturing' ? event.capture : undefined;
	if (!stream.capture && !record) return undefined;
	if (!stream.capture) {
		const joined = joinCapture(rt, stream, record!, call);
		if (joined !== ACL_SUCCESS) return joined;
	}
	record?.waiters.add(stream);
	captureTask(stream, { kind: 'wait', event });
	return ACL_SUCCESS;
}

/**
 * A stream joins a capture through `record`: the runtime makes it a capture stream of its own,
 * which takes a stream slot of the device. With none left: the lines of
 * vllm-project/vllm-ascend#9564 (capture_model_utils.cc GetCaptureStream, api_impl.cc
 * CaptureEventWait) and 207005; the event id before the arrow is the stream's own (-1, none).
 * The failure invalidates the capture (TerminateCapture), so its end returns 507903.
 */
function joinCapture(
	rt: AclRuntime,
	stream: Stream,
	record: CaptureEvent,
	call: HostCall,
): AclError {
	const graph = record.graph;
	const device = stream.context.device;
	if (!device.streams.take(1, call.site())) {
		rt.diagnose('stream-resource-exhausted', call.site(), {
			limit: device.streams.limit,
			device: device.id,
		});
		device.streams.flush();
		const inner = ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
		const line = `stream wait event failed, runtime result = ${inner}`;
		logStreamExhausted(rt, [
			{
				text: `New capture stream failed, stream_id=${stream.id}, event_id=[-1->${record.id}].`,
				func: 'GetCaptureStream',
				file: 'capture_model_utils.cc',
				line: 92,
			},
			{
				text: `Create capture stream failed, stream_id=${stream.id}, event_id=-1, error=${0x7020023}.`,
				func: 'CaptureEventWait',
				file: 'api_impl.cc',
				line: 1514,
			},
			{
				text: 'Capture wait event failed.',
				func: 'StreamWaitEvent',
				file: 'api_impl.cc',
				line: 1563,
			},
			reasonLine(rt, 'rtStreamWaitEvent', 'RT_ERROR_DRV_NO_RESOURCES'),
			aclCallLine(line),
		]);
		rtFailure(rt, 'rtStreamWaitEvent', 'RT_ERROR_DRV_NO_RESOURCES');
		rt.aclError('event.cpp:153', 'aclrtStreamWaitEventImpl', line);
		graph.invalid = true;
		return inner;
	}
	device.streams.sample();
	graph.streamSlots++;
	graph.streams.push(stream);
	const origin = graph.streams[0]!.capture!;
	stream.capture = {
		graph,
		mode: origin.mode,
		thread: origin.thread,
		origin: false,
		last: undefined,
	};
	if (rt.detailed())
		rt.note({ kind: 'device-streams', device: device.id, inUse: device.streams.inUse });
	rt.detail(`stream ${stream.id} joins model_id=${graph.modelId}`);
	return ACL_SUCCESS;
}

/**
 * `aclmdlRICaptureBegin(stream, mode)`: starts recording `stream`'s tasks into a new model
 * running instance, which takes a stream slot of the device.
 */
export function aclmdlRICaptureBegin(rt: AclRuntime, call: HostCall): AclError {
	const handle = call.args[0] as number;
	const mode = call.args[1] as number;
	if (handle === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const unsupported = notSupported(rt);
	if (unsupported !== ACL_SUCCESS) return unsupported;
	const s = resolveStream(rt, handle, call);
	if (typeof s === 'number') return s;
	if (
		mode !== CAPTURE_MODE.GLOBAL &&
		mode !== CAPTURE_MODE.THREAD_LOCAL &&
		mode !== CAPTURE_MODE.RELAXED
	)
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (s.capture) {
		const message = `Stream begin capture failed. Reason: Stream is already in capture status, device_id=${s.context.device.id}, stream_id=${s.id}, status=active.`;
		rt.runtimeError(
			'context_aclgraph.cc:289',
			'StreamBeginCapture',
			`${message} ErrorCode=EE1016.`,
		);
		rtFailure(rt, 'rtStreamBeginCapture', 'RT_ERROR_STREAM_CAPTURED');
		rt.screenError('EE1016', message, [
			reasonLine(rt, 'rtStreamBeginCapture', 'RT_ERROR_STREAM_CAPTURED'),
		]);
		return ACL_ERROR.ACL_ERROR_RT_STREAM_CAPTURED;
	}
	const device = s.context.device;
	if (!device.streams.take(1, call.site())) return captureWithoutStream(rt, s, call);
	device.streams.sample();
	const graph: Graph = {
		handle: rt.machine.nextHandle(),
		modelId: device.takeModelId(),
		device,
		context: s.context,
		tasks: [],
		streamSlots: 1,
		streams: [s],
		invalid: false,
		state: 'capturing',
		site: call.site(),
	};
	rt.state.graphs.set(graph.handle, graph);
	s.capture = { graph, mode, thread: 0, origin: true, last: undefined };
	s.context.captureMode = mode;
	if (rt.detailed()) {
		rt.note({
			kind: 'graph',
			pid: rt.pid,
			handle: graph.handle,
			state: 'capturing',
			stream: s.id,
			tasks: 0,
		});
		rt.note({ kind: 'device-streams', device: device.id, inUse: device.streams.inUse });
	}
	rt.detail(`model_id=${graph.modelId}`);
	return ACL_SUCCESS;
}

/**
 * A capture that found no stream slot. Current runtime: `[PID] … Insufficient_Stream_Resources
 * (EL0009)` and 207008 (vllm-project/vllm-ascend#9691). Before 9.1: the stream creation fails with
 * `[SqCqManage]Alloc sq cq fail` and the capture returns 207005 (vllm-ascend#8393).
 */
function captureWithoutStream(rt: AclRuntime, s: Stream, call: HostCall): AclError {
	const device = s.context.device;
	rt.diagnose('stream-resource-exhausted', call.site(), {
		limit: device.streams.limit,
		device: device.id,
	});
	device.streams.flush();
	if (rt.machine.cann.runtimeWording === 'current') {
		const code = rtFailure(rt, 'rtStreamBeginCapture', 'RT_ERROR_DRV_NO_STREAM_RESOURCES');
		const line = `begin capture stream failed, runtime result = ${code}`;
		rt.aclError('model_ri.cpp:55', 'aclmdlRICaptureBeginImpl', line);
		rt.screenError('EL0009', 'The stream resources are insufficient.', [
			reasonLine(rt, 'rtStreamBeginCapture', 'RT_ERROR_DRV_NO_STREAM_RESOURCES'),
			aclCallLine(line),
		]);
		return code;
	}
	const failed = `Capture stream create failed, device_id=${device.id}, original stream_id=${s.id}, retCode=0x7020023.`;
	const line = `begin capture stream failed, runtime result = ${ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL}`;
	const extra: TracebackLine[] = [
		{ text: failed, func: 'StreamAddToCaptureModelProc', file: 'context_aclgraph.cc', line: 182 },
		reasonLine(rt, 'rtStreamBeginCapture', 'RT_ERROR_DRV_NO_RESOURCES'),
		aclCallLine(line),
	];
	logStreamExhausted(rt, extra);
	rt.runtimeError('context_aclgraph.cc:182', 'StreamAddToCaptureModelProc', failed);
	rtFailure(rt, 'rtStreamBeginCapture', 'RT_ERROR_DRV_NO_RESOURCES');
	rt.aclError('model_ri.cpp:55', 'aclmdlRICaptureBeginImpl', line);
	return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
}

/**
 * `aclmdlRICaptureGetInfo(stream, &status, &modelRI)`: ACTIVE and the instance while the stream
 * captures, NONE and null otherwise.
 */
export function aclmdlRICaptureGetInfo(rt: AclRuntime, call: HostCall): AclError {
	const unsupported = notSupported(rt);
	if (unsupported !== ACL_SUCCESS) return unsupported;
	const s = resolveStream(rt, call.args[0] as number, call);
	if (typeof s === 'number') return s;
	call.out(1, s.capture ? CAPTURE_STATUS.ACTIVE : CAPTURE_STATUS.NONE);
	call.out(2, s.capture ? s.capture.graph.handle : 0);
	return ACL_SUCCESS;
}

/**
 * `aclmdlRICaptureEnd(stream, &modelRI)`: stops recording and returns the instance. A stream
 * that is not capturing gives 107029 (EE1018 in the current runtime, context_aclgraph.cc).
 */
export function aclmdlRICaptureEnd(rt: AclRuntime, call: HostCall): AclError {
	const unsupported = notSupported(rt);
	if (unsupported !== ACL_SUCCESS) return unsupported;
	const s = resolveStream(rt, call.args[0] as number, call);
	if (typeof s === 'number') return s;
	const capture = s.capture;
	if (!capture) {
		if (rt.machine.cann.runtimeWording === 'current') {
			const message = `Stream end capture failed. Reason: The stream (stream_id=${s.id}) is not in capture status, call rtStreamBeginCapture API to capture stream first.`;
			rt.runtimeError(
				'context_aclgraph.cc:520',
				'StreamEndCapture',
				`${message} ErrorCode=EE1018.`,
			);
			rt.screenError('EE1018', message, [
				reasonLine(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_NOT_CAPTURED'),
			]);
		}
		rtFailure(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_NOT_CAPTURED');
		return ACL_ERROR.ACL_ERROR_RT_STREAM_NOT_CAPTURED;
	}
	if (!capture.origin) return endOnSubStream(rt, s);
	const unjoined = capture.graph.invalid
		? endInvalid(rt, capture.graph)
		: checkJoined(rt, capture.graph, call);
	if (unjoined !== ACL_SUCCESS) {
		// ClearCaptureModel: the capture is thrown away and no instance is returned.
		leaveCapture(capture.graph);
		dropGraph(rt, capture.graph);
		call.out(1, 0);
		return unjoined;
	}
	leaveCapture(capture.graph);
	capture.graph.state = 'ready';
	if (rt.detailed())
		rt.note({
			kind: 'graph',
			pid: rt.pid,
			handle: capture.graph.handle,
			state: 'ready',
			stream: s.id,
			tasks: capture.graph.tasks.length,
		});
	rt.detail(`modelRI=${hex(capture.graph.handle)}`);
	call.out(1, capture.graph.handle);
	return ACL_SUCCESS;
}

/** Every stream of `graph` stops capturing. */
function leaveCapture(graph: Graph): void {
	for (const stream of graph.streams) stream.capture = undefined;
	graph.context.captureMode = undefined;
}

/**
 * aclmdlRICaptureEnd on a sub stream: only the origin stream can end the capture, 107036
 * (`The capture was not initiated in this stream`, an error line without a screen message).
 */
function endOnSubStream(rt: AclRuntime, s: Stream): AclError {
	const at =
		rt.machine.cann.runtimeWording === 'current' ? 'context_aclgraph.cc:523' : 'context.cc:4948';
	rt.runtimeError(
		at,
		'StreamEndCapture',
		`The capture was not initiated in this stream. device_id=${s.context.device.id}, stream_id=${s.id}.`,
	);
	return rtFailure(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_CAPTURE_UNMATCHED');
}

/**
 * The end of a capture a failed call invalidated: 507903 (context_aclgraph.cc: EE1016 "The
 * current model … is invalid"; before 9.1 context.cc "current capture is invalid").
 */
function endInvalid(rt: AclRuntime, graph: Graph): AclError {
	const origin = graph.streams[0]!;
	const name = 'RT_ERROR_STREAM_CAPTURE_INVALIDATED';
	if (rt.machine.cann.runtimeWording !== 'current') {
		rt.runtimeError(
			'context.cc:4970',
			'StreamEndCapture',
			`current capture is invalid, device_id=${graph.device.id}, origin stream_id=${origin.id}.`,
		);
		return rtFailure(rt, 'rtStreamEndCapture', name);
	}
	const message = `Stream end capture failed. Reason: The current model (model_id=${graph.modelId}) is invalid because an error occurred during model capture.`;
	rt.runtimeError('context_aclgraph.cc:555', 'StreamEndCapture', `${message} ErrorCode=EE1016.`);
	const code = rtFailure(rt, 'rtStreamEndCapture', name);
	rt.screenError('EE1016', message, [reasonLine(rt, 'rtStreamEndCapture', name)]);
	return code;
}

/** How a sub stream was left unjoined, for the message. */
type Unjoined =
	| { kind: 'not-record'; sub: Stream; task: CapturedTask | undefined }
	| { kind: 'no-wait'; sub: Stream; event: CaptureEvent }
	| { kind: 'origin' };

/** CheckCaptureModelValidity: ACL_SUCCESS, or 107025 with the version's lines. */
function checkJoined(rt: AclRuntime, graph: Graph, call: HostCall): AclError {
	const origin = graph.streams[0]!;
	let joinedBack = false;
	for (const sub of graph.streams.slice(1)) {
		const last = sub.capture!.last;
		if (last?.kind !== 'record')
			return unjoined(rt, graph, call, { kind: 'not-record', sub, task: last });
		const record = last.event.capture!;
		if (record.waiters.size === 0)
			return unjoined(rt, graph, call, { kind: 'no-wait', sub, event: record });
		if (record.waiters.has(origin)) joinedBack = true;
	}
	if (graph.streams.length > 1 && !joinedBack) return unjoined(rt, graph, call, { kind: 'origin' });
	return ACL_SUCCESS;
}

/**
 * The task type the runtime names in "The last task type is not event record" (tsTaskType_t and
 * the profiling names, task_base.hpp / profiling_agent.cc at d8beaaf). A kernel is named
 * KERNEL_AICORE here; the runtime says KERNEL_AIVEC (66) for a vector-only kernel.
 */
function taskType(task: CapturedTask | undefined): string {
	if (!task) return '0 (KERNEL_AICORE)';
	if (task.kind === 'copy') return '5 (MEMCPY_ASYNC)';
	if (task.kind === 'wait') return '127 (EVENT_WAIT)';
	if (task.kind === 'other')
		return task.api.includes('Wait') ? '14 (NOTIFY_WAIT)' : '15 (NOTIFY_RECORD)';
	return '0 (KERNEL_AICORE)';
}

/**
 * Prints why the capture is invalid and returns 107025. Current runtime: EE1017 with the
 * reasons of context_aclgraph.cc / capture_adapt_v100.cc at 681ef76; before 9.1: the RUNTIME
 * lines of the first commit and the `EE9999` block of vllm-project/vllm-ascend#13792.
 */
function unjoined(rt: AclRuntime, graph: Graph, call: HostCall, why: Unjoined): AclError {
	const origin = graph.streams[0]!;
	const subId = why.kind === 'origin' ? graph.streams[1]!.id : why.sub.id;
	rt.diagnose('capture-stream-unjoined', call.site(), {
		origin: origin.id,
		stream: subId,
		why: UNJOINED_WHY[why.kind],
	});
	const code = RT_ERRORS.RT_ERROR_STREAM_UNJOINED;
	const taskId = why.kind === 'origin' ? 0 : why.sub.taskCount - 1;
	if (rt.machine.cann.runtimeWording === 'current') {
		const reason =
			why.kind === 'not-record'
				? `In the cross-stream capture scenario, the last task (task_id=${taskId}) on the sub stream (stream_id=${why.sub.id}) is not an event record task. Call aclrtRecordEvent on the sub stream to deliver an event record task`
				: why.kind === 'no-wait'
					? `In the cross-stream capture scenario, the last task (task_id=${taskId}, event_id=${why.event.id}) on the sub stream (stream_id=${why.sub.id}) lacks the corresponding event wait task`
					: `In the cross-stream capture scenario, the origin stream (stream_id=${origin.id}) has no event wait task, indicating that the sub stream is not joined back to the origin stream`;
		const message = `Capture model validity check failed. Parameter capture model is invalid. Reason: ${reason}.`;
		const [at, func] =
			why.kind === 'not-record'
				? ['capture_adapt_v100.cc:47', 'GetCaptureEventFromTask']
				: [
						why.kind === 'no-wait' ? 'context_aclgraph.cc:389' : 'context_aclgraph.cc:400',
						'CheckCaptureModelValidity',
					];
		rt.runtimeError(at, func, `${message} ErrorCode=EE1017.`);
		rt.runtimeError(
			'context_aclgraph.cc:572',
			'StreamEndCapture',
			`Failed to verify the validity of the capture model, retCode=${hex(code.inner)}.`,
		);
		rtFailure(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_UNJOINED');
		rt.screenError('EE1017', message, [
			reasonLine(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_UNJOINED'),
		]);
		return code.acl;
	}
	const inner =
		why.kind === 'not-record'
			? `The last task type is not event record, stream_id=${why.sub.id}, task_id=${taskId}, task_type=${taskType(why.task)}`
			: why.kind === 'no-wait'
				? `A free-state event record task was discovered, stream_id=${why.sub.id}, task_id=${taskId}, event_id=${why.event.id}.`
				: 'capture model contains a stream that was not joined to the original stream.';
	const [at, func] =
		why.kind === 'not-record'
			? ['capture_adapt.cc:49', 'GetCaptureEventFromTask']
			: [
					why.kind === 'no-wait' ? 'context.cc:4853' : 'context.cc:4861',
					'CheckCaptureModelValidity',
				];
	rt.runtimeError(at, func, inner);
	rt.runtimeError(
		'context.cc:4978',
		'StreamEndCapture',
		`Failed to verify the validity of the capture model, retCode=${hex(code.inner)}.`,
	);
	rtFailure(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_UNJOINED');
	const line = `end capture stream failed, runtime result = ${code.acl}`;
	rt.aclError('model_ri.cpp:112', 'aclmdlRICaptureEndImpl', line);
	rt.innerError('EE9999', [
		reasonLine(rt, 'rtStreamEndCapture', 'RT_ERROR_STREAM_UNJOINED'),
		aclCallLine(line),
	]);
	return code.acl;
}

/** The diagnosis' reason for each way a sub stream is left unjoined. */
const UNJOINED_WHY = {
	'not-record': {
		zh: '子流最后一个任务不是 Event Record，后面的任务没有任何流等待',
		en: 'the sub stream’s last task is not an event record, so nothing waits for what came after it',
	},
	'no-wait': {
		zh: '子流最后记录的 Event 没有被任何 Stream 等待',
		en: 'no stream waits on the event the sub stream recorded last',
	},
	origin: {
		zh: '主流没有等待子流记录的 Event，子流没有回到主流',
		en: 'the origin stream never waits on an event the sub stream recorded, so the sub stream is not joined back',
	},
} as const;

/**
 * `aclmdlRIExecuteAsync(modelRI, stream)`: runs the instance's recorded tasks on `stream`, in
 * order (each kernel's body runs again, each copy moves its bytes again).
 */
export function aclmdlRIExecuteAsync(rt: AclRuntime, call: HostCall): AclError {
	const graph = rt.state.graphs.get(call.args[0] as number);
	if (!graph) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const s = submissionStream(rt, call.args[1] as number, call);
	if (typeof s === 'number') return s;
	if (graph.state !== 'ready') return ACL_ERROR.ACL_ERROR_RT_STREAM_CAPTURED;
	for (const task of graph.tasks) {
		if (task.kind === 'kernel') {
			const now = rt.machine.clock.now;
			const start = s.busyUntil > now ? s.busyUntil : now;
			settleBeforeKernel(rt.machine, start);
			scheduleKernel(rt, s, start, task.name, undefined, task.run(), task.args, call.site());
		} else if (task.kind === 'copy') task.replay(s);
	}
	return ACL_SUCCESS;
}

/** `aclmdlRIDestroy(modelRI)`: frees the instance and the stream slots it held. */
export function aclmdlRIDestroy(rt: AclRuntime, call: HostCall): AclError {
	const graph = rt.state.graphs.get(call.args[0] as number);
	if (!graph) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	for (const s of rt.state.streams.values())
		if (s.capture?.graph === graph) return ACL_ERROR.ACL_ERROR_RT_STREAM_CAPTURED;
	dropGraph(rt, graph);
	return ACL_SUCCESS;
}

/** Frees `graph` (destroy, or the driver's release at process exit). */
export function dropGraph(rt: AclRuntime, graph: Graph): void {
	rt.state.graphs.delete(graph.handle);
	const device = graph.device;
	device.streams.give(graph.streamSlots);
	device.streams.sample();
	device.releaseModelId(graph.modelId);
	if (rt.detailed()) {
		rt.note({
			kind: 'graph',
			pid: rt.pid,
			handle: graph.handle,
			state: null,
			stream: -1,
			tasks: graph.tasks.length,
		});
		rt.note({ kind: 'device-streams', device: device.id, inUse: device.streams.inUse });
	}
}

/**
 * `aclmdlRICaptureThreadExchangeMode(&mode)`: sets the calling thread's capture mode to `*mode`
 * and writes back the one it had (GLOBAL, the runtime's default: the 8.x log lines show
 * `exchangeCaptureMode=0` for a thread that never set one).
 */
export function aclmdlRICaptureThreadExchangeMode(rt: AclRuntime, call: HostCall): AclError {
	const unsupported = notSupported(rt);
	if (unsupported !== ACL_SUCCESS) return unsupported;
	const mode = call.peek?.(0);
	if (
		mode !== CAPTURE_MODE.GLOBAL &&
		mode !== CAPTURE_MODE.THREAD_LOCAL &&
		mode !== CAPTURE_MODE.RELAXED
	)
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const previous = rt.state.exchangeCaptureMode ?? CAPTURE_MODE.GLOBAL;
	rt.state.exchangeCaptureMode = mode;
	call.out(0, previous);
	return ACL_SUCCESS;
}

/**
 * Whether the current thread may call an unsafe function: Context::IsCaptureModeSupport, with
 * the thread's own capture mode (the capture's, for the thread that began it) and its exchange
 * mode (GLOBAL until aclmdlRICaptureThreadExchangeMode sets another).
 */
function modeAllows(rt: AclRuntime): boolean {
	const context = rt.state.current;
	if (!context || context.captureMode === undefined) return true;
	const exchange = rt.state.exchangeCaptureMode ?? CAPTURE_MODE.GLOBAL;
	const thread = context.captureMode;
	if (exchange === CAPTURE_MODE.RELAXED) return true;
	if (exchange === CAPTURE_MODE.GLOBAL)
		return !(context.captureMode === CAPTURE_MODE.GLOBAL || thread === CAPTURE_MODE.THREAD_LOCAL);
	return !(thread === CAPTURE_MODE.GLOBAL || thread === CAPTURE_MODE.THREAD_LOCAL);
}

/** What an unsafe call is, for its messages. */
export type UnsafeCall = 'memcpy' | 'memset' | 'pageable-async';

/**
 * Whether an unsafe function may run now; if not, prints the version's lines and returns the
 * code (107030, or for a pageable async copy 107041 / 107000, see the file comment).
 */
export function forbiddenDuringCapture(
	rt: AclRuntime,
	call: HostCall,
	unsafe: UnsafeCall,
	count: number,
	kind: number,
): AclError {
	const current = rt.machine.cann.runtimeWording === 'current';
	if (modeAllows(rt)) return ACL_SUCCESS;
	const code = unsafe === 'pageable-async' && current ? 107041 : 107030;
	diagnoseRefusal(rt, call, code, {
		zh: `捕获模式 ${modeName(rt.state.current!.captureMode)} 下不允许${unsafe === 'memset' ? '同步设置内存' : unsafe === 'memcpy' ? '同步拷贝' : '涉及非锁页内存的异步拷贝（它会变成同步拷贝）'}。`,
		en: `capture mode ${modeName(rt.state.current!.captureMode)} forbids ${unsafe === 'memset' ? 'a synchronous memset' : unsafe === 'memcpy' ? 'a blocking copy' : 'an async copy of pageable host memory (it becomes a blocking copy)'}.`,
	});
	const context = rt.state.current!;
	const contextMode = context.captureMode;
	const threadMode = contextMode;
	const exchange = rt.state.exchangeCaptureMode ?? CAPTURE_MODE.GLOBAL;
	const rtFunc =
		unsafe === 'memset' ? 'rtMemset' : unsafe === 'memcpy' ? 'rtMemcpy' : 'rtMemcpyAsync';
	if (!current) {
		rt.runtimeError(
			'api_impl.cc:2583',
			'MemCopySync',
			`The current capture mode:threadCaptureMode=${threadMode}, exchangeCaptureMode=${exchange}, contextCaptureMode=${contextMode}`,
		);
		rt.runtimeError(
			'api_error.cc:1528',
			'MemCopySync',
			`Memory copy sync failed, cnt=${count}, kind=${kind}.`,
		);
		const result = rtFailure(rt, rtFunc, 'RT_ERROR_STREAM_CAPTURE_MODE_NOT_SUPPORT');
		aclCopyFailed(rt, unsafe, kind, result, [
			reasonLine(rt, rtFunc, 'RT_ERROR_STREAM_CAPTURE_MODE_NOT_SUPPORT'),
		]);
		return result;
	}
	const func =
		unsafe === 'memset'
			? 'Memory setting synchronization'
			: unsafe === 'memcpy'
				? 'Synchronous memory copy'
				: 'Asynchronous memory copy';
	const reason =
		unsafe === 'pageable-async'
			? 'the operation has been converted to a synchronous operation. operation not permitted when a stream is capturing and the specified capture mode is not relaxed'
			: `The current thread ${rt.tid} is in the capture state and the current operation cannot be performed. Check whether the mode set by the aclmdlRICaptureBegin API supports the current operation. This operation is supported only in the RELAXED mode. The mode set using the aclmdlRICaptureBegin API is ${modeName(contextMode)}, and the capture mode of the current thread is ${modeName(threadMode)}`;
	const message = `${func} failed. Reason: ${reason}.`;
	rt.runtimeError(
		'capture_model_utils.cc:317',
		'ReportCaptureModeError',
		`${message} ErrorCode=EE1016.`,
	);
	const name =
		unsafe === 'pageable-async'
			? 'RT_ERROR_STREAM_CAPTURE_MODE_BLOCK_ASYNC'
			: 'RT_ERROR_STREAM_CAPTURE_MODE_NOT_SUPPORT';
	const result = rtFailure(rt, rtFunc, name);
	rt.screenError('EE1016', message, [reasonLine(rt, rtFunc, name)]);
	aclCopyFailed(rt, unsafe, kind, result, []);
	return result;
}

/**
 * A pageable async copy on the capturing stream, current runtime: EE1016 and 107000
 * (api_error.cc MemcpyAsync).
 */
export function pageableCaptureRefused(rt: AclRuntime, call: HostCall): AclError {
	diagnoseRefusal(rt, call, ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID, {
		zh: '正在被捕获的 Stream 上不能下发涉及非锁页内存（不是 aclrtMallocHost 申请的）的异步拷贝。',
		en: 'an async copy of pageable host memory (not from aclrtMallocHost) cannot be issued on a stream being captured.',
	});
	const message =
		'Asynchronous copy task failed. Reason: The pageable memory copy task does not support graph capture.';
	rt.runtimeError('api_error.cc:2257', 'MemcpyAsync', `${message} ErrorCode=EE1016.`);
	rt.screenError('EE1016', message);
	return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
}

/**
 * The ACL layer's line for a refused copy: `aclrtMemcpyImpl:synchronized memcpy failed, kind = 1,
 * runtime result = 107030` (vllm-project/vllm#46673, vllm-ascend#10309); with `traceback`, the
 * screen block of the older wording (EE9999 and the lines).
 */
function aclCopyFailed(
	rt: AclRuntime,
	unsafe: UnsafeCall,
	kind: number,
	code: number,
	traceback: TracebackLine[],
): void {
	if (unsafe === 'memset') return;
	const what = unsafe === 'memcpy' ? 'synchronized memcpy failed' : 'asynchronized memcpy failed';
	const line = `${what}, kind = ${kind}, runtime result = ${code}`;
	rt.aclError(
		'memory.cpp:608',
		unsafe === 'memcpy' ? 'aclrtMemcpyImpl' : 'aclrtMemcpyAsyncImpl',
		line,
	);
	if (traceback.length > 0) rt.innerError('EE9999', [...traceback, aclCallLine(line)]);
}

/**
 * What a capturing stream refuses: a synchronize, query or destroy returns 107027 (api_error.cc
 * StreamSynchronize / StreamQuery / StreamDestroy) with EE1016 now, or the "Not allow to
 * synchronize captured-stream" inner error before 9.1 (vllm-project/vllm-omni#4519).
 */
export function captureRefusal(
	rt: AclRuntime,
	stream: Stream,
	what: 'synchronize' | 'query' | 'destroy',
	call: { readonly name: string; site(): CallSite },
): AclError {
	if (!stream.capture) return ACL_SUCCESS;
	const api = call.name;
	diagnoseRefusal(rt, call, ACL_ERROR.ACL_ERROR_RT_STREAM_CAPTURED, {
		zh: `不能${what === 'destroy' ? '销毁' : what === 'query' ? '查询' : '同步'}正在被捕获的 Stream ${stream.id}。`,
		en: `stream ${stream.id} is being captured and cannot be ${what === 'destroy' ? 'destroyed' : what === 'query' ? 'queried' : 'synchronized'}.`,
	});
	const rtFunc =
		what === 'destroy'
			? 'rtStreamDestroy'
			: what === 'query'
				? 'rtStreamQuery'
				: api === 'aclrtSynchronizeStreamWithTimeout'
					? 'rtStreamSynchronizeWithTimeout'
					: 'rtStreamSynchronize';
	if (rt.machine.cann.runtimeWording === 'current') {
		const func =
			what === 'destroy'
				? 'Stream destruction'
				: what === 'query'
					? 'Querying a stream'
					: 'Synchronizing a stream';
		const message = `${func} failed. Reason: Stream (stream_id=${stream.id}) during the capture stage is not supported.`;
		rt.runtimeError(
			'api_error.cc:1446',
			what === 'destroy' ? 'StreamDestroy' : what === 'query' ? 'StreamQuery' : 'StreamSynchronize',
			`${message} ErrorCode=EE1016.`,
		);
		const code = rtFailure(rt, rtFunc, 'RT_ERROR_STREAM_CAPTURED');
		rt.screenError('EE1016', message, [reasonLine(rt, rtFunc, 'RT_ERROR_STREAM_CAPTURED')]);
		return code;
	}
	const inner = `Not allow to synchronize captured-stream, stream_id=${stream.id}.`;
	rt.runtimeError('api_error.cc:993', 'StreamSynchronize', inner);
	const code = rtFailure(rt, rtFunc, 'RT_ERROR_STREAM_CAPTURED');
	const line = `synchronize stream failed, runtime result = ${code}`;
	rt.innerError('EE9999', [
		{ text: inner, func: 'StreamSynchronize', file: 'api_error.cc', line: 993 },
		reasonLine(rt, rtFunc, 'RT_ERROR_STREAM_CAPTURED'),
		aclCallLine(line),
	]);
	return code;
}

function diagnoseRefusal(
	rt: AclRuntime,
	call: { readonly name: string; site(): CallSite },
	code: number,
	what: { zh: string; en: string },
): void {
	rt.diagnose('capture-forbidden-call', call.site(), { api: call.name, code, what });
}

/** Graph capture is not supported on this product (ACL_ERROR_RT_FEATURE_NOT_SUPPORT). */
function notSupported(rt: AclRuntime): AclError {
	return rt.machine.profile.graphCapture.value
		? ACL_SUCCESS
		: ACL_ERROR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
