import { describe, expect, it } from 'vitest';
import { isHalt } from '../halt.ts';
import {
	ACL_EVENT_FLAGS,
	ACL_EVENT_RECORDED_STATUS,
	ACL_EVENT_STATUS,
	ACL_MEMCPY_KIND,
	ACL_STREAM_FAILURE_MODE,
} from './acl-constants.ts';
import { ACL_ERROR, aclErrorLabel, aclErrorName } from './acl-error.ts';
import { KERNEL_COMPLETED, type KernelOutcome } from './acl-runtime.ts';
import type { MachineOptions } from './machine.ts';
import { at, finish, newMachine } from './seed-scenarios.test-util.ts';
import { hostCalls } from './host-calls.test-util.ts';

const E = ACL_ERROR;
const site = at(1);
const HUGE_FIRST = 0;

function started(options: Omit<MachineOptions, 'recorder'> = { product: 'atlas-a2' }) {
	const machine = newMachine(options);
	const process = machine.spawn();
	const acl = hostCalls(process.acl);
	expect(acl.aclInit(null, site)).toBe(0);
	expect(acl.aclrtSetDevice(0, site)).toBe(0);
	return { machine, process, acl };
}

function logText(machine: ReturnType<typeof newMachine>): string[] {
	return machine.recorder.logLines.map((l) =>
		l.text.replace(/\d{4}-\d{2}-\d{2}-\d{2}:\d{2}:\d{2}\.\d{3}\.\d{3}/, '<time>'),
	);
}

describe('aclError names', () => {
	it('labels a code with its constant name, and ACL_SUCCESS alone', () => {
		expect(aclErrorName(207001)).toBe('ACL_ERROR_RT_MEMORY_ALLOCATION');
		expect(aclErrorLabel(507899)).toBe('507899 ACL_ERROR_RT_DRV_INTERNAL_ERROR');
		expect(aclErrorLabel(0)).toBe('ACL_SUCCESS');
		expect(aclErrorName(123)).toBe('123');
	});
});

