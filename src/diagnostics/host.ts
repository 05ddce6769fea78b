/**
 * Diagnostics of the host side: findings about an AscendCL program that a return code does not
 * show (a rule that changed between CANN versions, a clash with the driver, an exhausted
 * resource), each with the case page that explains it.
 */
import type { DiagnosticTable } from './entry.ts';

/** Every host diagnostic. */
export const HOST_DIAGNOSTICS = {
	'event-reset-plain': {
		severity: 'warning',
		message: {
			zh: '对 aclrtCreateEvent 创建的 Event 调用 aclrtResetEvent，从 CANN 8.5 起属于未定义行为（本次运行使用 CANN {version}）；这个 Event 占用的事件资源没有归还。',
			en: 'aclrtResetEvent on an event created by aclrtCreateEvent is undefined behaviour from CANN 8.5 (this run uses CANN {version}); its event resource was not returned.',
		},
		hint: {
			zh: '需要 Reset 的 Event 请用 aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) 创建；否则用 aclrtDestroyEvent 释放。',
			en: 'Create the event with aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) if you reset it, or release it with aclrtDestroyEvent.',
		},
		case: 'acl-event-id-exhausted',
	},
	'event-wait-plain': {
		severity: 'warning',
		message: {
			zh: '从 CANN 8.5 起，不支持对 aclrtCreateEvent 创建的 Event 调用 aclrtStreamWaitEvent（本次运行使用 CANN {version}）。',
			en: 'aclrtStreamWaitEvent on an event created by aclrtCreateEvent is not supported from CANN 8.5 (this run uses CANN {version}).',
		},
		hint: {
			zh: '要让另一个 Stream 等待这个 Event，请用 aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) 创建它。',
			en: 'Create the event with aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) to wait on it from another stream.',
		},
		case: 'acl-event-id-exhausted',
	},
	'signal-handler-release-race': {
		severity: 'warning',
		message: {
			zh: '{signal} 信号处理函数在模型 {model} 仍在运行时调用了 {call}；进程异常退出时驱动会自己回收它的设备资源，两边各释放一次，结果模型 Stream（sq {sq}）仍绑定在设备上并处于运行状态。',
			en: "The {signal} handler called {call} while model {model} was still running; the driver releases a dying process's device resources itself, and the two releases left the model stream (sq {sq}) bound and running on the device.",
		},
		hint: {
			zh: '不要在信号处理函数里释放设备资源；让进程退出，由驱动负责清理。',
			en: 'Do not release device resources in a signal handler; let the process exit and the driver clean up.',
		},
		case: 'signal-handler-double-release',
	},
	'device-memory-exhausted': {
		severity: 'error',
		message: {
			zh: 'aclrtMalloc({size}) 失败：设备内存共 {capacity} 字节，已用 {used} 字节。',
			en: 'aclrtMalloc({size}) failed: {used} of {capacity} bytes of device memory are in use.',
		},
		hint: {
			zh: '申请的内存要释放（aclrtMalloc 与 aclrtFree 成对使用），或者只申请一次、反复复用。',
			en: 'Free what you allocate (pair aclrtMalloc with aclrtFree), or allocate once and reuse the buffer.',
		},
		case: 'acl-resource-leak',
	},
	'event-resource-exhausted': {
		severity: 'error',
		message: {
			zh: 'aclrtRecordEvent 失败：设备 {device} 的 {limit} 个事件资源已全部被占用。',
			en: 'aclrtRecordEvent failed: all {limit} event resources of device {device} are taken.',
		},
		hint: {
			zh: 'Event 等待完成后要及时归还事件资源（对 ACL_EVENT_SYNC 类型的 Event 调用 aclrtResetEvent，或者调用 aclrtDestroyEvent）。',
			en: 'Return each event resource when the event has been waited on (aclrtResetEvent on an ACL_EVENT_SYNC event, or aclrtDestroyEvent).',
		},
		case: 'acl-event-id-exhausted',
	},
} as const satisfies DiagnosticTable;

/** A host diagnostic code. */
export type HostDiagnosticCode = keyof typeof HOST_DIAGNOSTICS;
