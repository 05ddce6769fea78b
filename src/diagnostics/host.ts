/**
 * Diagnostics of the host side: findings about an AscendCL program that a return code does not
 * show (a rule that changed between CANN versions, a clash with the driver, an exhausted
 * resource), each with the case page that explains it.
 */
import type { DiagnosticTable } from './entry.ts';

/** Every host diagnostic. */
export const HOST_DIAGNOSTICS = {
	'tiling-size-illustrative': {
		severity: 'warning',
		message: {
			zh: '{call}：库计算临时空间大小的公式没有公开，模拟器按示意规则给出 minValue = {min}、maxValue = {max} 字节（{rule}），真实库给出的数值可能不同。',
			en: '{call}: the library’s formula for the temporary space is not public, so the simulator gives minValue = {min} and maxValue = {max} bytes by an illustrative rule ({rule}); the library’s own values may differ.',
		},
		hint: {
			zh: '在真实环境中用这个接口的返回值核对 tiling；模拟器里的 kernel 侧高阶 API 不依赖这块临时空间的大小，只检查它放得下。',
			en: 'Check the tiling against what this call returns on a real machine; the simulator’s kernel-side high-level APIs do not depend on the temporary space’s size beyond fitting it.',
		},
	},
	'tiling-fields-partial': {
		severity: 'warning',
		message: {
			zh: '{call}：只填了 {struct} 里文档写明含义的形状字段（{fields}），其余字段的算法没有公开，保持为 0；模拟器的 {api} 只读取这些形状字段。',
			en: '{call}: only the shape fields of {struct} whose meaning the reference gives ({fields}) are filled; how the library computes the others is not public, so they stay 0, and the simulator’s {api} reads only the shape fields.',
		},
		hint: {
			zh: '需要其余字段的真实取值时，在真实环境中打印这个结构体核对。',
			en: 'If you need the other fields’ real values, print the struct on a real machine.',
		},
	},
	'event-reset-plain': {
		severity: 'warning',
		message: {
			zh: '对 aclrtCreateEvent 创建的 Event 调用 aclrtResetEvent，从 CANN 8.5 起属于未定义行为（本次运行使用 CANN {version}）；这个 Event 占用的事件资源没有归还。',
			en: 'aclrtResetEvent on an event created by aclrtCreateEvent is undefined behaviour from CANN 8.5 (this run uses CANN {version}); its event resource was not returned.',
		},
		hint: {
			zh: '需要 Reset 的 Event 请用 aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) 创建；否则用 aclrtDestroyEvent 释放。',
			en: 'Create the event with aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) if you reset it, or release it with aclrtDestroyEvent.',
		},
		case: 'acl-event-id-exhausted',
	},
	'event-wait-plain': {
		severity: 'warning',
		message: {
			zh: '从 CANN 8.5 起，不支持对 aclrtCreateEvent 创建的 Event 调用 aclrtStreamWaitEvent（本次运行使用 CANN {version}）。',
			en: 'aclrtStreamWaitEvent on an event created by aclrtCreateEvent is not supported from CANN 8.5 (this run uses CANN {version}).',
		},
		hint: {
			zh: '要让另一个 Stream 等待这个 Event，请用 aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) 创建它。',
			en: 'Create the event with aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC) to wait on it from another stream.',
		},
		case: 'acl-event-id-exhausted',
	},
	'signal-handler-release-race': {
		severity: 'warning',
		message: {
			zh: '{signal} 信号处理函数在模型 {model} 仍在运行时调用了 {call}；进程异常退出时驱动会自己回收它的设备资源，两边各释放一次，结果模型 Stream（sq {sq}）仍绑定在设备上并处于运行状态。',
			en: "The {signal} handler called {call} while model {model} was still running; the driver releases a dying process's device resources itself, and the two releases left the model stream (sq {sq}) bound and running on the device.",
		},
		hint: {
			zh: '不要在信号处理函数里释放设备资源；让进程退出，由驱动负责清理。',
			en: 'Do not release device resources in a signal handler; let the process exit and the driver clean up.',
		},
		case: 'signal-handler-double-release',
	},
	'model-io-assumed': {
		severity: 'info',
		message: {
			zh: '模拟器读不了 {path} 里编译好的计算图，只能假定这个模型有 1 个输入、1 个输出，各 {bytes} 字节（示意值）。',
			en: 'The simulator cannot read the compiled graph in {path}: it assumes the model has one input and one output of {bytes} bytes each (illustrative sizes).',
		},
		hint: {
			zh: '想让 aclmdlGetInputSizeByIndex 等接口返回真实大小，可以把 .om 文件换成文本描述，每个张量一行，例如 `input float32 1,3,224,224`、`output float32 1,1000`。',
			en: 'For real sizes from aclmdlGetInputSizeByIndex and the like, give a text description instead of the .om file, one tensor per line: `input float32 1,3,224,224`, `output float32 1,1000`.',
		},
	},
	'model-outputs-filled': {
		severity: 'warning',
		message: {
			zh: '模拟器不执行模型 {model} 的计算图：数据集和大小照常检查，输出 buffer 只是被填成 0，不是真实的推理结果。',
			en: 'The simulator does not run the graph of model {model}: datasets and sizes are checked as usual, but the output buffers are only filled with zeros, not real inference results.',
		},
		hint: {
			zh: '在模拟器里检查接口调用顺序、返回码和资源释放；推理结果的数值请在真实的昇腾设备上验证。',
			en: 'Use the simulator to check call order, return codes and releases; check the inference results themselves on a real Ascend device.',
		},
	},
	'device-memory-exhausted': {
		severity: 'error',
		message: {
			zh: 'aclrtMalloc({size}) 失败：设备内存共 {capacity} 字节，已用 {used} 字节（本机所有进程合计）。',
			en: 'aclrtMalloc({size}) failed: {used} of {capacity} bytes of device memory are in use (all processes on the card together).',
		},
		hint: {
			zh: '用 npu-smi info 看这张卡上还有哪些进程、各占多少内存；按 aclrtGetMemInfo 返回的空闲量决定申请多少，或者减小申请。',
			en: 'Run npu-smi info to see which other processes hold memory on the card; size the request by the free memory aclrtGetMemInfo reports, or ask for less.',
		},
		case: 'acl-device-out-of-memory',
	},
	'device-memory-leaked': {
		severity: 'error',
		message: {
			zh: 'aclrtMalloc({size}) 失败：设备内存已用完，其中 {count} 块是第 {line} 行申请、一直没有释放的（共 {bytes} 字节）。',
			en: 'aclrtMalloc({size}) failed: device memory ran out, and {count} blocks allocated at line {line} were never freed ({bytes} bytes).',
		},
		hint: {
			zh: 'aclrtMalloc 与 aclrtFree 要成对使用；在循环里申请的内存，要在同一次循环里释放，或者只申请一次反复复用。',
			en: 'Pair every aclrtMalloc with an aclrtFree; memory allocated in a loop must be freed in the same iteration, or allocated once and reused.',
		},
		case: 'acl-resource-leak',
	},
	'device-memory-no-huge-pages': {
		severity: 'error',
		message: {
			zh: 'aclrtMalloc({size}) 使用 ACL_MEM_MALLOC_HUGE_ONLY 失败：设备上还有 {free} 字节空闲，但完整的 2 MB 大页只剩 {hugePages} 个，空闲内存分散在被普通页占用的大页里。',
			en: 'aclrtMalloc({size}) with ACL_MEM_MALLOC_HUGE_ONLY failed: {free} bytes are free, but only {hugePages} whole 2 MB huge pages are left; the free memory is scattered over pages split for small blocks.',
		},
		hint: {
			zh: '改用 ACL_MEM_MALLOC_HUGE_FIRST（大页不够时退回普通页），或者在程序开始时先申请大块内存。',
			en: 'Use ACL_MEM_MALLOC_HUGE_FIRST (it falls back to normal pages), or allocate the large blocks first, when the card is still unfragmented.',
		},
		case: 'acl-device-out-of-memory',
	},
	'stream-resource-exhausted': {
		severity: 'error',
		message: {
			zh: '设备 {device} 上的 {limit} 个 Stream 已全部被占用（默认 Stream、所有进程创建的 Stream 和尚未销毁的捕获图都算在内）。',
			en: 'All {limit} streams of device {device} are taken (default streams, every process’s streams and captured graphs not yet destroyed included).',
		},
		hint: {
			zh: '不再使用的 Stream 要 aclrtDestroyStream，不再使用的图要 aclmdlRIDestroy；减少捕获的图的数量。',
			en: 'Destroy streams you no longer use (aclrtDestroyStream) and graphs you no longer replay (aclmdlRIDestroy); capture fewer graphs.',
		},
		case: 'acl-stream-resource-exhausted',
	},
	'notify-resource-exhausted': {
		severity: 'error',
		message: {
			zh: 'aclrtCreateNotify 失败：设备 {device} 的 {limit} 个 Notify 已全部被占用。',
			en: 'aclrtCreateNotify failed: all {limit} Notify objects of device {device} are taken.',
		},
		hint: {
			zh: '每个 aclrtCreateNotify 都要对应一个 aclrtDestroyNotify；反复使用的同步点只创建一个 Notify，用 aclrtWaitAndResetNotify 复位后再用。',
			en: 'Pair every aclrtCreateNotify with an aclrtDestroyNotify; for a sync point used again and again create one Notify and reuse it (aclrtWaitAndResetNotify resets it).',
		},
		case: 'acl-notify-resource-exhausted',
	},
	'stream-wrong-context': {
		severity: 'error',
		message: {
			zh: 'Stream {stream} 属于设备 {device} 的 Context，而当前 Context 是设备 {current} 的，任务没有下发。',
			en: 'Stream {stream} belongs to the context of device {device}, but the current context is device {current}’s; the task was not issued.',
		},
		hint: {
			zh: '先用 aclrtSetDevice 或 aclrtSetCurrentContext 切回这个 Stream 所在的 Context，再向它下发任务；或者在当前设备上另建一个 Stream。',
			en: 'Switch back to the stream’s context first (aclrtSetDevice or aclrtSetCurrentContext), or create a stream on the current device.',
		},
		case: 'acl-stream-wrong-context',
	},
	'device-id-invalid': {
		severity: 'error',
		message: {
			zh: 'aclrtSetDevice({id}) 失败：这台机器上只有 {count} 个设备，ID 从 0 开始编号。',
			en: 'aclrtSetDevice({id}) failed: this machine has {count} device(s), numbered from 0.',
		},
		hint: {
			zh: '用 aclrtGetDeviceCount 取得设备数，设备 ID 取 0 到设备数减 1。',
			en: 'Get the count with aclrtGetDeviceCount and use ids from 0 to the count minus 1.',
		},
		case: 'acl-set-device-failed',
	},
	'device-id-not-visible': {
		severity: 'error',
		message: {
			zh: 'aclrtSetDevice({id}) 失败：ASCEND_RT_VISIBLE_DEVICES={visible} 让进程只看到 {count} 个设备，程序里的设备 ID 是重新编号后的逻辑 ID（从 0 开始），不是物理卡号。',
			en: 'aclrtSetDevice({id}) failed: ASCEND_RT_VISIBLE_DEVICES={visible} leaves the process {count} device(s); the ids a program passes are renumbered from 0, not the physical card numbers.',
		},
		hint: {
			zh: '设置了 ASCEND_RT_VISIBLE_DEVICES 时，程序里用 0 表示列表中的第一张卡；或者去掉这个变量，直接用物理卡号。',
			en: 'With ASCEND_RT_VISIBLE_DEVICES set, pass 0 for the first card in the list; or unset the variable and use physical ids.',
		},
		case: 'acl-set-device-failed',
	},
	'device-open-no-memory': {
		severity: 'error',
		message: {
			zh: 'aclrtSetDevice({id}) 失败（507033）：打开设备时 Runtime 要在卡上申请自己的内存池，但卡上的内存已被占满。',
			en: 'aclrtSetDevice({id}) failed (507033): opening the device, the runtime needs its own memory pool on the card, and the card’s memory is all taken.',
		},
		hint: {
			zh: '用 npu-smi info 找出占着内存的进程，等它结束或换一张空闲的卡。',
			en: 'Find the process holding the memory with npu-smi info; wait for it to end, or use a free card.',
		},
		case: 'acl-set-device-failed',
	},
	'device-card-unusable': {
		severity: 'error',
		message: {
			zh: 'aclrtSetDevice({id}) 失败（507033）：驱动打不开这张卡（卡不健康，或没有映射进容器）。',
			en: 'aclrtSetDevice({id}) failed (507033): the driver cannot open this card (it is unhealthy, or not mapped into the container).',
		},
		hint: {
			zh: '用 npu-smi info 看卡的 Health；容器里要用 --device=/dev/davinciN 映射对应的卡。',
			en: 'Check the card’s Health with npu-smi info; a container needs the card mapped with --device=/dev/davinciN.',
		},
		case: 'acl-set-device-failed',
	},
	'host-read-before-copy': {
		severity: 'warning',
		message: {
			zh: '在 {api}（Stream {stream}，任务 {task}）完成之前读取了 {name} 的 {bytes} 字节；这次拷贝要到 {at} us 才写入，读到的是旧数据。',
			en: 'host read {bytes} bytes of {name} before the {api} that writes it completed (stream {stream}, task {task}, lands at {at} us); the value read is the old one.',
		},
		hint: {
			zh: '异步接口返回成功只表示任务已下发；先调用 aclrtSynchronizeStream（或等待记录在拷贝之后的 Event），再读结果。',
			en: 'An asynchronous call returning success only means the task was issued; call aclrtSynchronizeStream (or wait for an event recorded after the copy) before reading the result.',
		},
		case: 'acl-read-before-synchronize',
	},
	'host-write-before-copy': {
		severity: 'warning',
		message: {
			zh: '{api}（Stream {stream}，任务 {task}）还没有读取源数据，程序就改写或释放了 {name} 的 {bytes} 字节；拷贝到设备的将是改写后的内容。',
			en: 'host wrote or freed {bytes} bytes of {name} before the {api} that reads it ran (stream {stream}, task {task}); the copy will take the new contents.',
		},
		hint: {
			zh: '源缓冲区在拷贝完成前要保持不变：同步 Stream 后再改写或释放它，或者每次拷贝用不同的缓冲区。',
			en: 'Keep the source unchanged until the copy is done: synchronize the stream before writing or freeing it, or use a new buffer per copy.',
		},
		case: 'acl-read-before-synchronize',
	},
	'copy-before-kernel-done': {
		severity: 'warning',
		message: {
			zh: '{api} 读取设备内存 {ptr} 时，核函数 {kernel} 还在执行（到 {until} us 才结束），读到的可能是它写入之前的数据。',
			en: '{api} read device memory {ptr} while kernel {kernel} was still running (until {until} us); the data read may predate its writes.',
		},
		hint: {
			zh: '把拷贝放在核函数所在的 Stream 上，或者先同步那个 Stream（或等待核函数之后记录的 Event）。',
			en: 'Put the copy on the kernel’s stream, or synchronize that stream (or wait for an event recorded after the kernel) first.',
		},
		case: 'acl-read-before-synchronize',
	},
	'capture-forbidden-call': {
		severity: 'error',
		message: {
			zh: '{api} 在 ACL Graph 捕获期间被拒绝（{code}）：{what}',
			en: '{api} was refused during ACL graph capture ({code}): {what}',
		},
		hint: {
			zh: '捕获期间只下发异步任务：把同步、阻塞拷贝移到 aclmdlRICaptureBegin 之前或 aclmdlRICaptureEnd 之后；确需调用时用 aclmdlRICaptureThreadExchangeMode 把本线程切到 RELAXED 模式。',
			en: 'Issue only asynchronous work while capturing: move synchronizes and blocking copies before aclmdlRICaptureBegin or after aclmdlRICaptureEnd; if a call must stay, switch the thread to RELAXED with aclmdlRICaptureThreadExchangeMode.',
		},
		case: 'aclgraph-capture-forbidden-call',
	},
	'capture-stream-unjoined': {
		severity: 'error',
		message: {
			zh: 'aclmdlRICaptureEnd 返回 107025：Stream {stream} 通过 Event 加入了主流 Stream {origin} 的捕获，但{why}；这次捕获被丢弃，没有得到模型。',
			en: 'aclmdlRICaptureEnd returned 107025: stream {stream} joined the capture of origin stream {origin} through an event, but {why}; the capture is discarded and no model is returned.',
		},
		hint: {
			zh: '子流的任务下发完后，在子流上 aclrtRecordEvent，再在主流上 aclrtStreamWaitEvent 等待这个 Event，然后才 aclmdlRICaptureEnd；回到主流之后不要再往子流下发任务。',
			en: 'After the sub stream’s last task, record an event on the sub stream (aclrtRecordEvent) and make the origin stream wait on it (aclrtStreamWaitEvent) before aclmdlRICaptureEnd; issue nothing more on the sub stream after that.',
		},
		case: 'aclgraph-capture-forbidden-call',
	},
	'exception-reported-later': {
		severity: 'error',
		message: {
			zh: '{api} 返回的 {code} 并不是它自己的错误：核函数 {kernel}（第 {line} 行下发）在 {at} us 执行时发生异常，之后这个 Context 上的任务都以这个错误码失败。',
			en: 'The {code} that {api} returns is not its own failure: kernel {kernel} (launched at line {line}) raised an exception when it ran at {at} us, and every later task of the context fails with its code.',
		},
		hint: {
			zh: '按 plog 中 fault kernel_name 找到出错的核函数；调试时在每次下发后同步 Stream，或者用 ACL_STOP_ON_FAILURE，让错误在出错的调用处返回。',
			en: 'Find the failing kernel by fault kernel_name in the plog; while debugging, synchronize after each launch or set ACL_STOP_ON_FAILURE so the error surfaces at the call that caused it.',
		},
		case: 'kernel-exception-reported-later',
	},
	'event-resource-exhausted': {
		severity: 'error',
		message: {
			zh: 'aclrtRecordEvent 失败：设备 {device} 的 {limit} 个事件资源已全部被占用。',
			en: 'aclrtRecordEvent failed: all {limit} event resources of device {device} are taken.',
		},
		hint: {
			zh: 'Event 等待完成后要及时归还事件资源（对 ACL_EVENT_SYNC 类型的 Event 调用 aclrtResetEvent，或者调用 aclrtDestroyEvent）。',
			en: 'Return each event resource when the event has been waited on (aclrtResetEvent on an ACL_EVENT_SYNC event, or aclrtDestroyEvent).',
		},
		case: 'acl-event-id-exhausted',
	},
} as const satisfies DiagnosticTable;

/** A host diagnostic code. */
export type HostDiagnosticCode = keyof typeof HOST_DIAGNOSTICS;
