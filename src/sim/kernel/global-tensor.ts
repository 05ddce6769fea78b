/**
 * Global Memory as the kernel sees it: a `GmBuffer` is one device allocation (made by the host
 * side, or synthetic for a kernel run on its own), a `GmPointer` is a `GM_ADDR` or
 * `__gm__ T*` into it, and a `GlobalTensor<T>` is a typed window set by `SetGlobalBuffer`.
 * Pointer arithmetic is the interpreter's: `(__gm__ half*)x + n` is `offsetGm(x, n * 2)`.
 */
import type { MemoryBudget } from '../memory-budget.ts';
import type { CallSite } from '../trace.ts';
import { Halt } from '../halt.ts';
import { ByteStore, encodeElement, PAGE } from './byte-store.ts';
import { fillValue, type GmFill } from './gm-fill.ts';
import { WrittenTrackingStore } from './gm-written.ts';
import type { CoreContext } from './core-context.ts';
import type { DType } from './dtype.ts';

/** One device memory allocation. */
export interface GmBuffer {
	/** A name for messages, e.g. `x` or `devPtr#3`. */
	readonly name: string;
	readonly bytes: number;
	/**
	 * What the buffer holds before it is written, once the kernel reads it as a type (see
	 * gm-fill.ts); absent: zeros.
	 */
	readonly fill?: GmFill;
	/**
	 * An address no allocation maps (a null or stray pointer a host passed to a kernel): on the
	 * NPU every access to it raises a device exception.
	 */
	readonly unmapped?: boolean;
	/** The run's memory budget its touched pages are charged to; absent: not charged. */
	readonly budget?: MemoryBudget;
	/**
	 * The buffer whose bytes this one shows (a view: the interpreter's pointer-addressable
	 * buffer over a device allocation). Its contents are that buffer's, made on first use.
	 */
	readonly contentsOf?: GmBuffer;
	/**
	 * Its contents remember which bytes were written (a host allocation, for initcheck on GM:
	 * gm-written.ts).
	 */
	readonly tracksWrites?: boolean;
}

/** The errorStr the device prints for an MTE access outside mapped memory (vllm-project/vllm-ascend#3263). */
export const MTE_OUT_OF_RANGE = 'The DDR address of the MTE instruction is out of range.';

/** The store of an unmapped buffer: every access is a device exception. */
class UnmappedStore extends ByteStore {
	protected override checkAccess(): void {
		throw new Halt('exception', MTE_OUT_OF_RANGE);
	}
	override read(): Uint8Array {
		throw new Halt('exception', MTE_OUT_OF_RANGE);
	}
	override write(): void {
		throw new Halt('exception', MTE_OUT_OF_RANGE);
	}
	override get(): number {
		throw new Halt('exception', MTE_OUT_OF_RANGE);
	}
	override set(): void {
		throw new Halt('exception', MTE_OUT_OF_RANGE);
	}
}

const UNMAPPED = new UnmappedStore();

/** A byte address inside a GM buffer. */
export interface GmPointer {
	readonly buffer: GmBuffer;
	readonly byteOffset: number;
}

// Contents of GM buffers, keyed by the buffer object, so whoever holds the buffer (host or
// kernel side) sees the same bytes and a dropped buffer takes its contents with it.
const gmContents = new WeakMap<GmBuffer, ByteStore>();

const typed = new WeakSet<GmBuffer>();

/**
 * Tells a buffer the element type the kernel reads it as: a buffer with a pattern fill gets its
 * untouched pages generated in that type (the first type wins, as the bytes are then there).
 */
export function typeGmBuffer(buffer: GmBuffer, dtype: DType): void {
	const fill = buffer.fill;
	if (!fill || fill.kind === 'zeros' || typed.has(buffer)) return;
	typed.add(buffer);
	const size = dtype.bytes;
	gmStore(buffer).generate((page, view) => {
		const first = (page * PAGE) / size;
		for (let at = 0; at + size <= PAGE; at += size)
			encodeElement(dtype, view, at, fillValue(fill, dtype, first + at / size));
	});
}

/**
 * The contents of a GM buffer (created empty, all zero, on first use). With the buffer's
 * `budget`, the pages the program touches (or a fill generates) count as its data; the
 * buffer's size does not.
 */
