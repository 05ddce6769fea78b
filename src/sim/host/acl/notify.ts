/**
 * Notify objects (hicann/runtime docs/zh/api_ref/08_notify_management.md): one device Notify
 * resource each, from aclrtCreateNotify to aclrtDestroyNotify (or the process's end), out of a
 * per-device pool shared by every process (8192 on A2/A3, 2048 on 200I/500 A2, 1024 on the
 * training and inference series). aclrtRecordNotify is a task on one stream; aclrtWaitAndResetNotify
 * makes another stream wait for it, then resets it for the next record.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex } from '../host-log.ts';
import type { Notify } from '../host-resources.ts';
import { reasonLine, rtFailure } from '../rt-errors.ts';
import { captureTask } from './graph-capture.ts';
import { submissionStream } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** `ACL_NOTIFY_DEFAULT` and `ACL_NOTIFY_DEVICE_USE_ONLY` (08_notify_management.md). */
export const ACL_NOTIFY_FLAGS = { ACL_NOTIFY_DEFAULT: 0, ACL_NOTIFY_DEVICE_USE_ONLY: 1 } as const;

/** A record task's time on its stream (illustrative). */
const NOTIFY_TASK_US = 2;

/**
 * `aclrtCreateNotify(&notify, flag)` on the current device. With the device's pool empty it
 * returns ACL_ERROR_RT_NO_NOTIFY_RESOURCE (207009) with the lines of
 * {@link logNotifyExhausted}.
 */
export function aclrtCreateNotify(rt: AclRuntime, call: HostCall): AclError {
	const flag = call.args[1] as number;
	if (
		flag !== ACL_NOTIFY_FLAGS.ACL_NOTIFY_DEFAULT &&
		flag !== ACL_NOTIFY_FLAGS.ACL_NOTIFY_DEVICE_USE_ONLY
	)
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const device = rt.context.device;
	if (!device.notifies.take(1, call.site())) {
		logNotifyExhausted(rt, device.id);
		rt.diagnose('notify-resource-exhausted', call.site(), {
			limit: device.notifies.limit,
			device: device.id,
		});
		device.notifies.flush();
		return ACL_ERROR.ACL_ERROR_RT_NO_NOTIFY_RESOURCE;
	}
	device.notifies.sample();
	const notify: Notify = {
		handle: rt.machine.nextHandle(),
		id: device.notifies.inUse - 1,
		device,
		recordedAt: undefined,
		site: call.site(),
	};
	rt.state.notifies.set(notify.handle, notify);
	if (rt.detailed()) {
		rt.note({ kind: 'notify', pid: rt.pid, handle: notify.handle, id: notify.id });
		rt.note({ kind: 'device-notifies', device: device.id, inUse: device.notifies.inUse });
	}
	rt.detail(`notify=${hex(notify.handle)}`);
	call.out(0, notify.handle);
	return ACL_SUCCESS;
}

/**
 * The lines of a Notify creation past the pool: hicann/runtime docs/zh/FAQ/EE1023资源不足问题.md,
 * Notify example 2 (current runtime), verbatim apart from pid and time. Before 9.1 the runtime's
 * first public commit prints the same `Notify create failed, setup failed, drv devId=…` line
 * (api_impl.cc NotifyCreate) and the ErrCode line, without EE1023.
 */
function logNotifyExhausted(rt: AclRuntime, deviceId: number): void {
	const failed = `Notify create failed, setup failed, drv devId=${deviceId}, retCode=0x702001b`;
	const reason = reasonLine(rt, 'rtNotifyCreateWithFlag', 'RT_ERROR_DRV_NO_NOTIFY_RESOURCES');
	if (rt.machine.cann.runtimeWording === 'current') {
		rt.runtimeError(
			'api_impl.cc:4631',
			'NotifyCreate',
			'Alloc Notify resource failed. Reason: Too many Notify objects are created. ErrorCode=EE1023.',
		);
		rt.runtimeError('api_impl.cc:4634', 'NotifyCreate', failed);
		rt.runtimeError(
			'api_error.cc:3681',
			'NotifyCreate',
			`Create notify failed, device id=${deviceId}.`,
		);
		rtFailure(rt, 'rtNotifyCreateWithFlag', 'RT_ERROR_DRV_NO_NOTIFY_RESOURCES');
		rt.screenError(
			'EE1023',
			'Alloc Notify resource failed. Reason: Too many Notify objects are created.',
			[{ text: failed, func: 'NotifyCreate', file: 'api_impl.cc', line: 4634 }, reason],
		);
		return;
	}
	rt.runtimeError('api_impl.cc:4564', 'NotifyCreate', failed);
	rtFailure(rt, 'rtNotifyCreateWithFlag', 'RT_ERROR_DRV_NO_NOTIFY_RESOURCES');
	rt.innerError('EE9999', [
		{ text: failed, func: 'NotifyCreate', file: 'api_impl.cc', line: 4564 },
		reason,
	]);
}

