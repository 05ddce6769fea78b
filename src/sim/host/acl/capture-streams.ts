/**
 * The streams of an ACL graph capture beyond the one it began on (hicann/runtime
 * docs/zh/dev_guide/04-02_cross_stream_capture.md): an event recorded on a capturing stream
 * belongs to the capture, and a stream that waits on it joins as a sub stream, with a stream slot
 * of its own. aclmdlRICaptureEnd, on the origin stream only, checks that every sub stream ends
 * with an event record that some stream waits on and that the origin stream waits on one of them;
 * otherwise 107025 (ACL_ERROR_RT_STREAM_UNJOINED) and the capture is thrown away. Sources: the
 * runtime at 681ef76 (context_aclgraph.cc CheckCaptureModelValidity, capture_adapt_v100.cc) for
 * the current wording, its first commit d8beaaf (context.cc, capture_adapt.cc) before 9.1.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex } from '../host-log.ts';
import type { AclEvent, CaptureEvent, CapturedTask, Graph, Stream } from '../host-resources.ts';
import { reasonLine, rtFailure, RT_ERRORS } from '../rt-errors.ts';
import { captureTask } from './graph-capture.ts';
import { logStreamExhausted } from './stream.ts';
import { aclCallLine } from './task-errors.ts';

const { ACL_SUCCESS } = ACL_ERROR;

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
	if (!stream.capture && stream.isDefault) return defaultStreamRefused(rt, stream, call);
	if (!stream.capture) {
		const joined = joinCapture(rt, stream, record!, call);
		if (joined !== ACL_SUCCESS) return joined;
	}
	record?.waiters.add(stream);
	captureTask(stream, { kind: 'wait', event });
	return ACL_SUCCESS;
}

/**
 * The default stream waiting on a captured event: 107031 (api_impl.cc StreamWaitEvent; EE1017
 * "The default stream … cannot be used in the ACL Graph" now, the inner error "A disallowed
 * implicit dependency from default stream." before 9.1). The capture stays valid.
 */
function defaultStreamRefused(rt: AclRuntime, stream: Stream, call: HostCall): AclError {
	rt.diagnose('capture-forbidden-call', call.site(), {
		api: call.name,
		code: ACL_ERROR.ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
		what: {
			zh: '默认 Stream 不能通过 Event 加入 ACL Graph 捕获，请用 aclrtCreateStream 创建的 Stream。',
			en: 'the default stream cannot join an ACL graph capture through an event; use a stream from aclrtCreateStream.',
		},
	});
	const name = 'RT_ERROR_STREAM_CAPTURE_IMPLICIT';
	if (rt.machine.cann.runtimeWording === 'current') {
		const message = `Triggering event waiting failed. Parameter stream is invalid. Reason: The default stream (stream_id=${stream.id}) cannot be used in the ACL Graph.`;
		rt.runtimeError('api_impl.cc:1630', 'StreamWaitEvent', `${message} ErrorCode=EE1017.`);
		const code = rtFailure(rt, 'rtStreamWaitEvent', name);
		rt.screenError('EE1017', message, [reasonLine(rt, 'rtStreamWaitEvent', name)]);
		return code;
	}
	const inner = 'A disallowed implicit dependency from default stream.';
	rt.runtimeError('api_impl.cc:1518', 'StreamWaitEvent', inner);
	const code = rtFailure(rt, 'rtStreamWaitEvent', name);
	const line = `stream wait event failed, runtime result = ${code}`;
	rt.aclError('event.cpp:153', 'aclrtStreamWaitEventImpl', line);
	rt.innerError('EE9999', [
		{ text: inner, func: 'StreamWaitEvent', file: 'api_impl.cc', line: 1518 },
		reasonLine(rt, 'rtStreamWaitEvent', name),
		aclCallLine(line),
	]);
	return code;
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
 * aclmdlRICaptureEnd on a sub stream: only the origin stream can end the capture, 107036
 * (`The capture was not initiated in this stream`, an error line without a screen message).
 */
export function endOnSubStream(rt: AclRuntime, s: Stream): AclError {
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
export function endInvalid(rt: AclRuntime, graph: Graph): AclError {
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
export function checkJoined(rt: AclRuntime, graph: Graph, call: HostCall): AclError {
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