describe('initialisation, devices and contexts', () => {
	it('refuses runtime calls before aclInit with ACL_ERROR_UNINITIALIZE', () => {
		const acl = hostCalls(newMachine({ product: 'atlas-a2' }).spawn().acl);
		expect(acl.aclrtSetDevice(0, site)).toBe(E.ACL_ERROR_UNINITIALIZE);
		expect(acl.aclrtMalloc(64, HUGE_FIRST, site)).toEqual({
			ret: E.ACL_ERROR_UNINITIALIZE,
			devPtr: 0,
		});
	});

	it('returns 100002 for a second aclInit and 100037 for aclFinalize without aclInit', () => {
		const acl = hostCalls(newMachine({ product: 'atlas-a2' }).spawn().acl);
		expect(acl.aclFinalize(site)).toBe(E.ACL_ERROR_REPEAT_FINALIZE);
		expect(acl.aclInit(null, site)).toBe(0);
		expect(acl.aclInit(null, site)).toBe(E.ACL_ERROR_REPEAT_INITIALIZE);
	});

	it('rejects a device id outside [0, count-1] with 107001 (an A2 server has 8 devices)', () => {
		const acl = hostCalls(newMachine({ product: 'atlas-a2' }).spawn().acl);
		acl.aclInit(null, site);
		expect(acl.aclrtSetDevice(8, site)).toBe(E.ACL_ERROR_RT_INVALID_DEVICEID);
		expect(acl.aclrtSetDevice(7, site)).toBe(0);
		expect(acl.aclrtGetDeviceCount(site)).toEqual({ ret: 0, count: 8 });
	});

	it('returns ACL_ERROR_RT_CONTEXT_NULL when no device is set', () => {
		const acl = hostCalls(newMachine({ product: 'atlas-a2' }).spawn().acl);
		acl.aclInit(null, site);
		expect(acl.aclrtMalloc(64, HUGE_FIRST, site).ret).toBe(E.ACL_ERROR_RT_CONTEXT_NULL);
		expect(acl.aclrtCreateStream(site).ret).toBe(E.ACL_ERROR_RT_CONTEXT_NULL);
	});

	it('counts aclrtSetDevice references: the context lives until the last aclrtResetDevice', () => {
		const { acl } = started();
		acl.aclrtSetDevice(0, site);
		acl.aclrtResetDevice(0, site);
		expect(acl.aclrtMalloc(64, HUGE_FIRST, site).ret).toBe(0);
		acl.aclrtResetDevice(0, site);
		expect(acl.aclrtMalloc(64, HUGE_FIRST, site).ret).toBe(E.ACL_ERROR_RT_CONTEXT_NULL);
	});

	it('a stream used after switching to another device fails with 107003 (ascend-facts D.9)', () => {
		const { acl } = started({ product: 'atlas-a2', deviceCount: 2 });
		const { stream } = acl.aclrtCreateStream(site);
		const { devPtr: ptr } = acl.aclrtMalloc(1024, HUGE_FIRST, site);
		acl.aclrtSetDevice(1, site);
		const kind = ACL_MEMCPY_KIND.ACL_MEMCPY_HOST_TO_DEVICE;
		expect(acl.aclrtMemcpyAsync(ptr, 1024, 0x1000, 1024, kind, stream, site)).toBe(
			E.ACL_ERROR_RT_STREAM_CONTEXT,
		);
	});

	it('an explicit context becomes current and can be switched back', () => {
		const { acl } = started({ product: 'atlas-a2', deviceCount: 2 });
		const first = acl.aclrtGetCurrentContext(site).context;
		const created = acl.aclrtCreateContext(1, site);
		expect(created.ret).toBe(0);
		expect(acl.aclrtGetDevice(site)).toEqual({ ret: 0, deviceId: 1 });
		expect(acl.aclrtSetCurrentContext(first, site)).toBe(0);
		expect(acl.aclrtGetDevice(site)).toEqual({ ret: 0, deviceId: 0 });
		expect(acl.aclrtDestroyContext(created.context, site)).toBe(0);
		expect(acl.aclrtDestroyContext(created.context, site)).toBe(E.ACL_ERROR_RT_PARAM_INVALID);
	});
});

