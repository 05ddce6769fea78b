/**
 * What a process holds, as its end sees it: the snapshot for tests and views, whether it keeps
 * hwts busy, the leak report at a normal exit (each resource under the call that took it), and
 * the driver's release of everything at any exit.
 */
import type { Recorder } from '../../recorder.ts';
import type { CallSite, LeakKind } from '../../trace.ts';
import { isNoSpan, spanOf, type AclRuntime, type HeldResources } from '../acl-runtime.ts';
import type { Device } from '../device.ts';
import { hex } from '../host-log.ts';
import { dropContext } from './context.ts';
import { dropCopies } from './copy-tasks.ts';
import { releasePool } from './device.ts';
import { releaseEventResource } from './event.ts';
import { dropGraph } from './graph-capture.ts';
import { freeAllocation } from './memory.ts';
import { dropModel } from './model.ts';
import { dropNotify } from './notify.ts';
import { allStreams } from './stream.ts';

/** What the process holds now. */
export function held(rt: AclRuntime): HeldResources {
	const { state } = rt;
	let eventResources = 0;
	for (const e of state.events.values()) if (e.holding) eventResources++;
	let modelStreams = 0;
	for (const m of state.models.values()) if (!m.stale) modelStreams++;
	return {
		deviceBytes: state.deviceBytes,
		allocations: state.allocations.size,
		hostAllocations: state.hostAllocations.size,
		streams: state.streams.size,
		events: state.events.size,
		eventResources,
		contexts: state.contexts.size,
		models: state.models.size,
		modelStreams,
		devices: state.bindings.size,
		notifies: state.notifies.size,
		graphs: state.graphs.size,
	};
}

/**
 * Whether this (live) process keeps `device`'s hwts busy: a task queued or running, a model
 * running, or a stream that has issued tasks and is still open. The last one is what makes
 * seed 002 case 4 hold whatever instant the suspend arrives: the task queues of a running AI
 * process stay on hwts until it exits, which is why the fix is to end the process first.
 */
export function busyOn(rt: AclRuntime, device: Device): boolean {
	const now = rt.machine.clock.now;
	for (const s of allStreams(rt)) {
		if (s.context.device === device && (s.busyUntil > now || s.taskCount > 0)) return true;
	}
	for (const m of rt.state.models.values()) if (m.device === device && m.running) return true;
	return false;
}

/**
 * Device memory the process holds on `device` (its blocks and the runtime's pool of each
 * binding), in bytes; undefined when it does not use the device at all (what npu-smi lists).
 */
export function deviceBytesOn(rt: AclRuntime, device: Device): number | undefined {
	let bytes: number | undefined;
	for (const b of rt.state.bindings.values())
		if (b.context.device === device) bytes = (bytes ?? 0) + b.pool.physical;
	for (const a of rt.state.allocations.values())
		if (a.device === device) bytes = (bytes ?? 0) + a.block.physical;
	return bytes;
}

