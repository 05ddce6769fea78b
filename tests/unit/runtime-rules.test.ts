/**
 * The host runtime rules of the runtime cases, each reached by a small C++ program through
 * `run()` as a user would run it: devices per server and ASCEND_RT_VISIBLE_DEVICES, the stream
 * and Notify pools, contexts and their streams, device memory as pages, asynchronous copies
 * landing in virtual time, ACL graph capture, and errors kept on their stream.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/index.ts';
import type { RunRequest } from '../../src/sim/run-request.ts';

/** Runs `source` as `main.cpp` on Atlas A2 (CANN 9.1 unless `extra` says otherwise). */
function runHost(source: string, extra: Partial<RunRequest> = {}) {
	const trace = run({
		source,
		fileName: 'main.cpp',
		product: 'atlas-a2',
		mode: 'npu',
		cann: '9.1.0',
		...extra,
	});
	const lines = trace.log.map((line) => line.text);
	const stdout = trace.log.filter((line) => line.channel === 'stdout').map((line) => line.text);
	return { trace, lines, stdout, text: lines.join('\n') };
}

/** A `main` that initialises AscendCL, runs `body` and returns 0. */
function main(body: string, head = ''): string {
	return `#include <cstdio>
#include "acl/acl.h"
${head}
int main()
{
    aclInit(nullptr);
${body}
    aclFinalize();
    return 0;
}
`;
}

describe('devices of a server', () => {
	it('an A2 server has 8 devices, and ASCEND_RT_VISIBLE_DEVICES shows only the ones it lists', () => {
		const source = main(`
    uint32_t count = 0;
    aclrtGetDeviceCount(&count);
    printf("devices %u\\n", count);`);
		expect(runHost(source).stdout).toEqual(['devices 8']);
		expect(runHost(source, { env: { ASCEND_RT_VISIBLE_DEVICES: '2,5' } }).stdout).toEqual([
			'devices 2',
		]);
	});

	it('setting a device id past the visible count returns 107001, a visible one succeeds', () => {
		const source = main(`
    printf("set 1: %d\\n", aclrtSetDevice(1));
    printf("set 0: %d\\n", aclrtSetDevice(0));
    aclrtResetDevice(0);`);
		const { stdout, text } = runHost(source, { env: { ASCEND_RT_VISIBLE_DEVICES: '3' } });
		expect(stdout).toEqual(['set 1: 107001', 'set 0: 0']);
		expect(text).toContain('rtSetDevice:ErrCode=107001, desc=[device id error]');
	});
});

describe('contexts and streams', () => {
	it('a stream of device 0 used while device 1 is current fails with 107003', () => {
		const source = main(`
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclrtSetDevice(1);
    printf("sync on device 1: %d\\n", aclrtSynchronizeStream(stream));
    aclrtSetDevice(0);
    printf("sync on device 0: %d\\n", aclrtSynchronizeStream(stream));
    aclrtDestroyStream(stream);
    aclrtResetDevice(1);
    aclrtResetDevice(0);`);
		expect(runHost(source).stdout).toEqual(['sync on device 1: 107003', 'sync on device 0: 0']);
	});

	it('streams created and never destroyed run the device out of streams; destroyed, they never do', () => {
		const loop = (destroy: boolean) =>
			main(`
    aclrtSetDevice(0);
    aclError ret = ACL_SUCCESS;
    int32_t made = 0;
    for (int32_t i = 0; i < 40 && ret == ACL_SUCCESS; i++) {
        aclrtStream stream = nullptr;
        ret = aclrtCreateStream(&stream);
        if (ret == ACL_SUCCESS) {
            made++;
            ${destroy ? 'aclrtDestroyStream(stream);' : ''}
        }
    }
    printf("made %d, ret %d\\n", made, ret);
    aclrtResetDevice(0);`);
		const limits = { streams: 16 };
		const leaking = runHost(loop(false), { limits });
		expect(leaking.stdout).toEqual(['made 15, ret 207005']);
		expect(leaking.text).toContain(
			'Resource_Error(EE1023): Alloc Stream resource failed. Reason: Too many streams are created.',
		);
		const tidy = runHost(loop(true), { limits });
		expect(tidy.stdout).toEqual(['made 40, ret 0']);
		expect(tidy.text).not.toContain('EE1023');
	});

	it('Notify objects never destroyed run the pool out with 207009 and the EE1023 Notify line', () => {
		const source = main(`
    aclrtSetDevice(0);
    aclError ret = ACL_SUCCESS;
    int32_t made = 0;
    while (ret == ACL_SUCCESS && made < 20) {
        aclrtNotify notify = nullptr;
        ret = aclrtCreateNotify(&notify, 0);
        if (ret == ACL_SUCCESS) made++;
    }
    printf("made %d, ret %d\\n", made, ret);
    aclrtResetDevice(0);`);
		const { stdout, text } = runHost(source, { limits: { notifies: 8 } });
		expect(stdout).toEqual(['made 8, ret 207009']);
		expect(text).toContain('Alloc Notify resource failed');
	});
});

