import { describe, expect, it } from 'vitest';
import { ACL_ERROR } from './acl-error.ts';
import {
	eventIdExhausted,
	resourceLeak,
	signalHandlerDoubleRelease,
	suspendHwtsBusy,
} from './seed-scenarios.test-util.ts';

/** Seed 002's log lines, verbatim (/work/shared/seeds/002_*.txt). */
const SEED = {
	event: [
		'[ERROR] DRV(18401,main)2023-05-29-17:53:11.569.787 [devdrv] [drvEventIdAlloc 647] error.',
		'[ERROR] RUNTIME(18401,main)2023-05-29-17:53:11.569.804 18409 EventIdAlloc:drvEventIdAlloc:errorcode = 7',
		'[INFO] RUNTIME(18401,main)2023-05-29-17:53:11.569.819 18409 EventIdAlloc:id = -1',
	],
	unbind: [
		'[ERROR] TSCH(-1,null):2023-01-01-02:53:45.850.781 1 (cpuid:0) task_scheduler_engine.c:707 proc_model_stream_unbind: unbind model stream failed, stream is running. stream->model_id=512, model_id=512, task.sq_id=514, task.task_id=3',
	],
	suspend: [
		'[ERROR] TSCH(-1,null):2023-01-01-02:53:45.850.781 1 (dieid:0,cpuid:0) device_management_plat.c:563 suspend_ack: suspend pre check fail, hwts is busy',
		'[EVENT] TSCH(-1,null):2023-01-01-02:53:45.850.803 2 (dieid:0,cpuid:0) device_management.c:411 process_low_power_cmd: ts suspend ack ret=1.',
	],
};

/** Lines with pid and timestamp blanked, so the seed and the simulator compare. */
function normalise(lines: readonly string[]): string[] {
	return lines.map((line) =>
		line
			.replace(/\d{4}-\d{2}-\d{2}-\d{2}:\d{2}:\d{2}\.\d{3}\.\d{3}/, '<time>')
			.replace(/^(\[\w+\] \w+)\((\d+),/, '$1(<pid>,'),
	);
}

function texts(trace: { log: readonly { text: string }[] }): string[] {
	return trace.log.map((line) => line.text);
}

describe('seed 002 case 1: resources never released', () => {
	it('the faulty loop runs device memory out and aclrtMalloc returns 207001 with EL0004', () => {
		const { trace, lastRet, iterations } = resourceLeak('faulty');
		expect(lastRet).toBe(ACL_ERROR.ACL_ERROR_RT_MEMORY_ALLOCATION);
		// 3 MiB less the runtime's 2 MiB pool leaves 256 pages of 4 KB; each block (10,000 rounded
		// to 10,016, +32 pad = 10,048 bytes) takes 3 pages, so 85 blocks fit.
		expect(iterations).toBe(85);
		expect(normalise(texts(trace))).toEqual([
			'[ERROR] RUNTIME(<pid>,main):<time> [api_c_memory.cc:75]18401 rtMalloc:ErrCode=207001, desc=[driver error:out of memory], InnerCode=0x7020016',
			'EL0004: [PID: 18401] <time> Failed to allocate memory.',
			'        Possible Cause: Available memory is insufficient.',
			'        Solution: Close applications not in use.',
			'        TraceBack (most recent call last):',
			'        alloc device memory failed, runtime result = 207001[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]',
		]);
		const memory = trace.series.find((s) => s.id === 'device-memory')!;
		expect(Math.max(...memory.points.map((p) => p[1]))).toBe(2 * 1024 * 1024 + 85 * 3 * 4096);
		expect(trace.leaks.filter((l) => l.kind === 'device-memory')).toHaveLength(85);
		expect(trace.leaks[0]).toEqual({
			kind: 'device-memory',
			detail: 'aclrtMalloc(10000) at 0x124080000000 at line 8 was never freed with aclrtFree',
			pid: 18401,
			span: { line: 8, column: 1 },
			bytes: 10_048,
		});
	});

	it('the fixed loop frees every block: no error, no log, no leak', () => {
		const { trace, lastRet, iterations } = resourceLeak('fixed');
		expect(lastRet).toBe(0);
		expect(iterations).toBe(200);
		expect(trace.log).toEqual([]);
		expect(trace.leaks).toEqual([]);
	});
});

describe('seed 002 case 2: event ids exhausted at aclrtRecordEvent', () => {
	it('the faulty loop fails at the 1024th record with the three seed lines (CANN 6.0.1 default)', () => {
		const { trace, lastRet, iterations } = eventIdExhausted('faulty');
		expect(iterations).toBe(1023);
		expect(lastRet).toBe(ACL_ERROR.ACL_ERROR_RT_DRV_INTERNAL_ERROR);
		expect(texts(trace)).toHaveLength(3);
		expect(normalise(texts(trace))).toEqual(normalise(SEED.event));
		expect(trace.log.map((l) => l.channel)).toEqual(['plog', 'plog', 'plog']);
	});

	it('the seed lines keep their 17 µs and 15 µs spacing', () => {
		const { trace } = eventIdExhausted('faulty');
		const t = trace.log.map((l) => l.time);
		expect([t[1]! - t[0]!, t[2]! - t[1]!]).toEqual([17, 15]);
	});

	it('the fixed loop resets one ACL_EVENT_SYNC event each time and never fails', () => {
		const { trace, lastRet, iterations } = eventIdExhausted('fixed');
		expect(lastRet).toBe(0);
		expect(iterations).toBe(1100);
		expect(trace.log).toEqual([]);
		const events = trace.series.find((s) => s.id === 'event-resources')!;
		expect(Math.max(...events.points.map((p) => p[1]))).toBe(1);
	});
});

describe('seed 002 case 3: a signal handler releases what the driver releases', () => {
	it('with the handler, the next run fails at aclmdlExecute with the seed TSCH line', () => {
		const { trace, nextRunRet } = signalHandlerDoubleRelease('faulty');
		expect(nextRunRet).toBe(ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE);
		expect(normalise(texts(trace))).toEqual(normalise(SEED.unbind));
		expect(trace.log[0]!.channel).toBe('device');
		expect(trace.diagnostics.map((d) => [d.code, d.line])).toEqual([
			['signal-handler-release-race', 8],
		]);
	});

	it('without the handler, SIGINT ends the process and the next run succeeds', () => {
		const { trace, nextRunRet } = signalHandlerDoubleRelease('fixed');
		expect(nextRunRet).toBe(0);
		expect(trace.log).toEqual([]);
		expect(trace.diagnostics).toEqual([]);
	});
});

describe('seed 002 case 4: suspend while the AI process still runs', () => {
	it('the suspend pre-check fails with the two seed lines while hwts is busy', () => {
		const { trace, ret } = suspendHwtsBusy('faulty');
		expect(ret).toBe(1);
		expect(normalise(texts(trace))).toEqual(normalise(SEED.suspend));
		expect(trace.log[1]!.time - trace.log[0]!.time).toBe(22);
	});

	it('after kill -2 the process is gone and the suspend succeeds silently', () => {
		const { trace, ret } = suspendHwtsBusy('fixed');
		expect(ret).toBe(0);
		expect(trace.log).toEqual([]);
	});
});
