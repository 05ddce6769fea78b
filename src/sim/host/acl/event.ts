/**
 * Events: a device event resource is taken at aclrtRecordEvent and returned by reset or destroy;
 * plain (aclrtCreateEvent) and ACL_EVENT_SYNC events follow different rules by CANN version.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import { ACL_EVENT_FLAGS, ACL_EVENT_RECORDED_STATUS, ACL_EVENT_STATUS } from '../acl-constants.ts';
import { OLD_WORDING_TID_OFFSET, type AclRuntime } from '../acl-runtime.ts';
import type { Device } from '../device.ts';
import { hex } from '../host-log.ts';
import type { AclEvent } from '../host-resources.ts';
import { NEW_EVENT_LINE_GAP_US, OLD_EVENT_LINE_GAPS_US } from '../host-timing.ts';
import { captureRecord, captureWait } from './capture-streams.ts';
import { resolveStream, submissionStream, submitRefused, waitUntil } from './stream.ts';
import { reportAbortedWait } from './task-errors.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** `aclrtCreateEvent(&event)`: no device resource is taken until aclrtRecordEvent. */
export function aclrtCreateEvent(rt: AclRuntime, call: HostCall): AclError {
	return createEvent(rt, call, 0);
}

/** `aclrtCreateEventWithFlag(&event, flag)` (and `…ExWithFlag`), e.g. ACL_EVENT_SYNC (0x1). */
export function aclrtCreateEventWithFlag(rt: AclRuntime, call: HostCall): AclError {
	return createEvent(rt, call, call.args[1] as number);
}

function createEvent(rt: AclRuntime, call: HostCall, flags: number): AclError {
	const event: AclEvent = {
		handle: rt.machine.nextHandle(),
		flags,
		holding: undefined,
		recorded: false,
		completeAt: 0,
		failedCode: 0,
		captured: false,
		capture: undefined,
		site: call.site(),
		api: call.name,
	};
	rt.state.events.set(event.handle, event);
	if (rt.detailed())
		rt.note({ kind: 'event', pid: rt.pid, handle: event.handle, state: 'created' });
	rt.detail(`event=${hex(event.handle)}`);
	call.out(0, event.handle);
	return ACL_SUCCESS;
}

/**
 * `aclrtRecordEvent(event, stream)`: captures the stream's queued tasks and takes a device
 * event resource if the event holds none. With none left it prints the version's event-id
 * lines (see cann-version.ts) and returns ACL_ERROR_RT_DRV_INTERNAL_ERROR (507899, the code
 * the application saw on the troubleshooting page, ascend-facts D.3).
 */
export function aclrtRecordEvent(rt: AclRuntime, call: HostCall): AclError {
	const e = resolveEvent(rt, call.args[0] as number);
	if (typeof e === 'number') return e;
	const s = submissionStream(rt, call.args[1] as number, call);
	if (typeof s === 'number') return s;
	if (s.capture) {
		// Recorded into the graph: waiting on it from the host is forbidden until the capture ends.
		captureRecord(s, e);
		return ACL_SUCCESS;
	}
	e.captured = false;
	e.capture = undefined;
	const device = s.context.device;
	if (e.holding !== device) {
		if (!device.events.take(1, call.site())) {
			logEventExhausted(rt, device);
			rt.diagnose('event-resource-exhausted', call.site(), {
				limit: device.events.limit,
				device: device.id,
			});
			device.eventSeries.flush();
			return ACL_ERROR.ACL_ERROR_RT_DRV_INTERNAL_ERROR;
		}
		if (e.holding) releaseEventResource(rt, e);
		e.holding = device;
		if (rt.detailed())
			rt.note({ kind: 'device-events', device: device.id, inUse: device.events.inUse });
		device.eventSeries.update(device.events.inUse);
	}
	e.recorded = true;
	if (rt.detailed()) rt.note({ kind: 'event', pid: rt.pid, handle: e.handle, state: 'recorded' });
	e.completeAt = s.busyUntil;
	e.failedCode = s.stopOnFailure && s.error ? s.error.code : 0;
	return ACL_SUCCESS;
}

/**
 * `aclrtStreamWaitEvent(stream, event)`: later tasks on `stream` wait for the event; during a
 * capture the wait is captured, and it brings a stream into the capture (graph-capture.ts).
 */
