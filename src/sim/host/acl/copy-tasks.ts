/**
 * Copies that move bytes: synchronous ones at once, asynchronous ones (aclrtMemcpyAsync) when
 * their stream reaches them in virtual time. A successful aclrtMemcpyAsync only means the task
 * was issued (hicann/runtime docs/zh/FAQ/如何获取和解读Runtime异步错误码.md); until the stream
 * gets there the destination keeps its old bytes, and the source may still change.
 *
 * A pending copy reads its source when the device reaches it: before a later kernel on the
 * device runs (the simulator runs a kernel's body when it is launched, so copies due before it
 * starts are settled first), or when the host touches the memory after the copy's time. It lands
 * at its time. While copies of a process are pending, its host memory has a watcher that
 * settles them on every access and notices a read of a destination the copy has not written
 * yet, or a write to a source it has not read yet: the bug of acl-read-before-synchronize.
 *
 * Invariant: `pending` holds only copies not yet landed, in the order they were issued.
 */
import type { CallSite } from '../../trace.ts';
import { ByteStore } from '../../kernel/byte-store.ts';
import { gmStore } from '../../kernel/global-tensor.ts';
import type { HostCall } from '../acl-call.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex } from '../host-log.ts';
import type { HostAccess, HostMemory, HostMemoryWatcher } from '../host-memory.ts';
import { allocationContents, type Allocation, type Stream } from '../host-resources.ts';
import type { Machine } from '../machine.ts';
import { copyDurationUs } from './memory.ts';

/** One end of a copy. */
export type CopyEnd =
	| { kind: 'device'; allocation: Allocation; offset: number }
	| { kind: 'host'; address: number; pinned: boolean }
	/** aclrtMemset's value, as a source. */
	| { kind: 'fill'; value: number };

/** An asynchronous copy on its way. */
interface PendingCopy {
	readonly rt: AclRuntime;
	readonly from: CopyEnd;
	readonly to: CopyEnd;
	readonly count: number;
	/** When it lands. */
	readonly at: number;
	readonly api: string;
	readonly streamId: number;
	readonly taskId: number;
	readonly site: CallSite;
	/** The source bytes, once the device has read them. */
	snapshot: ByteStore | undefined;
	/** A hazard on it was reported (once per copy). */
	reported: boolean;
}

/** The copies on their way on one machine, and the host memories watched for them. */
export class PendingCopies {
	readonly pending: PendingCopy[] = [];
	readonly watched = new Set<HostMemory>();
}

/** A copy of `count` bytes now (synchronous copies and sets). */
export function copyBetween(
	rt: AclRuntime,
	from: CopyEnd,
	to: CopyEnd,
	count: number,
	call: HostCall,
): void {
	if (count === 0) return;
	if (from.kind === 'device')
		checkKernelWrites(rt, from.allocation, rt.machine.clock.now, call.site(), call.name);
	transfer(rt, from, to, count, read(rt, from, count));
}

/** Queues an aclrtMemcpyAsync on `stream`: it starts when the stream is free and lands after its bytes. */
export function queueCopy(
	rt: AclRuntime,
	stream: Stream,
	from: CopyEnd,
	to: CopyEnd,
	count: number,
	call: { readonly name: string; site(): CallSite },
): void {
	const now = rt.machine.clock.now;
	const start = stream.busyUntil > now ? stream.busyUntil : now;
	const at = start + copyDurationUs(count);
	stream.busyUntil = at;
	const taskId = stream.taskCount++;
	if (count === 0) return;
	rt.machine.copies.pending.push({
		rt,
		from,
		to,
		count,
		at,
		api: call.name,
		streamId: stream.id,
		taskId,
		site: call.site(),
		snapshot: undefined,
		reported: false,
	});
	if (from.kind === 'host' || to.kind === 'host') watch(rt.process.memory, rt.machine);
}

/** Lands every copy due by `now` (host memory sees them from then on). */
export function settleCopies(machine: Machine, now: number): void {
	const pending = machine.copies.pending;
	if (pending.length === 0) return;
	let kept = 0;
	for (const copy of pending) {
		if (copy.at <= now) land(copy);
		else pending[kept++] = copy;
	}
	pending.length = kept;
	if (kept === 0) unwatchAll(machine);
}

/**
 * Before a kernel that starts at `start` runs: every copy due by then reads its source, and those
 * into device memory land (a copy to the host lands at its own time).
 */
