/**
 * Devices: which physical devices a process sees (ASCEND_RT_VISIBLE_DEVICES, read at aclInit),
 * aclrtSetDevice's reference count and default context, opening a device (the runtime takes a
 * small memory pool on it; a device that cannot be opened fails with 507033), and device-wide
 * sync.
 *
 * ASCEND_RT_VISIBLE_DEVICES, as the runtime parses it (hicann/runtime src/runtime/core/src/
 * runtime.cc GetVisibleDevices at 681ef76): comma-separated decimal ids, read in order until a
 * token that is not a number or names no device; they must ascend and not repeat. The ids that
 * were read become the user ids 0, 1, …; if none was, the list is invalid and every device call
 * fails. aclrtGetDeviceCount then reports how many were read.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_RUN_MODE } from '../acl-constants.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import type { Device } from '../device.ts';
import { HUGE_PAGE_BYTES } from '../device-memory.ts';
import type { DeviceBinding } from '../host-resources.ts';
import { reasonLine, rtFailure } from '../rt-errors.ts';
import { dropContext, newContext, waitContext } from './context.ts';
import { takeRuntimeMemory } from './memory.ts';
import { raceCheck } from './model.ts';
import { allStreams, reportStreamError } from './stream.ts';
import { aclCallLine, reportAbortedWait } from './task-errors.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** The environment variable that picks the visible devices. */
export const VISIBLE_DEVICES = 'ASCEND_RT_VISIBLE_DEVICES';

/**
 * Device memory the runtime takes when a process opens a device: one 2 MB kernel memory pool
 * (runtime memory_pool_manager.cc, MemoryPool::Init allocates POOL_SIZE_2M).
 */
export const RUNTIME_POOL_BYTES = HUGE_PAGE_BYTES;

/** What parsing ASCEND_RT_VISIBLE_DEVICES gives (see the file comment). */
export interface VisibleDevices {
	ids: number[];
	error: 'range' | 'order' | 'duplicate' | undefined;
}

/** Parses `value` against `count` physical devices (see the file comment). */
export function parseVisibleDevices(value: string, count: number): VisibleDevices {
	const ids: number[] = [];
	for (const token of value.split(',')) {
		const t = token.trim();
		if (!/^\d+$/.test(t)) break;
		const id = Number(t);
		if (id > count - 1) break;
		if (ids.length > 0 && id < ids[ids.length - 1]!) return { ids: [], error: 'order' };
		if (ids.includes(id)) return { ids: [], error: 'duplicate' };
		ids.push(id);
		if (ids.length >= count) break;
	}
	return ids.length === 0 ? { ids: [], error: 'range' } : { ids, error: undefined };
}

/** Reads ASCEND_RT_VISIBLE_DEVICES at aclInit (and prints the runtime's error for a bad list). */
export function readVisibleDevices(rt: AclRuntime): void {
	const value = rt.process.env[VISIBLE_DEVICES];
	const { state } = rt;
	if (value === undefined) {
		state.visibleDevices = undefined;
		state.visibleDevicesError = undefined;
		return;
	}
	const count = rt.machine.deviceCount;
	const parsed = parseVisibleDevices(value, count);
	state.visibleDevices = parsed.ids;
	state.visibleDevicesError = parsed.error;
	const current = rt.machine.cann.runtimeWording === 'current';
	const at = current ? 'runtime.cc:5058' : 'runtime.cc:4938';
	if (parsed.error === 'order')
		rt.runtimeError(
			at,
			'GetVisibleDevices',
			`set ${VISIBLE_DEVICES}:[${value}] error, it must be configured in ascending order.`,
		);
	else if (parsed.error === 'duplicate')
		rt.runtimeError(
			at,
			'GetVisibleDevices',
			`set ${VISIBLE_DEVICES}:[${value}] cannot be duplicated, input data range[0-${count})`,
		);
	else if (parsed.error === 'range')
		rt.runtimeError(
			at,
			'GetVisibleDevices',
			`set ${VISIBLE_DEVICES}:[${value}] error, input data range[0-${count})`,
		);
}

