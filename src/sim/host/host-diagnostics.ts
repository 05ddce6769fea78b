/**
 * The host simulator's diagnostics catalog (style.md #8): findings about the program that are not
 * visible as a return code, each with a hint and the case page that explains it.
 */
import type { Catalog } from '../diagnostic.ts';

/** Host diagnostics by code. */
export const HOST_DIAGNOSTICS = {
	'event-reset-plain': {
		severity: 'warning',
		message:
			'aclrtResetEvent on an event created by aclrtCreateEvent is undefined behaviour from CANN 8.5 (this run uses CANN {version}); its event resource was not returned.',
		hint: 'Create the event with aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) if you reset it, or release it with aclrtDestroyEvent.',
		case: 'acl-event-id-exhausted',
	},
	'event-wait-plain': {
		severity: 'warning',
		message:
			'aclrtStreamWaitEvent on an event created by aclrtCreateEvent is not supported from CANN 8.5 (this run uses CANN {version}).',
		hint: 'Create the event with aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) to wait on it from another stream.',
		case: 'acl-event-id-exhausted',
	},
	'signal-handler-release-race': {
		severity: 'warning',
		message:
			"The {signal} handler called {call} while model {model} was still running; the driver releases a dying process's device resources itself, and the two releases left the model stream (sq {sq}) bound and running on the device.",
		hint: 'Do not release device resources in a signal handler; let the process exit and the driver clean up.',
		case: 'signal-handler-double-release',
	},
	'device-memory-exhausted': {
		severity: 'error',
		message: 'aclrtMalloc({size}) failed: {used} of {capacity} bytes of device memory are in use.',
		hint: 'Free what you allocate (pair aclrtMalloc with aclrtFree), or allocate once and reuse the buffer.',
		case: 'acl-resource-leak',
	},
	'event-resource-exhausted': {
		severity: 'error',
		message: 'aclrtRecordEvent failed: all {limit} event resources of device {device} are taken.',
		hint: 'Return each event resource when the event has been waited on (aclrtResetEvent on an ACL_EVENT_SYNC event, or aclrtDestroyEvent).',
		case: 'acl-event-id-exhausted',
	},
} as const satisfies Catalog;

/** A host diagnostic code. */
export type HostDiagnosticCode = keyof typeof HOST_DIAGNOSTICS;
