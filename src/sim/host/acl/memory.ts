/**
 * Memory: device memory charged to the device's pool (with the product's pad), pinned host
 * memory, and copies and sets whose device side must lie inside live aclrtMalloc memory.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import { ACL_MEMCPY_KIND } from '../acl-constants.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { mallocFootprint } from '../device-memory.ts';
import { hex } from '../host-log.ts';
import type { Allocation } from '../host-resources.ts';
import { COPY_BYTES_PER_US, HOST_COST_US } from '../host-timing.ts';
import { raceCheck } from './model.ts';
import { resolveStream, stoppedContext } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** Alignment of aclrtMallocHost blocks (ascend-facts B.3: 64-byte aligned start). */
const HOST_ALIGN = 64;

/**
 * `aclrtMalloc(&devPtr, size, policy)` (and `aclrtMallocCached`) on the current device. The
 * pool is charged the size rounded up to 32 plus the product's pad. When it cannot hold that it
 * returns ACL_ERROR_RT_MEMORY_ALLOCATION (207001) and prints EL0004 on the screen.
 */
export function aclrtMalloc(rt: AclRuntime, call: HostCall): AclError {
	const size = call.args[1] as number;
	if (!(size > 0) || !Number.isInteger(size)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const device = rt.context.device;
	const bytes = mallocFootprint(size, rt.machine.profile.mallocPadBytes.value);
	const site = call.site();
	const ptr = device.memory.allocate(bytes, site);
	if (ptr < 0) {
		// EL0004 is the driver's Memory_Allocation_Failure code (ascend-facts D.10); the
		// module filled into its "%s" is our choice: no source shows a filled-in line.
		rt.screenCode('EL0004', 'Failed to allocate memory requested by RUNTIME module.');
		rt.diagnose('device-memory-exhausted', site, {
			size,
			used: device.memory.used,
			capacity: device.memory.capacity,
		});
		device.memorySeries.flush();
		return ACL_ERROR.ACL_ERROR_RT_MEMORY_ALLOCATION;
	}
	rt.state.allocations.set(ptr, { ptr, size, bytes, device, site, api: call.name });
	if (rt.detailed()) {
		rt.note(`${rt.prefix}.mem.${hex(ptr)}`, size);
		rt.note(`device${device.id}.memory`, device.memory.used);
		rt.detail(`ptr=${hex(ptr)}`);
	}
	rt.state.deviceBytes += bytes;
	device.memorySeries.update(device.memory.used);
	call.out(0, ptr);
	return ACL_SUCCESS;
}

/** `aclrtFree(devPtr)`: a pointer aclrtMalloc did not return (or already freed) gives 207002. */
export function aclrtFree(rt: AclRuntime, call: HostCall): AclError {
	const ptr = call.args[0] as number;
	if (ptr === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const allocation = rt.state.allocations.get(ptr);
	if (!allocation) return ACL_ERROR.ACL_ERROR_RT_MEMORY_FREE;
	// Read on every aclrtFree of a hot loop: the site is only built when a handler runs.
	if (rt.process.handlingSignal !== 0) raceCheck(rt, call.name, call.site());
	freeAllocation(rt, allocation);
	return ACL_SUCCESS;
}

/** `aclrtMallocHost(&hostPtr, size)`: pinned host memory (not charged to the device). */
export function aclrtMallocHost(rt: AclRuntime, call: HostCall): AclError {
	const size = call.args[1] as number;
	if (!(size > 0) || !Number.isInteger(size)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const { state } = rt;
	const ptr = state.hostTop;
	state.hostTop += Math.ceil(size / HOST_ALIGN) * HOST_ALIGN;
	state.hostAllocations.set(ptr, { ptr, size, site: call.site() });
	if (rt.detailed()) rt.note(`${rt.prefix}.host.${hex(ptr)}`, size);
	rt.detail(`ptr=${hex(ptr)}`);
	call.out(0, ptr);
	return ACL_SUCCESS;
}

/** `aclrtFreeHost(hostPtr)`. */
export function aclrtFreeHost(rt: AclRuntime, call: HostCall): AclError {
	const ptr = call.args[0] as number;
	if (ptr === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (!rt.state.hostAllocations.delete(ptr)) return ACL_ERROR.ACL_ERROR_RT_MEMORY_FREE;
	if (rt.detailed()) rt.note(`${rt.prefix}.host.${hex(ptr)}`, null);
	return ACL_SUCCESS;
}

/**
 * `aclrtMemcpy(dst, destMax, src, count, kind)`: synchronous copy. The device side of the
 * kind must point into live aclrtMalloc memory with `count` bytes to spare.
 */
export function aclrtMemcpy(rt: AclRuntime, call: HostCall): AclError {
	const [dst, destMax, src, count, kind] = call.args as number[];
	return checkCopy(rt, dst!, destMax!, src!, count!, kind!);
}

/** `aclrtMemcpyAsync(dst, destMax, src, count, kind, stream)`: a copy task on `stream`. */
export function aclrtMemcpyAsync(rt: AclRuntime, call: HostCall): AclError {
	const [dst, destMax, src, count, kind, stream] = call.args as number[];
	const s = resolveStream(rt, stream!);
	if (typeof s === 'number') return s;
	const refused = stoppedContext(rt, s.context);
	if (refused !== ACL_SUCCESS) return refused;
	const ret = checkCopy(rt, dst!, destMax!, src!, count!, kind!);
	if (ret === ACL_SUCCESS) {
		const now = rt.machine.clock.now;
		s.busyUntil =
			(s.busyUntil > now ? s.busyUntil : now) +
			HOST_COST_US.memcpy +
			Math.ceil(count! / COPY_BYTES_PER_US);
		s.taskCount++;
	}
	return ret;
}

/** `aclrtMemset(devPtr, maxCount, value, count)`. */
export function aclrtMemset(rt: AclRuntime, call: HostCall): AclError {
	const [ptr, maxCount, , count] = call.args as number[];
	if (ptr === 0 || count! > maxCount! || count! < 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (!deviceRange(rt, ptr!, count!)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return ACL_SUCCESS;
}

/** `aclrtGetMemInfo(attr, &free, &total)` for the current device. */
export function aclrtGetMemInfo(rt: AclRuntime, call: HostCall): AclError {
	const memory = rt.context.device.memory;
	const free = memory.capacity - memory.used;
	rt.detail(`free=${free} total=${memory.capacity}`);
	call.out(1, free);
	call.out(2, memory.capacity);
	return ACL_SUCCESS;
}

/** The aclrtMalloc block containing `ptr`. */
export function findDeviceAllocation(
	rt: AclRuntime,
	ptr: number,
): { base: number; size: number } | undefined {
	const allocations = rt.state.allocations;
	const exact = allocations.get(ptr);
	if (exact) return { base: exact.ptr, size: exact.size };
	for (const a of allocations.values())
		if (ptr >= a.ptr && ptr < a.ptr + a.size) return { base: a.ptr, size: a.size };
	return undefined;
}

/** Gives `allocation` back to its device's pool. */
export function freeAllocation(rt: AclRuntime, allocation: Allocation): void {
	rt.state.allocations.delete(allocation.ptr);
	const device = allocation.device;
	if (rt.detailed()) {
		rt.note(`${rt.prefix}.mem.${hex(allocation.ptr)}`, null);
		rt.note(`device${device.id}.memory`, device.memory.used - allocation.bytes);
	}
	rt.state.deviceBytes -= allocation.bytes;
	device.memory.release(allocation.ptr, allocation.bytes);
	device.memorySeries.update(device.memory.used);
}

function checkCopy(
	rt: AclRuntime,
	dst: number,
	destMax: number,
	src: number,
	count: number,
	kind: number,
): AclError {
	if (dst === 0 || src === 0 || count < 0 || count > destMax)
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const K = ACL_MEMCPY_KIND;
	const dstDevice = kind === K.ACL_MEMCPY_HOST_TO_DEVICE || kind === K.ACL_MEMCPY_DEVICE_TO_DEVICE;
	const srcDevice = kind === K.ACL_MEMCPY_DEVICE_TO_HOST || kind === K.ACL_MEMCPY_DEVICE_TO_DEVICE;
	if (
		kind < K.ACL_MEMCPY_HOST_TO_HOST ||
		kind > K.ACL_MEMCPY_INTER_DEVICE_TO_DEVICE ||
		!Number.isInteger(kind)
	) {
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	}
	if (dstDevice && !deviceRange(rt, dst, count)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (srcDevice && !deviceRange(rt, src, count)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return ACL_SUCCESS;
}

function deviceRange(rt: AclRuntime, ptr: number, count: number): boolean {
	const block = findDeviceAllocation(rt, ptr);
	return block !== undefined && ptr + count <= block.base + block.size;
}
