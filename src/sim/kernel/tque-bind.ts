/**
 * `TQueBind<src, dst, depth>` and its simplified form `TQue<pos, depth>`: the blocks InitBuffer
 * gave the queue, the ring of enqueued blocks, and AllocTensor / FreeTensor / EnQue / DeQue with
 * the framework's checks (ascend-facts A.6, A.7; behaviour after
 * cannmirror/asc-devkit:impl/basic_api/kernel_tquebind_impl.h).
 *
 * Invariants: `usedCount` equals the number of ENQUE blocks that were enqueued on this queue
 * and not yet dequeued; `bufUsedCount` counts blocks not FREE; a violated check never changes
 * state (the core stops first).
 */
import type { CallSite } from '../trace.ts';
import { type BufferBlock, NO_EVENT_ID, TBUF_STATE_VALUES } from './buffer-block.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import type { DType } from './dtype.ts';
import { LocalTensor, type TensorOwner } from './local-tensor.ts';
import {
	HARD_EVENT_VALUES,
	type HardEvent,
	type Hardware,
	positionHardware,
	queueEvents,
	queuePosition,
	TPOSITION_VALUES,
	type TPosition,
} from './tposition.ts';
import type { TPipe } from './tpipe.ts';

/** CPU-debug check texts, verbatim from ascend-facts A.7. */
export const TQUE_MESSAGES = {
	depth: 'usedCount is %d, which exceed depth limits %d',
	enqueState: 'ptr state is %d, which should be OCCUPIED / DEQUE',
	dequeNull: 'buf can not be nullptr',
	dequeState: 'ptr state is %d, which can only be ENQUE',
	dequeCount: 'usedCount is %d, which can only larger than 0',
	doubleFree: 'ptr state is %d, which can not be FREE',
	range: 'ptr is %p, which should be in range [%p, %p)',
	noFree: 'size is %d, which exceed limits %d',
	bufNum: 'bufNum is %d, which must be larger than 0',
} as const;

// Line numbers of the checks in the installed kernel_tpipe.h. FreeBuffer 1217 and FreeTensor
// 1237 are the seed's; the others are illustrative (the facts do not give them).
const LINES = {
	freeBuffer: 1217,
	freeTensor: 1237,
	enQueHandle: 1110,
	enQueTensor: 1098,
	deQueHandle: 1160,
	deQueTensor: 1140,
	allocBuffer: 1262,
	allocTensor: 1075,
} as const;

/** A TQue or TQueBind. */
export class TQueBind implements TensorOwner {
	readonly core: CoreContext;
	readonly name: string;
	readonly kind: 'TQue' | 'TQueBind';
	readonly src: TPosition;
	readonly dst: TPosition;
	readonly depth: number;
	/** The position the blocks are on (GetPosition(src, dst)). */
	readonly position: TPosition;
	/** Memory of the blocks; undefined when the position has none on this product. */
	readonly hardware: Hardware;
	readonly enQueEvent: HardEvent | undefined;
	readonly freeBufEvent: HardEvent | undefined;
	/** The pipe that initialised the queue. */
	pipe: TPipe | undefined;
	blocks: BufferBlock[] = [];
	/** Enqueue ring (`que_`); slots keep their last block after DeQue, as the framework's do. */
	ring: Array<BufferBlock | undefined>;
	head = 0;
	tail = 0;
	usedCount = 0;
	bufUsedCount = 0;
	bufCursor = 0;

