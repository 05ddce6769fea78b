/** Event management (hicann/runtime api_ref 07). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import {
	ASYNC_FAILURES,
	CALL_COST,
	EVENT_ARG,
	hostCost,
	NEEDS_CONTEXT,
	STREAM_ARG,
} from './shared.ts';
import * as event from '../../sim/host/acl/event.ts';

const DOC = (anchor: string) => runtimeDoc('07_event_management.md', anchor);
const group = 'acl-event';

/** The event rows. */
export const EVENT_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtCreateEvent',
		group,
		signature: 'aclError aclrtCreateEvent(aclrtEvent *event)',
		out: ['event'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.createEvent),
		errors: NEEDS_CONTEXT,
		// The trace shows the flags the event gets, as aclrtCreateEventWithFlag's does.
		trace: { fixed: ['0x0'] },
		doc: {
			zh: '创建一个 Event（不带标志）。创建时不占 Device 的 Event 资源，第一次 aclrtRecordEvent 时才占用。',
			en: 'Creates an event with no flags. It takes no device event resource until its first aclrtRecordEvent.',
		},
		source: DOC('aclrtCreateEvent'),
		run: event.aclrtCreateEvent,
	}),
	hostApi({
		name: 'aclrtCreateEventWithFlag',
		group,
		signature: 'aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag)',
		out: ['event'],
		aliases: ['aclrtCreateEventExWithFlag'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.createEvent),
		errors: NEEDS_CONTEXT,
		trace: { hex: ['flag'] },
		doc: {
			zh: '按标志创建 Event，例如 ACL_EVENT_SYNC（可以 aclrtResetEvent 后复用）。aclrtCreateEventExWithFlag 的用法相同。',
			en: 'Creates an event with flags, e.g. ACL_EVENT_SYNC (reusable after aclrtResetEvent). aclrtCreateEventExWithFlag is used the same way.',
		},
		source: DOC('aclrtCreateEventWithFlag'),
		run: event.aclrtCreateEventWithFlag,
	}),
	hostApi({
		name: 'aclrtRecordEvent',
		group,
		signature: 'aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream)',
		requires: ['acl-init'],
		cost: hostCost(HOST_COST_US.recordEvent),
		errors: [...EVENT_ARG, ...STREAM_ARG, ...ASYNC_FAILURES, 'ACL_ERROR_RT_DRV_INTERNAL_ERROR'],
		diagnostics: ['event-resource-exhausted'],
		limits: [{ profile: 'host', key: 'events' }],
		doc: {
			zh: '在 Stream 上记录 Event，捕获此前下发的任务。Event 此时才占用一个 Device Event 资源，直到 reset 或 destroy；资源耗尽时返回错误并打印 Event id alloc 日志。',
			en: 'Records the event on the stream, capturing the tasks issued so far. Only now does the event take a device event resource, until it is reset or destroyed; when none is left the call fails with the event-id-alloc log lines.',
		},
		source: DOC('aclrtRecordEvent'),
		run: event.aclrtRecordEvent,
	}),
	hostApi({
		name: 'aclrtStreamWaitEvent',
		group,
		signature: 'aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...STREAM_ARG, ...EVENT_ARG],
		diagnostics: ['event-wait-plain'],
		doc: {
			zh: '让 Stream 上之后的任务等 Event 完成后再执行（跨 Stream 同步）。',
			en: 'Makes later tasks on the stream wait for the event (synchronisation across streams).',
		},
		source: DOC('aclrtStreamWaitEvent'),
		run: event.aclrtStreamWaitEvent,
	}),
	hostApi({
		name: 'aclrtResetEvent',
		group,
		signature: 'aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: [...EVENT_ARG, ...STREAM_ARG],
		diagnostics: ['event-reset-plain'],
		doc: {
			zh: '复位 Event，归还它占用的 Device Event 资源以便复用。CANN 8.5 起只能复位 ACL_EVENT_SYNC 创建的 Event。',
			en: 'Resets the event and gives its device event resource back for reuse. From CANN 8.5 only events created with ACL_EVENT_SYNC may be reset.',
		},
		source: DOC('aclrtResetEvent'),
		run: event.aclrtResetEvent,
	}),
	hostApi({
		name: 'aclrtDestroyEvent',
		group,
		signature: 'aclError aclrtDestroyEvent(aclrtEvent event)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: EVENT_ARG,
		doc: {
			zh: '销毁 Event，同时归还它占用的 Device Event 资源。',
			en: 'Destroys the event and gives back any device event resource it holds.',
		},
		source: DOC('aclrtDestroyEvent'),
		run: event.aclrtDestroyEvent,
	}),
	hostApi({
		name: 'aclrtQueryEvent',
		group,
		signature: 'aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status)',
		out: ['status'],
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: EVENT_ARG,
		doc: {
			zh: '（已废弃）查询 Event 捕获的任务是否完成：ACL_EVENT_STATUS_COMPLETE 或 ACL_EVENT_STATUS_NOT_READY。',
			en: '(Deprecated) Whether the event’s tasks are done: ACL_EVENT_STATUS_COMPLETE or ACL_EVENT_STATUS_NOT_READY.',
		},
		source: DOC('aclrtQueryEvent'),
		run: event.aclrtQueryEvent,
	}),
	hostApi({
		name: 'aclrtQueryEventStatus',
		group,
		signature: 'aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status)',
		out: ['status'],
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: EVENT_ARG,
		doc: {
			zh: '查询 Event 捕获的任务是否完成：ACL_EVENT_RECORDED_STATUS_COMPLETE 或 ACL_EVENT_RECORDED_STATUS_NOT_READY。',
			en: 'Whether the event’s tasks are done: ACL_EVENT_RECORDED_STATUS_COMPLETE or ACL_EVENT_RECORDED_STATUS_NOT_READY.',
		},
		source: DOC('aclrtQueryEventStatus'),
		run: event.aclrtQueryEventStatus,
	}),
	hostApi({
		name: 'aclrtSynchronizeEvent',
		group,
		signature: 'aclError aclrtSynchronizeEvent(aclrtEvent event)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: [...EVENT_ARG, ...ASYNC_FAILURES],
		doc: {
			zh: '阻塞 Host，直到 Event 捕获的任务全部完成。',
			en: 'Blocks the host until the tasks the event captured are done.',
		},
		source: DOC('aclrtSynchronizeEvent'),
		run: event.aclrtSynchronizeEvent,
	}),
	hostApi({
		name: 'aclrtSynchronizeEventWithTimeout',
		group,
		signature: 'aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: [...EVENT_ARG, ...ASYNC_FAILURES, 'ACL_ERROR_RT_EVENT_SYNC_TIMEOUT'],
		doc: {
			zh: '同 aclrtSynchronizeEvent，但最多等 timeout 毫秒，超时返回 ACL_ERROR_RT_EVENT_SYNC_TIMEOUT；-1 表示一直等。',
			en: 'As aclrtSynchronizeEvent, but waits at most timeout ms and then returns ACL_ERROR_RT_EVENT_SYNC_TIMEOUT; -1 waits forever.',
		},
		source: DOC('aclrtSynchronizeEventWithTimeout'),
		run: event.aclrtSynchronizeEventWithTimeout,
	}),
	hostApi({
		name: 'aclrtGetEventAvailNum',
		group,
		signature: 'aclError aclrtGetEventAvailNum(uint32_t *eventCount)',
		out: ['eventCount'],
		requires: ['current-context'],
		cost: CALL_COST,
		errors: NEEDS_CONTEXT,
		limits: [{ profile: 'host', key: 'events' }],
		doc: {
			zh: '当前 Device 上还剩多少 Event 资源可用。',
			en: 'How many event resources are still free on the current device.',
		},
		source: DOC('aclrtGetEventAvailNum'),
		run: event.aclrtGetEventAvailNum,
	}),
];
