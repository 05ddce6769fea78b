/**
 * Memory: device memory taken from the device's pages under the request's policy (huge pages,
 * normal pages, fragmentation; device-memory.ts), pinned host memory, and copies and sets
 * whose device side must lie inside live aclrtMalloc memory. Copies move bytes: a synchronous
 * copy at once, an asynchronous one when its stream reaches it in virtual time (copy-tasks.ts),
 * so a host read before the stream got there still sees the old bytes.
 *
 * During ACL graph capture, synchronous copies and sets are "unsafe functions" that the capture
 * mode may forbid (107030), and an asynchronous copy from host memory that is not pinned turns
 * into a synchronous one and is forbidden the same way (107041); see graph-capture.ts.
 */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import { ACL_MEMCPY_KIND, ACL_MEM_MALLOC_POLICY } from '../acl-constants.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { mallocFootprint, type PagePolicy } from '../device-memory.ts';
import type { Device } from '../device.ts';
import { dropGmContents } from '../../kernel/global-tensor.ts';
import { hex } from '../host-log.ts';
import {
	allocationContents,
	type Allocation,
	type AllocationBuffer,
	type Stream,
} from '../host-resources.ts';
import { COPY_BYTES_PER_US, HOST_COST_US } from '../host-timing.ts';
import { copyBetween, queueCopy, settleCopies, type CopyEnd } from './copy-tasks.ts';
import {
	captureRefusal,
	captureTask,
	forbiddenDuringCapture,
	isCapturing,
	pageableCaptureRefused,
} from './graph-capture.ts';
import { raceCheck } from './model.ts';
import { submissionStream } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** Alignment of aclrtMallocHost blocks (ascend-facts B.3: 64-byte aligned start). */
const HOST_ALIGN = 64;

/** The policy values without the memory-type and access bits (ACL_MEM_TYPE_…, ACL_MEM_ACCESS_…). */
const POLICY_MASK = 0xff;

/**
 * The page policy of an aclrtMemMallocPolicy value. The P2P variants take pages as their plain
 * ones do; a value outside the enum means huge pages from 2 MB and normal pages below
 * (ascend-facts B.3), which is what huge-first does.
 */
export function pagePolicy(policy: number): PagePolicy {
	const P = ACL_MEM_MALLOC_POLICY;
	switch (policy & POLICY_MASK) {
		case P.ACL_MEM_MALLOC_HUGE_ONLY:
		case P.ACL_MEM_MALLOC_HUGE_ONLY_P2P:
			return 'huge-only';
		case P.ACL_MEM_MALLOC_NORMAL_ONLY:
		case P.ACL_MEM_MALLOC_NORMAL_ONLY_P2P:
			return 'normal-only';
		case P.ACL_MEM_MALLOC_HUGE1G_ONLY:
		case P.ACL_MEM_MALLOC_HUGE1G_ONLY_P2P:
			return 'giant-only';
		default:
			return 'huge-first';
	}
}

/**
 * `aclrtMalloc(&devPtr, size, policy)` (and `aclrtMallocCached`) on the current device. The
 * request is the size rounded up to 32 plus the product's pad (1 GB pages skip the pad); the
 * device takes it in pages of the policy's kind. When the device cannot hold it, the call
 * returns ACL_ERROR_RT_MEMORY_ALLOCATION (207001) with the lines of
 * {@link logOutOfMemory}.
 */
