import { describe, expect, it } from 'vitest';
import { isHalt } from '../halt.ts';
import { changePath, changeValue, stateAfter } from '../facts/index.ts';
import type { TraceStep } from '../trace.ts';
import { KERNEL_COMPLETED } from './acl-runtime.ts';
import { at, finish, newMachine } from './seed-scenarios.test-util.ts';
import { SIGNALS } from './signals.ts';
import { hostCalls } from './host-calls.test-util.ts';

const site = at(1);

function caught(run: () => void): unknown {
	try {
		run();
	} catch (error) {
		return error;
	}
	return undefined;
}

describe('processes', () => {
	it('hands out deterministic pids, 16 apart, from 18401', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		expect([machine.spawn().pid, machine.spawn().pid]).toEqual([18401, 18417]);
		expect(newMachine({ product: 'atlas-a2', firstPid: 234708 }).spawn().pid).toBe(234708);
	});

	it('exit(n) ends the process and throws an exit Halt carrying n', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		const halt = caught(() => p.exit(3, site));
		expect(isHalt(halt) && [halt.kind, halt.code]).toEqual(['exit', 3]);
		expect(p.state).toBe('exited');
		expect(p.exitStatus).toEqual({ kind: 'exit', code: 3 });
	});

	it('returning from main ends the process without throwing', () => {
		const p = newMachine({ product: 'atlas-a2' }).spawn();
		p.returnFromMain(0, site);
		expect(p.alive).toBe(false);
		expect(p.exitStatus).toEqual({ kind: 'return', code: 0 });
	});
});

describe('leak accounting at exit', () => {
	it('lists every unreleased resource with the line that took it', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		const acl = hostCalls(p.acl);
		acl.aclInit(null, at(2));
		acl.aclrtSetDevice(0, at(3));
		acl.aclrtCreateStream(at(4));
		acl.aclrtMalloc(100, 0, at(5));
		acl.aclrtMallocHost(64, at(6));
		const { event } = acl.aclrtCreateEvent(at(7));
		acl.aclrtRecordEvent(event, 0, at(8));
		acl.aclmdlLoadFromFile('m.om', at(9));
		p.returnFromMain(0, at(10));
		const trace = finish(machine, 'completed');
		expect(trace.leaks.map((l) => [l.kind, l.detail, l.span?.line])).toEqual([
			[
				'device-memory',
				'aclrtMalloc(100) at 0x124080000000 at line 5 was never freed with aclrtFree',
				5,
			],
			[
				'host-memory',
				'aclrtMallocHost(64) at 0xfffe00000000 at line 6 was never freed with aclrtFreeHost',
				6,
			],
			['stream', 'aclrtCreateStream at line 4 was never paired with aclrtDestroyStream', 4],
			[
				'event',
				'aclrtCreateEvent at line 7 was never paired with aclrtDestroyEvent and still holds an event resource',
				7,
			],
			['model', 'aclmdlLoadFromFile("m.om") at line 9 was never paired with aclmdlUnload', 9],
			['device', 'aclrtSetDevice(0) at line 3 was never paired with aclrtResetDevice', 3],
		]);
	});

	it('the driver returns everything to the device when the process ends', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		hostCalls(p.acl).aclrtMalloc(1 << 20, 0, site);
		const { event } = hostCalls(p.acl).aclrtCreateEvent(site);
		hostCalls(p.acl).aclrtRecordEvent(event, 0, site);
		p.returnFromMain(0, site);
		const device = machine.device(0)!;
		expect([device.memory.used, device.events.inUse, device.streams.inUse]).toEqual([0, 0, 0]);
		expect(p.acl.held()).toEqual({
			deviceBytes: 0,
			allocations: 0,
			hostAllocations: 0,
			streams: 0,
			events: 0,
			eventResources: 0,
			contexts: 0,
			models: 0,
			modelStreams: 0,
			devices: 0,
			notifies: 0,
			graphs: 0,
		});
	});

	it('a process killed by a signal is reclaimed without a leak report', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		hostCalls(p.acl).aclrtMalloc(100, 0, site);
		expect(machine.kill(p.pid, SIGNALS.SIGTERM)).toEqual({ action: 'terminated', signo: 15 });
		expect(p.exitStatus).toEqual({ kind: 'signal', signo: 15, code: 143 });
		expect(finish(machine, 'completed').leaks).toEqual([]);
		expect(machine.device(0)!.memory.used).toBe(0);
	});
});

