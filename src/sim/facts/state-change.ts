/**
 * The typed vocabulary of machine state a trace carries. Each step lists the state it changed
 * (`TraceStep.changes`) as facts of these kinds; the simulator writes them and the views read
 * them through the queries of this folder, so neither side spells or parses a state path.
 *
 * Every fact names one piece of state (its identity: the core and queue, the process and
 * handle…) and its new value; a fact whose value is `null` says the piece is gone (a freed
 * allocation, a destroyed stream, a queue after `Reset`). {@link describeChange} gives the
 * path-and-value text of a fact, as the golden files and the step-through state list show it.
 */
import type { TBufState } from '../kernel/buffer-block.ts';
import type { HardEvent, Hardware, TPosition } from '../kernel/tposition.ts';
import type { ProcessState } from '../host/host-process.ts';

/** A queue or TBuf as the kernel declared it, and once InitBuffer ran, its memory and blocks. */
export interface QueueView {
	readonly kind: 'TQue' | 'TQueBind' | 'TBuf';
	readonly position: TPosition;
	readonly memory?: Hardware;
	/** EnQue depth (TQue/TQueBind; 0 for a TBuf after InitBuffer, absent before). */
	readonly depth?: number;
	readonly blocks: number;
	readonly blockBytes?: number;
}

/** Kernel state, per core (`core` is the block index). */
export type KernelStateChange =
	/** A TPipe was constructed or destroyed. */
	| {
			readonly kind: 'pipe';
			readonly core: number;
			readonly pipe: string;
			readonly state: 'alive' | 'destroyed';
	  }
	/** How many buffers a pipe manages (InitBuffer adds, Reset empties). */
	| {
			readonly kind: 'pipe-buffers';
			readonly core: number;
			readonly pipe: string;
			readonly count: number;
	  }
	/** A queue or TBuf was declared or initialised; `null` after its pipe was emptied. */
	| {
			readonly kind: 'queue';
			readonly core: number;
			readonly queue: string;
			readonly view: QueueView | null;
	  }
	/**
	 * One block of a queue or TBuf: its buffer state and the sync event ids it holds
	 * (-1: none), as the kernel's block (buffer-block.ts) keeps them.
	 */
	| {
			readonly kind: 'block';
			readonly core: number;
			readonly queue: string;
			readonly index: number;
			readonly state: TBufState;
			readonly address: number;
			readonly bytes: number;
			readonly enQueEventId: number;
			readonly freeBufEventId: number;
	  }
	/** Tensors enqueued on a queue and not yet dequeued. */
	| {
			readonly kind: 'queued';
			readonly core: number;
			readonly queue: string;
			readonly count: number;
	  }
	/** Buffers of one TPosition in use or waiting for their event id, and the product's limit. */
	| {
			readonly kind: 'occupancy';
			readonly core: number;
			readonly position: TPosition;
			readonly count: number;
			readonly limit: number;
	  }
	/** The sync event ids of one HardEvent the current pipe holds. */
	| {
			readonly kind: 'event-ids';
			readonly core: number;
			readonly event: HardEvent;
			readonly held: readonly number[];
	  }
	/** Bytes InitBuffer has carved out of one memory. */
	| {
			readonly kind: 'pool';
			readonly core: number;
			readonly memory: Hardware;
			readonly bytes: number;
	  }
	/** SetFlag/WaitFlag: flags set on one event id and not yet waited for. */
	| {
			readonly kind: 'flag';
			readonly core: number;
			readonly event: HardEvent;
			readonly id: number;
			readonly pending: number;
	  }
	/** The GM window of a GlobalTensor (SetGlobalBuffer). */
	| {
			readonly kind: 'gm-window';
			readonly core: number;
			readonly tensor: string;
			readonly buffer: string;
			readonly offset: number;
			readonly size: number | null;
	  };