describe('device memory', () => {
	it('hands out size rounded up to 32 plus 32 bytes at 64-byte aligned addresses, in 4 KB pages', () => {
		const { acl } = started();
		const before = acl.aclrtGetMemInfo(0, site);
		const a = acl.aclrtMalloc(1, HUGE_FIRST, site);
		const b = acl.aclrtMalloc(33, HUGE_FIRST, site);
		expect(acl.aclrtGetMemInfo(0, site)).toEqual({
			ret: 0,
			free: before.free - 2 * 4096,
			total: before.total,
		});
		expect(a.devPtr % 64).toBe(0);
		expect(b.devPtr % 64).toBe(0);
		expect(b.devPtr - a.devPtr).toBe(64);
	});

	it('takes whole 2 MB huge pages for a request over 1 MB, and the runtime its 2 MB pool at device open', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const acl = hostCalls(machine.spawn().acl);
		acl.aclInit(null, site);
		const total = machine.device(0)!.memory.capacity;
		acl.aclrtSetDevice(0, site);
		expect(acl.aclrtGetMemInfo(0, site).free).toBe(total - 2 * 1024 * 1024);
		acl.aclrtMalloc(1024 * 1024 + 1, HUGE_FIRST, site);
		expect(acl.aclrtGetMemInfo(0, site).free).toBe(total - 4 * 1024 * 1024);
	});

	it('rejects size 0 and a null free with ACL_ERROR_INVALID_PARAM', () => {
		const { acl } = started();
		expect(acl.aclrtMalloc(0, HUGE_FIRST, site)).toEqual({
			ret: E.ACL_ERROR_INVALID_PARAM,
			devPtr: 0,
		});
		expect(acl.aclrtFree(0, site)).toBe(E.ACL_ERROR_INVALID_PARAM);
	});

	it('returns ACL_ERROR_RT_MEMORY_FREE for a double free', () => {
		const { acl } = started();
		const { devPtr: ptr } = acl.aclrtMalloc(128, HUGE_FIRST, site);
		expect(acl.aclrtFree(ptr, site)).toBe(0);
		expect(acl.aclrtFree(ptr, site)).toBe(E.ACL_ERROR_RT_MEMORY_FREE);
	});

	it('reuses the address of a block freed at the top of the pool', () => {
		const { acl } = started();
		const first = acl.aclrtMalloc(4096, HUGE_FIRST, site).devPtr;
		acl.aclrtFree(first, site);
		expect(acl.aclrtMalloc(4096, HUGE_FIRST, site).devPtr).toBe(first);
	});

	it('fails aclrtMalloc with 207001, the rtMalloc line and the EL0004 block when the memory is full', () => {
		const { machine, acl } = started({
			product: 'atlas-a2',
			limits: { deviceMemoryBytes: 4 * 1024 * 1024 },
		});
		expect(acl.aclrtMalloc(1536 * 1024, HUGE_FIRST, site).ret).toBe(0);
		expect(acl.aclrtMalloc(100, HUGE_FIRST, site)).toEqual({
			ret: E.ACL_ERROR_RT_MEMORY_ALLOCATION,
			devPtr: 0,
		});
		expect(logText(machine)).toEqual([
			'[ERROR] RUNTIME(18401,main):<time> [api_c_memory.cc:75]18401 rtMalloc:ErrCode=207001, desc=[driver error:out of memory], InnerCode=0x7020016',
			'EL0004: [PID: 18401] <time> Failed to allocate memory.',
			'        Possible Cause: Available memory is insufficient.',
			'        Solution: Close applications not in use.',
			'        TraceBack (most recent call last):',
			'        alloc device memory failed, runtime result = 207001[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]',
		]);
		expect(machine.recorder.diagnostics[0]!.message).toBe(
			'aclrtMalloc(100) failed: 4194304 of 4194304 bytes of device memory are in use (all processes on the card together).',
		);
	});

	it('fails a HUGE_ONLY request when no whole 2 MB page is left although enough memory is free', () => {
		const { machine, acl } = started({
			product: 'atlas-a2',
			limits: { deviceMemoryBytes: 10 * 1024 * 1024 },
		});
		// Four 1 MB blocks on normal pages split the four free frames; free every other one.
		const blocks = [0, 1, 2, 3, 4, 5, 6, 7].map(
			() => acl.aclrtMalloc(1024 * 1024 - 64, HUGE_FIRST, site).devPtr,
		);
		for (const p of blocks.filter((_, i) => i % 2 === 0)) acl.aclrtFree(p, site);
		const { free } = acl.aclrtGetMemInfo(0, site);
		expect(free).toBeGreaterThanOrEqual(4 * 1024 * 1024);
		expect(acl.aclrtMalloc(3 * 1024 * 1024, 1, site).ret).toBe(E.ACL_ERROR_RT_MEMORY_ALLOCATION);
		expect(machine.recorder.diagnostics.at(-1)!.code).toBe('device-memory-no-huge-pages');
		expect(acl.aclrtMalloc(3 * 1024 * 1024, HUGE_FIRST, site).ret).toBe(0);
	});

	it('checks copies: count over destMax, or a device side outside aclrtMalloc memory', () => {
		const { acl } = started();
		const { devPtr: ptr } = acl.aclrtMalloc(1024, HUGE_FIRST, site);
		const h2d = ACL_MEMCPY_KIND.ACL_MEMCPY_HOST_TO_DEVICE;
		expect(acl.aclrtMemcpy(ptr, 1024, 0x1000, 1024, h2d, site)).toBe(0);
		expect(acl.aclrtMemcpy(ptr, 512, 0x1000, 1024, h2d, site)).toBe(E.ACL_ERROR_INVALID_PARAM);
		expect(acl.aclrtMemcpy(ptr + 512, 1024, 0x1000, 1024, h2d, site)).toBe(
			E.ACL_ERROR_INVALID_PARAM,
		);
		acl.aclrtFree(ptr, site);
		expect(acl.aclrtMemcpy(ptr, 1024, 0x1000, 1024, h2d, site)).toBe(E.ACL_ERROR_INVALID_PARAM);
		expect(acl.aclrtMemset(ptr, 1024, 0, 1024, site)).toBe(E.ACL_ERROR_INVALID_PARAM);
	});

	it('pairs aclrtMallocHost with aclrtFreeHost', () => {
		const { acl } = started();
		const { ret, hostPtr: ptr } = acl.aclrtMallocHost(100, site);
		expect(ret).toBe(0);
		expect(acl.aclrtFreeHost(ptr, site)).toBe(0);
		expect(acl.aclrtFreeHost(ptr, site)).toBe(E.ACL_ERROR_RT_MEMORY_FREE);
	});
});

