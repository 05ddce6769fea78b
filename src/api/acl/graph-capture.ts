/** Graph capture: model running instances made by capturing a stream (hicann/runtime api_ref 15). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { ASYNC_FAILURES, CALL_COST, hostCost, STREAM_ARG } from './shared.ts';
import * as capture from '../../sim/host/acl/graph-capture.ts';

const DOC = (anchor: string) => runtimeDoc('15_model_running_instance__management.md', anchor);
const group = 'acl-graph-capture';

const CAPTURE_ERRORS = [
	...STREAM_ARG,
	'ACL_ERROR_INVALID_PARAM',
	'ACL_ERROR_RT_FEATURE_NOT_SUPPORT',
] as const;

/** The graph-capture rows. */
export const GRAPH_CAPTURE_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclmdlRICaptureBegin',
		group,
		signature: 'aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode)',
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.createStream),
		errors: [
			...CAPTURE_ERRORS,
			'ACL_ERROR_RT_STREAM_CAPTURED',
			'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL',
			'ACL_ERROR_RT_NO_STREAM_RESOURCE',
		],
		diagnostics: ['stream-resource-exhausted', 'stream-wrong-context'],
		limits: [
			{ profile: 'host', key: 'streams' },
			{ profile: 'host', key: 'graphCapture' },
		],
		doc: {
			zh: '开始捕获：之后下发到这条 Stream 的任务不执行，而是记录进一个新的模型运行实例，直到 aclmdlRICaptureEnd。每个实例占一个 Stream 资源，直到 aclmdlRIDestroy；mode 限制捕获期间能否调用同步拷贝等非安全函数。',
			en: 'Starts a capture: tasks issued to the stream are recorded into a new model running instance instead of running, until aclmdlRICaptureEnd. Each instance holds a stream resource until aclmdlRIDestroy; mode says whether unsafe functions (blocking copies…) may run meanwhile.',
		},
		source: DOC('aclmdlRICaptureBegin'),
		run: capture.aclmdlRICaptureBegin,
	}),
	hostApi({
		name: 'aclmdlRICaptureGetInfo',
		group,
		signature:
			'aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus *status, aclmdlRI *modelRI)',
		out: ['status', 'modelRI'],
		requires: ['current-context'],
		cost: CALL_COST,
		errors: CAPTURE_ERRORS,
		doc: {
			zh: 'Stream 的捕获状态，以及正在填充的模型运行实例。',
			en: 'The stream’s capture status and the model running instance being filled.',
		},
		source: DOC('aclmdlRICaptureGetInfo'),
		run: capture.aclmdlRICaptureGetInfo,
	}),
	hostApi({
		name: 'aclmdlRICaptureEnd',
		group,
		signature: 'aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI)',
		out: ['modelRI'],
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [
			...CAPTURE_ERRORS,
			'ACL_ERROR_RT_STREAM_NOT_CAPTURED',
			'ACL_ERROR_RT_STREAM_UNJOINED',
			'ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED',
			'ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED',
		],
		diagnostics: ['capture-stream-unjoined'],
		doc: {
			zh: '结束捕获，返回记录了这些任务的模型运行实例。只能在开始捕获的主流上调用；通过 Event 加入捕获的子流必须以 Event Record 结束并被主流等待（回到主流），否则返回 107025，捕获作废。',
			en: 'Ends the capture and returns the model running instance holding the tasks. Only the origin stream (the one the capture began on) can end it; every sub stream that joined through an event must end with an event record the origin stream waits on (joined back), or the call returns 107025 and the capture is discarded.',
		},
		source: DOC('aclmdlRICaptureEnd'),
		run: capture.aclmdlRICaptureEnd,
	}),
	hostApi({
		name: 'aclmdlRICaptureThreadExchangeMode',
		group,
		signature: 'aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode *mode)',
		inout: ['mode'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_FEATURE_NOT_SUPPORT'],
		doc: {
			zh: '把当前线程的捕获模式换成 *mode，并把原来的模式写回 *mode；切到 RELAXED 后本线程可以在捕获期间调用同步拷贝等接口。',
			en: 'Sets the calling thread’s capture mode to *mode and writes the previous one back; after switching to RELAXED the thread may call blocking copies during a capture.',
		},
		source: DOC('aclmdlRICaptureThreadExchangeMode'),
		run: capture.aclmdlRICaptureThreadExchangeMode,
	}),
	hostApi({
		name: 'aclmdlRIExecuteAsync',
		group,
		signature: 'aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream)',
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.launch),
		errors: [
			...STREAM_ARG,
			...ASYNC_FAILURES,
			'ACL_ERROR_INVALID_PARAM',
			'ACL_ERROR_RT_STREAM_CAPTURED',
		],
		diagnostics: ['exception-reported-later'],
		doc: {
			zh: '在 Stream 上执行模型运行实例记录的全部任务（异步）。',
			en: 'Runs every task the model running instance recorded, on the stream (asynchronous).',
		},
		source: DOC('aclmdlRIExecuteAsync'),
		run: capture.aclmdlRIExecuteAsync,
	}),
	hostApi({
		name: 'aclmdlRIDestroy',
		group,
		signature: 'aclError aclmdlRIDestroy(aclmdlRI modelRI)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_STREAM_CAPTURED'],
		doc: {
			zh: '销毁模型运行实例，归还它占用的 Stream 资源。',
			en: 'Destroys the model running instance and returns the stream resource it held.',
		},
		source: DOC('aclmdlRIDestroy'),
		run: capture.aclmdlRIDestroy,
	}),
];
