import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHalt } from '../halt.ts';
import type { KernelOutcome } from './acl-runtime.ts';
import type { HostProcess } from './host-process.ts';
import type { Machine } from './machine.ts';
import { at, newMachine } from './seed-scenarios.test-util.ts';
import { SIGNALS } from './signals.ts';

/** One random step: an operation number and a few small numbers to pick arguments with. */
const stepArb = fc.tuple(fc.nat(35), fc.nat(7), fc.nat(7), fc.nat(4000));

const OUTCOMES: KernelOutcome[] = [
	{ kind: 'completed' },
	{ kind: 'completed' },
	{ kind: 'hang', reason: 'waits' },
	{ kind: 'exception', reason: 'bad address' },
	{ kind: 'abort', reason: 'check' },
];

const SIGNAL_LIST = [SIGNALS.SIGINT, SIGNALS.SIGTERM, SIGNALS.SIGSEGV, SIGNALS.SIGKILL];

interface World {
	machine: Machine;
	processes: HostProcess[];
	/** Handles each process got back, by kind, including stale and bogus ones. */
	handles: Map<
		HostProcess,
		{
			ptrs: number[];
			hostPtrs: number[];
			streams: number[];
			events: number[];
			contexts: number[];
			models: number[];
		}
	>;
}

function pick(list: readonly number[], i: number): number {
	if (list.length === 0 || i === 7) return i === 7 ? 0xdead0 : 0;
	return list[i % list.length]!;
}

function apply(world: World, [op, a, b, n]: [number, number, number, number]): void {
	const { machine } = world;
	const site = at(op + 1);
	if (op === 0 || world.processes.length === 0) {
		const p = machine.spawn();
		world.processes.push(p);
		world.handles.set(p, {
			ptrs: [],
			hostPtrs: [],
			streams: [],
			events: [],
			contexts: [],
			models: [],
		});
		// Most programs start this way; starting most processes so keeps the sequences useful.
		if (b % 4 !== 0) {
			p.acl.aclInit(null, site);
			p.acl.aclrtSetDevice(0, site);
		}
		return;
	}
	const p = world.processes[a % world.processes.length]!;
	const h = world.handles.get(p)!;
	const acl = p.acl;
	if (!p.alive && op > 3) return;
	switch (op) {
		case 1:
			machine.kill(p.pid, SIGNAL_LIST[b % SIGNAL_LIST.length]!);
			return;
		case 2:
			machine.suspend();
			return;
		case 3:
			machine.wait(n);
			return;
		case 4:
			acl.aclInit(null, site);
			return;
		case 5:
			acl.aclFinalize(site);
			return;
		case 6:
			acl.aclrtSetDevice(b % 3, site);
			return;
		case 7:
			acl.aclrtResetDevice(b % 3, site);
			return;
		case 8: {
			const r = acl.aclrtCreateContext(b % 3, site);
			if (r.ret === 0) h.contexts.push(r.context);
			return;
		}
		case 9:
			acl.aclrtDestroyContext(pick(h.contexts, b), site);
			return;
		case 10:
			acl.aclrtSetCurrentContext(pick(h.contexts, b), site);
			return;
		case 11: {
			const r = acl.aclrtCreateStream(site);
			if (r.ret === 0) h.streams.push(r.stream);
			return;
		}
		case 12:
			acl.aclrtDestroyStream(pick(h.streams, b), site);
			return;
		case 13:
			acl.aclrtSynchronizeStreamWithTimeout(pick(h.streams, b), b === 0 ? -1 : n, site);
			return;
		case 14:
			acl.aclrtSetStreamFailureMode(pick(h.streams, b), b % 2, site);
			return;
		case 15:
			acl.launchKernel(
				pick(h.streams, b),
				{ name: 'k', blocks: 1 + b, outcome: OUTCOMES[n % OUTCOMES.length]!, durationUs: n },
				site,
			);
			return;
		case 16: {
			const r = b % 2 ? acl.aclrtCreateEventWithFlag(1, site) : acl.aclrtCreateEvent(site);
			if (r.ret === 0) h.events.push(r.event);
			return;
		}
		case 17:
			acl.aclrtRecordEvent(pick(h.events, b), pick(h.streams, n % 8), site);
			return;
		case 18:
			acl.aclrtStreamWaitEvent(pick(h.streams, n % 8), pick(h.events, b), site);
			return;
		case 19:
			acl.aclrtResetEvent(pick(h.events, b), pick(h.streams, n % 8), site);
			return;
		case 20:
			acl.aclrtDestroyEvent(pick(h.events, b), site);
			return;
		case 21:
			acl.aclrtSynchronizeEventWithTimeout(pick(h.events, b), b === 0 ? -1 : n, site);
			return;
		case 22:
			acl.aclrtQueryEventStatus(pick(h.events, b), site);
			return;
		case 23: {
			const r = acl.aclrtMalloc(n * 100, 0, site);
			if (r.ret === 0) h.ptrs.push(r.ptr);
			return;
		}
		case 24:
			acl.aclrtFree(pick(h.ptrs, b), site);
			return;
		case 25: {
			const r = acl.aclrtMallocHost(n + 1, site);
			if (r.ret === 0) h.hostPtrs.push(r.ptr);
			return;
		}
		case 26:
			acl.aclrtFreeHost(pick(h.hostPtrs, b), site);
			return;
		case 27:
			acl.aclrtMemcpyAsync(pick(h.ptrs, b), n, 0x1000, n, b % 8, pick(h.streams, a), site);
			return;
		case 28: {
			const r = acl.aclmdlLoadFromFile('m.om', site);
			if (r.ret === 0) h.models.push(r.modelId);
			return;
		}
		case 29:
			acl.aclmdlExecute(pick(h.models, b), site);
			return;
		case 30:
			acl.aclmdlUnload(pick(h.models, b), site);
			return;
		case 31:
			if (b % 2) p.signal(SIGNAL_LIST[n % 4]!, { kind: 'handler', name: 'h' }, site);
			else p.handlerReturned();
			return;
		case 32:
			if (b % 2) p.exit(b, site);
			else p.returnFromMain(0, site);
			return;
		case 33:
			acl.aclrtResetDeviceForce(b % 3, site);
			return;
		case 34:
			acl.aclrtDestroyStreamForce(pick(h.streams, b), site);
			return;
		default:
			acl.aclrtSynchronizeDevice(site);
	}
}