/** The physical device a user id names, or undefined (prints nothing). */
export function physicalDevice(rt: AclRuntime, userId: number): Device | undefined {
	if (!Number.isInteger(userId) || userId < 0) return undefined;
	const visible = rt.state.visibleDevices;
	if (visible === undefined) return rt.machine.device(userId);
	const id = visible[userId];
	return id === undefined ? undefined : rt.machine.device(id);
}

/** How many devices the process sees. */
function userDeviceCount(rt: AclRuntime): number {
	return rt.state.visibleDevices?.length ?? rt.machine.deviceCount;
}

/**
 * `aclrtSetDevice(deviceId)`: reference counted; the first call opens the device (taking the
 * runtime's memory pool on it) and makes the default context. An id past the visible devices
 * gives 107001 with the lines of {@link logInvalidDevice}; a device that cannot be opened, 507033
 * with {@link logOpenFailed}.
 */
export function aclrtSetDevice(rt: AclRuntime, call: HostCall): AclError {
	const deviceId = call.args[0] as number;
	const site = call.site();
	const device = physicalDevice(rt, deviceId);
	if (!device) return logInvalidDevice(rt, deviceId, call);
	const { state } = rt;
	const binding = state.bindings.get(device.id);
	if (binding) {
		raceCheck(rt, 'aclrtResetDevice', site);
		binding.count++;
		state.current = binding.context;
		if (rt.detailed())
			rt.note({ kind: 'device-set', pid: rt.pid, device: device.id, count: binding.count });
		return ACL_SUCCESS;
	}
	device.open();
	const pool = device.healthy ? takeRuntimeMemory(rt, device, RUNTIME_POOL_BYTES) : undefined;
	if (!pool) return logOpenFailed(rt, deviceId, device, call);
	const context = newContext(rt, device, true, site);
	if (!context) {
		device.memory.release(pool);
		rt.state.deviceBytes -= pool.physical;
		return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
	}
	state.bindings.set(device.id, { count: 1, context, site, pool });
	state.current = context;
	if (rt.detailed()) {
		rt.note({ kind: 'device-set', pid: rt.pid, device: device.id, count: 1 });
		rt.note({ kind: 'device-memory', device: device.id, used: device.memory.used });
	}
	return ACL_SUCCESS;
}

/**
 * 107001: `deviceId` names no visible device. Current runtime: ChgUserDevIdToDeviceId's line,
 * EE1003 and SetDevice's line (runtime.cc, api_error.cc at 681ef76). Before 9.1: `Set visible
 * device failed, invalid device=…, input visible devices:…` (EE1001), and the ACL line `open
 * device 0 failed, runtime result = 107001.` (gpustack/gpustack#3352).
 */