export function aclrtStreamWaitEvent(rt: AclRuntime, call: HostCall): AclError {
	const s = resolveStream(rt, call.args[0] as number, call);
	if (typeof s === 'number') return s;
	const e = resolveEvent(rt, call.args[1] as number);
	if (typeof e === 'number') return e;
	const refused = submitRefused(rt, s, call);
	if (refused !== ACL_SUCCESS) return refused;
	const captured = captureWait(rt, s, e, call);
	if (captured !== undefined) return captured;
	if (!syncFlag(rt, e))
		rt.diagnose('event-wait-plain', call.site(), { version: rt.machine.cann.version });
	if (e.recorded && e.completeAt > s.busyUntil) s.busyUntil = e.completeAt;
	return ACL_SUCCESS;
}

/**
 * `aclrtResetEvent(event, stream)`: returns the event's resource for reuse. From CANN 8.5 a
 * plain aclrtCreateEvent event must not be reset: the call returns 0 but keeps the resource
 * (the undefined behaviour shows as a leak) and warns.
 */
export function aclrtResetEvent(rt: AclRuntime, call: HostCall): AclError {
	const e = resolveEvent(rt, call.args[0] as number);
	if (typeof e === 'number') return e;
	const s = resolveStream(rt, call.args[1] as number, call);
	if (typeof s === 'number') return s;
	if (!syncFlag(rt, e)) {
		rt.diagnose('event-reset-plain', call.site(), { version: rt.machine.cann.version });
		rt.detail('(resource kept: undefined behaviour)');
		return ACL_SUCCESS;
	}
	if (e.holding) releaseEventResource(rt, e);
	e.recorded = false;
	if (rt.detailed()) rt.note({ kind: 'event', pid: rt.pid, handle: e.handle, state: 'reset' });
	e.failedCode = 0;
	return ACL_SUCCESS;
}

/** `aclrtDestroyEvent(event)`: frees the event and any resource it holds. */
export function aclrtDestroyEvent(rt: AclRuntime, call: HostCall): AclError {
	const handle = call.args[0] as number;
	const e = resolveEvent(rt, handle);
	if (typeof e === 'number') return e;
	if (e.holding) releaseEventResource(rt, e);
	rt.state.events.delete(handle);
	if (rt.detailed()) rt.note({ kind: 'event', pid: rt.pid, handle, state: null });
	return ACL_SUCCESS;
}

/** `aclrtQueryEvent(event, &status)` (deprecated): ACL_EVENT_STATUS_COMPLETE (0) or NOT_READY (1). */
export function aclrtQueryEvent(rt: AclRuntime, call: HostCall): AclError {
	const complete = queryEvent(rt, call);
	if (typeof complete === 'number') return complete;
	call.out(
		1,
		complete
			? ACL_EVENT_STATUS.ACL_EVENT_STATUS_COMPLETE
			: ACL_EVENT_STATUS.ACL_EVENT_STATUS_NOT_READY,
	);
	return ACL_SUCCESS;
}

/** `aclrtQueryEventStatus(event, &status)`: ACL_EVENT_RECORDED_STATUS_COMPLETE (1) or NOT_READY (0). */
export function aclrtQueryEventStatus(rt: AclRuntime, call: HostCall): AclError {
	const complete = queryEvent(rt, call);
	if (typeof complete === 'number') return complete;
	call.out(
		1,
		complete
			? ACL_EVENT_RECORDED_STATUS.ACL_EVENT_RECORDED_STATUS_COMPLETE
			: ACL_EVENT_RECORDED_STATUS.ACL_EVENT_RECORDED_STATUS_NOT_READY,
	);
	return ACL_SUCCESS;
}

/** Whether the event's captured tasks are done, or the aclError. */
function queryEvent(rt: AclRuntime, call: HostCall): boolean | AclError {
	const e = resolveEvent(rt, call.args[0] as number);
	if (typeof e === 'number') return e;
	if (e.captured) return ACL_ERROR.ACL_ERROR_RT_EVENT_CAPTURED;
	const context = rt.state.current;
	const aborted = context ? reportAbortedWait(rt, context, call) : ACL_SUCCESS;
	if (aborted !== ACL_SUCCESS) return aborted;
	const complete = !e.recorded || (e.failedCode === 0 && e.completeAt <= rt.machine.clock.now);
	rt.detail(complete ? 'COMPLETE' : 'NOT_READY');
	return complete;
}

