/** Stream management (hicann/runtime api_ref 06). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { ASYNC_FAILURES, CALL_COST, hostCost, NEEDS_CONTEXT, STREAM_ARG } from './shared.ts';
import * as stream from '../../sim/host/acl/stream.ts';

const DOC = (anchor: string) => runtimeDoc('06_stream_management.md', anchor);
const group = 'acl-stream';

const CREATE_ERRORS = [...NEEDS_CONTEXT, 'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL'] as const;

/** The stream rows. */
export const STREAM_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtCreateStream',
		group,
		signature: 'aclError aclrtCreateStream(aclrtStream *stream)',
		out: ['stream'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.createStream),
		errors: CREATE_ERRORS,
		diagnostics: ['stream-resource-exhausted'],
		limits: [{ profile: 'host', key: 'streams' }],
		doc: {
			zh: '在当前 Context 中创建一个 Stream。Device 上的 Stream 数有上限，超过后返回 ACL_ERROR_RT_RESOURCE_ALLOC_FAIL；用完调用 aclrtDestroyStream。',
			en: 'Creates a stream in the current context. A device has a limited number of streams; past it the call returns ACL_ERROR_RT_RESOURCE_ALLOC_FAIL. Release it with aclrtDestroyStream.',
		},
		source: DOC('aclrtCreateStream'),
		run: stream.aclrtCreateStream,
	}),
	hostApi({
		name: 'aclrtCreateStreamWithConfig',
		group,
		signature:
			'aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority, uint32_t flag)',
		out: ['stream'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.createStream),
		errors: CREATE_ERRORS,
		diagnostics: ['stream-resource-exhausted'],
		limits: [{ profile: 'host', key: 'streams' }],
		doc: {
			zh: '按优先级和标志创建 Stream。模拟器不区分优先级和标志，资源占用与 aclrtCreateStream 相同。',
			en: 'Creates a stream with a priority and flags. The simulator ignores both; the stream counts against the limit as aclrtCreateStream’s does.',
		},
		source: DOC('aclrtCreateStreamWithConfig'),
		run: stream.aclrtCreateStream,
	}),
	hostApi({
		name: 'aclrtDestroyStream',
		group,
		signature: 'aclError aclrtDestroyStream(aclrtStream stream)',
		cost: hostCost(HOST_COST_US.destroyStream),
		errors: [
			'ACL_ERROR_INVALID_PARAM',
			'ACL_ERROR_RT_PARAM_INVALID',
			'ACL_ERROR_RT_STREAM_CONTEXT',
			'ACL_ERROR_RT_STREAM_CAPTURED',
		],
		diagnostics: ['signal-handler-release-race', 'stream-wrong-context', 'capture-forbidden-call'],
		doc: {
			zh: '等待 Stream 上未完成的任务执行完，再销毁它。',
			en: 'Waits for the stream’s unfinished tasks, then destroys it.',
		},
		source: DOC('aclrtDestroyStream'),
		run: stream.aclrtDestroyStream,
	}),
	hostApi({
		name: 'aclrtDestroyStreamForce',
		group,
		signature: 'aclError aclrtDestroyStreamForce(aclrtStream stream)',
		cost: hostCost(HOST_COST_US.destroyStream),
		errors: [
			'ACL_ERROR_INVALID_PARAM',
			'ACL_ERROR_RT_PARAM_INVALID',
			'ACL_ERROR_RT_STREAM_CONTEXT',
			'ACL_ERROR_RT_STREAM_CAPTURED',
		],
		diagnostics: ['signal-handler-release-race', 'stream-wrong-context', 'capture-forbidden-call'],
		doc: {
			zh: '不等待，立即销毁 Stream；未完成的任务和尚未报告的失败一起丢弃。',
			en: 'Destroys the stream at once without waiting; unfinished tasks, and a failure not yet reported, are dropped.',
		},
		source: DOC('aclrtDestroyStreamForce'),
		run: stream.aclrtDestroyStreamForce,
	}),
	hostApi({
		name: 'aclrtSetStreamFailureMode',
		group,
		signature: 'aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...STREAM_ARG, 'ACL_ERROR_INVALID_PARAM'],
		doc: {
			zh: '设置任务失败后的行为：ACL_CONTINUE_ON_FAILURE（默认）继续执行，ACL_STOP_ON_FAILURE 遇错即停，之后 Context 不再接收新任务。',
			en: 'What happens after a task fails: ACL_CONTINUE_ON_FAILURE (default) carries on; ACL_STOP_ON_FAILURE stops, and the context takes no new tasks.',
		},
		source: DOC('aclrtSetStreamFailureMode'),
		run: stream.aclrtSetStreamFailureMode,
	}),
	hostApi({
		name: 'aclrtSynchronizeStream',
		group,
		signature: 'aclError aclrtSynchronizeStream(aclrtStream stream)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...STREAM_ARG, ...ASYNC_FAILURES, 'ACL_ERROR_RT_STREAM_CAPTURED'],
		diagnostics: ['capture-forbidden-call', 'exception-reported-later'],
		doc: {
			zh: '阻塞 Host，直到 Stream 上的任务全部完成；核函数等异步任务的失败在这里第一次返回。',
			en: 'Blocks the host until every task on the stream is done; the failure of a kernel or other asynchronous task is first returned here.',
		},
		source: DOC('aclrtSynchronizeStream'),
		run: stream.aclrtSynchronizeStream,
	}),
	hostApi({
		name: 'aclrtSynchronizeStreamWithTimeout',
		group,
		signature: 'aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [
			...STREAM_ARG,
			...ASYNC_FAILURES,
			'ACL_ERROR_RT_STREAM_SYNC_TIMEOUT',
			'ACL_ERROR_RT_STREAM_CAPTURED',
		],
		diagnostics: ['capture-forbidden-call', 'exception-reported-later'],
		doc: {
			zh: '同 aclrtSynchronizeStream，但最多等 timeout 毫秒，超时返回 ACL_ERROR_RT_STREAM_SYNC_TIMEOUT；-1 表示一直等。',
			en: 'As aclrtSynchronizeStream, but waits at most timeout ms and then returns ACL_ERROR_RT_STREAM_SYNC_TIMEOUT; -1 waits forever.',
		},
		source: DOC('aclrtSynchronizeStreamWithTimeout'),
		run: stream.aclrtSynchronizeStreamWithTimeout,
	}),
	hostApi({
		name: 'aclrtStreamQuery',
		group,
		signature: 'aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status)',
		out: ['status'],
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...STREAM_ARG, ...ASYNC_FAILURES, 'ACL_ERROR_RT_STREAM_CAPTURED'],
		diagnostics: ['capture-forbidden-call', 'exception-reported-later'],
		doc: {
			zh: '不阻塞地查询 Stream 上的任务是否都已完成：ACL_STREAM_STATUS_COMPLETE 或 ACL_STREAM_STATUS_NOT_READY。',
			en: 'Asks, without blocking, whether every task of the stream is done: ACL_STREAM_STATUS_COMPLETE or ACL_STREAM_STATUS_NOT_READY.',
		},
		source: DOC('aclrtStreamQuery'),
		run: stream.aclrtStreamQuery,
	}),
	hostApi({
		name: 'aclrtGetStreamAvailableNum',
		group,
		signature: 'aclError aclrtGetStreamAvailableNum(uint32_t *streamCount)',
		out: ['streamCount'],
		requires: ['current-context'],
		cost: CALL_COST,
		errors: NEEDS_CONTEXT,
		limits: [{ profile: 'host', key: 'streams' }],
		doc: {
			zh: '当前 Device 上还能再创建多少个 Stream（默认 Stream 和模型流也占名额）。',
			en: 'How many more streams the current device can take (default streams and model streams count too).',
		},
		source: DOC('aclrtGetStreamAvailableNum'),
		run: (rt, c) => {
			c.out(0, rt.context.device.streams.available);
			return 0;
		},
	}),
];
