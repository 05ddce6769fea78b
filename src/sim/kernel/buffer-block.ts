/**
 * One block that InitBuffer carved out of a memory, and its state machine
 * (`enum class TBufState : uint8_t { FREE = 0, OCCUPIED, ENQUE, DEQUE }`, ascend-facts A.7):
 *
 * FREE --AllocTensor--> OCCUPIED --EnQue--> ENQUE --DeQue--> DEQUE --FreeTensor--> FREE
 *                                          (DEQUE --EnQue--> ENQUE is allowed too)
 *
 * Invariants: a block is in exactly one state; it holds an EnQue event id only while ENQUE,
 * and a FreeTensor event id only while FREE (until the next AllocTensor of it waits for and
 * releases that id).
 */

/** A block's state. */
export type TBufState = 'FREE' | 'OCCUPIED' | 'ENQUE' | 'DEQUE';

/** The numeric values the CPU-debug messages print (`ptr state is %d`). */
export const TBUF_STATE_VALUES: Readonly<Record<TBufState, number>> = {
	FREE: 0,
	OCCUPIED: 1,
	ENQUE: 2,
	DEQUE: 3,
};

/** "No event id", as `INVALID_TEVENTID = -1`. */
export const NO_EVENT_ID = -1;

/** A block of a queue or TBuf. */
export interface BufferBlock {
	/** Name of the queue or TBuf that owns it, e.g. `inQueueX`. */
	readonly ownerName: string;
	/** Index within its owner. */
	readonly index: number;
	/** Byte offset from the start of its memory. */
	readonly address: number;
	/** Bytes, after InitBuffer's rounding up to 32. */
	readonly bytes: number;
	/** Address of the framework's block descriptor (what `%p` prints in CPU-debug messages). */
	readonly handle: number;
	state: TBufState;
	enQueEventId: number;
	freeBufEventId: number;
	/** Incremented on every AllocTensor of the block, so stale tensors can be told apart. */
	generation: number;
}

/**
 * Whether a block counts against its position's buffer limit: in use, or waiting for its id.
 * Takes the block itself or its fact in a trace (facts/state-change.ts), so the views apply the
 * same rule the kernel does.
 */
export function isBlockEngaged(block: Pick<BufferBlock, 'state' | 'freeBufEventId'>): boolean {
	return block.state !== 'FREE' || block.freeBufEventId !== NO_EVENT_ID;
}
