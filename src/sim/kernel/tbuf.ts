/**
 * `TBuf<pos>`: one block for temporaries (ascend-facts A.6). InitBuffer gives it exactly one
 * block; `Get<T>()` / `Get<T>(len)` hand out tensors on it that need no free and can never be
 * enqueued. Invariant: a TBuf's single block never leaves OCCUPIED once initialised, and it
 * holds no sync event ids, so it does not count against the per-position buffer limit.
 */
import type { CallSite } from '../trace.ts';
import type { BufferBlock } from './buffer-block.ts';
import type { CoreContext } from './core-context.ts';
import { LocalTensor, type TensorOwner } from './local-tensor.ts';
import { type Hardware, positionHardware, TPOSITION_VALUES, type TPosition } from './tposition.ts';
import type { TPipe } from './tpipe.ts';

/** A TBuf. */
export class TBuf implements TensorOwner {
	readonly core: CoreContext;
	readonly name: string;
	readonly kind = 'TBuf' as const;
	readonly position: TPosition;
	readonly hardware: Hardware;
	pipe: TPipe | undefined;
	block: BufferBlock | undefined;

	constructor(core: CoreContext, name: string, position: TPosition) {
		this.core = core;
		this.name = name;
		this.position = position;
		this.hardware = positionHardware(position, core.profile.arch) ?? 'UB';
	}

	/** The C++ type a backtrace names, e.g. `AscendC::TBuf<(AscendC::TPosition)11>`. */
	get cppType(): string {
		return `AscendC::TBuf<(AscendC::TPosition)${TPOSITION_VALUES[this.position]}>`;
	}

	/** Clears the block (TPipe Reset/Destroy, or a new InitBuffer). */
	resetBlocks(): void {
		this.block = undefined;
	}

	/**
	 * `Get<T>()` or `Get<T>(len)`: a tensor over the whole block, or over its first `len`
	 * elements (len * sizeof(T) must not exceed the initialised length).
	 */
	Get(site: CallSite, dtypeName: string, len?: number): LocalTensor {
		return this.core.tbufGet(site, this, dtypeName, len);
	}
}