describe('device memory', () => {
	it('aclrtGetMemInfo reports what an allocation took and gives it back after the free', () => {
		const source = main(`
    aclrtSetDevice(0);
    size_t before = 0, during = 0, after = 0, total = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &before, &total);
    void *p = nullptr;
    aclrtMalloc(&p, 64 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtGetMemInfo(ACL_HBM_MEM, &during, &total);
    aclrtFree(p);
    aclrtGetMemInfo(ACL_HBM_MEM, &after, &total);
    printf("taken %zu MB, back %d\\n", (before - during) / (1024 * 1024), after == before);
    aclrtResetDevice(0);`);
		// 64 MB plus the 32-byte pad takes 33 huge pages of 2 MB.
		expect(runHost(source).stdout).toEqual(['taken 66 MB, back 1']);
	});

	it('frames split and made whole again many times still fragment as a fresh device does', () => {
		// 1 MB - 64 bytes (+ the 32-byte pad) is half a 2 MB frame in normal pages, so eight of
		// them split four frames; a loop splits and rejoins them 200 times (frame ids reused).
		const source = main(`
    aclrtSetDevice(0);
    size_t start = 0, free = 0, total = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &start, &total);
    void *p[8];
    for (int round = 0; round < 200; ++round) {
        for (int i = 0; i < 8; ++i) aclrtMalloc(&p[i], 1024 * 1024 - 64, ACL_MEM_MALLOC_HUGE_FIRST);
        // Freed in an order that changes per round (steps 1, 3, 5 visit all eight).
        for (int k = 0; k < 8; ++k) aclrtFree(p[(k * (round % 3 * 2 + 1)) % 8]);
    }
    aclrtGetMemInfo(ACL_HBM_MEM, &free, &total);
    printf("back %d\\n", free == start);
    for (int i = 0; i < 8; ++i) aclrtMalloc(&p[i], 1024 * 1024 - 64, ACL_MEM_MALLOC_HUGE_FIRST);
    for (int i = 0; i < 8; i += 2) aclrtFree(p[i]);
    void *big = nullptr;
    printf("huge-only %d\\n", aclrtMalloc(&big, 3 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_ONLY));
    printf("huge-first %d\\n", aclrtMalloc(&big, 3 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtResetDevice(0);`);
		const { stdout, trace } = runHost(source, {
			limits: { deviceMemoryBytes: 10 * 1024 * 1024 },
		});
		expect(stdout).toEqual(['back 1', 'huge-only 207001', 'huge-first 0']);
		expect(trace.diagnostics.map((d) => d.code)).toContain('device-memory-no-huge-pages');
	});
});

