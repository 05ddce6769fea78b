/**
 * `TPipe`: owns the memory pools InitBuffer carves blocks from (one per physical memory), the
 * count of buffers it manages (at most 64) and the per-HardEvent sync event id pools
 * (ascend-facts A.4, A.5). Only one TPipe may be alive per core; `Destroy()` ends it and
 * `Reset()` empties it for new InitBuffer calls.
 *
 * Invariants: `poolTop[m]` never exceeds the memory's capacity; `bufferCount` never exceeds
 * `QBUF_MAX_LEN`; blocks of one memory never overlap (they are carved contiguously).
 */
import type { CallSite } from '../trace.ts';
import { type BufferBlock, NO_EVENT_ID } from './buffer-block.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, frameworkPath } from './cpu-debug-log.ts';
import { EventPool } from './event-pool.ts';
import { TBuf } from './tbuf.ts';
import { BLOCK_HANDLE_BYTES, TQueBind } from './tque-bind.ts';
import { HARD_EVENT_VALUES, type Hardware, positionHardware, type TPosition } from './tposition.ts';

/** CPU-debug check texts of InitBuffer and AllocEventID, verbatim from ascend-facts A.5, A.8. */
export const TPIPE_MESSAGES = {
	bufferSize: 'buffer size is %u, exceeds the limit %u',
	poolAddr: 'curPoolAddr is %d, limits is %d',
	bufferCount: 'Total buffer num managed by TPipe is %d, should be in range (0, %d]',
	lengthZero: 'buffer length is %u, which should be larger than 0',
	tbufLength:
		'buffer length is %u, which should be larger than 0, and at least less than or equal to %u',
	eventOld: 'current size is %ld, max buffer number in same queue position is %d',
	eventNew: 'current id is %ld, max buffer number in same queue position is %d',
	releaseRange: 'current id is %d, which should be larger than 0, and smaller than %d',
	notSupported: '%s is not supported on current device.',
} as const;

/** Seed 000: the AllocEventID check logs at kernel_tpipe.h:730 and its frame is at :733. */
export const ALLOC_EVENT_ID_LOG_LINE = 730;
/** Seed 000: line of the AllocEventID frame. */
export const ALLOC_EVENT_ID_FRAME_LINE = 733;
// InitBuffer and ReleaseEventID lines are illustrative.
const INIT_BUFFER_LINE = 612;
const RELEASE_EVENT_ID_LINE = 748;

/** `32`-byte rounding of InitBuffer (`ONE_BLK_SIZE`). */
export function roundUpToBlock(len: number, align: number): number {
	return Math.ceil(len / align) * align;
}

/** Base of the framework's block-descriptor table, for `%p` in messages (illustrative). */
const HANDLE_BASE = 0x55555560_0000;

/** A TPipe. */
export class TPipe {
	readonly core: CoreContext;
	readonly name: string;
	/** Index of the pipe within its core (0 for the first one created). */
	readonly serial: number;
	alive = true;
	bufferCount = 0;
	readonly poolTop = new Map<Hardware, number>();
	/** Bytes InitBuffer carved per position since the pipe was created or last emptied. */
	readonly positionBytes = new Map<TPosition, number>();
	readonly events: EventPool;
	readonly owners = new Set<TQueBind | TBuf>();

	constructor(core: CoreContext, name: string, serial: number) {
		this.core = core;
		this.name = name;
		this.serial = serial;
		this.events = new EventPool(core.profile.queMaxEvent.value);
	}

