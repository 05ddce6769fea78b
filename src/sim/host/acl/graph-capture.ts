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
 * Cross-stream capture (sub streams joining through events, 107025 when one is not joined back)
 * is in capture-streams.ts.
 *
 * One host thread per process today, so "the capturing thread" is that thread.
 */
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex, type TracebackLine } from '../host-log.ts';
import type { CapturedTask, Graph, Stream } from '../host-resources.ts';
import { reasonLine, rtFailure } from '../rt-errors.ts';
import { checkJoined, endInvalid, endOnSubStream } from './capture-streams.ts';
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