describe('asynchronous copies', () => {
	it('a device-to-host copy read before synchronize shows the old value, after it the new one', () => {
		const source = main(`
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    int32_t *host = nullptr;
    aclrtMallocHost((void **)&host, 4096);
    host[0] = 7;
    void *dev = nullptr;
    aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    int32_t *staging = nullptr;
    aclrtMallocHost((void **)&staging, 4096);
    staging[0] = 42;
    aclrtMemcpy(dev, 4096, staging, 4096, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpyAsync(host, 4096, dev, 4096, ACL_MEMCPY_DEVICE_TO_HOST, stream);
    printf("before sync %d\\n", host[0]);
    aclrtSynchronizeStream(stream);
    printf("after sync %d\\n", host[0]);
    aclrtFree(dev);
    aclrtFreeHost(staging);
    aclrtFreeHost(host);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);`);
		const { trace, stdout } = runHost(source);
		expect(stdout).toEqual(['before sync 7', 'after sync 42']);
		expect(trace.diagnostics.map((d) => d.code)).toContain('host-read-before-copy');
	});
});

describe('ACL graph capture', () => {
	const capture = (inside: string, mode = 'ACL_MODEL_RI_CAPTURE_MODE_GLOBAL') =>
		main(`
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(stream, ${mode});
${inside}
    printf("end %d\\n", aclmdlRICaptureEnd(stream, &graph));
    printf("replay %d\\n", aclmdlRIExecuteAsync(graph, stream));
    aclrtSynchronizeStream(stream);
    aclmdlRIDestroy(graph);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);`);

	it('a synchronize of the stream being captured returns 107027', () => {
		const { stdout } = runHost(
			capture('    printf("sync %d\\n", aclrtSynchronizeStream(stream));'),
		);
		expect(stdout[0]).toBe('sync 107027');
	});

	it('a blocking copy during a GLOBAL capture returns 107030, and RELAXED mode allows it', () => {
		const copy = `    void *dev = nullptr;
    aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    int32_t *host = nullptr;
    aclrtMallocHost((void **)&host, 4096);
    printf("copy %d\\n", aclrtMemcpy(dev, 4096, host, 4096, ACL_MEMCPY_HOST_TO_DEVICE));`;
		expect(runHost(capture(copy)).stdout[0]).toBe('copy 107030');
		expect(runHost(capture(copy, 'ACL_MODEL_RI_CAPTURE_MODE_RELAXED')).stdout[0]).toBe('copy 0');
	});

	it('captured graphs hold their streams until aclmdlRIDestroy', () => {
		const graphs = (destroy: boolean) =>
			main(`
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclError ret = ACL_SUCCESS;
    int32_t captured = 0;
    for (int32_t i = 0; i < 30 && ret == ACL_SUCCESS; i++) {
        aclmdlRI graph = nullptr;
        ret = aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
        if (ret != ACL_SUCCESS) break;
        ret = aclmdlRICaptureEnd(stream, &graph);
        if (ret == ACL_SUCCESS) {
            captured++;
            ${destroy ? 'aclmdlRIDestroy(graph);' : ''}
        }
    }
    printf("captured %d, ret %d\\n", captured, ret);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);`);
		const limits = { streams: 12 };
		const held = runHost(graphs(false), { limits });
		expect(held.stdout[0]).toMatch(/^captured \d+, ret 20700[58]$/);
		expect(Number(/captured (\d+)/.exec(held.stdout[0]!)![1])).toBeLessThan(12);
		expect(runHost(graphs(true), { limits }).stdout).toEqual(['captured 30, ret 0']);
	});
});