describe('signals', () => {
	it('runs a user handler: the process is in-handler until the handler returns', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		p.signal(SIGNALS.SIGINT, { kind: 'handler', name: 'onInt' }, site);
		expect(machine.kill(p.pid, SIGNALS.SIGINT)).toEqual({
			action: 'handler',
			signo: 2,
			handler: 'onInt',
		});
		expect([p.state, p.handlingSignal]).toEqual(['in-handler', 2]);
		p.handlerReturned();
		expect([p.state, p.handlingSignal]).toEqual(['running', 0]);
	});

	it('an ignored signal leaves the process running', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		p.signal(SIGNALS.SIGINT, { kind: 'ignore' }, site);
		expect(machine.kill(p.pid, SIGNALS.SIGINT).action).toBe('ignored');
		expect(p.alive).toBe(true);
	});

	it('SIGKILL cannot be caught: signal() fails and kill -9 terminates', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		const result = p.signal(SIGNALS.SIGKILL, { kind: 'handler', name: 'h' }, site);
		expect(result).toEqual({ ok: false, previous: { kind: 'default' } });
		expect(machine.kill(p.pid, SIGNALS.SIGKILL).action).toBe('terminated');
	});

	it('signal() returns the previous action', () => {
		const p = newMachine({ product: 'atlas-a2' }).spawn();
		p.signal(SIGNALS.SIGTERM, { kind: 'handler', name: 'a' }, site);
		expect(p.signal(SIGNALS.SIGTERM, { kind: 'default' }, site).previous).toEqual({
			kind: 'handler',
			name: 'a',
		});
	});

	it('raise() with the default action throws a signal Halt', () => {
		const p = newMachine({ product: 'atlas-a2' }).spawn();
		const halt = caught(() => p.raise(SIGNALS.SIGSEGV, site));
		expect(isHalt(halt) && [halt.kind, halt.code, halt.reason]).toEqual([
			'signal',
			11,
			'killed by SIGSEGV',
		]);
		expect(p.state).toBe('killed');
	});

	it('kill on an ended or unknown pid reports no such process', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		p.returnFromMain(0, site);
		expect(machine.kill(p.pid, 2).action).toBe('no-such-process');
		expect(machine.kill(1, 2).action).toBe('no-such-process');
	});

	it('releasing in a handler while no model runs is ordinary cleanup (no race)', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		p.signal(SIGNALS.SIGINT, { kind: 'handler', name: 'h' }, site);
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		const { modelId } = hostCalls(p.acl).aclmdlLoadFromFile('m.om', site);
		machine.kill(p.pid, SIGNALS.SIGINT);
		hostCalls(p.acl).aclmdlUnload(modelId, site);
		expect(machine.device(0)!.staleModelStreams).toEqual([]);
		expect(machine.recorder.diagnostics).toEqual([]);
	});
});

describe('suspend', () => {
	it('is refused while a live process has issued tasks, even idle, and accepted once it exited', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		expect(machine.suspend()).toEqual({ ok: true, ret: 0 });
		p.acl.launchKernel(
			0,
			{ name: 'k', blocks: 1, outcome: KERNEL_COMPLETED, durationUs: 5000 },
			site,
		);
		expect(machine.suspend()).toEqual({ ok: false, ret: 1 });
		machine.wait(10);
		hostCalls(p.acl).aclrtSynchronizeStream(0, site);
		expect(machine.suspend()).toEqual({ ok: false, ret: 1 });
		machine.kill(p.pid, SIGNALS.SIGINT);
		expect(machine.suspend()).toEqual({ ok: true, ret: 0 });
	});

	it('is refused while a model stream left by a handler race is still running', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		p.signal(SIGNALS.SIGINT, { kind: 'handler', name: 'h' }, site);
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		const { modelId } = hostCalls(p.acl).aclmdlLoadFromFile('m.om', site);
		hostCalls(p.acl).aclmdlExecute(modelId, site);
		machine.kill(p.pid, SIGNALS.SIGINT);
		hostCalls(p.acl).aclmdlUnload(modelId, site);
		caught(() => p.exit(1, site));
		expect(machine.suspend().ok).toBe(false);
		expect(machine.device(0)!.staleModelStreams).toEqual([
			{ modelId: 512, sqId: 514, taskId: 3, pid: 18401 },
		]);
	});

	it('numbers device log lines per device from 1', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		const { modelId } = hostCalls(p.acl).aclmdlLoadFromFile('m.om', site);
		hostCalls(p.acl).aclmdlExecute(modelId, site);
		machine.suspend();
		machine.suspend();
		expect(machine.recorder.logLines.map((l) => l.text.split(' ')[2])).toEqual([
			'1',
			'2',
			'3',
			'4',
		]);
	});
});