/** Records every resource still held as a leak, named after the call that took it. */
export function reportLeaks(rt: AclRuntime): void {
	const pid = rt.process.pid;
	const recorder = rt.recorder;
	const { state } = rt;
	const at = (site: CallSite) => {
		const frame = site.stack[site.stack.length - 1];
		return frame ? ` at line ${frame.line}` : '';
	};
	const leak = (kind: LeakKind, detail: string, site: CallSite, bytes?: number) => {
		const entry: Parameters<Recorder['leak']>[0] = { kind, detail, pid };
		const span = spanOf(site);
		if (!isNoSpan(span)) entry.span = span;
		if (bytes !== undefined) entry.bytes = bytes;
		recorder.leak(entry);
	};
	for (const a of state.allocations.values()) {
		leak(
			'device-memory',
			`${a.api}(${a.size}) at ${hex(a.ptr)}${at(a.site)} was never freed with aclrtFree`,
			a.site,
			a.bytes,
		);
	}
	for (const h of state.hostAllocations.values()) {
		leak(
			'host-memory',
			`aclrtMallocHost(${h.size}) at ${hex(h.ptr)}${at(h.site)} was never freed with aclrtFreeHost`,
			h.site,
			h.size,
		);
	}
	for (const s of state.streams.values()) {
		leak('stream', `${s.api}${at(s.site)} was never paired with aclrtDestroyStream`, s.site);
	}
	for (const e of state.events.values()) {
		const holding = e.holding ? ' and still holds an event resource' : '';
		leak(
			'event',
			`${e.api}${at(e.site)} was never paired with aclrtDestroyEvent${holding}`,
			e.site,
		);
	}
	for (const m of state.models.values()) {
		leak(
			'model',
			`${m.api}(${JSON.stringify(m.path)})${at(m.site)} was never paired with aclmdlUnload`,
			m.site,
		);
	}
	for (const d of state.modelDescs.values())
		leak(
			'model-object',
			`aclmdlCreateDesc${at(d.site)} was never paired with aclmdlDestroyDesc`,
			d.site,
		);
	for (const d of state.datasets.values())
		leak(
			'model-object',
			`aclmdlCreateDataset${at(d.site)} was never paired with aclmdlDestroyDataset`,
			d.site,
		);
	for (const b of state.dataBuffers.values())
		leak(
			'model-object',
			`aclCreateDataBuffer(${hex(b.data)}, ${b.size})${at(b.site)} was never paired with aclDestroyDataBuffer`,
			b.site,
		);
	for (const n of state.notifies.values()) {
		leak(
			'notify',
			`aclrtCreateNotify${at(n.site)} was never paired with aclrtDestroyNotify`,
			n.site,
		);
	}
	for (const g of state.graphs.values()) {
		leak(
			'graph',
			`aclmdlRICaptureBegin${at(g.site)} made a model running instance never destroyed with aclmdlRIDestroy`,
			g.site,
		);
	}
	for (const c of state.contexts.values()) {
		leak(
			'context',
			`aclrtCreateContext${at(c.site)} was never paired with aclrtDestroyContext`,
			c.site,
		);
	}
	for (const [id, b] of state.bindings) {
		leak(
			'device',
			`aclrtSetDevice(${id})${at(b.site)} was never paired with aclrtResetDevice`,
			b.site,
		);
	}
}

/**
 * The driver's release at process exit: every device resource of the process goes back to its
 * device, except model streams a signal handler left running (they stay bound).
 */
export function releaseAll(rt: AclRuntime): void {
	const { state } = rt;
	const detailed = rt.detailed();
	dropCopies(rt);
	for (const m of [...state.models.values()]) dropModel(rt, m);
	for (const g of [...state.graphs.values()]) dropGraph(rt, g);
	for (const n of [...state.notifies.values()]) dropNotify(rt, n);
	for (const e of state.events.values()) {
		if (e.holding) releaseEventResource(rt, e);
		if (detailed) rt.note({ kind: 'event', pid: rt.pid, handle: e.handle, state: null });
	}
	state.events.clear();
	for (const a of [...state.allocations.values()]) freeAllocation(rt, a);
	if (detailed)
		for (const ptr of state.hostAllocations.keys())
			rt.note({ kind: 'host-allocation', pid: rt.pid, ptr, size: null });
	state.hostAllocations.clear();
	for (const c of [...state.contexts.values()]) dropContext(rt, c);
	state.contexts.clear();
	for (const [id, b] of state.bindings) {
		dropContext(rt, b.context);
		releasePool(rt, b);
		if (rt.detailed()) rt.note({ kind: 'device-set', pid: rt.pid, device: id, count: null });
	}
	state.bindings.clear();
	state.streams.clear();
	state.dataBuffers.clear();
	state.datasets.clear();
	state.modelDescs.clear();
	state.currentOf.clear();
	state.initialized = false;
}