	constructor(
		core: CoreContext,
		name: string,
		kind: 'TQue' | 'TQueBind',
		src: TPosition,
		dst: TPosition,
		depth: number,
	) {
		this.core = core;
		this.name = name;
		this.kind = kind;
		this.src = src;
		this.dst = dst;
		this.depth = depth;
		const arch = core.profile.arch;
		this.position = queuePosition(src, dst, arch);
		this.hardware = positionHardware(this.position, arch) ?? 'UB';
		const srcHw = positionHardware(src, arch) ?? 'GM';
		const dstHw = positionHardware(dst, arch) ?? 'GM';
		const events = queueEvents(srcHw, dstHw, arch);
		this.enQueEvent = events.enQue;
		// On 1001/2002 a C1 source frees its block with a plain pipe_v barrier and no event id.
		this.freeBufEvent =
			(arch === 1001 || arch === 2002) && src === 'C1' ? undefined : events.freeBuf;
		this.ring = new Array<BufferBlock | undefined>(Math.max(1, depth)).fill(undefined);
	}

	/** The C++ type the CPU-debug backtrace names, e.g. `AscendC::TQueBind<(AscendC::TPosition)0, (AscendC::TPosition)9, 1, 0>`. */
	get cppType(): string {
		return `AscendC::TQueBind<(AscendC::TPosition)${TPOSITION_VALUES[this.src]}, (AscendC::TPosition)${TPOSITION_VALUES[this.dst]}, ${this.depth}, 0>`;
	}