describe('cross-stream capture', () => {
	/** A capture on `origin` that forks `side` through `fork`, runs `tail`, then ends on `end`. */
	const forked = (tail: string, end = 'origin') =>
		main(`
    aclrtSetDevice(0);
    aclrtStream origin = nullptr;
    aclrtStream side = nullptr;
    aclrtCreateStream(&origin);
    aclrtCreateStream(&side);
    aclrtEvent fork = nullptr;
    aclrtEvent join = nullptr;
    aclrtCreateEventExWithFlag(&fork, ACL_EVENT_SYNC);
    aclrtCreateEventExWithFlag(&join, ACL_EVENT_SYNC);
    void *dev = nullptr;
    aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(origin, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclrtRecordEvent(fork, origin);
    aclrtStreamWaitEvent(side, fork);
    printf("side sync %d\\n", aclrtSynchronizeStream(side));
    aclrtMemsetAsync(dev, 4096, 0, 4096, side);
${tail}
    printf("end %d\\n", aclmdlRICaptureEnd(${end}, &graph));
    printf("graph %s\\n", graph == nullptr ? "null" : "made");
    if (graph != nullptr) {
        printf("replay %d\\n", aclmdlRIExecuteAsync(graph, origin));
        printf("sync %d\\n", aclrtSynchronizeStream(origin));
        aclmdlRIDestroy(graph);
    }
    aclrtDestroyEvent(join);
    aclrtDestroyEvent(fork);
    aclrtDestroyStream(side);
    aclrtDestroyStream(origin);
    aclrtResetDevice(0);`);
	const joinBack = `    aclrtRecordEvent(join, side);
    aclrtStreamWaitEvent(origin, join);`;

	it('a stream that waits on an event recorded in the capture joins it, and joined back the capture ends with a graph', () => {
		const { stdout, text } = runHost(forked(joinBack));
		// The side stream is capturing now: synchronizing it is refused like the origin stream.
		expect(stdout).toEqual(['side sync 107027', 'end 0', 'graph made', 'replay 0', 'sync 0']);
		expect(text).not.toContain('107025');
	});

	it('a sub stream never joined back makes aclmdlRICaptureEnd return 107025 with the EE1017 reason, and no graph', () => {
		const { stdout, text } = runHost(forked(''));
		expect(stdout).toEqual(['side sync 107027', 'end 107025', 'graph null']);
		expect(text).toContain(
			'Invalid_Argument(EE1017): Capture model validity check failed. Parameter capture model is invalid. Reason: In the cross-stream capture scenario, the last task (task_id=',
		);
		expect(text).toContain(
			'rtStreamEndCapture:ErrCode=107025, desc=[capture model contains a stream that was not joined to the origin stream], InnerCode=0x703001f',
		);
	});

	it('a record on the sub stream that nobody waits on is reported as lacking its wait task', () => {
		const { stdout, text } = runHost(forked('    aclrtRecordEvent(join, side);'));
		expect(stdout.slice(1, 3)).toEqual(['end 107025', 'graph null']);
		expect(text).toMatch(
			/the last task \(task_id=\d+, event_id=\d+\) on the sub stream \(stream_id=\d+\) lacks the corresponding event wait task/,
		);
	});

	it('a sub stream waited on by another sub stream but never by the origin stream is not joined back', () => {
		const { stdout, text } = runHost(
			forked(`    aclrtStream third = nullptr;
    aclrtCreateStream(&third);
    aclrtRecordEvent(join, side);
    aclrtStreamWaitEvent(third, join);
    aclrtEvent last = nullptr;
    aclrtCreateEventExWithFlag(&last, ACL_EVENT_SYNC);
    aclrtRecordEvent(last, third);
    aclrtStreamWaitEvent(side, last);
    aclrtRecordEvent(join, side);`),
		);
		expect(stdout.slice(1, 3)).toEqual(['end 107025', 'graph null']);
		expect(text).toMatch(/lacks the corresponding event wait task|has no event wait task/);
	});

	it('a task issued on the sub stream after it joined back breaks the join again', () => {
		const { stdout } = runHost(
			forked(`${joinBack}
    aclrtMemsetAsync(dev, 4096, 1, 4096, side);`),
		);
		expect(stdout.slice(1, 3)).toEqual(['end 107025', 'graph null']);
	});

	it('before CANN 9.1 the same capture fails with the "original stream" wording and the ACL line', () => {
		const { stdout, text } = runHost(forked(''), { cann: '8.5.0' });
		expect(stdout.slice(1, 3)).toEqual(['end 107025', 'graph null']);
		expect(text).toContain(
			'rtStreamEndCapture execution failed, reason=capture model contains a stream that was not joined to the original stream',
		);
		expect(text).toContain('end capture stream failed, runtime result = 107025');
		expect(text).not.toContain('EE1017');
	});

	it('ending the capture on the sub stream returns 107036 and leaves the capture open', () => {
		const { stdout, text } = runHost(forked(joinBack, 'side'));
		expect(stdout.slice(1, 3)).toEqual(['end 107036', 'graph null']);
		expect(text).toContain('The capture was not initiated in this stream.');
	});

	it('the default stream cannot join the capture: its wait returns 107031 and the capture still ends', () => {
		const { stdout, text } = runHost(
			forked(`    printf("default wait %d\\n", aclrtStreamWaitEvent(nullptr, fork));
${joinBack}`),
		);
		expect(stdout.slice(1)).toEqual([
			'default wait 107031',
			'end 0',
			'graph made',
			'replay 0',
			'sync 0',
		]);
		expect(text).toContain('cannot be used in the ACL Graph');
	});

	it('the sub stream takes a stream slot: with none left the wait fails with 207005 and the capture ends invalidated', () => {
		const { stdout, text } = runHost(forked(joinBack), { limits: { streams: 4 } });
		expect(text).toContain('New capture stream failed, stream_id=');
		expect(text).toContain('stream wait event failed, runtime result = 207005');
		// The failed wait invalidated the capture (TerminateCapture).
		expect(stdout.slice(1, 3)).toEqual(['end 507903', 'graph null']);
		expect(text).toContain('is invalid because an error occurred during model capture');
	});
});