export function settleBeforeKernel(machine: Machine, start: number): void {
	const pending = machine.copies.pending;
	if (pending.length === 0) return;
	let kept = 0;
	const now = machine.clock.now;
	for (const copy of pending) {
		if (copy.at > start) {
			pending[kept++] = copy;
			continue;
		}
		if (copy.to.kind === 'host' && copy.at > now) {
			snapshot(copy);
			pending[kept++] = copy;
		} else land(copy);
	}
	pending.length = kept;
	if (kept === 0) unwatchAll(machine);
}

/** Drops the copies of a process that ended (its memory is gone). */
export function dropCopies(rt: AclRuntime): void {
	const pending = rt.machine.copies.pending;
	let kept = 0;
	for (const copy of pending) if (copy.rt !== rt) pending[kept++] = copy;
	pending.length = kept;
	rt.process.memory.watcher = undefined;
}

function land(copy: PendingCopy): void {
	snapshot(copy);
	const source = copy.snapshot!;
	const to = copy.to;
	if (to.kind === 'device')
		gmStore(allocationContents(to.allocation)).copyFrom(source, 0, to.offset, copy.count);
	else if (to.kind === 'host') {
		const memory = copy.rt.process.memory;
		memory.overwritten(to.address, copy.count);
		memory.bytes.copyFrom(source, 0, to.address, copy.count);
	}
}

function snapshot(copy: PendingCopy): void {
	if (copy.snapshot) return;
	const store = new ByteStore();
	const from = copy.from;
	if (from.kind === 'device') {
		checkKernelWrites(copy.rt, from.allocation, copy.at, copy.site, copy.api);
		store.copyFrom(gmStore(allocationContents(from.allocation)), from.offset, 0, copy.count);
	} else if (from.kind === 'host')
		store.copyFrom(copy.rt.process.memory.bytes, from.address, 0, copy.count);
	else store.fill(0, copy.count, from.value);
	copy.snapshot = store;
}

function read(rt: AclRuntime, from: CopyEnd, count: number): ByteStore {
	const store = new ByteStore();
	if (from.kind === 'device')
		store.copyFrom(gmStore(allocationContents(from.allocation)), from.offset, 0, count);
	else if (from.kind === 'host') store.copyFrom(rt.process.memory.bytes, from.address, 0, count);
	else store.fill(0, count, from.value);
	return store;
}

function transfer(
	rt: AclRuntime,
	_from: CopyEnd,
	to: CopyEnd,
	count: number,
	bytes: ByteStore,
): void {
	if (to.kind === 'device')
		gmStore(allocationContents(to.allocation)).copyFrom(bytes, 0, to.offset, count);
	else if (to.kind === 'host') {
		const memory = rt.process.memory;
		memory.overwritten(to.address, count);
		memory.bytes.copyFrom(bytes, 0, to.address, count);
	}
}

/** A copy reads device memory a kernel launched earlier is still writing (not ordered after it). */
function checkKernelWrites(
	rt: AclRuntime,
	allocation: Allocation,
	at: number,
	site: CallSite,
	api: string,
): void {
	const writer = allocation.writer;
	if (!writer || writer.until <= at) return;
	rt.diagnose('copy-before-kernel-done', site, {
		api,
		ptr: hex(allocation.ptr),
		kernel: writer.kernel,
		until: writer.until,
	});
	allocation.writer = undefined;
}

/** Gives `memory` a watcher that settles this machine's copies on every access. */
function watch(memory: HostMemory, machine: Machine): void {
	if (memory.watcher) return;
	const watcher: HostMemoryWatcher = {
		access(address, bytes, write, at) {
			settleCopies(machine, machine.clock.now);
			for (const copy of machine.copies.pending) {
				if (copy.reported || copy.rt.process.memory !== memory) continue;
				const end = write ? copy.from : copy.to;
				if (end.kind !== 'host' || (write && copy.snapshot)) continue;
				if (address + bytes <= end.address || address >= end.address + copy.count) continue;
				copy.reported = true;
				report(copy, write, bytes, at);
			}
		},
	};
	memory.watcher = watcher;
	machine.copies.watched.add(memory);
}

function unwatchAll(machine: Machine): void {
	const watched = machine.copies.watched;
	for (const memory of watched) memory.watcher = undefined;
	watched.clear();
}

function report(
	copy: PendingCopy,
	write: boolean,
	bytes: number,
	at: HostAccess | undefined,
): void {
	const rt = copy.rt;
	const values = {
		bytes,
		name: at?.label ?? 'host memory',
		api: copy.api,
		stream: copy.streamId,
		task: copy.taskId,
		at: copy.at,
	};
	const code = write ? 'host-write-before-copy' : 'host-read-before-copy';
	if (at) rt.diagnoseAt(code, at.span, values);
	else rt.diagnose(code, copy.site, values);
}