function logInvalidDevice(rt: AclRuntime, deviceId: number, call: HostCall): AclError {
	const value = rt.process.env[VISIBLE_DEVICES] ?? '';
	const visible = rt.state.visibleDevices;
	const count = userDeviceCount(rt);
	const reason = reasonLine(rt, 'rtSetDevice', 'RT_ERROR_DEVICE_ID');
	if (rt.machine.cann.runtimeWording === 'current') {
		rt.runtimeError(
			'runtime.cc:4808',
			'ChgUserDevIdToDeviceId',
			`input userDevId:${deviceId} is err, userDeviceCnt:${count}, real deviceCnt:${rt.machine.deviceCount} isSetVisibleDev:${visible ? 1 : 0} ${VISIBLE_DEVICES}:[${value}], available visible devices:[${(visible ?? []).join(',')}]`,
		);
		const message = `Obtaining the logical device ID based on the user device ID failed because value ${deviceId} for parameter userDevId is invalid. Expected value: [0, ${count}).`;
		rt.runtimeError('runtime.cc:4813', 'ChgUserDevIdToDeviceId', `${message} ErrorCode=EE1003.`);
		rt.runtimeError(
			'api_error.cc:3283',
			'SetDevice',
			`Failed to convert the user device ID ${deviceId} to driver device ID. The input visible device is ${value}.`,
		);
		const code = rtFailure(rt, 'rtSetDevice', 'RT_ERROR_DEVICE_ID');
		rt.screenError('EE1003', message, [reason]);
		diagnoseSetDevice(rt, call, deviceId, count);
		return code;
	}
	const failed = `Set visible device failed, invalid device=${deviceId}, input visible devices:${value}`;
	rt.runtimeError('api_error.cc:2491', 'SetDevice', failed);
	const code = rtFailure(rt, 'rtSetDevice', 'RT_ERROR_DEVICE_ID');
	const line = `open device ${deviceId} failed, runtime result = ${code}.`;
	rt.aclError('device.cpp:53', 'aclrtSetDeviceImpl', ` ${line}`);
	// gpustack/gpustack#2527 shows this EE1001 reason with no space after the first period.
	rt.screenError('EE1001', `The argument is invalid.Reason: ${failed}`, [
		reason,
		aclCallLine(line),
	]);
	diagnoseSetDevice(rt, call, deviceId, count);
	return code;
}

function diagnoseSetDevice(rt: AclRuntime, call: HostCall, id: number, count: number): void {
	const visible = rt.process.env[VISIBLE_DEVICES];
	rt.diagnose(visible === undefined ? 'device-id-invalid' : 'device-id-not-visible', call.site(), {
		id,
		count,
		visible: visible ?? '',
	});
}

/**
 * 507033: the device could not be opened. When it has no memory left for the runtime's pool:
 * EL0004 and the MemoryPoolManager traceback of hw-native-sys/PTOAS#341; when the card is not
 * usable (not mapped into the container, faulty): `Failed to open device, retCode=0x7020014`
 * (InitRawDriver, Ascend/pytorch#67).
 */
function logOpenFailed(rt: AclRuntime, deviceId: number, device: Device, call: HostCall): AclError {
	const reason = reasonLine(rt, 'rtSetDevice', 'RT_ERROR_DEVICE_RETAIN');
	const code = rtFailure(rt, 'rtSetDevice', 'RT_ERROR_DEVICE_RETAIN');
	const line = `open device ${deviceId} failed, runtime result = ${code}.`;
	if (rt.machine.cann.runtimeWording === 'classic')
		rt.aclError('device.cpp:53', 'aclrtSetDeviceImpl', ` ${line}`);
	if (!device.healthy) {
		rt.screenError('EL0003', 'The argument is invalid.', [
			{
				text: `Failed to open device, retCode=0x7020014, deviceId=${device.id}.`,
				func: 'InitRawDriver',
				file: 'raw_device.cc',
				line: 126,
			},
			reason,
		]);
		rt.diagnose('device-card-unusable', call.site(), { id: deviceId });
		return code;
	}
	rt.screenError('EL0004', 'Failed to allocate memory.', [
		{
			text: 'allocate device memory failed.',
			func: 'Init',
			file: 'memory_pool_manager.cc',
			line: 50,
		},
		{
			text: 'Fail to init MemoryPoolManager, retCode=0x711000e.',
			func: 'Init',
			file: 'raw_device.cc',
			line: 670,
		},
		reason,
		aclCallLine(line),
	]);
	rt.diagnose('device-open-no-memory', call.site(), { id: deviceId });
	device.memorySeries.flush();
	return code;
}

/**
 * `aclrtResetDevice(deviceId)`: drops one reference; the last one waits for the default
 * context's tasks and releases it with every stream created in it, and the runtime's pool.
 * Resetting a device this process has not set succeeds and does nothing.
 */