describe('errors kept on their stream', () => {
	const failing = (mode: string) => `#include <cstdio>
#include <unistd.h>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void bad(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float *)x, 256);
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, g, 256);
}
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclrtSetStreamFailureMode(stream, ${mode});
    aclrtEvent done = nullptr;
    aclrtCreateEvent(&done);
    bad<<<1, nullptr, stream>>>(nullptr);
    usleep(1000);
    printf("record %d\\n", aclrtRecordEvent(done, stream));
    printf("sync %d\\n", aclrtSynchronizeStream(stream));
    aclrtDestroyEvent(done);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;

	it('with ACL_STOP_ON_FAILURE a later record event returns the kernel exception (507035)', () => {
		const { stdout, text } = runHost(failing('ACL_STOP_ON_FAILURE'));
		expect(stdout).toEqual(['record 507035', 'sync 507035']);
		expect(text).toContain('SubmitTask:context is abort, status=0x715005e.');
		expect(text).toContain('fault kernel_name=bad');
	});

	it('in the default mode the record is accepted and the synchronize returns the exception', () => {
		const { stdout } = runHost(failing('ACL_CONTINUE_ON_FAILURE'));
		expect(stdout).toEqual(['record 0', 'sync 507035']);
	});
});

describe('the current context', () => {
	const noDevice = main(`
    void *p = nullptr;
    printf("malloc %d\\n", aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_HUGE_FIRST));`);

	it('a call that needs a context, on a thread with none, returns 107002 with EE1018 from CANN 9.1', () => {
		const { stdout, text } = runHost(noDevice);
		expect(stdout).toEqual(['malloc 107002']);
		expect(text).toContain(
			'Invalid_Argument_API_Call_Sequence(EE1018): Context validation failed. Reason: No valid context is bound to the current thread.',
		);
		expect(text).toContain('ReportContextValidationError:Context validation failed.');
	});

	it('before CANN 9.1 the same call returns 107002 without the EE1018 lines', () => {
		const { stdout, text } = runHost(noDevice, { cann: '8.0.0' });
		expect(stdout).toEqual(['malloc 107002']);
		expect(text).not.toContain('EE1018');
	});
});
