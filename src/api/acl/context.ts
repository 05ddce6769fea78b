/** Context management (hicann/runtime api_ref 05). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { CALL_COST, hostCost } from './shared.ts';
import * as context from '../../sim/host/acl/context.ts';

const DOC = (anchor: string) => runtimeDoc('05_context_management.md', anchor);
const group = 'acl-context';

/** The context rows. */
export const CONTEXT_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtCreateContext',
		group,
		signature: 'aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)',
		out: ['context'],
		requires: ['acl-init'],
		cost: hostCost(HOST_COST_US.createContext),
		errors: [
			'ACL_ERROR_UNINITIALIZE',
			'ACL_ERROR_RT_INVALID_DEVICEID',
			'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL',
		],
		limits: [
			{ profile: 'host', key: 'streams' },
			{ profile: 'host', key: 'defaultStreamsPerContext' },
		],
		doc: {
			zh: '在 deviceId 上创建一个 Context 并设为当前 Context；它带有自己的默认 Stream，用完调用 aclrtDestroyContext。',
			en: 'Creates a context on deviceId and makes it current; it has its own default stream. Release it with aclrtDestroyContext.',
		},
		source: DOC('aclrtCreateContext'),
		run: context.aclrtCreateContext,
	}),
	hostApi({
		name: 'aclrtDestroyContext',
		group,
		signature: 'aclError aclrtDestroyContext(aclrtContext context)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_PARAM_INVALID'],
		diagnostics: ['signal-handler-release-race'],
		doc: {
			zh: '等待 Context 上的任务完成后销毁它，以及其中创建的所有 Stream。',
			en: 'Waits for the context’s tasks, then destroys it and every stream created in it.',
		},
		source: DOC('aclrtDestroyContext'),
		run: context.aclrtDestroyContext,
	}),
	hostApi({
		name: 'aclrtSetCurrentContext',
		group,
		signature: 'aclError aclrtSetCurrentContext(aclrtContext context)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_PARAM_INVALID'],
		doc: {
			zh: '把 context 设为当前线程的 Context；之后的 Stream、内存等调用都作用在它所在的 Device 上。',
			en: 'Makes context the thread’s current context; later stream and memory calls act on its device.',
		},
		source: DOC('aclrtSetCurrentContext'),
		run: context.aclrtSetCurrentContext,
	}),
	hostApi({
		name: 'aclrtGetCurrentContext',
		group,
		signature: 'aclError aclrtGetCurrentContext(aclrtContext *context)',
		out: ['context'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_RT_CONTEXT_NULL'],
		doc: {
			zh: '当前线程的 Context；没有时返回 ACL_ERROR_RT_CONTEXT_NULL。',
			en: 'The thread’s current context; ACL_ERROR_RT_CONTEXT_NULL when there is none.',
		},
		source: DOC('aclrtGetCurrentContext'),
		run: context.aclrtGetCurrentContext,
	}),
];
