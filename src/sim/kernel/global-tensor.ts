/**
 * Global Memory as the kernel sees it: a `GmBuffer` is one device allocation (made by the host
 * side, or synthetic for a kernel run on its own), a `GmPointer` is a `GM_ADDR` or
 * `__gm__ T*` into it, and a `GlobalTensor<T>` is a typed window set by `SetGlobalBuffer`.
 * Pointer arithmetic is the interpreter's: `(__gm__ half*)x + n` is `offsetGm(x, n * 2)`.
 */
import type { CallSite } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import type { DType } from './dtype.ts';

/** One device memory allocation. */
export interface GmBuffer {
	/** A name for messages, e.g. `x` or `devPtr#3`. */
	readonly name: string;
	readonly bytes: number;
}

/** A byte address inside a GM buffer. */
export interface GmPointer {
	readonly buffer: GmBuffer;
	readonly byteOffset: number;
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