	/**
	 * `InitBuffer(que, num, len)` for a TQue/TQueBind, or `InitBuffer(buf, len)` for a TBuf:
	 * carves `num` blocks of `len` bytes (rounded up to 32) from the position's memory.
	 */
	InitBuffer(site: CallSite, target: TQueBind | TBuf, numOrLen: number, len?: number): boolean {
		const core: CoreContext = this.core;
		const isTBuf = target instanceof TBuf;
		const num = isTBuf ? 1 : numOrLen;
		const rawLen = isTBuf ? numOrLen : (len ?? 0);
		const call = `${this.name}.InitBuffer`;
		const args = isTBuf
			? [target.name, String(rawLen)]
			: [target.name, String(num), String(rawLen)];
		core.requirePipeAlive(site, call, this);
		const tparam = isTBuf ? target.cppType : target.cppType.replace('TQueBind', target.kind);
		const frames = [
			{
				func: `bool AscendC::TPipe::InitBuffer<${tparam}>(${tparam}&, ${isTBuf ? '' : 'unsigned char, '}unsigned int)`,
				file: frameworkPath(core.wording, 'tpipe'),
				line: INIT_BUFFER_LINE,
			},
		];
		const log = (message: string) => ({
			header: 'tpipe' as const,
			line: INIT_BUFFER_LINE - 4,
			func: 'InitBuffer',
			message,
		});
		const memory = positionHardware(target.position, core.profile.arch);
		if (!memory || memory === 'GM') {
			core.trace.fail(site, call, {
				code: 'position-unsupported',
				values: { position: target.position, product: core.productName },
				log: log(formatC(TPIPE_MESSAGES.notSupported, target.position)),
				frames,
				reason: `${target.position} has no memory on this product`,
			});
		}
		const capacity = core.memoryCapacity(memory);
		const memoryGauge = core.gauge(
			'memory-bytes',
			memory,
			capacity,
			'bytes',
			core.memorySource(memory),
		);
		if (isTBuf) {
			if (rawLen <= 0 || rawLen > capacity) {
				if (rawLen > capacity) memoryGauge.refuse(rawLen, site, core.blockIdx);
				core.trace.fail(site, call, {
					code: 'tbuf-length',
					values: { queue: target.name, len: rawLen, capacity },
					log: log(formatC(TPIPE_MESSAGES.tbufLength, rawLen, capacity)),
					frames,
					reason: `TBuf ${target.name} length ${rawLen} out of range`,
				});
			}
		} else if (rawLen <= 0) {
			core.trace.fail(site, call, {
				code: 'buffer-length-zero',
				values: { queue: target.name },
				log: log(formatC(TPIPE_MESSAGES.lengthZero, rawLen)),
				frames,
				reason: `InitBuffer(${target.name}) with length 0`,
			});
		}
		const max = core.profile.maxBuffers.value;
		if (num <= 0 || this.bufferCount + num > max) {
			core.trace.fail(site, call, {
				code: 'tpipe-buffer-count',
				values: { count: this.bufferCount + num, max },
				log: log(formatC(TPIPE_MESSAGES.bufferCount, this.bufferCount + num, max)),
				frames,
				reason: `${this.bufferCount + num} buffers exceed the TPipe's ${max}`,
			});
		}
		const blockLen = roundUpToBlock(rawLen, core.profile.blockAlign.value);
		const bytes = blockLen * num;
		const offset = this.poolTop.get(memory) ?? 0;
		if (bytes > capacity || offset + bytes > capacity) {
			const message =
				bytes > capacity
					? formatC(TPIPE_MESSAGES.bufferSize, bytes, capacity)
					: formatC(TPIPE_MESSAGES.poolAddr, offset + bytes, capacity);
			memoryGauge.refuse(offset + bytes, site, core.blockIdx);
			core.trace.fail(site, call, {
				code: 'pool-overflow',
				values: { queue: target.name, num, len: rawLen, bytes, memory, offset, capacity },
				log: log(message),
				frames,
				reason: `${memory} pool overflow: ${offset + bytes} > ${capacity}`,
			});
		}
		const changes = core.changeList();
		target.resetBlocks();
		target.pipe = this;
		this.owners.add(target);
		const blocks: BufferBlock[] = [];
		for (let i = 0; i < num; i++) {
			blocks.push({
				ownerName: target.name,
				index: i,
				address: offset + i * blockLen,
				bytes: blockLen,
				handle: HANDLE_BASE + this.serial * 0x1000 + (this.bufferCount + i) * BLOCK_HANDLE_BYTES,
				state: isTBuf ? 'OCCUPIED' : 'FREE',
				enQueEventId: NO_EVENT_ID,
				freeBufEventId: NO_EVENT_ID,
				generation: 0,
			});
		}
		if (target instanceof TBuf) target.block = blocks[0];
		else target.blocks = blocks;
		this.bufferCount += num;
		this.poolTop.set(memory, offset + bytes);
		const positionBytes = (this.positionBytes.get(target.position) ?? 0) + bytes;
		this.positionBytes.set(target.position, positionBytes);
		memoryGauge.level(offset + bytes, site, core.blockIdx);
		core
			.gauge('position-bytes', target.position, capacity, 'bytes', core.memorySource(memory))
			.level(positionBytes, site, core.blockIdx);
		changes.push({
			kind: 'queue',
			core: core.blockIdx,
			queue: target.name,
			view: {
				kind: target.kind,
				position: target.position,
				memory,
				depth: target instanceof TQueBind ? target.depth : 0,
				blocks: num,
				blockBytes: blockLen,
			},
		});
		for (const block of blocks) core.blockChanged(target, block, changes);
		changes.push({ kind: 'pool', core: core.blockIdx, memory, bytes: offset + bytes });
		changes.push({
			kind: 'pipe-buffers',
			core: core.blockIdx,
			pipe: this.name,
			count: this.bufferCount,
		});
		core.defineOccupancySeries(target.position);
		core.record(site, call, args, 'true', changes, isTBuf ? undefined : target.position);
		return true;
	}