/** Resource counts of every device match what the live processes hold. */
function checkBalance(world: World): void {
	const { machine } = world;
	const defaults = machine.profile.defaultStreamsPerContext.value;
	for (let id = 0; id < machine.deviceCount; id++) {
		const device = machine.device(id)!;
		expect(device.memory.used).toBeGreaterThanOrEqual(0);
		expect(device.memory.used).toBeLessThanOrEqual(device.memory.capacity);
		expect(device.events.inUse).toBeLessThanOrEqual(device.events.limit);
		expect(device.streams.inUse).toBeLessThanOrEqual(device.streams.limit);
	}
	if (machine.deviceCount !== 1) return;
	const device = machine.device(0)!;
	let bytes = 0;
	let events = 0;
	let streams = device.staleModelStreams.length;
	for (const p of world.processes) {
		const held = p.acl.held();
		if (!p.alive) {
			expect(
				held.allocations + held.eventResources + held.streams + held.models + held.devices,
			).toBe(0);
		}
		bytes += held.deviceBytes;
		events += held.eventResources;
		streams += held.streams + held.modelStreams + (held.devices + held.contexts) * defaults;
	}
	expect(device.memory.used).toBe(bytes);
	expect(device.events.inUse).toBe(events);
	expect(device.streams.inUse).toBe(streams);
}

function run(
	steps: [number, number, number, number][],
	product: 'atlas-a2' | 'atlas-inference-aicore',
	cann?: string,
): void {
	const machine = newMachine({
		product,
		...(cann ? { cann } : {}),
		limits: { streams: 12, events: 6, deviceMemoryBytes: 64 * 1024, kernelTimeoutUs: 5000 },
	});
	const world: World = { machine, processes: [], handles: new Map() };
	for (const step of steps) {
		try {
			apply(world, step);
		} catch (error) {
			if (!isHalt(error)) throw error;
		}
		checkBalance(world);
	}
	for (const p of world.processes) if (p.alive) p.returnFromMain(0, at(99));
	checkBalance(world);
	const device = machine.device(0)!;
	expect([device.memory.used, device.events.inUse, device.streams.inUse]).toEqual([
		0,
		0,
		device.staleModelStreams.length,
	]);
	machine.flushSeries();
	machine.recorder.finish('completed');
}

describe('random AscendCL call sequences', () => {
	it('never throw anything but a Halt, and device counts always match what processes hold', () => {
		fc.assert(
			fc.property(
				fc.array(stepArb, { minLength: 1, maxLength: 150, size: 'max' }),
				fc.constantFrom<'atlas-a2' | 'atlas-inference-aicore'>(
					'atlas-a2',
					'atlas-inference-aicore',
				),
				fc.constantFrom('6.0.1', '8.0.0', '8.5.0'),
				(steps, product, cann) => {
					run(steps, product, cann);
				},
			),
			{ numRuns: 400 },
		);
	});
});