export function aclrtResetDevice(rt: AclRuntime, call: HostCall): AclError {
	const device = physicalDevice(rt, call.args[0] as number);
	if (!device) return ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID;
	const binding = rt.state.bindings.get(device.id);
	if (!binding) return ACL_SUCCESS;
	if (rt.detailed())
		rt.note({
			kind: 'device-set',
			pid: rt.pid,
			device: device.id,
			count: binding.count > 1 ? binding.count - 1 : null,
		});
	if (--binding.count === 0) release(rt, device.id, binding);
	return ACL_SUCCESS;
}

/** `aclrtResetDeviceForce(deviceId)`: releases the device whatever its reference count. */
export function aclrtResetDeviceForce(rt: AclRuntime, call: HostCall): AclError {
	const device = physicalDevice(rt, call.args[0] as number);
	if (!device) return ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID;
	const binding = rt.state.bindings.get(device.id);
	if (binding) {
		raceCheck(rt, call.name, call.site());
		if (rt.detailed()) rt.note({ kind: 'device-set', pid: rt.pid, device: device.id, count: null });
		release(rt, device.id, binding);
	}
	return ACL_SUCCESS;
}

function release(rt: AclRuntime, deviceId: number, binding: DeviceBinding): void {
	rt.state.bindings.delete(deviceId);
	waitContext(rt, binding.context);
	dropContext(rt, binding.context);
	releasePool(rt, binding);
}

/** Gives the runtime's pool of a device binding back to the device. */
export function releasePool(rt: AclRuntime, binding: DeviceBinding): void {
	const device = binding.context.device;
	device.memory.release(binding.pool);
	rt.state.deviceBytes -= binding.pool.physical;
	if (rt.detailed())
		rt.note({ kind: 'device-memory', device: device.id, used: device.memory.used });
	device.memorySeries.update(device.memory.used);
}

/** `aclrtGetDevice(&deviceId)`: the current context's device as the process numbers it (-1 when there is none). */
export function aclrtGetDevice(rt: AclRuntime, call: HostCall): AclError {
	const context = rt.state.current;
	if (!context) {
		call.out(0, -1);
		return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
	}
	const visible = rt.state.visibleDevices;
	call.out(0, visible ? visible.indexOf(context.device.id) : context.device.id);
	return ACL_SUCCESS;
}

/**
 * `aclrtGetDeviceCount(&count)`: the visible devices. With an invalid ASCEND_RT_VISIBLE_DEVICES
 * it fails with ACL_ERROR_RT_NO_DEVICE (207004) and EE2002 (api_impl.cc GetDeviceCount).
 */
/** aclrtGetRunMode: the program runs on the host (ACL_HOST). */
export function aclrtGetRunMode(_rt: AclRuntime, call: HostCall): AclError {
	call.out(0, ACL_RUN_MODE.ACL_HOST);
	return ACL_SUCCESS;
}

export function aclrtGetDeviceCount(rt: AclRuntime, call: HostCall): AclError {
	const error = rt.state.visibleDevicesError;
	if (error) {
		const expected =
			error === 'order'
				? 'configured in ascending order'
				: error === 'duplicate'
					? 'Cannot be duplicated'
					: `[0, ${rt.machine.deviceCount})`;
		rt.screenError(
			'EE2002',
			`Value ${rt.process.env[VISIBLE_DEVICES]} for environment variable ${VISIBLE_DEVICES} is invalid. Expected value: ${expected}.`,
		);
		return ACL_ERROR.ACL_ERROR_RT_NO_DEVICE;
	}
	call.out(0, userDeviceCount(rt));
	return ACL_SUCCESS;
}

/** `aclrtSynchronizeDevice()`: waits for every stream of this process on the current device. */
export function aclrtSynchronizeDevice(rt: AclRuntime, call: HostCall): AclError {
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
	if (ret !== ACL_SUCCESS) return ret;
	return reportAbortedWait(rt, rt.context, call);
}