	/** How the trace names a call on this queue. */
	#call(method: string, dtype?: DType): string {
		return `${this.name}.${method}${dtype ? `<${dtype.name}>` : ''}`;
	}

	#frame(key: keyof typeof LINES, dtype?: DType): FrameworkFrame {
		const w = this.core.wording;
		const file = frameworkPath(w, 'tquebind');
		const t = dtype?.demangled ?? 'float16::Fp16T';
		const q = this.cppType;
		switch (key) {
			case 'freeBuffer':
				return {
					func: `${q}::FreeBuffer(unsigned char*)`,
					file,
					line: LINES.freeBuffer,
					address: 0x1426d,
				};
			case 'freeTensor':
				return {
					func: `void ${q}::FreeTensor<${t}>(AscendC::LocalTensor<${t}>&)`,
					file,
					line: LINES.freeTensor,
					address: 0x11058,
				};
			case 'enQueHandle':
				return { func: `bool ${q}::EnQue(unsigned char*)`, file, line: LINES.enQueHandle };
			case 'enQueTensor':
				return {
					func: `bool ${q}::EnQue<${t}>(AscendC::LocalTensor<${t}> const&)`,
					file,
					line: LINES.enQueTensor,
				};
			case 'deQueHandle':
				return { func: `unsigned char* ${q}::DeQue()`, file, line: LINES.deQueHandle };
			case 'deQueTensor':
				return {
					func: `AscendC::LocalTensor<${t}> ${q}::DeQue<${t}>()`,
					file,
					line: LINES.deQueTensor,
				};
			case 'allocBuffer':
				return { func: `unsigned char* ${q}::AllocBuffer()`, file, line: LINES.allocBuffer };
			case 'allocTensor':
				return {
					func: `AscendC::LocalTensor<${t}> ${q}::AllocTensor<${t}>()`,
					file,
					line: LINES.allocTensor,
				};
		}
	}

	/** Clears the queue's blocks (TPipe Reset/Destroy, or a new InitBuffer). */
	resetBlocks(): void {
		this.blocks = [];
		this.ring.fill(undefined);
		this.head = 0;
		this.tail = 0;
		this.usedCount = 0;
		this.bufUsedCount = 0;
		this.bufCursor = 0;
	}

	/** Number of blocks (`bufNum`). */
	get bufNum(): number {
		return this.blocks.length;
	}

	#requireInit(site: CallSite, call: string, frames: () => FrameworkFrame[]): void {
		if (this.blocks.length > 0 && this.pipe?.alive) return;
		this.core.trace.fail(site, call, {
			code: 'tque-not-initialized',
			values: { call, queue: this.name },
			log: {
				header: 'tquebind',
				line: LINES.allocBuffer - 6,
				func: 'AllocBuffer',
				message: formatC(TQUE_MESSAGES.bufNum, 0),
			},
			frames: frames(),
			reason: `${this.name} has no buffers (no InitBuffer)`,
		});
	}

	/** `AllocTensor<T>()`: takes the next FREE block; waits for and releases its FreeTensor event. */
	AllocTensor(site: CallSite, dtypeName: string): LocalTensor {
		const dtype = this.core.requireDType(site, dtypeName);
		const call = this.#call('AllocTensor', dtype);
		const frames = (): FrameworkFrame[] => [
			this.#frame('allocBuffer', dtype),
			this.#frame('allocTensor', dtype),
		];
		this.#requireInit(site, call, frames);
		let found: BufferBlock | undefined;
		for (let tries = 0; tries < this.blocks.length; tries++) {
			const candidate = this.blocks[this.bufCursor]!;
			this.bufCursor = (this.bufCursor + 1) % this.blocks.length;
			if (candidate.state === 'FREE') {
				found = candidate;
				break;
			}
		}
		if (!found) {
			this.core.trace.fail(site, call, {
				code: 'tque-no-free-block',
				values: { queue: this.name, blocks: this.blocks.length },
				log: {
					header: 'tquebind',
					line: LINES.allocBuffer + 40,
					func: 'AllocBuffer',
					message: formatC(TQUE_MESSAGES.noFree, this.blocks.length + 1, this.blocks.length),
				},
				frames: frames(),
				reason: `${call}: every block of ${this.name} is in use`,
			});
		}
		const block = found;
		block.state = 'OCCUPIED';
		block.generation++;
		const changes = this.core.changeList();
		if (block.freeBufEventId !== NO_EVENT_ID && this.freeBufEvent) {
			this.core.noteSync(site, call, 'wait', this.freeBufEvent, `${this.name}#${block.index} free`);
			this.core.releaseQueueEvent(this.freeBufEvent, block.freeBufEventId, changes);
			block.freeBufEventId = NO_EVENT_ID;
		}
		this.bufUsedCount++;
		const tensor = new LocalTensor(this, block, 0, Math.floor(block.bytes / dtype.bytes), dtype);
		this.core.noteTensor(tensor);
		this.core.blockChanged(this, block, changes);
		this.core.record(
			site,
			call,
			[],
			`LocalTensor<${dtype.name}> ${tensor.describe()}`,
			changes,
			this.position,
		);
		return tensor;
	}

	/** Checks that `tensor` is one of this queue's blocks (`ptr is %p, which should be in range…`). */
	#requireOwn(
		site: CallSite,
		call: string,
		tensor: LocalTensor,
		frames: () => FrameworkFrame[],
		header: string,
	): void {
		if (tensor.owner === this && this.blocks.includes(tensor.block)) return;
		const start = this.blocks[0]?.handle ?? 0;
		const end = start + this.blocks.length * BLOCK_HANDLE_BYTES;
		this.core.trace.fail(site, call, {
			code: 'tensor-foreign-queue',
			values: { call, queue: this.name, owner: tensor.block.ownerName },
			log: {
				header: 'tquebind',
				line: frames()[0]!.line - 3,
				func: header,
				message: formatC(TQUE_MESSAGES.range, tensor.block.handle, start, end),
			},
			frames: frames(),
			reason: `${call}: the tensor belongs to ${tensor.block.ownerName}`,
		});
	}

	/** `FreeTensor(t)`: the block goes back to FREE, holding a new FreeTensor event id. */
	FreeTensor(site: CallSite, tensor: LocalTensor): void {
		const dtype = tensor.dtype;
		const call = this.#call('FreeTensor', dtype);
		const frames = (): FrameworkFrame[] => [
			this.#frame('freeBuffer', dtype),
			this.#frame('freeTensor', dtype),
		];
		this.#requireOwn(site, call, tensor, frames, 'FreeBuffer');
		const block = tensor.block;
		if (block.state === 'FREE') {
			this.core.trace.fail(site, call, {
				code: 'tensor-double-free',
				values: { queue: this.name, block: block.index },
				log: {
					header: 'tquebind',
					line: LINES.freeBuffer - 10,
					func: 'FreeBuffer',
					message: formatC(TQUE_MESSAGES.doubleFree, TBUF_STATE_VALUES.FREE),
				},
				frames: frames(),
				reason: `${call}: block ${block.index} of ${this.name} is already FREE`,
			});
		}
		const changes = this.core.changeList();
		if (this.freeBufEvent && this.depth !== 0) {
			this.core.noteSync(site, call, 'set', this.freeBufEvent, `${this.name}#${block.index} free`);
			block.freeBufEventId = this.core.allocQueueEvent(
				site,
				call,
				this.freeBufEvent,
				`${this.name}#${block.index} free`,
				this,
				frames,
				changes,
			);
		}
		// A block freed while still ENQUE keeps its EnQue event id, as the framework's FreeBuffer
		// does; the id stays held until the pipe is reset.
		block.state = 'FREE';
		this.bufUsedCount--;
		this.core.blockChanged(this, block, changes);
		this.core.record(site, call, [tensor.describe()], 'FREE', changes, this.position);
	}

	/** `EnQue(t)`: the block becomes ENQUE and takes an EnQue event id. Returns true. */
	EnQue(site: CallSite, tensor: LocalTensor): boolean {
		const dtype = tensor.dtype;
		const call = this.#call('EnQue', dtype);
		const frames = (): FrameworkFrame[] => [
			this.#frame('enQueHandle', dtype),
			this.#frame('enQueTensor', dtype),
		];
		if (this.depth !== 0 && this.usedCount >= this.depth) {
			this.core.trace.fail(site, call, {
				code: 'que-depth-exceeded',
				values: {
					queue: this.name,
					count: this.usedCount + 1,
					depth: this.depth,
					position: this.position,
				},
				log: {
					header: 'tquebind',
					line: LINES.enQueHandle - 6,
					func: 'EnQue',
					message: formatC(TQUE_MESSAGES.depth, this.usedCount, this.depth),
				},
				frames: frames(),
				reason: `${call}: ${this.name} already holds ${this.usedCount} of depth ${this.depth}`,
			});
		}
		this.#requireOwn(site, call, tensor, frames, 'EnQue');
		const block = tensor.block;
		if (block.state !== 'OCCUPIED' && block.state !== 'DEQUE') {
			this.core.trace.fail(site, call, {
				code: 'tensor-enque-state',
				values: { queue: this.name, block: block.index, state: block.state },
				log: {
					header: 'tquebind',
					line: LINES.enQueHandle + 4,
					func: 'EnQue',
					message: formatC(TQUE_MESSAGES.enqueState, TBUF_STATE_VALUES[block.state]),
				},
				frames: frames(),
				reason: `${call}: block ${block.index} of ${this.name} is ${block.state}`,
			});
		}
		const changes = this.core.changeList();
		if (this.enQueEvent === 'V_V') {
			block.enQueEventId = 0;
		} else if (this.enQueEvent) {
			this.core.noteSync(site, call, 'set', this.enQueEvent, `${this.name}#${block.index} enque`);
			block.enQueEventId = this.core.allocQueueEvent(
				site,
				call,
				this.enQueEvent,
				`${this.name}#${block.index} enque`,
				this,
				frames,
				changes,
			);
		}
		if (this.depth !== 0) {
			this.ring[this.tail] = block;
			this.tail = (this.tail + 1) % this.ring.length;
			this.usedCount++;
		}
		block.state = 'ENQUE';
		this.core.blockChanged(this, block, changes);
		changes.push({
			kind: 'queued',
			core: this.core.blockIdx,
			queue: this.name,
			count: this.usedCount,
		});
		this.core.record(site, call, [tensor.describe()], 'true', changes, this.position);
		return true;
	}

	/** `DeQue<T>()`: the oldest enqueued block becomes DEQUE; its EnQue event is waited and released. */
	DeQue(site: CallSite, dtypeName: string): LocalTensor {
		const dtype = this.core.requireDType(site, dtypeName);
		const call = this.#call('DeQue', dtype);
		const frames = (): FrameworkFrame[] => [
			this.#frame('deQueHandle', dtype),
			this.#frame('deQueTensor', dtype),
		];
		const block = this.ring[this.head];
		if (!block || block.state !== 'ENQUE' || this.usedCount <= 0) {
			const message = !block
				? TQUE_MESSAGES.dequeNull
				: block.state !== 'ENQUE'
					? formatC(TQUE_MESSAGES.dequeState, TBUF_STATE_VALUES[block.state])
					: formatC(TQUE_MESSAGES.dequeCount, this.usedCount);
			this.core.trace.fail(site, call, {
				code: 'deque-empty',
				values: { queue: this.name },
				log: { header: 'tquebind', line: LINES.deQueHandle + 7, func: 'DeQue', message },
				frames: frames(),
				reason: `${call}: nothing is enqueued on ${this.name}`,
			});
		}
		const changes = this.core.changeList();
		this.usedCount--;
		block.state = 'DEQUE';
		if (block.enQueEventId !== NO_EVENT_ID && this.enQueEvent && this.enQueEvent !== 'V_V') {
			this.core.noteSync(site, call, 'wait', this.enQueEvent, `${this.name}#${block.index} enque`);
			this.core.releaseQueueEvent(this.enQueEvent, block.enQueEventId, changes);
		}
		block.enQueEventId = NO_EVENT_ID;
		if (this.depth !== 0) this.head = (this.head + 1) % this.ring.length;
		const tensor = new LocalTensor(this, block, 0, Math.floor(block.bytes / dtype.bytes), dtype);
		this.core.noteTensor(tensor);
		this.core.blockChanged(this, block, changes);
		changes.push({
			kind: 'queued',
			core: this.core.blockIdx,
			queue: this.name,
			count: this.usedCount,
		});
		this.core.record(
			site,
			call,
			[],
			`LocalTensor<${dtype.name}> ${tensor.describe()}`,
			changes,
			this.position,
		);
		return tensor;
	}

	/** `VacantInQue()`: the queue is not full. */
	VacantInQue(site: CallSite): boolean {
		const value = this.usedCount < this.depth;
		this.core.record(site, this.#call('VacantInQue'), [], String(value));
		return value;
	}

	/** `HasTensorInQue()`. */
	HasTensorInQue(site: CallSite): boolean {
		const value = this.usedCount > 0;
		this.core.record(site, this.#call('HasTensorInQue'), [], String(value));
		return value;
	}

	/** `GetTensorCountInQue()`. */
	GetTensorCountInQue(site: CallSite): number {
		this.core.record(site, this.#call('GetTensorCountInQue'), [], String(this.usedCount));
		return this.usedCount;
	}

	/** `HasIdleBuffer()`: some block is not in use. */
	HasIdleBuffer(site: CallSite): boolean {
		const value = this.bufUsedCount < this.blocks.length;
		this.core.record(site, this.#call('HasIdleBuffer'), [], String(value));
		return value;
	}

	/** `FreeAllEvent()`: waits for and releases every FreeTensor event id the queue holds. */
	FreeAllEvent(site: CallSite): void {
		const changes = this.core.changeList();
		for (const block of this.blocks) {
			if (block.freeBufEventId !== NO_EVENT_ID && this.freeBufEvent) {
				this.core.releaseQueueEvent(this.freeBufEvent, block.freeBufEventId, changes);
				block.freeBufEventId = NO_EVENT_ID;
				this.core.blockChanged(this, block, changes);
			}
		}
		this.core.record(site, this.#call('FreeAllEvent'), [], 'void', changes, this.position);
	}

	/** The numeric HardEvent of an event, for backtraces. */
	static eventValue(event: HardEvent): number {
		return HARD_EVENT_VALUES[event];
	}
}

/** Bytes between two block descriptors in the framework's table (illustrative). */
export const BLOCK_HANDLE_BYTES = 32;
