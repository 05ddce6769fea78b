/** Devices: aclrtSetDevice's reference count and default context, and device-wide sync. */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import type { DeviceBinding } from '../host-resources.ts';
import { dropContext, newContext, waitContext } from './context.ts';
import { raceCheck } from './model.ts';
import { allStreams, reportStreamError } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** `aclrtSetDevice(deviceId)`: reference counted; the first call makes the default context. */
export function aclrtSetDevice(rt: AclRuntime, call: HostCall): AclError {
	const deviceId = call.args[0] as number;
	const site = call.site();
	const device = rt.machine.device(deviceId);
	if (!device) return ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID;
	const { state } = rt;
	const binding = state.bindings.get(deviceId);
	if (binding) {
		raceCheck(rt, 'aclrtResetDevice', site);
		binding.count++;
		state.current = binding.context;
		if (rt.detailed()) rt.note(`${rt.prefix}.device${deviceId}`, `set ×${binding.count}`);
		return ACL_SUCCESS;
	}
	const context = newContext(rt, device, true, site);
	if (!context) return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
	state.bindings.set(deviceId, { count: 1, context, site });
	state.current = context;
	if (rt.detailed()) rt.note(`${rt.prefix}.device${deviceId}`, 'set ×1');
	return ACL_SUCCESS;
}

/**
 * `aclrtResetDevice(deviceId)`: drops one reference; the last one waits for the default
 * context's tasks and releases it with every stream created in it. Resetting a device this
 * process has not set succeeds and does nothing.
 */
export function aclrtResetDevice(rt: AclRuntime, call: HostCall): AclError {
	const deviceId = call.args[0] as number;
	if (!rt.machine.device(deviceId)) return ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID;
	const binding = rt.state.bindings.get(deviceId);
	if (!binding) return ACL_SUCCESS;
	if (rt.detailed())
		rt.note(
			`${rt.prefix}.device${deviceId}`,
			binding.count > 1 ? `set ×${binding.count - 1}` : null,
		);
	if (--binding.count === 0) release(rt, deviceId, binding);
	return ACL_SUCCESS;
}

/** `aclrtResetDeviceForce(deviceId)`: releases the device whatever its reference count. */
export function aclrtResetDeviceForce(rt: AclRuntime, call: HostCall): AclError {
	const deviceId = call.args[0] as number;
	if (!rt.machine.device(deviceId)) return ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID;
	const binding = rt.state.bindings.get(deviceId);
	if (binding) {
		raceCheck(rt, call.name, call.site());
		if (rt.detailed()) rt.note(`${rt.prefix}.device${deviceId}`, null);
		release(rt, deviceId, binding);
	}
	return ACL_SUCCESS;
}

function release(rt: AclRuntime, deviceId: number, binding: DeviceBinding): void {
	rt.state.bindings.delete(deviceId);
	waitContext(rt, binding.context);
	dropContext(rt, binding.context);
}

/** `aclrtGetDevice(&deviceId)`: the current context's device (-1 written when there is none). */
export function aclrtGetDevice(rt: AclRuntime, call: HostCall): AclError {
	const context = rt.state.current;
	call.out(0, context ? context.device.id : -1);
	return context ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
}

/** `aclrtGetDeviceCount(&count)`. */
export function aclrtGetDeviceCount(rt: AclRuntime, call: HostCall): AclError {
	call.out(0, rt.machine.deviceCount);
	return ACL_SUCCESS;
}

/** `aclrtSynchronizeDevice()`: waits for every stream of this process on the current device. */
export function aclrtSynchronizeDevice(rt: AclRuntime): AclError {
	const device = rt.context.device;
	let target = rt.machine.clock.now;
	for (const s of allStreams(rt))
		if (s.context.device === device && s.busyUntil > target) target = s.busyUntil;
	rt.advanceTo(target);
	let ret: AclError = ACL_SUCCESS;
	for (const s of allStreams(rt)) {
		if (s.context.device !== device) continue;
		const code = reportStreamError(rt, s, true);
		if (code !== ACL_SUCCESS && ret === ACL_SUCCESS) ret = code;
	}
	return ret;
}