/** `aclrtSynchronizeEvent(event)`: waits until the captured tasks are done. */
export function aclrtSynchronizeEvent(rt: AclRuntime, call: HostCall): AclError {
	return syncEvent(rt, call, -1);
}

/** `aclrtSynchronizeEventWithTimeout(event, timeout)`: gives up with 507047 after `timeout` ms. */
export function aclrtSynchronizeEventWithTimeout(rt: AclRuntime, call: HostCall): AclError {
	return syncEvent(rt, call, call.args[1] as number);
}

/**
 * Waits for the event; an event recorded during a capture gives 107028 (ACL_ERROR_RT_EVENT_CAPTURED,
 * rt_error_codes.h), an aborted context its exception's code.
 */
function syncEvent(rt: AclRuntime, call: HostCall, timeoutMs: number): AclError {
	const e = resolveEvent(rt, call.args[0] as number);
	if (typeof e === 'number') return e;
	if (e.captured) return ACL_ERROR.ACL_ERROR_RT_EVENT_CAPTURED;
	if (!e.recorded) return ACL_SUCCESS;
	if (!waitUntil(rt, e.completeAt, timeoutMs)) return ACL_ERROR.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT;
	if (e.failedCode !== 0) return e.failedCode;
	const context = rt.state.current;
	return context ? reportAbortedWait(rt, context, call) : ACL_SUCCESS;
}

/** `aclrtGetEventAvailNum(&count)`: free event resources on the current device. */
export function aclrtGetEventAvailNum(rt: AclRuntime, call: HostCall): AclError {
	call.out(0, rt.context.device.events.available);
	return ACL_SUCCESS;
}

/** The live event `event` of this process, or the aclError. */
export function resolveEvent(rt: AclRuntime, event: number): AclEvent | AclError {
	if (!rt.state.initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
	if (event === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return rt.state.events.get(event) ?? ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
}

/** Whether the event follows the sync-event rules (ACL_EVENT_SYNC, or any event before CANN 8.5). */
function syncFlag(rt: AclRuntime, event: AclEvent): boolean {
	return (event.flags & ACL_EVENT_FLAGS.ACL_EVENT_SYNC) !== 0 || rt.machine.cann.plainEventReset;
}

/** Gives the device event resource `event` holds back to its device. */
export function releaseEventResource(rt: AclRuntime, event: AclEvent): void {
	const device = event.holding;
	if (!device) return;
	event.holding = undefined;
	device.events.give();
	if (rt.detailed())
		rt.note({ kind: 'device-events', device: device.id, inUse: device.events.inUse });
	device.eventSeries.update(device.events.inUse);
}

/** Prints the event-resource failure in the wording of this run's CANN version. */
function logEventExhausted(rt: AclRuntime, device: Device): void {
	const pid = rt.process.pid;
	const clock = rt.machine.clock;
	const wording = rt.machine.cann.eventAllocWording;
	if (wording === 'drv-trio') {
		// Seed 002, case 2, verbatim apart from pid, thread id and time (no ":" after ")").
		const tid = pid + OLD_WORDING_TID_OFFSET;
		rt.plog('ERROR', 'DRV', '[devdrv] [drvEventIdAlloc 647] error.', false);
		clock.advance(OLD_EVENT_LINE_GAPS_US[0]);
		rt.plog('ERROR', 'RUNTIME', `${tid} EventIdAlloc:drvEventIdAlloc:errorcode = 7`, false);
		clock.advance(OLD_EVENT_LINE_GAPS_US[1]);
		rt.plog('INFO', 'RUNTIME', `${tid} EventIdAlloc:id = -1`, false);
		return;
	}
	// ascend-facts D.3 (canncommercial troubleshooting_0111 / en 800 troubleshooting_0112).
	rt.plog(
		'ERROR',
		'RUNTIME',
		`[event.cc:378]${pid} Record:Event id alloc error, deviceId=${device.id}, tsId=0, retCode=0x7020019!`,
	);
	clock.advance(NEW_EVENT_LINE_GAP_US);
	rt.plog(
		'ERROR',
		'RUNTIME',
		`[api_c.cc:716]${pid} rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019`,
	);
	if (wording === 'rt-pair-ee1023') {
		// hicann/runtime:docs/zh/FAQ/EE1023资源不足问题.md
		rt.screen(
			'Resource_Error(EE1023): Alloc Event resource failed. Reason: Too many events are created.',
		);
	}
}
