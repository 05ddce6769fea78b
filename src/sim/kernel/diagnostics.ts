/**
 * The kernel side's diagnostics catalog (style.md #8): one entry per misuse of the Ascend C
 * TPipe/TQue/TBuf API that the simulator detects, in both modes. In CPU-debug mode the entry
 * accompanies the real check's error line and SIGABRT; in NPU mode it explains the hang.
 * Codes are stable: pages and tests link to them.
 */
import type { Catalog } from '../diagnostic.ts';

/** The case page about the per-position buffer limit (seed 000). */
export const BUFFER_LIMIT_CASE = 'alloc-tensor-queue-position-limit';

/** Every kernel diagnostic. `{name}` placeholders are filled when the diagnostic is made. */
export const KERNEL_DIAGNOSTICS = {
	'que-depth-exceeded': {
		severity: 'error',
		message:
			'EnQue on {queue} would hold {count} tensors, but the queue depth is {depth}: each EnQue needs a DeQue before the queue is full.',
		hint: 'DeQue a tensor before the next EnQue, or declare the queue with a larger depth (TQue<{position}, {count}>).',
	},
	'tque-buffer-limit': {
		severity: 'error',
		message:
			'{call} needs a {event} sync event id, but all {limit} are held by buffers on {position}: {product} allows at most {limit} buffers per TPosition.',
		hint: 'Use at most {limit} buffers on {position} across all its queues: merge several into one InitBuffer of the combined length and take sub-tensors by offset (local[offset]), or call FreeAllEvent() on a queue you are done with.',
		case: BUFFER_LIMIT_CASE,
	},
	'event-id-exhausted': {
		severity: 'error',
		message:
			'{call}: all {limit} sync event ids of {event} are in use ({product} has {limit} per HardEvent).',
		hint: 'Release each id with ReleaseEventID<{event}>(id) right after use; queues on the same positions draw from the same pool.',
		case: BUFFER_LIMIT_CASE,
	},
	'tposition-buffer-count': {
		severity: 'warning',
		message:
			'{count} buffers on {position} are now in use or waiting for their sync event; {product} allows {limit}. The next FreeTensor or EnQue that needs a new event id will fail.',
		hint: 'Keep at most {limit} buffers per TPosition: merge buffers into one InitBuffer and slice it with local[offset].',
		case: BUFFER_LIMIT_CASE,
	},
	'tensor-double-free': {
		severity: 'error',
		message: 'FreeTensor on {queue}: block {block} is already FREE (freed twice).',
		hint: 'Free each tensor from AllocTensor or DeQue exactly once.',
	},
	'deque-empty': {
		severity: 'error',
		message:
			'DeQue on {queue}, but nothing is enqueued: the core would wait for an EnQue that never comes.',
		hint: 'Call DeQue only after a matching EnQue on the same queue.',
	},
	'tensor-foreign-queue': {
		severity: 'error',
		message: '{call} on {queue} with a tensor that belongs to {owner}.',
		hint: 'Free or enqueue a tensor on the queue it was allocated from.',
	},
	'tensor-enque-state': {
		severity: 'error',
		message:
			'EnQue on {queue}: block {block} is {state}; only an OCCUPIED or DEQUE tensor can be enqueued.',
		hint: 'EnQue a tensor right after AllocTensor (or after DeQue), and only once.',
	},
	'tque-no-free-block': {
		severity: 'error',
		message:
			'AllocTensor on {queue}: all {blocks} blocks are in use, so the allocator would loop forever waiting for a FREE one.',
		hint: 'FreeTensor a tensor of {queue} before allocating again, or give the queue more blocks in InitBuffer.',
	},
	'tque-not-initialized': {
		severity: 'error',
		message: '{call} on {queue}, which has no buffers: InitBuffer was not called for it.',
		hint: 'Call pipe.InitBuffer({queue}, num, len) before using the queue.',
	},
	'tpipe-buffer-count': {
		severity: 'error',
		message:
			'InitBuffer would make {count} buffers managed by the TPipe; at most {max} are allowed.',
		hint: 'Use fewer queues or fewer blocks per queue; merge buffers and slice them with local[offset].',
	},
	'pool-overflow': {
		severity: 'error',
		message:
			'InitBuffer({queue}, {num}, {len}) needs {bytes} bytes of {memory} at offset {offset}, but {memory} has {capacity} bytes.',
		hint: 'Reduce the tile length or the number of blocks so that all buffers on {memory} fit in {capacity} bytes.',
	},
	'buffer-length-zero': {
		severity: 'error',
		message: 'InitBuffer for {queue} with a length of 0 bytes.',
		hint: 'Pass the block length in bytes, e.g. TILE_LENGTH * sizeof(half).',
	},
	'tbuf-length': {
		severity: 'error',
		message:
			'InitBuffer for TBuf {queue} with {len} bytes; it must be larger than 0 and at most {capacity}.',
		hint: 'Give the TBuf a length between 1 and {capacity} bytes.',
	},
	'tbuf-get-length': {
		severity: 'error',
		message: '{queue}.Get<{dtype}>({count}) needs {bytes} bytes, but the TBuf has {capacity}.',
		hint: 'Ask for at most {capacity} bytes, or initialise the TBuf with a larger length.',
	},
	'tpipe-second-instance': {
		severity: 'error',
		message:
			'A second TPipe ({pipe}) is created while {first} is still alive; only one TPipe may exist at a time.',
		hint: 'Call {first}.Destroy() before creating another TPipe, or reuse the first one with Reset().',
	},
	'tpipe-destroyed': {
		severity: 'error',
		message: '{call} on {pipe}, which was destroyed.',
		hint: 'Create a new TPipe after Destroy() and initialise its queues again.',
	},
	'datacopy-round-down': {
		severity: 'warning',
		message:
			'DataCopy of {count} × {dtype} = {bytes} bytes is not a multiple of 32; only {copied} bytes are copied.',
		hint: 'Make count * sizeof(T) a multiple of 32 bytes, or use DataCopyPad for the tail.',
	},
	'tensor-out-of-bounds': {
		severity: 'warning',
		message:
			'{call} touches bytes {start}..{end} of {tensor}, which holds only {size} bytes: it overwrites the neighbouring buffer.',
		hint: 'Keep offsets and counts within the tensor (GetSize() elements).',
	},
	'memory-out-of-range': {
		severity: 'error',
		message: '{call} touches bytes {start}..{end} of {memory}, which has only {capacity} bytes.',
		hint: 'Keep offsets and counts within the tensor (GetSize() elements).',
	},
	'gm-out-of-bounds': {
		severity: 'warning',
		message:
			'{call} reads or writes bytes {start}..{end} of GM buffer {buffer}, which has {capacity} bytes.',
		hint: 'Check the block offset (GetBlockIdx() * BLOCK_LENGTH) and the copy length.',
	},
	'address-unaligned': {
		severity: 'error',
		message:
			'{call}: the {operand} start address {address} in {memory} is not aligned to {align} bytes.',
		hint: 'Slice tensors at offsets that are multiples of {align} bytes.',
	},
	'tensor-position-unsupported': {
		severity: 'error',
		message: '{call}: the {operand} tensor is on {position}, but {call} supports only {supported}.',
		hint: 'Pass tensors from VECIN, VECOUT or VECCALC queues and buffers to vector instructions.',
	},
	'position-unsupported': {
		severity: 'error',
		message: '{position} has no memory on {product}.',
		hint: 'Use a position that exists on this product (see the TPosition table).',
	},
	'tensor-use-after-free': {
		severity: 'warning',
		message: '{call} uses {tensor} after its block was freed (block {block} is {state}).',
		hint: 'Use a tensor only between AllocTensor/DeQue and FreeTensor.',
	},
	'tensor-dtype-mismatch': {
		severity: 'warning',
		message: '{call}: {operand} is {actual} but {expected} was expected.',
		hint: 'Pass tensors of the same element type, or Cast first.',
	},
	'event-id-out-of-range': {
		severity: 'error',
		message: '{call} with event id {id}; ids of {event} are 0..{max}.',
		hint: 'Use an id from AllocEventID<{event}>() and release it with ReleaseEventID.',
	},
	'flag-wait-unset': {
		severity: 'error',
		message:
			'WaitFlag<{event}>({id}) waits for a SetFlag that was never issued: the pipe would wait forever.',
		hint: 'Call SetFlag<{event}>({id}) before WaitFlag<{event}>({id}).',
	},
	'vector-count-exceeds-tensor': {
		severity: 'error',
		message:
			'{call} with count {count} needs {bytes} bytes of {tensor}, which holds only {size} bytes from there.',
		hint: 'Pass a count no larger than the tensor (GetSize()), e.g. the tile length the queue was initialised with.',
	},
	'vector-call-shape': {
		severity: 'warning',
		message: '{call} is called in a form the simulator does not check; supported: {form}.',
		hint: 'Use the count form of the instruction, e.g. Add(dst, src0, src1, count).',
	},
	'global-tensor-unset': {
		severity: 'warning',
		message: '{call} uses {tensor} before SetGlobalBuffer.',
		hint: 'Call {tensor}.SetGlobalBuffer(ptr, size) in Init().',
	},
	'pipe-unknown': {
		severity: 'warning',
		message: 'PipeBarrier<{pipe}> names no pipe.',
		hint: 'Use PIPE_V, PIPE_MTE2, PIPE_MTE3, PIPE_S, PIPE_M, PIPE_MTE1, PIPE_FIX or PIPE_ALL.',
	},
	'event-unknown': {
		severity: 'error',
		message: '"{event}" is not a HardEvent.',
		hint: 'Use a HardEvent such as HardEvent::MTE2_V or HardEvent::V_MTE3.',
	},
	'dtype-unknown': {
		severity: 'error',
		message: 'Unknown element type "{dtype}".',
		hint: 'Use half, float, bfloat16_t, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t or uint64_t.',
	},
	'block-dim-invalid': {
		severity: 'error',
		message:
			'The kernel is launched with blockDim {blockDim}; it must be a whole number from 1 to {max}.',
		hint: 'Launch with at least one block.',
	},
} as const satisfies Catalog;

/** A kernel diagnostic code. */
export type KernelDiagnosticCode = keyof typeof KERNEL_DIAGNOSTICS;