describe('the case programs, step by step', () => {
	it('model-service-faulty: a handler that unloads during aclmdlExecuteAsync leaves the stream running', () => {
		const machine = newMachine({ product: 'atlas-inference-aicore' });
		const p = machine.spawn();
		const acl = hostCalls(p.acl);
		p.signal(SIGNALS.SIGINT, { kind: 'handler', name: 'CleanupHandler' }, at(29));
		acl.aclInit(null, at(33));
		acl.aclrtSetDevice(0, at(34));
		const { stream } = acl.aclrtCreateStream(at(35));
		const { modelId } = acl.aclmdlLoadFromFile('resnet50.om', at(36));
		for (let i = 0; i < 3; i++) {
			expect(acl.aclmdlExecuteAsync(modelId, 0, 0, stream, at(53))).toBe(0);
			expect(acl.aclrtSynchronizeStream(stream, at(54))).toBe(0);
		}
		expect(machine.kill(p.pid, SIGNALS.SIGINT).action).toBe('handler');
		acl.aclmdlUnload(modelId, at(20, 'CleanupHandler(int)'));
		acl.aclrtDestroyStream(stream, at(21, 'CleanupHandler(int)'));
		acl.aclrtResetDevice(0, at(22, 'CleanupHandler(int)'));
		acl.aclFinalize(at(23, 'CleanupHandler(int)'));
		caught(() => p.exit(1, at(24, 'CleanupHandler(int)')));
		const next = hostCalls(machine.spawn().acl);
		next.aclInit(null, at(33));
		next.aclrtSetDevice(0, at(34));
		const s2 = next.aclrtCreateStream(at(35)).stream;
		const m2 = next.aclmdlLoadFromFile('resnet50.om', at(36)).modelId;
		expect(next.aclmdlExecuteAsync(m2, 0, 0, s2, at(53))).toBe(507011);
		expect(machine.recorder.logLines.map((l) => l.channel)).toEqual(['device']);
	});

	it('frame-service-faulty on Atlas A2: 64 MB and a stream per frame fail at frame 918 with 207001', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		const acl = hostCalls(p.acl);
		acl.aclInit(null, at(37));
		acl.aclrtSetDevice(0, at(38));
		const FRAME = 32 * 1024 * 1024;
		let frame = 0;
		let ret = 0;
		for (; frame < 2000 && ret === 0; frame++) {
			const { stream } = acl.aclrtCreateStream(at(18));
			const host = acl.aclrtMallocHost(FRAME, at(19)).hostPtr;
			const a = acl.aclrtMalloc(FRAME, 0, at(20));
			ret = a.ret;
			if (ret !== 0) break;
			const b = acl.aclrtMalloc(FRAME, 0, at(21));
			ret = b.ret;
			if (ret !== 0) break;
			acl.aclrtMemcpyAsync(a.devPtr, FRAME, host, FRAME, 1, stream, at(23));
			ret = acl.aclrtSynchronizeStream(stream, at(27));
		}
		// 60.97 GiB hold 31,216 whole 2 MB pages; the runtime's pool takes one; a 32 MiB block
		// (+32 bytes) takes 17 pages, a frame 34: 31,215 / 34 = 918 frames.
		expect([frame, ret]).toEqual([918, 207001]);
		p.returnFromMain(1, at(54));
		const trace = finish(machine, 'error');
		expect(trace.leaks.filter((l) => l.kind === 'stream')).toHaveLength(919);
		const memory = trace.series.find((s) => s.id === 'device-memory')!;
		expect(memory.points.at(-1)![1]).toBe(0);
		const page = 2 * 1024 * 1024;
		expect(Math.max(...memory.points.map((pt) => pt[1]))).toBe(page + 918 * 34 * page);
	});
});

describe('state facts for step-through', () => {
	function stateAfterAll(steps: readonly TraceStep[]) {
		return new Map(
			[...stateAfter(steps, steps.length).values()].map((c) => [changePath(c), changeValue(c)]),
		);
	}

	it('steps carry what they changed, and the driver reclaim removes what the process held', () => {
		const machine = newMachine({ product: 'atlas-a2' });
		const p = machine.spawn();
		hostCalls(p.acl).aclInit(null, site);
		hostCalls(p.acl).aclrtSetDevice(0, site);
		const { devPtr: ptr } = hostCalls(p.acl).aclrtMalloc(100, 0, site);
		const { event } = hostCalls(p.acl).aclrtCreateEvent(site);
		hostCalls(p.acl).aclrtRecordEvent(event, 0, site);
		const mid = stateAfterAll(machine.recorder.finish('completed').steps);
		expect(Object.fromEntries(mid)).toEqual({
			'pid18401.state': 'running',
			'pid18401.device0': 'set ×1',
			'device0.streams': 1,
			[`pid18401.mem.0x${ptr.toString(16)}`]: 100,
			// The runtime's 2 MB pool at device open, and one 4 KB page for the 100 bytes.
			'device0.memory': 2 * 1024 * 1024 + 4096,
			[`pid18401.event.0x${event.toString(16)}`]: 'recorded',
			'device0.events': 1,
		});
		p.returnFromMain(0, site);
		const end = stateAfterAll(machine.recorder.finish('completed').steps);
		expect(Object.fromEntries(end)).toEqual({
			'pid18401.state': 'exited',
			'device0.streams': 0,
			'device0.memory': 0,
			'device0.events': 0,
		});
	});
});
