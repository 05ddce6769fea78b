/**
 * The four AscendCL cases of seed 002 as faulty/fixed pairs, driven directly through the host
 * API the way the interpreter will drive it for the real programs. Shared by the unit tests and
 * the golden-trace test.
 */
import { VirtualClock } from '../clock.ts';
import { isHalt } from '../halt.ts';
import { Recorder } from '../recorder.ts';
import type { CallSite, Trace } from '../trace.ts';
import { ACL_EVENT_FLAGS, ACL_MEM_MALLOC_POLICY } from './acl-constants.ts';
import { ACL_ERROR } from './acl-error.ts';
import { KERNEL_COMPLETED } from './acl-runtime.ts';
import { Machine, type MachineOptions } from './machine.ts';
import { SIGNALS } from './signals.ts';
import { hostCalls } from './host-calls.test-util.ts';

/** A call site at `line` of main.cpp. */
export function at(line: number, func = 'main'): CallSite {
	return { stack: [{ func, line, file: 'main.cpp' }] };
}

/** A fresh machine with its own clock and recorder. */
export function newMachine(options: Omit<MachineOptions, 'recorder'>): Machine {
	return new Machine({ ...options, recorder: new Recorder(new VirtualClock()) });
}

/** Finishes the run: exact series points, then the trace. */
export function finish(machine: Machine, outcome: Trace['outcome']): Trace {
	machine.flushSeries();
	return machine.recorder.finish(outcome);
}

/** Which half of a pair to run. */
export type Variant = 'faulty' | 'fixed';

/**
 * Case 1 (`acl-resource-leak`): a loop allocates device memory; the faulty loop never frees it
 * and aclrtMalloc fails with 207001 once the (demo-sized, 1 MiB) device memory is used up.
 */
export function resourceLeak(variant: Variant): {
	trace: Trace;
	lastRet: number;
	iterations: number;
} {
	const machine = newMachine({ product: 'atlas-a2', limits: { deviceMemoryBytes: 3 << 20 } });
	const p = machine.spawn();
	const acl = hostCalls(p.acl);
	acl.aclInit(null, at(3));
	acl.aclrtSetDevice(0, at(4));
	const { stream } = acl.aclrtCreateStream(at(5));
	let lastRet = 0;
	let i = 0;
	for (; i < 200; i++) {
		const { ret, devPtr: ptr } = acl.aclrtMalloc(
			10_000,
			ACL_MEM_MALLOC_POLICY.ACL_MEM_MALLOC_HUGE_FIRST,
			at(8),
		);
		lastRet = ret;
		if (ret !== ACL_ERROR.ACL_SUCCESS) break;
		acl.launchKernel(stream, { name: 'add_custom', blocks: 8, outcome: KERNEL_COMPLETED }, at(9));
		acl.aclrtSynchronizeStream(stream, at(10));
		if (variant === 'fixed') acl.aclrtFree(ptr, at(11));
	}
	if (lastRet === ACL_ERROR.ACL_SUCCESS) {
		acl.aclrtDestroyStream(stream, at(13));
		acl.aclrtResetDevice(0, at(14));
		acl.aclFinalize(at(15));
		p.returnFromMain(0, at(16));
	} else {
		p.returnFromMain(1, at(12));
	}
	return { trace: finish(machine, lastRet === 0 ? 'completed' : 'error'), lastRet, iterations: i };
}

/**
 * Case 2 (`acl-event-id-exhausted`) on Atlas inference (1023 event resources): the faulty loop
 * creates and records an event per iteration and never resets it; the fixed one records one
 * ACL_EVENT_SYNC event, waits on it, and resets it once it completed.
 */