/** Host state: processes, their AscendCL objects, and the devices' counters. */
export type HostStateChange =
	| { readonly kind: 'process'; readonly pid: number; readonly state: ProcessState }
	/** What a process does on a signal (`signal()`): `SIG_DFL`, `SIG_IGN` or its handler's name. */
	| {
			readonly kind: 'signal-action';
			readonly pid: number;
			readonly signal: string;
			readonly action: string;
	  }
	/** aclrtSetDevice references a process holds on a device; `null` once reset. */
	| {
			readonly kind: 'device-set';
			readonly pid: number;
			readonly device: number;
			readonly count: number | null;
	  }
	/** A device allocation (aclrtMalloc): its size as asked, or `null` once freed. */
	| {
			readonly kind: 'allocation';
			readonly pid: number;
			readonly ptr: number;
			readonly size: number | null;
	  }
	/** Pinned host memory (aclrtMallocHost): its size, or `null` once freed. */
	| {
			readonly kind: 'host-allocation';
			readonly pid: number;
			readonly ptr: number;
			readonly size: number | null;
	  }
	/** A stream a process created: the device's stream id, or `null` once destroyed. */
	| {
			readonly kind: 'stream';
			readonly pid: number;
			readonly handle: number;
			readonly id: number | null;
	  }
	/** An event a process created, and where it stands; `null` once destroyed. */
	| {
			readonly kind: 'event';
			readonly pid: number;
			readonly handle: number;
			readonly state: 'created' | 'recorded' | 'reset' | null;
	  }
	/** A notify a process created (aclrtCreateNotify): the device's notify id, or `null` once destroyed. */
	| {
			readonly kind: 'notify';
			readonly pid: number;
			readonly handle: number;
			readonly id: number | null;
	  }
	/**
	 * A graph a stream capture makes (aclmdlRICaptureBegin): capturing on `stream`, then ready
	 * with its `tasks`; `null` once destroyed.
	 */
	| {
			readonly kind: 'graph';
			readonly pid: number;
			readonly handle: number;
			readonly state: 'capturing' | 'ready' | null;
			readonly stream: number;
			readonly tasks: number;
	  }
	/** A model a process loaded, and whether it runs; `null` once unloaded. */
	| {
			readonly kind: 'model';
			readonly pid: number;
			readonly model: number;
			readonly state: 'loaded' | 'running' | null;
	  }
	/** A model stream a signal handler left bound and running (it stays with the device). */
	| {
			readonly kind: 'stale-model-stream';
			readonly device: number;
			readonly sq: number;
			readonly model: number;
	  }
	/** Device memory in use (bytes, as charged to the pool). */
	| { readonly kind: 'device-memory'; readonly device: number; readonly used: number }
	/** Streams in use on a device (default and model streams included). */
	| { readonly kind: 'device-streams'; readonly device: number; readonly inUse: number }
	/** Event resources in use on a device. */
	| { readonly kind: 'device-events'; readonly device: number; readonly inUse: number }
	/** Notify resources in use on a device. */
	| { readonly kind: 'device-notifies'; readonly device: number; readonly inUse: number };

/** One piece of state a step changed. */
export type StateChange = KernelStateChange | HostStateChange;

/** The kind of a fact. */
export type StateChangeKind = StateChange['kind'];

/** The fact of kind `K`. */
export type StateChangeOf<K extends StateChangeKind> = Extract<StateChange, { kind: K }>;

/** `0x…` as the trace prints handles and addresses. */
function hex(n: number): string {
	return `0x${n.toString(16)}`;
}

/**
 * The identity of the piece of state a fact is about, as a dotted path (`core0.inQueueX.block1`,
 * `pid18401.stream.0x5a0010`, `device0.memory`): the key under which a fold keeps it.
 */