describe('streams', () => {
	it('counts the default stream against the limit and prints [SqCqManage]Alloc sq cq fail past it before 9.1', () => {
		const { machine, acl } = started({ product: 'atlas-a2', limits: { streams: 3 } });
		expect(acl.aclrtCreateStream(site).ret).toBe(0);
		expect(acl.aclrtCreateStream(site).ret).toBe(0);
		expect(acl.aclrtCreateStream(site)).toEqual({
			ret: E.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
			stream: 0,
		});
		expect(logText(machine)).toEqual([
			'[ERROR] RUNTIME(18401,main):<time> [stream_sqcq_manage.cc:79]18401 AllocStreamSqCq:[SqCqManage]Alloc sq cq fail, stream_id=3, retCode=0x7020023.',
			'[ERROR] RUNTIME(18401,main):<time> [stream.cc:653]18401 Setup:[SqCqManage]Alloc sq cq fail, stream_id=3, retCode=0x7020023.',
			'[ERROR] RUNTIME(18401,main):<time> [context.cc:2707]18401 StreamCreate:Setup stream failed, retCode=0x7020023.',
			'[ERROR] RUNTIME(18401,main):<time> [api_c_stream.cc:85]18401 rtStreamCreateWithFlags:ErrCode=207005, desc=[driver error:resource alloc fail], InnerCode=0x7020023',
			'[ERROR] RUNTIME(18401,main):<time> [error_message_manage.cc:65]18401 FuncErrorReason:rtStreamCreateWithFlags execution failed, reason=driver error:resource alloc fail',
			'EE9999: Inner Error!',
			'        TraceBack (most recent call last):',
			'        [SqCqManage]Alloc sq cq fail, stream_id=3, retCode=0x7020023.[FUNC:Setup][FILE:stream.cc][LINE:653]',
			'        rtStreamCreateWithFlags execution failed, reason=driver error:resource alloc fail[FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:65]',
		]);
	});

	it('gives an inference context two default streams, and from CANN 9.1 prints the EE1023 lines of the FAQ', () => {
		const { machine, acl } = started({
			product: 'atlas-inference-aicore',
			cann: '9.1.0',
			limits: { streams: 3 },
		});
		expect(acl.aclrtCreateStream(site).ret).toBe(0);
		expect(acl.aclrtCreateStream(site).ret).toBe(E.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL);
		const lines = logText(machine);
		expect(lines[1]).toBe(
			'[ERROR] RUNTIME(18401,main):<time> [stream.cc:731]18401 Setup:Alloc Stream resource failed. Reason: Too many streams are created. ErrorCode=EE1023.',
		);
		expect(lines).toContain(
			'[PID: 18401] <time> Resource_Error(EE1023): Alloc Stream resource failed. Reason: Too many streams are created.',
		);
	});

	it('aclrtDestroyStream waits for the stream tasks before releasing it', () => {
		const { machine, acl } = started();
		const { stream } = acl.aclrtCreateStream(site);
		acl.launchKernel(
			stream,
			{ name: 'k', blocks: 1, outcome: KERNEL_COMPLETED, durationUs: 5000 },
			site,
		);
		const before = machine.clock.now;
		expect(acl.aclrtDestroyStream(stream, site)).toBe(0);
		expect(machine.clock.now - before).toBeGreaterThanOrEqual(4990);
		expect(acl.aclrtDestroyStream(stream, site)).toBe(E.ACL_ERROR_RT_PARAM_INVALID);
	});
});

