/**
 * Diagnostics of the kernel side: each misuse of the Ascend C TPipe/TQue/TBuf, data-movement,
 * vector and sync APIs that the kernel simulator detects, in both modes. In CPU-debug mode the
 * diagnostic accompanies the real check's error line and SIGABRT; in NPU mode it explains the
 * hang. `{product}` is the product's name in the message's language.
 */
import type { DiagnosticTable } from './entry.ts';

/** The case page about the per-position buffer limit (seed 000). */
export const BUFFER_LIMIT_CASE = 'alloc-tensor-queue-position-limit';

/** Every kernel diagnostic. */
export const KERNEL_DIAGNOSTICS = {
	'que-depth-exceeded': {
		severity: 'error',
		message: {
			zh: '对 {queue} 执行 EnQue 后队列里将有 {count} 个 Tensor，但队列深度只有 {depth}：队列满之前，每次 EnQue 都要先有一次 DeQue。',
			en: 'EnQue on {queue} would hold {count} tensors, but the queue depth is {depth}: each EnQue needs a DeQue before the queue is full.',
		},
		hint: {
			zh: '下一次 EnQue 之前先 DeQue 一个 Tensor，或者把队列声明得更深（TQue<{position}, {count}>）。',
			en: 'DeQue a tensor before the next EnQue, or declare the queue with a larger depth (TQue<{position}, {count}>).',
		},
	},
	'tque-buffer-limit': {
		severity: 'error',
		message: {
			zh: '{call} 需要一个 {event} 同步事件 ID，但 {limit} 个 ID 都被 {position} 上的缓冲区占着：当前产品（{product}）每个 TPosition 最多只能有 {limit} 个缓冲区。',
			en: '{call} needs a {event} sync event id, but all {limit} are held by buffers on {position}: {product} allows at most {limit} buffers per TPosition.',
		},
		hint: {
			zh: '{position} 上所有队列加起来最多用 {limit} 个缓冲区：把几个缓冲区合并成一次 InitBuffer（长度取总和），再按偏移取子 Tensor（local[offset]）；或者对用完的队列调用 FreeAllEvent()。',
			en: 'Use at most {limit} buffers on {position} across all its queues: merge several into one InitBuffer of the combined length and take sub-tensors by offset (local[offset]), or call FreeAllEvent() on a queue you are done with.',
		},
		case: BUFFER_LIMIT_CASE,
	},
	'event-id-exhausted': {
		severity: 'error',
		message: {
			zh: '{call}：{event} 的 {limit} 个同步事件 ID 已全部占用（{product}：每种 HardEvent {limit} 个）。',
			en: '{call}: all {limit} sync event ids of {event} are in use ({product} has {limit} per HardEvent).',
		},
		hint: {
			zh: '每个 ID 用完后立即用 ReleaseEventID<{event}>(id) 释放；同一对位置之间的队列共用同一个 ID 池。',
			en: 'Release each id with ReleaseEventID<{event}>(id) right after use; queues on the same positions draw from the same pool.',
		},
		case: BUFFER_LIMIT_CASE,
	},
	'tposition-buffer-count': {
		severity: 'warning',
		message: {
			zh: '{position} 上已有 {count} 个缓冲区正在使用或在等待同步事件，而当前产品（{product}）只允许 {limit} 个。下一次需要新事件 ID 的 FreeTensor 或 EnQue 会失败。',
			en: '{count} buffers on {position} are now in use or waiting for their sync event; {product} allows {limit}. The next FreeTensor or EnQue that needs a new event id will fail.',
		},
		hint: {
			zh: '每个 TPosition 最多保留 {limit} 个缓冲区：把缓冲区合并成一次 InitBuffer，再用 local[offset] 切分。',
			en: 'Keep at most {limit} buffers per TPosition: merge buffers into one InitBuffer and slice it with local[offset].',
		},
		case: BUFFER_LIMIT_CASE,
	},
	'tensor-double-free': {
		severity: 'error',
		message: {
			zh: '对 {queue} 执行 FreeTensor：块 {block} 已经是 FREE 状态（重复释放）。',
			en: 'FreeTensor on {queue}: block {block} is already FREE (freed twice).',
		},
		hint: {
			zh: 'AllocTensor 或 DeQue 得到的每个 Tensor 只能 FreeTensor 一次。',
			en: 'Free each tensor from AllocTensor or DeQue exactly once.',
		},
	},
	'deque-empty': {
		severity: 'error',
		message: {
			zh: '对 {queue} 执行 DeQue，但队列里没有 Tensor：核会一直等一个永远不会来的 EnQue。',
			en: 'DeQue on {queue}, but nothing is enqueued: the core would wait for an EnQue that never comes.',
		},
		hint: {
			zh: '只在同一个队列上有对应的 EnQue 之后再调用 DeQue。',
			en: 'Call DeQue only after a matching EnQue on the same queue.',
		},
	},
	'tensor-foreign-queue': {
		severity: 'error',
		message: {
			zh: '在 {queue} 上执行 {call}，但传入的 Tensor 属于 {owner}。',
			en: '{call} on {queue} with a tensor that belongs to {owner}.',
		},
		hint: {
			zh: 'Tensor 从哪个队列分配，就在哪个队列上释放或入队。',
			en: 'Free or enqueue a tensor on the queue it was allocated from.',
		},
	},
	'tensor-enque-state': {
		severity: 'error',
		message: {
			zh: '对 {queue} 执行 EnQue：块 {block} 处于 {state} 状态；只有 OCCUPIED 或 DEQUE 状态的 Tensor 可以入队。',
			en: 'EnQue on {queue}: block {block} is {state}; only an OCCUPIED or DEQUE tensor can be enqueued.',
		},
		hint: {
			zh: '在 AllocTensor（或 DeQue）之后立即对 Tensor 执行 EnQue，而且只执行一次。',
			en: 'EnQue a tensor right after AllocTensor (or after DeQue), and only once.',
		},
	},
	'tque-no-free-block': {
		severity: 'error',
		message: {
			zh: '对 {queue} 执行 AllocTensor：{blocks} 个块全都在用，分配器会一直循环等待 FREE 的块。',
			en: 'AllocTensor on {queue}: all {blocks} blocks are in use, so the allocator would loop forever waiting for a FREE one.',
		},
		hint: {
			zh: '再次分配之前先 FreeTensor 一个 {queue} 的 Tensor，或者在 InitBuffer 中给这个队列更多的块。',
			en: 'FreeTensor a tensor of {queue} before allocating again, or give the queue more blocks in InitBuffer.',
		},
	},
	'tque-not-initialized': {
		severity: 'error',
		message: {
			zh: '在 {queue} 上调用 {call}，但它没有缓冲区：没有为它调用 InitBuffer。',
			en: '{call} on {queue}, which has no buffers: InitBuffer was not called for it.',
		},
		hint: {
			zh: '使用队列之前先调用 pipe.InitBuffer({queue}, num, len)。',
			en: 'Call pipe.InitBuffer({queue}, num, len) before using the queue.',
		},
	},
	'tpipe-buffer-count': {
		severity: 'error',
		message: {
			zh: '这次 InitBuffer 之后 TPipe 管理的缓冲区会达到 {count} 个，而最多只允许 {max} 个。',
			en: 'InitBuffer would make {count} buffers managed by the TPipe; at most {max} are allowed.',
		},
		hint: {
			zh: '减少队列数或每个队列的块数；把缓冲区合并后用 local[offset] 切分。',
			en: 'Use fewer queues or fewer blocks per queue; merge buffers and slice them with local[offset].',
		},
	},
	'pool-overflow': {
		severity: 'error',
		message: {
			zh: 'InitBuffer({queue}, {num}, {len}) 需要在 {memory} 偏移 {offset} 处占用 {bytes} 字节，但 {memory} 只有 {capacity} 字节。',
			en: 'InitBuffer({queue}, {num}, {len}) needs {bytes} bytes of {memory} at offset {offset}, but {memory} has {capacity} bytes.',
		},
		hint: {
			zh: '减小 tile 长度或块数，让 {memory} 上的所有缓冲区放得进 {capacity} 字节。',
			en: 'Reduce the tile length or the number of blocks so that all buffers on {memory} fit in {capacity} bytes.',
		},
	},
	'buffer-length-zero': {
		severity: 'error',
		message: {
			zh: '为 {queue} 调用 InitBuffer 时长度为 0 字节。',
			en: 'InitBuffer for {queue} with a length of 0 bytes.',
		},
		hint: {
			zh: '传入以字节为单位的块长度，例如 TILE_LENGTH * sizeof(half)。',
			en: 'Pass the block length in bytes, e.g. TILE_LENGTH * sizeof(half).',
		},
	},
	'tbuf-length': {
		severity: 'error',
		message: {
			zh: '为 TBuf {queue} 调用 InitBuffer 时长度为 {len} 字节；长度必须大于 0 且不超过 {capacity}。',
			en: 'InitBuffer for TBuf {queue} with {len} bytes; it must be larger than 0 and at most {capacity}.',
		},
		hint: {
			zh: 'TBuf 的长度应在 1 到 {capacity} 字节之间。',
			en: 'Give the TBuf a length between 1 and {capacity} bytes.',
		},
	},
	'tbuf-get-length': {
		severity: 'error',
		message: {
			zh: '{queue}.Get<{dtype}>({count}) 需要 {bytes} 字节，但这个 TBuf 只有 {capacity} 字节。',
			en: '{queue}.Get<{dtype}>({count}) needs {bytes} bytes, but the TBuf has {capacity}.',
		},
		hint: {
			zh: '最多取 {capacity} 字节，或者用更大的长度初始化这个 TBuf。',
			en: 'Ask for at most {capacity} bytes, or initialise the TBuf with a larger length.',
		},
	},
	'tpipe-second-instance': {
		severity: 'error',
		message: {
			zh: '{first} 还在时又创建了第二个 TPipe（{pipe}）；同一时间只能有一个 TPipe。',
			en: 'A second TPipe ({pipe}) is created while {first} is still alive; only one TPipe may exist at a time.',
		},
		hint: {
			zh: '创建新的 TPipe 之前先调用 {first}.Destroy()，或者用 Reset() 复用第一个。',
			en: 'Call {first}.Destroy() before creating another TPipe, or reuse the first one with Reset().',
		},
		case: 'tpipe-constructed-twice',
	},
	'tpipe-destroyed': {
		severity: 'error',
		message: {
			zh: '在已经销毁的 {pipe} 上调用 {call}。',
			en: '{call} on {pipe}, which was destroyed.',
		},
		hint: {
			zh: 'Destroy() 之后请新建一个 TPipe，并重新初始化它的队列。',
			en: 'Create a new TPipe after Destroy() and initialise its queues again.',
		},
	},
	'datacopy-round-down': {
		severity: 'warning',
		message: {
			zh: 'DataCopy 搬运 {count} × {dtype} = {bytes} 字节，不是 32 的整数倍；实际只搬运了 {copied} 字节。',
			en: 'DataCopy of {count} × {dtype} = {bytes} bytes is not a multiple of 32; only {copied} bytes are copied.',
		},
		hint: {
			zh: '让 count * sizeof(T) 是 32 字节的整数倍，或者用 DataCopyPad 处理尾块。',
			en: 'Make count * sizeof(T) a multiple of 32 bytes, or use DataCopyPad for the tail.',
		},
	},
	'tensor-out-of-bounds': {
		severity: 'warning',
		message: {
			zh: '{call} 访问了 {tensor} 的第 {start}..{end} 字节，而它只有 {size} 字节：会覆盖相邻的缓冲区。',
			en: '{call} touches bytes {start}..{end} of {tensor}, which holds only {size} bytes: it overwrites the neighbouring buffer.',
		},
		hint: {
			zh: '偏移和个数不要超出 Tensor 的范围（GetSize() 个元素）。',
			en: 'Keep offsets and counts within the tensor (GetSize() elements).',
		},
	},
	'memory-out-of-range': {
		severity: 'error',
		message: {
			zh: '{call} 访问了 {memory} 的第 {start}..{end} 字节，而 {memory} 只有 {capacity} 字节。',
			en: '{call} touches bytes {start}..{end} of {memory}, which has only {capacity} bytes.',
		},
		hint: {
			zh: '偏移和个数不要超出 Tensor 的范围（GetSize() 个元素）。',
			en: 'Keep offsets and counts within the tensor (GetSize() elements).',
		},
	},
	'kernel-never-ends': {
		severity: 'error',
		message: {
			zh: '核函数 {kernel} 的 block {block} 执行了 {steps} 步仍未结束，这个循环看起来不会终止：在 NPU 上该核会一直运行，直到 {core}执行超时（默认 {timeout} 秒），Host 在下一次同步时得到 {code}。',
			en: 'block {block} of kernel {kernel} ran {steps} steps without finishing, and this loop does not look like it ends: on the NPU the core runs on until the {core} execution timeout ({timeout} s by default), and the host gets {code} at the next synchronize.',
		},
		hint: {
			zh: '检查循环的结束条件和步长：步长是否可能为 0（例如从 Tiling 读到 0），无符号计数器倒数时 `i >= 0` 永远成立。确实需要更多步数时调大 `--max-steps`。',
			en: 'Check the loop bound and its step: can the step be 0 (a tiling field read as 0, for instance)? An unsigned counter counting down keeps `i >= 0` true forever. If the kernel really needs more steps, raise `--max-steps`.',
		},
		case: 'aicore-kernel-timeout',
	},
	'gm-out-of-bounds': {
		severity: 'warning',
		message: {
			zh: '{call} 读写了 GM 缓冲区 {buffer} 的第 {start}..{end} 字节，而它只有 {capacity} 字节。',
			en: '{call} reads or writes bytes {start}..{end} of GM buffer {buffer}, which has {capacity} bytes.',
		},
		hint: {
			zh: '检查每个核的偏移（GetBlockIdx() * BLOCK_LENGTH）和搬运长度。',
			en: 'Check the block offset (GetBlockIdx() * BLOCK_LENGTH) and the copy length.',
		},
		case: 'gm-out-of-bounds',
	},
	'address-unaligned': {
		severity: 'error',
		message: {
			zh: '{call}：{operand} 在 {memory} 中的起始地址 {address} 没有按 {align} 字节对齐。',
			en: '{call}: the {operand} start address {address} in {memory} is not aligned to {align} bytes.',
		},
		hint: {
			zh: '切分 Tensor 时让偏移是 {align} 字节的整数倍。',
			en: 'Slice tensors at offsets that are multiples of {align} bytes.',
		},
	},
	'tensor-position-unsupported': {
		severity: 'error',
		message: {
			zh: '{call}：{operand} 位于 {position}，但 {call} 只支持 {supported}。',
			en: '{call}: the {operand} tensor is on {position}, but {call} supports only {supported}.',
		},
		hint: {
			zh: '传给矢量指令的 Tensor 应来自 VECIN、VECOUT 或 VECCALC 上的队列和缓冲区。',
			en: 'Pass tensors from VECIN, VECOUT or VECCALC queues and buffers to vector instructions.',
		},
	},
	'local-mem-allocator-full': {
		severity: 'error',
		message: {
			zh: '{call} 从地址 {head} 起申请 {count} 个元素（{bytes} 字节），超出了 {memory} 的大小（{capacity} 字节）。',
			en: '{call} asks for {count} elements ({bytes} bytes) from address {head}, past the end of {memory} ({capacity} bytes).',
		},
		hint: {
			zh: '静态 Tensor 的元素个数不能超过当前物理位置剩余的空间（物理内存大小减去 GetCurAddr() 的返回值）；减小 tileSize，或分多次处理数据。',
			en: 'A static tensor must fit the space left on its memory (its size minus what GetCurAddr() returns); use a smaller tileSize or process the data in several passes.',
		},
	},
	'position-unsupported': {
		severity: 'error',
		message: {
			zh: '{position} 在当前产品（{product}）上没有对应的存储。',
			en: '{position} has no memory on {product}.',
		},
		hint: {
			zh: '改用这个产品上存在的位置（见 TPosition 与物理存储的对应表）。',
			en: 'Use a position that exists on this product (see the TPosition table).',
		},
	},
	'tensor-use-after-free': {
		severity: 'warning',
		message: {
			zh: '{call} 在 {tensor} 的块释放之后还在使用它（块 {block} 处于 {state} 状态）。',
			en: '{call} uses {tensor} after its block was freed (block {block} is {state}).',
		},
		hint: {
			zh: '只在 AllocTensor/DeQue 与 FreeTensor 之间使用 Tensor。',
			en: 'Use a tensor only between AllocTensor/DeQue and FreeTensor.',
		},
	},
	'tensor-dtype-mismatch': {
		severity: 'warning',
		message: {
			zh: '{call}：{operand} 的类型是 {actual}，应为 {expected}。',
			en: '{call}: {operand} is {actual} but {expected} was expected.',
		},
		hint: {
			zh: '传入元素类型相同的 Tensor，或者先用 Cast 转换。',
			en: 'Pass tensors of the same element type, or Cast first.',
		},
	},
	'event-id-out-of-range': {
		severity: 'error',
		message: {
			zh: '{call} 使用了事件 ID {id}；{event} 的 ID 范围是 0..{max}。',
			en: '{call} with event id {id}; ids of {event} are 0..{max}.',
		},
		hint: {
			zh: '使用 AllocEventID<{event}>() 返回的 ID，用完后用 ReleaseEventID 释放。',
			en: 'Use an id from AllocEventID<{event}>() and release it with ReleaseEventID.',
		},
	},
	'flag-wait-unset': {
		severity: 'error',
		message: {
			zh: 'WaitFlag<{event}>({id}) 在等一个从未发出的 SetFlag：流水线会一直等下去。',
			en: 'WaitFlag<{event}>({id}) waits for a SetFlag that was never issued: the pipe would wait forever.',
		},
		hint: {
			zh: '在 WaitFlag<{event}>({id}) 之前调用 SetFlag<{event}>({id})。',
			en: 'Call SetFlag<{event}>({id}) before WaitFlag<{event}>({id}).',
		},
	},
	'pipe-race': {
		severity: 'warning',
		message: {
			zh: '{second}（{secondPipe}）{secondKind} {memory} 的 {start}..{end} 字节，而 {first}（{firstPipe}）在第 {line} 行{firstKind}了同一段内存，两条流水之间没有同步（{hazard}）：在 NPU 上后一条指令可能先执行完。',
			en: '{second} ({secondPipe}) {secondKind} bytes {start}..{end} of {memory} that {first} ({firstPipe}) {firstKind} at line {line}, with no sync between the two pipes ({hazard}): on the NPU the later instruction may run first.',
		},
		hint: {
			zh: '在两条指令之间加 SetFlag<HardEvent::{event}>/WaitFlag<HardEvent::{event}>，或者改用 TQue 的 EnQue/DeQue，它们会自动插入这个同步。',
			en: 'Put SetFlag<HardEvent::{event}> / WaitFlag<HardEvent::{event}> between the two, or use a TQue, whose EnQue/DeQue insert this sync.',
		},
		case: 'pipe-sync-missing',
	},
	'vector-count-exceeds-tensor': {
		severity: 'error',
		message: {
			zh: '{call} 的 count 为 {count}，需要 {tensor} 的 {bytes} 字节，但从这个位置起它只有 {size} 字节。',
			en: '{call} with count {count} needs {bytes} bytes of {tensor}, which holds only {size} bytes from there.',
		},
		hint: {
			zh: 'count 不要超过 Tensor 的大小（GetSize()），例如用初始化队列时的 tile 长度。',
			en: 'Pass a count no larger than the tensor (GetSize()), e.g. the tile length the queue was initialised with.',
		},
		case: 'tensor-longer-than-queue-buffer',
	},
	'vector-call-shape': {
		severity: 'warning',
		message: {
			zh: '模拟器不检查 {call} 的这种调用形式；支持的形式：{form}。',
			en: '{call} is called in a form the simulator does not check; supported: {form}.',
		},
		hint: {
			zh: '使用带 count 参数的形式，例如 Add(dst, src0, src1, count)。',
			en: 'Use the count form of the instruction, e.g. Add(dst, src0, src1, count).',
		},
	},
	'global-tensor-unset': {
		severity: 'warning',
		message: {
			zh: '{call} 在 SetGlobalBuffer 之前就使用了 {tensor}。',
			en: '{call} uses {tensor} before SetGlobalBuffer.',
		},
		hint: {
			zh: '在 Init() 中调用 {tensor}.SetGlobalBuffer(ptr, size)。',
			en: 'Call {tensor}.SetGlobalBuffer(ptr, size) in Init().',
		},
	},
	'pipe-unknown': {
		severity: 'warning',
		message: {
			zh: 'PipeBarrier<{pipe}> 指定的不是任何一条流水线。',
			en: 'PipeBarrier<{pipe}> names no pipe.',
		},
		hint: {
			zh: '使用 PIPE_V、PIPE_MTE2、PIPE_MTE3、PIPE_S、PIPE_M、PIPE_MTE1、PIPE_FIX 或 PIPE_ALL。',
			en: 'Use PIPE_V, PIPE_MTE2, PIPE_MTE3, PIPE_S, PIPE_M, PIPE_MTE1, PIPE_FIX or PIPE_ALL.',
		},
	},
	'event-unknown': {
		severity: 'error',
		message: { zh: '"{event}" 不是 HardEvent。', en: '"{event}" is not a HardEvent.' },
		hint: {
			zh: '使用 HardEvent 的枚举值，例如 HardEvent::MTE2_V 或 HardEvent::V_MTE3。',
			en: 'Use a HardEvent such as HardEvent::MTE2_V or HardEvent::V_MTE3.',
		},
	},
	'dtype-unknown': {
		severity: 'error',
		message: { zh: '未知的元素类型 "{dtype}"。', en: 'Unknown element type "{dtype}".' },
		hint: {
			zh: '使用 half、float、bfloat16_t、int8_t、uint8_t、int16_t、uint16_t、int32_t、uint32_t、int64_t 或 uint64_t。',
			en: 'Use half, float, bfloat16_t, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t or uint64_t.',
		},
	},
	'vector-dtype-unsupported': {
		severity: 'error',
		message: {
			zh: '{product} 上的 {call} 不支持元素类型 {dtype}（支持的类型：{supported}）。',
			en: '{call} does not take element type {dtype} on {product} (it takes {supported}).',
		},
		hint: {
			zh: '换用该产品支持的数据类型，必要时先用 Cast 转换，算完再转回来。',
			en: 'Use a type the product supports; Cast to it first and back afterwards if needed.',
		},
	},
	'cast-pair-unsupported': {
		severity: 'error',
		message: {
			zh: '{product} 上的 Cast 不支持 {dtype} 这组类型转换（{call}）。',
			en: 'Cast does not convert {dtype} on {product} ({call}).',
		},
		hint: {
			zh: '查 Cast 文档中该产品的类型组合表；没有直接的组合时分两步转换，例如 int8_t → half → float。',
			en: 'Look the pair up in the Cast table for this product; without a direct pair, convert in two steps (e.g. int8_t → half → float).',
		},
	},
	'cast-round-mode-unsupported': {
		severity: 'warning',
		message: {
			zh: '{product} 上 {pair} 的 Cast 不支持 {mode}（支持：{modes}）；模拟器仍按 {mode} 计算（{call}）。',
			en: 'Cast {pair} does not take {mode} on {product} (it takes {modes}); the simulator rounds with {mode} anyway ({call}).',
		},
		hint: {
			zh: '改用表中列出的舍入模式；CAST_NONE 在有精度损失时等同于 CAST_RINT。',
			en: 'Use one of the listed modes; CAST_NONE rounds as CAST_RINT when the conversion loses precision.',
		},
	},
	'param-out-of-range': {
		severity: 'error',
		message: {
			zh: '{call} 的参数 {param} 为 {value}，超出取值范围 {min} ~ {max}。',
			en: '{call}: {param} is {value}, outside its range {min} ~ {max}.',
		},
		hint: {
			zh: '按接口文档的取值范围传参；数据量大时拆成多次调用。',
			en: 'Keep the parameter within the documented range; split a large job into several calls.',
		},
	},
	'param-value-invalid': {
		severity: 'error',
		message: {
			zh: '{call} 的参数 {param} 为 {value}，只能取 {allowed}。',
			en: '{call}: {param} is {value}; its only valid values are {allowed}.',
		},
		hint: {
			zh: '按接口文档传入允许的取值（例如 MrgSort 的 validBit：0b11、0b111 或 0b1111，即前 2、3、4 条队列有效）。',
			en: 'Pass one of the documented values (MrgSort’s validBit, for instance: 0b11, 0b111 or 0b1111, the first 2, 3 or 4 lists valid).',
		},
	},
	'api-form-empty-on-product': {
		severity: 'warning',
		message: {
			zh: '{call} 在 {product}上什么也不做：该形式只在 {products} 上实现，其他产品上函数体为空，{dst} 不会被写入。',
			en: '{call} does nothing on {product}: this form is implemented only on {products}; elsewhere its body is empty and {dst} is not written.',
		},
		hint: {
			zh: '在该产品上改用文档列出的形式（例如 Sort 不带 SortConfig 的形式，配合 Concat 和 Extract）。',
			en: 'On this product use a form the reference lists for it (for Sort, the form without SortConfig, with Concat and Extract).',
		},
	},
	'config-ignored-on-product': {
		severity: 'warning',
		message: {
			zh: '{call}：{field} = {value} 只在 {products} 上生效；{product}上的实现不看这一项，按 {effective} 计算。',
			en: '{call}: {field} = {value} takes effect only on {products}; the implementation on {product} ignores it and computes {effective}.',
		},
		hint: {
			zh: '在该产品上去掉这项配置，按实际输出处理结果（例如 LayerNorm 在 A2/A3 上总是输出 rstd，需要方差时由 rstd 自行换算：variance = 1/rstd² − ε）。',
			en: 'Drop the setting on this product and use what it really outputs (LayerNorm on A2/A3 always writes rstd; if you need the variance, derive it: variance = 1/rstd² − ε).',
		},
	},
	'sync-all-sequential': {
		severity: 'info',
		message: {
			zh: 'SyncAll：模拟器按编号依次运行 {blocks} 个核，编号更大的核在同步点之前写入 GM 的数据，编号小的核在同步点之后读不到。',
			en: 'SyncAll: the simulator runs the {blocks} cores one after another, so data a higher block writes to GM before the barrier is not there for a lower block after it.',
		},
		hint: {
			zh: '依赖跨核数据交换的结果请用单核运行核对，或在真实设备上验证。',
			en: 'Check results that depend on exchanging data across cores with a one-block run, or on a device.',
		},
	},
	'kernel-assert-failed': {
		severity: 'error',
		message: {
			zh: '核内断言失败：`{expr}` 为假。{message}',
			en: 'Kernel assertion failed: `{expr}` is false. {message}',
		},
		hint: {
			zh: '断言处的条件不成立：检查断言前的 tiling 参数或数据，或在断言前用 printf 打印相关变量。',
			en: 'The asserted condition does not hold: check the tiling parameters or the data before it, or printf the variables it uses.',
		},
	},
	'block-dim-invalid': {
		severity: 'error',
		message: {
			zh: '核函数以 blockDim {blockDim} 启动；blockDim 必须是 1 到 {max} 之间的整数。',
			en: 'The kernel is launched with blockDim {blockDim}; it must be a whole number from 1 to {max}.',
		},
		hint: { zh: '至少用 1 个核启动。', en: 'Launch with at least one block.' },
	},
} as const satisfies DiagnosticTable;

/** A kernel diagnostic code. */
export type KernelDiagnosticCode = keyof typeof KERNEL_DIAGNOSTICS;