export function changePath(c: StateChange): string {
	switch (c.kind) {
		case 'pipe':
			return `core${c.core}.${c.pipe}`;
		case 'pipe-buffers':
			return `core${c.core}.${c.pipe}.buffers`;
		case 'queue':
			return `core${c.core}.${c.queue}`;
		case 'block':
			return `core${c.core}.${c.queue}.block${c.index}`;
		case 'queued':
			return `core${c.core}.${c.queue}.queued`;
		case 'occupancy':
			return `core${c.core}.${c.position}.occupancy`;
		case 'event-ids':
			return `core${c.core}.events.${c.event}`;
		case 'pool':
			return `core${c.core}.pool.${c.memory}`;
		case 'flag':
			return `core${c.core}.flags.${c.event}#${c.id}`;
		case 'gm-window':
			return `core${c.core}.gm.${c.tensor}`;
		case 'process':
			return `pid${c.pid}.state`;
		case 'signal-action':
			return `pid${c.pid}.signal.${c.signal}`;
		case 'device-set':
			return `pid${c.pid}.device${c.device}`;
		case 'allocation':
			return `pid${c.pid}.mem.${hex(c.ptr)}`;
		case 'host-allocation':
			return `pid${c.pid}.host.${hex(c.ptr)}`;
		case 'stream':
			return `pid${c.pid}.stream.${hex(c.handle)}`;
		case 'event':
			return `pid${c.pid}.event.${hex(c.handle)}`;
		case 'notify':
			return `pid${c.pid}.notify.${hex(c.handle)}`;
		case 'graph':
			return `pid${c.pid}.graph.${hex(c.handle)}`;
		case 'model':
			return `pid${c.pid}.model.${c.model}`;
		case 'stale-model-stream':
			return `device${c.device}.staleModelStream.${c.sq}`;
		case 'device-memory':
			return `device${c.device}.memory`;
		case 'device-streams':
			return `device${c.device}.streams`;
		case 'device-events':
			return `device${c.device}.events`;
		case 'device-notifies':
			return `device${c.device}.notifies`;
	}
}

/** The block's event as a buffer map labels it: `enque#2`, `free#0`, or undefined. */
export function blockEventLabel(c: StateChangeOf<'block'>): string | undefined {
	if (c.enQueEventId >= 0) return `enque#${c.enQueEventId}`;
	if (c.freeBufEventId >= 0) return `free#${c.freeBufEventId}`;
	return undefined;
}

/** The new value of the piece of state, as the trace text shows it (`null`: gone). */
export function changeValue(c: StateChange): unknown {
	switch (c.kind) {
		case 'pipe':
			return c.state;
		case 'pipe-buffers':
		case 'queued':
		case 'occupancy':
			return c.count;
		case 'queue':
			return c.view;
		case 'block': {
			const event = blockEventLabel(c);
			const view = { state: c.state, address: c.address, bytes: c.bytes };
			return event === undefined ? view : { ...view, event };
		}
		case 'event-ids':
			return c.held;
		case 'pool':
			return c.bytes;
		case 'flag':
			return c.pending;
		case 'gm-window':
			return { buffer: c.buffer, offset: c.offset, size: c.size };
		case 'process':
			return c.state;
		case 'signal-action':
			return c.action;
		case 'device-set':
			return c.count === null ? null : `set ×${c.count}`;
		case 'allocation':
		case 'host-allocation':
			return c.size;
		case 'stream':
			return c.id === null ? null : `stream ${c.id}`;
		case 'notify':
			return c.id === null ? null : `notify ${c.id}`;
		case 'graph':
			if (c.state === null) return null;
			return c.state === 'capturing' ? `capturing stream ${c.stream}` : `${c.tasks} task(s)`;
		case 'event':
		case 'model':
			return c.state;
		case 'stale-model-stream':
			return `model ${c.model}, bound and running`;
		case 'device-memory':
			return c.used;
		case 'device-streams':
		case 'device-events':
		case 'device-notifies':
			return c.inUse;
	}
}

/** Whether the fact says its piece of state is gone. */
export function isRemoval(c: StateChange): boolean {
	return changeValue(c) === null;
}

/** The fact as `path=value` text, as the golden files print it. */
export function describeChange(c: StateChange): string {
	return `${changePath(c)}=${JSON.stringify(changeValue(c))}`;
}