export function gmStore(buffer: GmBuffer): ByteStore {
	if (buffer.unmapped) return UNMAPPED;
	if (buffer.contentsOf) return gmStore(buffer.contentsOf);
	let store = gmContents.get(buffer);
	if (!store) {
		const owner = { name: `${buffer.name} (GM)`, bytes: buffer.bytes };
		store = buffer.tracksWrites
			? new WrittenTrackingStore(buffer.budget, owner)
			: new ByteStore(buffer.budget, owner);
		gmContents.set(buffer, store);
	}
	return store;
}

/**
 * Bytes of [start, end) of `buffer` that nothing has written, for a buffer whose writes are
 * followed (gm-written.ts); 0 for any other.
 */
export function gmUnwritten(buffer: GmBuffer, start: number, end: number): number {
	const store = gmStore(buffer);
	if (!(store instanceof WrittenTrackingStore)) return 0;
	// Bytes past the allocation are memcheck's (an illegal read), not initcheck's.
	const last = Math.min(end, buffer.bytes);
	return last > start ? store.written.missing(start, last) : 0;
}

/**
 * Forgets the contents of a freed buffer (every view of it shows them) and gives their charge
 * back to the budget; a later access reads zeros.
 */
export function dropGmContents(buffer: GmBuffer): void {
	gmContents.get(buffer.contentsOf ?? buffer)?.dropAll();
}

/** Host → device copy into GM (e.g. `aclrtMemcpy` host-to-device): writes `bytes` at `ptr`. */
export function writeGm(ptr: GmPointer, bytes: Uint8Array): void {
	gmStore(ptr.buffer).write(ptr.byteOffset, bytes);
}

/** Device → host copy out of GM: reads `length` bytes at `ptr`. */
export function readGm(ptr: GmPointer, length: number): Uint8Array {
	return gmStore(ptr.buffer).read(ptr.byteOffset, length);
}

/** Makes a pointer to the start of `buffer`. */
export function gmPointer(buffer: GmBuffer, byteOffset = 0): GmPointer {
	return { buffer, byteOffset };
}

/** Pointer arithmetic in bytes: `ptr + bytes`. */
export function offsetGm(ptr: GmPointer, bytes: number): GmPointer {
	return { buffer: ptr.buffer, byteOffset: ptr.byteOffset + bytes };
}

/** A `GlobalTensor<T>`. Before SetGlobalBuffer it points nowhere (`ptr` undefined). */
export class GlobalTensor {
	readonly core: CoreContext;
	readonly name: string;
	readonly dtype: DType;
	ptr: GmPointer | undefined;
	/** Elements, as given to SetGlobalBuffer; undefined when no size was given. */
	size: number | undefined;

	constructor(core: CoreContext, name: string, dtype: DType, ptr?: GmPointer, size?: number) {
		this.core = core;
		this.name = name;
		this.dtype = dtype;
		this.ptr = ptr;
		this.size = size;
	}

	/** `SetGlobalBuffer((__gm__ T*)ptr, size)`. */
	SetGlobalBuffer(site: CallSite, ptr: GmPointer, size?: number): void {
		this.core.setGlobalBuffer(site, this, ptr, size);
	}

	/** `gm[offset]`: the tensor starting `offset` elements in. */
	at(site: CallSite, offset: number): GlobalTensor {
		return this.core.sliceGlobal(site, this, offset);
	}

	/** `GetValue(i)`: element `i` (0 where nothing was written). */
	GetValue(site: CallSite, index: number): number {
		return this.core.globalGetValue(site, this, index);
	}

	/** `SetValue(i, v)`: writes element `i`. */
	SetValue(site: CallSite, index: number, value: number): void {
		this.core.globalSetValue(site, this, index, value);
	}

	/** `GetSize()`: elements (0 when unknown). */
	GetSize(): number {
		return this.size ?? 0;
	}

	/** A short name for messages, e.g. `xGm[+1024]`. */
	describe(): string {
		const offset = this.ptr && this.ptr.byteOffset !== 0 ? `[+${this.ptr.byteOffset}]` : '';
		return `${this.name}${offset}`;
	}
}