export function aclrtMalloc(rt: AclRuntime, call: HostCall): AclError {
	const size = call.args[1] as number;
	if (!(size > 0) || !Number.isInteger(size)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const device = rt.context.device;
	const policy = pagePolicy(call.args[2] as number);
	const pad = policy === 'giant-only' ? 0 : rt.machine.profile.mallocPadBytes.value;
	const bytes = mallocFootprint(size, pad);
	const site = call.site();
	const block = device.memory.allocate(bytes, policy, false, site);
	if (!block) {
		logOutOfMemory(rt);
		const memory = device.memory;
		if (policy === 'huge-only' && memory.free >= bytes) {
			rt.diagnose('device-memory-no-huge-pages', site, {
				size,
				free: memory.free,
				hugePages: memory.freeHugePages,
			});
		} else {
			const leak = leakedSite(rt);
			if (leak) rt.diagnose('device-memory-leaked', site, { size, ...leak });
			else
				rt.diagnose('device-memory-exhausted', site, {
					size,
					used: memory.used,
					capacity: memory.capacity,
				});
		}
		device.memorySeries.flush();
		return ACL_ERROR.ACL_ERROR_RT_MEMORY_ALLOCATION;
	}
	const ptr = block.address;
	const allocation: Allocation = {
		ptr,
		size,
		bytes,
		block,
		device,
		site,
		api: call.name,
		gm: undefined,
		budget: rt.recorder.memory,
	};
	rt.state.allocations.set(ptr, allocation);
	if (rt.detailed()) {
		rt.note({ kind: 'allocation', pid: rt.pid, ptr, size });
		rt.note({ kind: 'device-memory', device: device.id, used: device.memory.used });
		rt.detail(`ptr=${hex(ptr)}`);
	}
	rt.state.deviceBytes += block.physical;
	device.memorySeries.update(device.memory.used);
	call.out(0, ptr);
	return ACL_SUCCESS;
}

/**
 * What a failed device allocation prints: the plog's `rtMalloc:ErrCode=207001, desc=[driver
 * error:out of memory], InnerCode=0x7020016` (the format of the CANN 8.5 troubleshooting page
 * troubleshooting_0050, which shows it for rtMallocPhysical), and on the screen
 * EL0004 with `alloc device memory failed, runtime result = 207001` in its traceback (both as in
 * vllm-project/vllm-ascend#3479).
 */
function logOutOfMemory(rt: AclRuntime): void {
	rt.runtimeError(
		'api_c_memory.cc:75',
		'rtMalloc',
		'ErrCode=207001, desc=[driver error:out of memory], InnerCode=0x7020016',
	);
	rt.screenError('EL0004', 'Failed to allocate memory.', [
		{
			text: 'alloc device memory failed, runtime result = 207001',
			func: 'ReportCallError',
			file: 'log_inner.cpp',
			line: 161,
		},
	]);
}

/**
 * Blocks from one source line that this process never freed, when there are at least
 * {@link LEAK_MIN_BLOCKS} of them: memory allocated in a loop and kept (illustrative threshold).
 */
const LEAK_MIN_BLOCKS = 8;

function leakedSite(rt: AclRuntime): { count: number; line: number; bytes: number } | undefined {
	const byLine = new Map<number, { count: number; bytes: number }>();
	for (const a of rt.state.allocations.values()) {
		const line = a.site.stack[a.site.stack.length - 1]?.line ?? 0;
		const entry = byLine.get(line) ?? { count: 0, bytes: 0 };
		entry.count++;
		entry.bytes += a.block.physical;
		byLine.set(line, entry);
	}
	let best: { count: number; line: number; bytes: number } | undefined;
	for (const [line, e] of byLine)
		if (e.count >= LEAK_MIN_BLOCKS && (!best || e.count > best.count)) best = { line, ...e };
	return best;
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
	if (rt.detailed()) rt.note({ kind: 'host-allocation', pid: rt.pid, ptr, size });
	rt.detail(`ptr=${hex(ptr)}`);
	call.out(0, ptr);
	return ACL_SUCCESS;
}

/** `aclrtFreeHost(hostPtr)`; freeing a buffer a pending copy still uses is diagnosed. */
export function aclrtFreeHost(rt: AclRuntime, call: HostCall): AclError {
	const ptr = call.args[0] as number;
	if (ptr === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const host = rt.state.hostAllocations.get(ptr);
	if (!host) return ACL_ERROR.ACL_ERROR_RT_MEMORY_FREE;
	rt.process.memory.watcher?.access(ptr, host.size, true);
	rt.state.hostAllocations.delete(ptr);
	rt.process.memory.discard(ptr, host.size);
	if (rt.detailed()) rt.note({ kind: 'host-allocation', pid: rt.pid, ptr, size: null });
	return ACL_SUCCESS;
}

/**
 * `aclrtMemcpy(dst, destMax, src, count, kind)`: synchronous copy. The device side of the kind
 * must point into live aclrtMalloc memory with `count` bytes to spare. While the context
 * captures a graph in a mode that forbids it, the call fails with 107030.
 */
export function aclrtMemcpy(rt: AclRuntime, call: HostCall): AclError {
	const [dst, destMax, src, count, kind] = call.args as number[];
	const ret = checkCopy(rt, dst!, destMax!, src!, count!, kind!);
	if (ret !== ACL_SUCCESS) return ret;
	const refused = forbiddenDuringCapture(rt, call, 'memcpy', count!, kind!);
	if (refused !== ACL_SUCCESS) return refused;
	settleCopies(rt.machine, rt.machine.clock.now);
	copyBetween(rt, copyEnd(rt, src!, kind!, 'src'), copyEnd(rt, dst!, kind!, 'dst'), count!, call);
	return ACL_SUCCESS;
}

/**
 * `aclrtMemcpyAsync(dst, destMax, src, count, kind, stream)`: a copy task on `stream`; its
 * bytes move when the stream reaches it. A copy from host memory that aclrtMallocHost did not
 * give is a blocking copy; during capture the runtime refuses it (107041).
 */
export function aclrtMemcpyAsync(rt: AclRuntime, call: HostCall): AclError {
	const [dst, destMax, src, count, kind, stream] = call.args as number[];
	const s = submissionStream(rt, stream!, call);
	if (typeof s === 'number') return s;
	const ret = checkCopy(rt, dst!, destMax!, src!, count!, kind!);
	if (ret !== ACL_SUCCESS) return ret;
	const from = copyEnd(rt, src!, kind!, 'src');
	const to = copyEnd(rt, dst!, kind!, 'dst');
	const pageable = [from, to].some((end) => end.kind === 'host' && !end.pinned);
	if (pageable) {
		// The runtime turns an async copy that involves pageable host memory into a stream
		// synchronize plus a blocking copy (api_error.cc MemcpyAsync, both versions).
		// During capture: on the capturing stream, the current runtime refuses the copy (107000)
		// and the older one fails the implied synchronize (107027); on another stream, the
		// blocking copy meets the capture mode (107041, or 107030 before 9.1).
		if (isCapturing(s)) {
			if (rt.machine.cann.runtimeWording === 'current') return pageableCaptureRefused(rt, call);
			return captureRefusal(rt, s, 'synchronize', {
				name: 'aclrtSynchronizeStream',
				site: () => call.site(),
			});
		}
		const refused = forbiddenDuringCapture(rt, call, 'pageable-async', count!, kind!);
		if (refused !== ACL_SUCCESS) return refused;
		rt.advanceTo(s.busyUntil);
		settleCopies(rt.machine, rt.machine.clock.now);
		copyBetween(rt, from, to, count!, call);
		return ACL_SUCCESS;
	}
	return submitCopyTask(rt, s, from, to, count!, call);
}

/**
 * A copy task on `s`, or during capture one more task of the graph that queues it when the
 * graph runs; the bytes move when the stream reaches the task.
 */
function submitCopyTask(
	rt: AclRuntime,
	s: Stream,
	from: CopyEnd,
	to: CopyEnd,
	count: number,
	call: HostCall,
): AclError {
	const issued = { name: call.name, site: call.site() };
	const where = { name: issued.name, site: () => issued.site };
	if (isCapturing(s)) {
		captureTask(s, {
			kind: 'copy',
			replay: (stream) => queueCopy(rt, stream, from, to, count, where),
		});
		return ACL_SUCCESS;
	}
	queueCopy(rt, s, from, to, count, where);
	return ACL_SUCCESS;
}

/** The allocation a set of `count` bytes at `ptr` lands in, or 100000 for a bad target. */
function setTarget(
	rt: AclRuntime,
	ptr: number,
	maxCount: number,
	count: number,
): Allocation | AclError {
	if (ptr === 0 || count > maxCount || count < 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return deviceBlock(rt, ptr, count) ?? ACL_ERROR.ACL_ERROR_INVALID_PARAM;
}

/** `aclrtMemset(devPtr, maxCount, value, count)`: synchronous; an unsafe function during capture. */
export function aclrtMemset(rt: AclRuntime, call: HostCall): AclError {
	const [ptr, maxCount, value, count] = call.args as number[];
	const block = setTarget(rt, ptr!, maxCount!, count!);
	if (typeof block === 'number') return block;
	const refused = forbiddenDuringCapture(rt, call, 'memset', count!, 0);
	if (refused !== ACL_SUCCESS) return refused;
	settleCopies(rt.machine, rt.machine.clock.now);
	copyBetween(
		rt,
		{ kind: 'fill', value: value! & 0xff },
		{ kind: 'device', allocation: block, offset: ptr! - block.ptr },
		count!,
		call,
	);
	return ACL_SUCCESS;
}

/**
 * `aclrtMemsetAsync(devPtr, maxCount, value, count, stream)`: the checks of aclrtMemset, then a
 * set task on `stream` that lands when the stream reaches it (the time of a copy of `count`
 * bytes); during capture it is one more task of the graph.
 */
export function aclrtMemsetAsync(rt: AclRuntime, call: HostCall): AclError {
	const [ptr, maxCount, value, count, stream] = call.args as number[];
	const s = submissionStream(rt, stream!, call);
	if (typeof s === 'number') return s;
	const block = setTarget(rt, ptr!, maxCount!, count!);
	if (typeof block === 'number') return block;
	const from: CopyEnd = { kind: 'fill', value: value! & 0xff };
	const to: CopyEnd = { kind: 'device', allocation: block, offset: ptr! - block.ptr };
	return submitCopyTask(rt, s, from, to, count!, call);
}

/**
 * `aclrtGetMemInfo(attr, &free, &total)` for the current device: free counts what every process
 * has left on the device, in whole pages; total is the usable memory (the system reserve
 * excluded, ascend-facts B.3).
 */
export function aclrtGetMemInfo(rt: AclRuntime, call: HostCall): AclError {
	const memory = rt.context.device.memory;
	const free = memory.free;
	rt.detail(`free=${free} total=${memory.capacity}`);
	call.out(1, free);
	call.out(2, memory.capacity);
	return ACL_SUCCESS;
}

/** The aclrtMalloc block containing `ptr`, with the buffer that holds its contents. */
export function findDeviceAllocation(
	rt: AclRuntime,
	ptr: number,
): { base: number; size: number; buffer: AllocationBuffer } | undefined {
	const a = deviceBlock(rt, ptr, 0);
	return a ? { base: a.ptr, size: a.size, buffer: allocationContents(a) } : undefined;
}

/** Gives `allocation` back to its device's pages. */
export function freeAllocation(rt: AclRuntime, allocation: Allocation): void {
	rt.state.allocations.delete(allocation.ptr);
	if (allocation.gm) dropGmContents(allocation.gm);
	const device = allocation.device;
	device.memory.release(allocation.block);
	if (rt.detailed()) {
		rt.note({ kind: 'allocation', pid: rt.pid, ptr: allocation.ptr, size: null });
		rt.note({ kind: 'device-memory', device: device.id, used: device.memory.used });
	}
	rt.state.deviceBytes -= allocation.block.physical;
	device.memorySeries.update(device.memory.used);
}

/**
 * Takes `bytes` of `device` for the runtime itself (the kernel memory pool a device open
 * allocates, runtime memory_pool_manager.cc); undefined when the device cannot hold them.
 */
export function takeRuntimeMemory(rt: AclRuntime, device: Device, bytes: number) {
	const block = device.memory.allocate(bytes, 'huge-first', true);
	if (block) {
		rt.state.deviceBytes += block.physical;
		device.memorySeries.update(device.memory.used);
	}
	return block;
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
	if (
		kind < K.ACL_MEMCPY_HOST_TO_HOST ||
		kind > K.ACL_MEMCPY_INTER_DEVICE_TO_DEVICE ||
		!Number.isInteger(kind)
	) {
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	}
	if (deviceSide(kind, 'dst') && !deviceBlock(rt, dst, count))
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (deviceSide(kind, 'src') && !deviceBlock(rt, src, count))
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return ACL_SUCCESS;
}

/** Whether the `side` of a copy of `kind` is device memory (ACL_MEMCPY_DEFAULT: by address). */
function deviceSide(kind: number, side: 'src' | 'dst'): boolean {
	const K = ACL_MEMCPY_KIND;
	if (kind === K.ACL_MEMCPY_HOST_TO_HOST || kind === K.ACL_MEMCPY_DEFAULT) return false;
	if (kind === K.ACL_MEMCPY_HOST_TO_DEVICE || kind === K.ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE)
		return side === 'dst';
	if (kind === K.ACL_MEMCPY_DEVICE_TO_HOST) return side === 'src';
	return true;
}

/** One end of a copy of `kind` at `ptr`: a device allocation, or host memory (pinned or not). */
function copyEnd(rt: AclRuntime, ptr: number, kind: number, side: 'src' | 'dst'): CopyEnd {
	const block =
		deviceSide(kind, side) || kind === ACL_MEMCPY_KIND.ACL_MEMCPY_DEFAULT
			? deviceBlock(rt, ptr, 0)
			: undefined;
	if (block) return { kind: 'device', allocation: block, offset: ptr - block.ptr };
	return { kind: 'host', address: ptr, pinned: pinned(rt, ptr) };
}

/** Whether `ptr` lies in memory aclrtMallocHost gave this process. */
function pinned(rt: AclRuntime, ptr: number): boolean {
	for (const h of rt.state.hostAllocations.values())
		if (ptr >= h.ptr && ptr < h.ptr + h.size) return true;
	return false;
}

/** The live aclrtMalloc block holding `count` bytes from `ptr`, if one does. */
export function deviceBlock(rt: AclRuntime, ptr: number, count: number): Allocation | undefined {
	const allocations = rt.state.allocations;
	const exact = allocations.get(ptr);
	if (exact) return count <= exact.size ? exact : undefined;
	for (const a of allocations.values())
		if (ptr >= a.ptr && ptr < a.ptr + a.size) return ptr + count <= a.ptr + a.size ? a : undefined;
	return undefined;
}

/** Virtual time of a copy task of `count` bytes. */
export function copyDurationUs(count: number): number {
	return HOST_COST_US.memcpy + Math.ceil(count / COPY_BYTES_PER_US);
}