/** `aclrtDestroyNotify(notify)`: returns its resource to the device. */
export function aclrtDestroyNotify(rt: AclRuntime, call: HostCall): AclError {
	const notify = resolveNotify(rt, call.args[0] as number);
	if (typeof notify === 'number') return notify;
	dropNotify(rt, notify);
	return ACL_SUCCESS;
}

/** `aclrtRecordNotify(notify, stream)`: a task on `stream` that sets the Notify when it runs. */
export function aclrtRecordNotify(rt: AclRuntime, call: HostCall): AclError {
	const notify = resolveNotify(rt, call.args[0] as number);
	if (typeof notify === 'number') return notify;
	const s = submissionStream(rt, call.args[1] as number, call);
	if (typeof s === 'number') return s;
	if (s.capture) {
		captureTask(s, { kind: 'other', api: call.name });
		return ACL_SUCCESS;
	}
	const now = rt.machine.clock.now;
	s.busyUntil = (s.busyUntil > now ? s.busyUntil : now) + NOTIFY_TASK_US;
	s.taskCount++;
	notify.recordedAt = s.busyUntil;
	return ACL_SUCCESS;
}

/**
 * `aclrtWaitAndResetNotify(notify, stream, timeout)`: later tasks on `stream` wait until the
 * Notify is recorded; then it is reset. Waiting for a Notify nobody records blocks the stream:
 * for `timeout` seconds (then the stream's next synchronize fails), or for ever when 0.
 */
export function aclrtWaitAndResetNotify(rt: AclRuntime, call: HostCall): AclError {
	const notify = resolveNotify(rt, call.args[0] as number);
	if (typeof notify === 'number') return notify;
	const s = submissionStream(rt, call.args[1] as number, call);
	if (typeof s === 'number') return s;
	if (s.capture) {
		captureTask(s, { kind: 'other', api: call.name });
		return ACL_SUCCESS;
	}
	const now = rt.machine.clock.now;
	const start = s.busyUntil > now ? s.busyUntil : now;
	if (notify.recordedAt === undefined) {
		const timeoutS = call.args[2] as number;
		s.busyUntil = timeoutS > 0 ? start + timeoutS * 1_000_000 : Number.MAX_SAFE_INTEGER;
		if (!s.error) {
			s.error = {
				code: ACL_ERROR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
				at: s.busyUntil,
				kind: 'timeout',
				kernel: call.name,
				taskId: s.taskCount,
				reason: 'the Notify was never recorded',
				noticed: false,
				line: 0,
			};
		}
		s.taskCount++;
		return ACL_SUCCESS;
	}
	s.busyUntil = (notify.recordedAt > start ? notify.recordedAt : start) + NOTIFY_TASK_US;
	s.taskCount++;
	notify.recordedAt = undefined;
	return ACL_SUCCESS;
}

/** `aclrtGetNotifyId(notify, &notifyId)`. */
export function aclrtGetNotifyId(rt: AclRuntime, call: HostCall): AclError {
	const notify = resolveNotify(rt, call.args[0] as number);
	if (typeof notify === 'number') return notify;
	call.out(1, notify.id);
	return ACL_SUCCESS;
}

/** The live Notify `handle` of this process, or the aclError. */
function resolveNotify(rt: AclRuntime, handle: number): Notify | AclError {
	if (!rt.state.initialized) return ACL_ERROR.ACL_ERROR_UNINITIALIZE;
	if (handle === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return rt.state.notifies.get(handle) ?? ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
}

/** Gives `notify`'s resource back to its device (destroy, or the driver's release at exit). */
export function dropNotify(rt: AclRuntime, notify: Notify): void {
	rt.state.notifies.delete(notify.handle);
	notify.device.notifies.give();
	notify.device.notifies.sample();
	if (rt.detailed()) {
		const device = notify.device;
		rt.note({ kind: 'notify', pid: rt.pid, handle: notify.handle, id: null });
		rt.note({ kind: 'device-notifies', device: device.id, inUse: device.notifies.inUse });
	}
}