export function eventIdExhausted(
	variant: Variant,
	cann?: string,
): { trace: Trace; lastRet: number; iterations: number } {
	const machine = newMachine({ product: 'atlas-inference-aicore', ...(cann ? { cann } : {}) });
	const p = machine.spawn();
	const acl = hostCalls(p.acl);
	acl.aclInit(null, at(3));
	acl.aclrtSetDevice(0, at(4));
	const s1 = acl.aclrtCreateStream(at(5)).stream;
	const s2 = acl.aclrtCreateStream(at(6)).stream;
	let event = 0;
	if (variant === 'fixed')
		event = acl.aclrtCreateEventWithFlag(ACL_EVENT_FLAGS.ACL_EVENT_SYNC, at(7)).event;
	let lastRet = 0;
	let i = 0;
	for (; i < 1100; i++) {
		if (variant === 'faulty') event = acl.aclrtCreateEvent(at(10)).event;
		acl.launchKernel(s1, { name: 'producer', blocks: 1, outcome: KERNEL_COMPLETED }, at(11));
		lastRet = acl.aclrtRecordEvent(event, s1, at(12));
		if (lastRet !== ACL_ERROR.ACL_SUCCESS) break;
		acl.aclrtStreamWaitEvent(s2, event, at(13));
		acl.launchKernel(s2, { name: 'consumer', blocks: 1, outcome: KERNEL_COMPLETED }, at(14));
		if (variant === 'fixed') {
			acl.aclrtSynchronizeStream(s2, at(15));
			acl.aclrtResetEvent(event, s2, at(16));
		}
	}
	if (variant === 'fixed') acl.aclrtDestroyEvent(event, at(18));
	acl.aclrtDestroyStream(s1, at(19));
	acl.aclrtDestroyStream(s2, at(20));
	acl.aclrtResetDevice(0, at(21));
	acl.aclFinalize(at(22));
	p.returnFromMain(lastRet === 0 ? 0 : 1, at(23));
	return { trace: finish(machine, lastRet === 0 ? 'completed' : 'error'), lastRet, iterations: i };
}

/**
 * Case 3 (`signal-handler-double-release`): run 1 executes a model in a loop and gets SIGINT.
 * Faulty: its `cleanup` handler unloads the model, resets the device and exits; the next run's
 * aclmdlExecute fails. Fixed: no handler, the default action ends it and the next run works.
 */
export function signalHandlerDoubleRelease(variant: Variant): { trace: Trace; nextRunRet: number } {
	const machine = newMachine({ product: 'atlas-inference-aicore' });
	const first = machine.spawn();
	const acl = hostCalls(first.acl);
	if (variant === 'faulty')
		first.signal(SIGNALS.SIGINT, { kind: 'handler', name: 'cleanup' }, at(20));
	acl.aclInit(null, at(21));
	acl.aclrtSetDevice(0, at(22));
	const { modelId } = acl.aclmdlLoadFromFile('resnet50.om', at(23));
	for (let i = 0; i < 5; i++) acl.aclmdlExecute(modelId, at(25));
	const delivery = machine.kill(first.pid, SIGNALS.SIGINT);
	if (delivery.action === 'handler') {
		const inHandler = at(8, 'cleanup(int)');
		acl.aclmdlUnload(modelId, inHandler);
		acl.aclrtResetDevice(0, at(9, 'cleanup(int)'));
		acl.aclFinalize(at(10, 'cleanup(int)'));
		try {
			first.exit(1, at(11, 'cleanup(int)'));
		} catch (halt) {
			if (!isHalt(halt)) throw halt;
		}
	}
	machine.wait(1000);
	const second = machine.spawn();
	const acl2 = hostCalls(second.acl);
	acl2.aclInit(null, at(21));
	acl2.aclrtSetDevice(0, at(22));
	const loaded = acl2.aclmdlLoadFromFile('resnet50.om', at(23));
	const nextRunRet = acl2.aclmdlExecute(loaded.modelId, at(25));
	acl2.aclmdlUnload(loaded.modelId, at(27));
	acl2.aclrtResetDevice(0, at(28));
	acl2.aclFinalize(at(29));
	second.returnFromMain(nextRunRet === 0 ? 0 : 1, at(30));
	return { trace: finish(machine, nextRunRet === 0 ? 'completed' : 'error'), nextRunRet };
}

/**
 * Case 4 (`suspend-hwts-busy`): an inference process runs a model loop while the system asks the
 * device to suspend. Faulty: it is still running, so the pre-check fails. Fixed: `kill -2 PID`
 * first; the process exits, hwts goes idle and the suspend succeeds.
 */
export function suspendHwtsBusy(variant: Variant): { trace: Trace; ret: number } {
	const machine = newMachine({ product: 'atlas-a2' });
	const p = machine.spawn();
	const acl = hostCalls(p.acl);
	acl.aclInit(null, at(3));
	acl.aclrtSetDevice(0, at(4));
	const { modelId } = acl.aclmdlLoadFromFile('yolo.om', at(5));
	for (let i = 0; i < 3; i++) acl.aclmdlExecute(modelId, at(7));
	machine.wait(500);
	if (variant === 'fixed') machine.kill(p.pid, SIGNALS.SIGINT);
	const { ret } = machine.suspend();
	return { trace: finish(machine, ret === 0 ? 'completed' : 'error'), ret };
}