	/** `AllocEventID<evt>()`: the first free id of `evt`'s pool; the check of ascend-facts A.8. */
	AllocEventID(site: CallSite, eventName: string): number {
		const event = this.core.requireEvent(site, eventName);
		const call = `${this.name}.AllocEventID<${event}>`;
		this.core.requirePipeAlive(site, call, this);
		const changes = this.core.changeList();
		const id = this.core.allocEventFrom(
			this,
			site,
			call,
			event,
			`user (${call})`,
			undefined,
			() => [],
			changes,
		);
		this.core.record(site, call, [], String(id), changes);
		return id;
	}

	/** `FetchEventID(evt)`: the id AllocEventID would return, without taking it. */
	FetchEventID(site: CallSite, eventName: string): number {
		const event = this.core.requireEvent(site, eventName);
		const id = this.events.firstFree(event);
		this.core.record(site, `${this.name}.FetchEventID`, [event], String(id));
		return id;
	}

	/** `ReleaseEventID<evt>(id)`: gives an id back. */
	ReleaseEventID(site: CallSite, eventName: string, id: number): void {
		const event = this.core.requireEvent(site, eventName);
		const call = `${this.name}.ReleaseEventID<${event}>`;
		const limit = this.events.limit;
		if (!Number.isInteger(id) || id < 0 || id >= limit) {
			this.core.trace.fail(site, call, {
				code: 'event-id-out-of-range',
				values: { call, id, event, max: limit - 1 },
				log: {
					header: 'tpipe',
					line: RELEASE_EVENT_ID_LINE,
					func: 'ReleaseEventID',
					message: formatC(TPIPE_MESSAGES.releaseRange, id, limit),
				},
				frames: [
					{
						func: `void AscendC::TPipe::ReleaseEventID<(AscendC::HardEvent)${HARD_EVENT_VALUES[event]}>(signed char)`,
						file: frameworkPath(this.core.wording, 'tpipe'),
						line: RELEASE_EVENT_ID_LINE + 3,
					},
				],
				reason: `${call}(${id}) out of range`,
			});
		}
		const changes = this.core.changeList();
		this.events.release(event, id);
		changes.push({
			kind: 'event-ids',
			core: this.core.blockIdx,
			event,
			held: this.events.heldIds(event),
		});
		this.core.record(site, call, [String(id)], 'void', changes);
	}

	/** Empties the pipe: pools, buffer count, event ids and every queue it initialised. */
	#empty(changes: ReturnType<CoreContext['changeList']>): void {
		for (const owner of this.owners) {
			owner.resetBlocks();
			changes.push({ kind: 'queue', core: this.core.blockIdx, queue: owner.name, view: null });
		}
		const positions = new Set([...this.owners].map((o) => o.position));
		this.owners.clear();
		this.poolTop.clear();
		this.positionBytes.clear();
		this.bufferCount = 0;
		this.events.clear();
		changes.push({ kind: 'pipe-buffers', core: this.core.blockIdx, pipe: this.name, count: 0 });
		for (const pos of positions) this.core.refreshOccupancy(pos, changes);
	}

	/** `Reset()`: frees every buffer and event id so InitBuffer can be called again. */
	Reset(site: CallSite): void {
		const call = `${this.name}.Reset`;
		this.core.requirePipeAlive(site, call, this);
		const changes = this.core.changeList();
		this.#empty(changes);
		this.core.record(site, call, [], 'void', changes);
	}

	/** `Destroy()`: ends the pipe so another TPipe may be created. */
	Destroy(site: CallSite): void {
		const call = `${this.name}.Destroy`;
		const changes = this.core.changeList();
		if (this.alive) this.#empty(changes);
		this.alive = false;
		this.core.pipeDestroyed(this);
		changes.push({ kind: 'pipe', core: this.core.blockIdx, pipe: this.name, state: 'destroyed' });
		this.core.record(site, call, [], 'void', changes);
	}
}
