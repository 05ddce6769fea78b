/** Notify management (hicann/runtime api_ref 08). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { ASYNC_FAILURES, CALL_COST, hostCost, NEEDS_CONTEXT, STREAM_ARG } from './shared.ts';
import * as notify from '../../sim/host/acl/notify.ts';

const DOC = (anchor: string) => runtimeDoc('08_notify_management.md', anchor);
const group = 'acl-notify';

const NOTIFY_ARG = [
	'ACL_ERROR_UNINITIALIZE',
	'ACL_ERROR_INVALID_PARAM',
	'ACL_ERROR_RT_PARAM_INVALID',
] as const;

/** The notify rows. */
export const NOTIFY_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtCreateNotify',
		group,
		signature: 'aclError aclrtCreateNotify(aclrtNotify *notify, uint64_t flag)',
		out: ['notify'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.createEvent),
		errors: [...NEEDS_CONTEXT, 'ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_NO_NOTIFY_RESOURCE'],
		diagnostics: ['notify-resource-exhausted'],
		limits: [{ profile: 'host', key: 'notifies' }],
		doc: {
			zh: '在当前 Device 上创建一个 Notify，占用一个 Notify 资源，直到 aclrtDestroyNotify。Device 上的 Notify 数有上限（A2/A3 为 8192），所有进程共享；用完返回 ACL_ERROR_RT_NO_NOTIFY_RESOURCE。',
			en: 'Creates a Notify on the current device; it takes one Notify resource until aclrtDestroyNotify. A device has a limited number (8192 on A2/A3), shared by every process; past it the call returns ACL_ERROR_RT_NO_NOTIFY_RESOURCE.',
		},
		source: DOC('aclrtCreateNotify'),
		run: notify.aclrtCreateNotify,
	}),
	hostApi({
		name: 'aclrtDestroyNotify',
		group,
		signature: 'aclError aclrtDestroyNotify(aclrtNotify notify)',
		cost: CALL_COST,
		errors: NOTIFY_ARG,
		doc: { zh: '销毁 Notify，归还它的资源。', en: 'Destroys a Notify and returns its resource.' },
		source: DOC('aclrtDestroyNotify'),
		run: notify.aclrtDestroyNotify,
	}),
	hostApi({
		name: 'aclrtRecordNotify',
		group,
		signature: 'aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream)',
		cost: CALL_COST,
		errors: [...NOTIFY_ARG, ...STREAM_ARG, ...ASYNC_FAILURES],
		diagnostics: ['exception-reported-later', 'stream-wrong-context'],
		doc: {
			zh: '在 Stream 上下发一个记录 Notify 的任务（异步）；与 aclrtWaitAndResetNotify 配合，让另一条 Stream 等待这里之前的任务。',
			en: 'Queues a task on the stream that records the Notify (asynchronous); with aclrtWaitAndResetNotify another stream waits for the tasks before it.',
		},
		source: DOC('aclrtRecordNotify'),
		run: notify.aclrtRecordNotify,
	}),
	hostApi({
		name: 'aclrtWaitAndResetNotify',
		group,
		signature:
			'aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout)',
		cost: CALL_COST,
		errors: [...NOTIFY_ARG, ...STREAM_ARG, ...ASYNC_FAILURES],
		diagnostics: ['exception-reported-later'],
		doc: {
			zh: '让 Stream 上之后的任务等到 Notify 被记录，再把它复位（异步）；timeout 以秒计，0 表示一直等。',
			en: 'Makes later tasks on the stream wait until the Notify is recorded, then resets it (asynchronous); timeout in seconds, 0 waits forever.',
		},
		source: DOC('aclrtWaitAndResetNotify'),
		run: notify.aclrtWaitAndResetNotify,
	}),
	hostApi({
		name: 'aclrtGetNotifyId',
		group,
		signature: 'aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t *notifyId)',
		out: ['notifyId'],
		cost: CALL_COST,
		errors: NOTIFY_ARG,
		doc: { zh: 'Notify 的 ID。', en: 'The Notify’s id.' },
		source: DOC('aclrtGetNotifyId'),
		run: notify.aclrtGetNotifyId,
	}),
];
