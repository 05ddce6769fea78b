/** Memory management (hicann/runtime api_ref 11-01…11-03). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import {
	ASYNC_FAILURES,
	CALL_COST,
	CAPTURE_REFUSALS,
	hostCost,
	NEEDS_CONTEXT,
	STREAM_ARG,
} from './shared.ts';
import * as memory from '../../sim/host/acl/memory.ts';

const DEVICE = (anchor: string) => runtimeDoc('11-01_device_memory_malloc_and_free.md', anchor);
const HOST = (anchor: string) => runtimeDoc('11-02_host_memory_management.md', anchor);
const COPY = (anchor: string) => runtimeDoc('11-03_memory_copy_and_set.md', anchor);
const group = 'acl-memory';

/** The memory rows. */
export const MEMORY_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtMalloc',
		group,
		signature: 'aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)',
		out: ['devPtr'],
		aliases: ['aclrtMallocCached'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.malloc),
		errors: [...NEEDS_CONTEXT, 'ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_MEMORY_ALLOCATION'],
		diagnostics: ['device-memory-exhausted', 'device-memory-leaked', 'device-memory-no-huge-pages'],
		limits: [
			{ profile: 'host', key: 'deviceMemoryBytes' },
			{ profile: 'host', key: 'mallocPadBytes' },
		],
		doc: {
			zh: '在当前 Device 上申请 size 字节内存（按 32 字节对齐并加上补齐量计入内存池），地址写入 *devPtr。每次申请都要有一次 aclrtFree；aclrtMallocCached 用法相同。',
			en: 'Allocates size bytes on the current device (the pool is charged the size rounded to 32 plus a pad) and writes the address to *devPtr. Pair each call with aclrtFree; aclrtMallocCached is used the same way.',
		},
		source: DEVICE('aclrtMalloc'),
		run: memory.aclrtMalloc,
	}),
	hostApi({
		name: 'aclrtFree',
		group,
		signature: 'aclError aclrtFree(void *devPtr)',
		cost: hostCost(HOST_COST_US.free),
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_MEMORY_FREE'],
		diagnostics: ['signal-handler-release-race'],
		doc: {
			zh: '立即释放 aclrtMalloc 申请的 Device 内存；不是 aclrtMalloc 返回的地址（或已释放过）返回 ACL_ERROR_RT_MEMORY_FREE。',
			en: 'Frees device memory from aclrtMalloc at once; an address aclrtMalloc did not return (or one already freed) gives ACL_ERROR_RT_MEMORY_FREE.',
		},
		source: DEVICE('aclrtFree'),
		run: memory.aclrtFree,
	}),
	hostApi({
		name: 'aclrtMallocHost',
		group,
		signature: 'aclError aclrtMallocHost(void **hostPtr, size_t size)',
		out: ['hostPtr'],
		requires: ['acl-init'],
		cost: hostCost(HOST_COST_US.mallocHost),
		errors: ['ACL_ERROR_UNINITIALIZE', 'ACL_ERROR_INVALID_PARAM'],
		doc: {
			zh: '申请 size 字节的锁页 Host 内存（首地址 64 字节对齐），用 aclrtFreeHost 释放。',
			en: 'Allocates size bytes of page-locked host memory (64-byte aligned); free it with aclrtFreeHost.',
		},
		source: HOST('aclrtMallocHost'),
		run: memory.aclrtMallocHost,
	}),
	hostApi({
		name: 'aclrtFreeHost',
		group,
		signature: 'aclError aclrtFreeHost(void *hostPtr)',
		cost: hostCost(HOST_COST_US.free),
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_MEMORY_FREE'],
		diagnostics: ['host-write-before-copy'],
		doc: {
			zh: '释放 aclrtMallocHost 申请的 Host 内存。',
			en: 'Frees host memory from aclrtMallocHost.',
		},
		source: HOST('aclrtFreeHost'),
		run: memory.aclrtFreeHost,
	}),
	hostApi({
		name: 'aclrtMemcpy',
		group,
		signature:
			'aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)',
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.memcpy, 'count'),
		errors: [...NEEDS_CONTEXT, 'ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT'],
		diagnostics: ['capture-forbidden-call', 'copy-before-kernel-done'],
		doc: {
			zh: '同步复制 count 字节，方向由 kind 指定；count 不能超过 destMax，Device 一侧必须落在有效的 aclrtMalloc 内存内。',
			en: 'Copies count bytes synchronously in the direction kind gives; count must not exceed destMax, and the device side must lie inside live aclrtMalloc memory.',
		},
		source: COPY('aclrtMemcpy'),
		run: memory.aclrtMemcpy,
	}),
	hostApi({
		name: 'aclrtMemcpyAsync',
		group,
		signature:
			'aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, aclrtStream stream)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...STREAM_ARG, ...ASYNC_FAILURES, ...CAPTURE_REFUSALS, 'ACL_ERROR_INVALID_PARAM'],
		diagnostics: [
			'capture-forbidden-call',
			'copy-before-kernel-done',
			'exception-reported-later',
			'host-read-before-copy',
			'host-write-before-copy',
			'stream-wrong-context',
		],
		doc: {
			zh: '在 Stream 上下发一个复制任务，接口返回不代表复制完成；同步之后才能使用结果。',
			en: 'Queues a copy task on the stream; returning does not mean the copy is done. Synchronise before using the result.',
		},
		source: COPY('aclrtMemcpyAsync'),
		run: memory.aclrtMemcpyAsync,
	}),
	hostApi({
		name: 'aclrtMemset',
		group,
		signature: 'aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)',
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.memcpy, 'count'),
		errors: [...NEEDS_CONTEXT, 'ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT'],
		diagnostics: ['capture-forbidden-call'],
		doc: {
			zh: '把 Device 内存的前 count 字节设为 value；count 不能超过 maxCount。',
			en: 'Sets the first count bytes of device memory to value; count must not exceed maxCount.',
		},
		source: COPY('aclrtMemset'),
		run: memory.aclrtMemset,
	}),
	hostApi({
		name: 'aclrtMemsetAsync',
		group,
		signature:
			'aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...STREAM_ARG, ...ASYNC_FAILURES, 'ACL_ERROR_INVALID_PARAM'],
		doc: {
			zh: '在 Stream 上下发一个内存设置任务，把 Device 内存的前 count 字节设为 value；接口返回时任务不一定已完成，同步 Stream 之后才能依赖结果。',
			en: 'Queues a task on the stream that sets the first count bytes of device memory to value; the task may still be pending when the call returns, so synchronise the stream before relying on it.',
		},
		source: COPY('aclrtMemsetAsync'),
		run: memory.aclrtMemsetAsync,
	}),
	hostApi({
		name: 'aclrtGetMemInfo',
		group,
		signature: 'aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total)',
		out: ['free', 'total'],
		requires: ['current-context'],
		cost: CALL_COST,
		errors: NEEDS_CONTEXT,
		limits: [{ profile: 'host', key: 'deviceMemoryBytes' }],
		doc: {
			zh: '当前 Device 的空闲和总内存字节数。',
			en: 'Free and total bytes of the current device’s memory.',
		},
		source: DEVICE('aclrtGetMemInfo'),
		run: memory.aclrtGetMemInfo,
	}),
];