describe('kernel failures surface at the next synchronize', () => {
	const exception: KernelOutcome = { kind: 'exception', reason: 'ub address out of bounds' };
	const hang: KernelOutcome = { kind: 'hang', reason: 'AllocTensor waits for a free buffer' };

	it('a vector-core exception returns 507035 once, with the plog lines and EZ9999', () => {
		const { machine, acl } = started();
		const { stream } = acl.aclrtCreateStream(site);
		expect(
			acl.launchKernel(stream, { name: 'add_custom', blocks: 8, outcome: exception }, site),
		).toBe(0);
		expect(acl.aclrtSynchronizeStream(stream, site)).toBe(E.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
		expect(acl.aclrtSynchronizeStream(stream, site)).toBe(0);
		expect(logText(machine)).toEqual([
			'[ERROR] RUNTIME(18401,main):<time> [stars_engine.cc:1321]18401 ProcLogicCqReport:[INIT][DEFAULT]Task run failed, device_id=0, stream_id=1, task_id=0, sqe_type=0(ffts), errType=0x1(task exception), sqSwStatus=0',
			'[ERROR] RUNTIME(18401,main):<time> [davinic_kernel_task.cc:1219]18401 PreCheckTaskErr:[INIT][DEFAULT]Kernel task happen error, retCode=0x31, [vector core exception].',
			'[ERROR] RUNTIME(18401,main):<time> [stream.cc:1475]18401 GetError:AIV Kernel happen error, retCode=0x31.',
			'[ERROR] RUNTIME(18401,main):<time> [davinic_kernel_task.cc:1143]18401 PrintErrorInfoForDavinciTask:[INIT][DEFAULT]Aicore kernel execute failed, device_id=0, stream_id=1, report_stream_id=1, task_id=0, flip_num=0, fault kernel_name=add_custom',
			'EZ9999: Inner Error!',
		]);
		expect(acl.aclGetRecentErrMsg(site)).toBe('EZ9999: Inner Error!');
	});

	it('on an AI Core product the same exception is 507015 without the vector-core line', () => {
		const { machine, acl } = started({ product: 'atlas-training' });
		acl.launchKernel(0, { name: 'add_custom', blocks: 8, outcome: exception }, site);
		expect(acl.aclrtSynchronizeStream(0, site)).toBe(E.ACL_ERROR_RT_AICORE_EXCEPTION);
		expect(logText(machine).some((l) => l.includes('Kernel task happen error'))).toBe(false);
	});

	it('a hang is reported as a vector core timeout (507034) after the device timeout', () => {
		const { machine, acl } = started();
		acl.launchKernel(0, { name: 'add_custom', blocks: 8, outcome: hang }, site);
		const before = machine.clock.now;
		expect(acl.aclrtSynchronizeStream(0, site)).toBe(E.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT);
		// Atlas A2's default AI Core operator timeout, 1091 s.
		expect(machine.clock.now - before).toBeGreaterThanOrEqual(1_090_999_000);
		const log = logText(machine);
		expect(log).toContainEqual(
			expect.stringContaining(
				'PreCheckTaskErr:Kernel task happen error, retCode=0x30, [vector core timeout].',
			),
		);
		expect(log).toContainEqual(expect.stringContaining('fault kernel_name=add_custom'));
		expect(log.slice(-4)).toEqual([
			'EH9999: Inner Error!',
			'        TraceBack (most recent call last):',
			expect.stringMatching(/^ +rtStreamSynchronize execution failed, reason=vector core timeout/),
			expect.stringMatching(/^ +synchronize stream failed, runtime result = 507034/),
		]);
	});

	it('a sync with a shorter timeout gives up with 507046 after exactly that long', () => {
		const { machine, acl } = started();
		acl.launchKernel(0, { name: 'add_custom', blocks: 8, outcome: hang }, site);
		const before = machine.clock.now;
		expect(acl.aclrtSynchronizeStreamWithTimeout(0, 100, site)).toBe(
			E.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
		);
		expect(machine.clock.now - before).toBe(100_000 + 2);
	});

	it('aclrtSynchronizeDevice adds the rtDeviceSynchronize reason line for a vector timeout', () => {
		const { machine, acl } = started();
		acl.launchKernel(0, { name: 'add_custom', blocks: 8, outcome: hang }, site);
		expect(acl.aclrtSynchronizeDevice(site)).toBe(E.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT);
		expect(logText(machine).slice(-2)).toEqual([
			'EH9999: Inner Error!',
			'rtDeviceSynchronize execute failed, reason=[vector core timeout]',
		]);
	});

	it('with ACL_STOP_ON_FAILURE the context refuses new tasks after the failure', () => {
		const { acl } = started();
		const { stream } = acl.aclrtCreateStream(site);
		acl.aclrtSetStreamFailureMode(stream, ACL_STOP_ON_FAILURE_MODE(), site);
		acl.launchKernel(
			stream,
			{ name: 'error_op', blocks: 1, outcome: { kind: 'exception', reason: 'trap', trap: true } },
			site,
		);
		expect(acl.aclrtSynchronizeStream(stream, site)).toBe(E.ACL_ERROR_RT_AICORE_TRAP_EXCEPTION);
		expect(
			acl.launchKernel(stream, { name: 'next', blocks: 1, outcome: KERNEL_COMPLETED }, site),
		).toBe(E.ACL_ERROR_RT_AICORE_TRAP_EXCEPTION);
	});

	it('in the default continue mode later tasks still run', () => {
		const { acl } = started();
		const { stream } = acl.aclrtCreateStream(site);
		acl.launchKernel(stream, { name: 'bad', blocks: 1, outcome: exception }, site);
		expect(acl.aclrtSynchronizeStream(stream, site)).toBe(E.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
		expect(
			acl.launchKernel(stream, { name: 'next', blocks: 1, outcome: KERNEL_COMPLETED }, site),
		).toBe(0);
		expect(acl.aclrtSynchronizeStream(stream, site)).toBe(0);
	});

	it('an abort (CPU debug) kills the process with SIGABRT and throws an abort Halt', () => {
		const { process, acl } = started();
		let thrown: unknown;
		try {
			acl.launchKernel(
				0,
				{ name: 'add_custom', blocks: 1, outcome: { kind: 'abort', reason: 'check failed' } },
				site,
			);
		} catch (error) {
			thrown = error;
		}
		expect(isHalt(thrown) && [thrown.kind, thrown.reason, thrown.code]).toEqual([
			'abort',
			'check failed',
			6,
		]);
		expect(process.state).toBe('killed');
		expect(process.exitStatus).toEqual({ kind: 'signal', signo: 6, code: 134 });
	});
});

function ACL_STOP_ON_FAILURE_MODE(): number {
	return ACL_STREAM_FAILURE_MODE.ACL_STOP_ON_FAILURE;
}

describe('events', () => {
	it('takes the event resource at record time and returns it at reset', () => {
		const { acl } = started();
		const { event } = acl.aclrtCreateEventWithFlag(ACL_EVENT_FLAGS.ACL_EVENT_SYNC, site);
		const avail = acl.aclrtGetEventAvailNum(site).eventCount;
		expect(avail).toBe(65536);
		acl.aclrtRecordEvent(event, 0, site);
		expect(acl.aclrtGetEventAvailNum(site).eventCount).toBe(avail - 1);
		acl.aclrtRecordEvent(event, 0, site);
		expect(acl.aclrtGetEventAvailNum(site).eventCount).toBe(avail - 1);
		expect(acl.aclrtResetEvent(event, 0, site)).toBe(0);
		expect(acl.aclrtGetEventAvailNum(site).eventCount).toBe(avail);
	});

	it('prints the 8.0 wording when the pool is empty', () => {
		const { machine, acl } = started({ product: 'atlas-a2', limits: { events: 1 } });
		const a = acl.aclrtCreateEvent(site).event;
		const b = acl.aclrtCreateEvent(site).event;
		expect(acl.aclrtRecordEvent(a, 0, site)).toBe(0);
		expect(acl.aclrtRecordEvent(b, 0, site)).toBe(E.ACL_ERROR_RT_DRV_INTERNAL_ERROR);
		expect(logText(machine)).toEqual([
			'[ERROR] RUNTIME(18401,main):<time> [event.cc:378]18401 Record:Event id alloc error, deviceId=0, tsId=0, retCode=0x7020019!',
			'[ERROR] RUNTIME(18401,main):<time> [api_c.cc:716]18401 rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019',
		]);
	});

	it('adds the EE1023 screen line from CANN 8.5', () => {
		const { machine, acl } = started({ product: 'atlas-a2', cann: '8.5.0', limits: { events: 0 } });
		const a = acl.aclrtCreateEvent(site).event;
		expect(acl.aclrtRecordEvent(a, 0, site)).toBe(E.ACL_ERROR_RT_DRV_INTERNAL_ERROR);
		expect(logText(machine)[2]).toBe(
			'Resource_Error(EE1023): Alloc Event resource failed. Reason: Too many events are created.',
		);
		expect(acl.aclGetRecentErrMsg(site)).toBe(logText(machine)[2]);
	});

	it('from CANN 8.5 resetting a plain event keeps its resource and warns', () => {
		const { machine, acl } = started({ product: 'atlas-a2', cann: '8.5.0' });
		const { event } = acl.aclrtCreateEvent(site);
		acl.aclrtRecordEvent(event, 0, site);
		expect(acl.aclrtResetEvent(event, 0, site)).toBe(0);
		expect(acl.aclrtGetEventAvailNum(site).eventCount).toBe(65535);
		expect(machine.recorder.diagnostics.map((d) => d.message)).toEqual([
			'aclrtResetEvent on an event created by aclrtCreateEvent is undefined behaviour from CANN 8.5 (this run uses CANN 8.5.0); its event resource was not returned.',
		]);
	});

	it('before CANN 8.5 a plain event may be reset', () => {
		const { machine, acl } = started({ product: 'atlas-a2', cann: '8.0.RC2' });
		const { event } = acl.aclrtCreateEvent(site);
		acl.aclrtRecordEvent(event, 0, site);
		acl.aclrtResetEvent(event, 0, site);
		expect(acl.aclrtGetEventAvailNum(site).eventCount).toBe(65536);
		expect(machine.recorder.diagnostics).toEqual([]);
	});

	it('reports NOT_READY until the captured tasks are done, then COMPLETE', () => {
		const { acl } = started();
		const { event } = acl.aclrtCreateEvent(site);
		acl.launchKernel(
			0,
			{ name: 'k', blocks: 1, outcome: KERNEL_COMPLETED, durationUs: 1000 },
			site,
		);
		acl.aclrtRecordEvent(event, 0, site);
		expect(acl.aclrtQueryEventStatus(event, site).status).toBe(
			ACL_EVENT_RECORDED_STATUS.ACL_EVENT_RECORDED_STATUS_NOT_READY,
		);
		expect(acl.aclrtQueryEvent(event, site).status).toBe(
			ACL_EVENT_STATUS.ACL_EVENT_STATUS_NOT_READY,
		);
		expect(acl.aclrtSynchronizeEvent(event, site)).toBe(0);
		expect(acl.aclrtQueryEventStatus(event, site).status).toBe(
			ACL_EVENT_RECORDED_STATUS.ACL_EVENT_RECORDED_STATUS_COMPLETE,
		);
		expect(acl.aclrtQueryEvent(event, site).status).toBe(
			ACL_EVENT_STATUS.ACL_EVENT_STATUS_COMPLETE,
		);
	});

	it('aclrtSynchronizeEventWithTimeout gives up with 507047', () => {
		const { acl } = started();
		const { event } = acl.aclrtCreateEvent(site);
		acl.launchKernel(
			0,
			{ name: 'k', blocks: 1, outcome: KERNEL_COMPLETED, durationUs: 50_000 },
			site,
		);
		acl.aclrtRecordEvent(event, 0, site);
		expect(acl.aclrtSynchronizeEventWithTimeout(event, 10, site)).toBe(
			E.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
		);
		expect(acl.aclrtSynchronizeEventWithTimeout(event, 100, site)).toBe(0);
	});

	it('a wait makes later tasks on the waiting stream start after the event', () => {
		const { machine, acl } = started();
		const s1 = acl.aclrtCreateStream(site).stream;
		const s2 = acl.aclrtCreateStream(site).stream;
		const { event } = acl.aclrtCreateEventWithFlag(ACL_EVENT_FLAGS.ACL_EVENT_SYNC, site);
		acl.launchKernel(
			s1,
			{ name: 'long', blocks: 1, outcome: KERNEL_COMPLETED, durationUs: 10_000 },
			site,
		);
		acl.aclrtRecordEvent(event, s1, site);
		acl.aclrtStreamWaitEvent(s2, event, site);
		const before = machine.clock.now;
		acl.aclrtSynchronizeStream(s2, site);
		expect(machine.clock.now - before).toBeGreaterThan(9_000);
	});

	it('destroying a recorded event returns its resource', () => {
		const { acl } = started();
		const { event } = acl.aclrtCreateEvent(site);
		acl.aclrtRecordEvent(event, 0, site);
		expect(acl.aclrtDestroyEvent(event, site)).toBe(0);
		expect(acl.aclrtGetEventAvailNum(site).eventCount).toBe(65536);
		expect(acl.aclrtRecordEvent(event, 0, site)).toBe(E.ACL_ERROR_RT_PARAM_INVALID);
		expect(acl.aclrtRecordEvent(0, 0, site)).toBe(E.ACL_ERROR_INVALID_PARAM);
	});
});

describe('trace output', () => {
	it('records each call as a step with its arguments, result and source line', () => {
		const { machine, acl } = started();
		acl.aclrtMalloc(100, HUGE_FIRST, at(42));
		const trace = finish(machine, 'completed');
		expect(trace.steps.at(-1)).toMatchObject({
			actor: 'host:18401',
			call: 'aclrtMalloc',
			args: ['100', '0'],
			result: 'ACL_SUCCESS ptr=0x124080000000',
			span: { line: 42, column: 1 },
		});
	});

	it('declares the device-memory and event-resources series with their limits', () => {
		const { machine } = started({ product: 'atlas-inference-aicore' });
		const trace = finish(machine, 'completed');
		expect(trace.series.map((s) => [s.id, s.unit, s.limit])).toEqual([
			['device-memory', 'bytes', 24 * 1024 ** 3],
			['event-resources', 'count', 1023],
		]);
	});
});

describe('error queries and forced releases', () => {
	it('aclrtPeekAtLastError keeps the last error; aclrtGetLastError clears it', () => {
		const { acl } = started();
		expect(acl.aclrtPeekAtLastError(0, site)).toBe(0);
		acl.aclrtFree(0x1234, site);
		expect(acl.aclrtPeekAtLastError(0, site)).toBe(E.ACL_ERROR_RT_MEMORY_FREE);
		expect(acl.aclrtGetLastError(0, site)).toBe(E.ACL_ERROR_RT_MEMORY_FREE);
		expect(acl.aclrtGetLastError(0, site)).toBe(0);
	});

	it('aclrtResetDeviceForce releases the device whatever its reference count', () => {
		const { acl } = started();
		acl.aclrtSetDevice(0, site);
		expect(acl.aclrtResetDeviceForce(0, site)).toBe(0);
		expect(acl.held().devices).toBe(0);
		expect(acl.aclrtMalloc(64, HUGE_FIRST, site).ret).toBe(E.ACL_ERROR_RT_CONTEXT_NULL);
	});

	it('aclrtDestroyStreamForce does not wait for the stream tasks', () => {
		const { machine, acl } = started();
		const { stream } = acl.aclrtCreateStream(site);
		acl.launchKernel(
			stream,
			{ name: 'k', blocks: 1, outcome: KERNEL_COMPLETED, durationUs: 5000 },
			site,
		);
		const before = machine.clock.now;
		expect(acl.aclrtDestroyStreamForce(stream, site)).toBe(0);
		expect(machine.clock.now - before).toBeLessThan(100);
		expect(machine.device(0)!.streams.inUse).toBe(1);
	});
});
