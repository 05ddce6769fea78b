/**
 * `LocalTensor<T>`: a handle onto (part of) one block in on-chip memory. Like the C++ value it
 * is cheap to copy: it names its owner (queue or TBuf), the block, a byte offset into the block,
 * a length in elements and an element type. Slicing (`t[offset]`) makes a new handle on the same
 * block. Invariant: `byteOffset` is never negative; `size` is never negative (SetSize may
 * change it on this handle).
 */
import type { CallSite } from '../trace.ts';
import type { BufferBlock } from './buffer-block.ts';
import type { CoreContext } from './core-context.ts';
import type { DType } from './dtype.ts';
import type { Hardware, TPosition } from './tposition.ts';

/** What a local tensor belongs to: a TQue/TQueBind or a TBuf. */
export interface TensorOwner {
	readonly name: string;
	readonly kind: 'TQue' | 'TQueBind' | 'TBuf' | 'LocalMemAllocator';
	readonly position: TPosition;
	readonly hardware: Hardware;
	readonly core: CoreContext;
}

/** A LocalTensor handle. */
export class LocalTensor {
	readonly owner: TensorOwner;
	readonly block: BufferBlock;
	/** Bytes from the block start. */
	readonly byteOffset: number;
	#size: number;
	readonly dtype: DType;
	/** The block's allocation this handle came from (see BufferBlock.generation). */
	readonly generation: number;

	constructor(
		owner: TensorOwner,
		block: BufferBlock,
		byteOffset: number,
		size: number,
		dtype: DType,
		generation = block.generation,
	) {
		this.owner = owner;
		this.block = block;
		this.byteOffset = byteOffset;
		this.#size = Math.max(0, size);
		this.dtype = dtype;
		this.generation = generation;
	}

	/** Elements the tensor spans (SetSize changes it). */
	get size(): number {
		return this.#size;
	}

	/** `SetSize(n)`: the element count this handle spans from now on. */
	resize(size: number): void {
		this.#size = Math.max(0, size);
	}

	/** The position of the tensor (its owner's). */
	get position(): TPosition {
		return this.owner.position;
	}

	/** The physical memory the tensor is in. */
	get hardware(): Hardware {
		return this.owner.hardware;
	}

	/** Byte address within its memory. */
	get address(): number {
		return this.block.address + this.byteOffset;
	}

	/** Bytes the tensor spans. */
	get bytes(): number {
		return this.size * this.dtype.bytes;
	}

	/** Bytes from the tensor start to the end of its block. */
	get bytesToBlockEnd(): number {
		return this.block.bytes - this.byteOffset;
	}

	/** Whether the block was freed (or re-allocated) since this handle was made. */
	get stale(): boolean {
		if (this.owner.kind === 'TBuf' || this.owner.kind === 'LocalMemAllocator') return false;
		return this.block.state === 'FREE' || this.block.generation !== this.generation;
	}

	/** A short name for messages, e.g. `inQueueX#0[+256]`. */
	describe(): string {
		const offset = this.byteOffset === 0 ? '' : `[+${this.byteOffset}]`;
		return `${this.block.ownerName}#${this.block.index}${offset}`;
	}

	/** `t[offset]`: the tensor starting `offset` elements in. Warns when it starts past the end. */
	at(site: CallSite, offset: number): LocalTensor {
		return this.owner.core.sliceTensor(site, this, offset);
	}

	/** `GetSize()`: elements. */
	GetSize(site?: CallSite): number {
		if (site) this.owner.core.record(site, `${this.describe()}.GetSize`, [], String(this.size));
		return this.size;
	}

	/** `GetLength()`: bytes. */
	GetLength(site?: CallSite): number {
		if (site) this.owner.core.record(site, `${this.describe()}.GetLength`, [], String(this.bytes));
		return this.bytes;
	}

	/** `GetPhyAddr()`: the byte address within its memory. */
	GetPhyAddr(site?: CallSite): number {
		if (site)
			this.owner.core.record(site, `${this.describe()}.GetPhyAddr`, [], String(this.address));
		return this.address;
	}

	/** `GetValue(i)`: element `i` as a number (0 where nothing was written). */
	GetValue(site: CallSite, index: number): number {
		return this.owner.core.localGetValue(site, this, index);
	}

	/** `SetValue(i, v)`: writes element `i`. */
	SetValue(site: CallSite, index: number, value: number): void {
		this.owner.core.localSetValue(site, this, index, value);
	}

	/** `ReinterpretCast<U>()`: the same bytes seen as another element type. */
	ReinterpretCast(site: CallSite, dtype: string): LocalTensor {
		return this.owner.core.reinterpretTensor(site, this, dtype);
	}
}
