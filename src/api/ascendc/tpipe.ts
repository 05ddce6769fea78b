/**
 * TPipe: the kernel's one memory and sync-event manager (asc-devkit 资源管理/Pipe和Que框架/TPipe).
 */
import type { TBuf } from '../../sim/kernel/tbuf.ts';
import type { TQueBind } from '../../sim/kernel/tque-bind.ts';
import { kernelApi, NO_COST, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';
import { hardEventName, pipeOf } from './objects.ts';

const DOC = (page: string) => ascendCDoc(`资源管理/Pipe和Que框架/TPipe/${page}.md`);

/** The queue or TBuf an InitBuffer call initialises. */
function initTarget(call: ApiCall): TQueBind | TBuf {
	return call.args[0] as TQueBind | TBuf;
}

/** The TPipe rows. */
export const TPIPE_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'TPipe::TPipe',
		group: 'ascendc-tpipe',
		signature: '__aicore__ inline TPipe()',
		cost: PER_STEP_COST,
		diagnostics: ['tpipe-second-instance'],
		limits: [],
		doc: {
			zh: '创建 TPipe。同一时刻只能存在一个 TPipe；在前一个调用 Destroy 之前再创建第二个，NPU 上可能卡死。',
			en: 'Creates the TPipe. Only one may exist at a time: a second one before the first is destroyed can hang the NPU.',
		},
		source: DOC('TPipe构造函数'),
		run: (core, c) => core.createTPipe(c.site(), c.declName ?? 'pipe'),
	}),
	kernelApi({
		name: 'TPipe::InitBuffer',
		group: 'ascendc-tpipe',
		signature: [
			'template <class T> __aicore__ inline bool InitBuffer(T& que, uint8_t num, uint32_t len)',
			'template <TPosition bufPos> __aicore__ inline bool InitBuffer(TBuf<bufPos>& buf, uint32_t len)',
		],
		cost: PER_STEP_COST,
		diagnostics: [
			'position-unsupported',
			'buffer-length-zero',
			'tbuf-length',
			'pool-overflow',
			'tpipe-buffer-count',
			'tpipe-destroyed',
			'tposition-buffer-count',
		],
		limits: [
			{ profile: 'kernel', key: 'maxBuffers' },
			{ profile: 'kernel', key: 'memory' },
		],
		doc: {
			zh: '从队列所在位置的物理存储中切出 num 块、每块 len 字节（向上取整到 32 字节）的内存；TBuf 只有一块。一个 TPipe 管理的 buffer 总数不能超过 64。',
			en: 'Carves num blocks of len bytes each (rounded up to 32) out of the physical memory of the queue’s position; a TBuf gets exactly one block. One TPipe manages at most 64 buffers.',
		},
		source: DOC('InitBuffer'),
		run: (core, c) =>
			c.form === 0
				? pipeOf(c).InitBuffer(c.site(), initTarget(c), c.args[1] as number, c.args[2] as number)
				: pipeOf(c).InitBuffer(c.site(), initTarget(c), c.args[1] as number),
	}),
	kernelApi({
		name: 'TPipe::Reset',
		group: 'ascendc-tpipe',
		signature: '__aicore__ inline void Reset()',
		cost: PER_STEP_COST,
		diagnostics: ['tpipe-destroyed'],
		doc: {
			zh: '释放 TPipe 管理的全部内存和事件 ID，之后可以重新 InitBuffer。',
			en: 'Releases every buffer and event id the TPipe manages, so InitBuffer can be called again.',
		},
		source: DOC('Reset'),
		run: (core, c) => pipeOf(c).Reset(c.site()),
	}),
	kernelApi({
		name: 'TPipe::Destroy',
		group: 'ascendc-tpipe',
		signature: '__aicore__ inline void Destroy()',
		cost: PER_STEP_COST,
		doc: {
			zh: '结束这个 TPipe，释放它的资源，之后才能创建下一个 TPipe。',
			en: 'Ends this TPipe and releases its resources, so that another TPipe may be created.',
		},
		source: DOC('Destroy'),
		run: (core, c) => pipeOf(c).Destroy(c.site()),
	}),
	kernelApi({
		name: 'TPipe::AllocEventID',
		group: 'ascendc-tpipe',
		signature: 'template <HardEvent evt> __aicore__ inline TEventID AllocEventID()',
		cost: PER_STEP_COST,
		diagnostics: ['event-unknown', 'event-id-exhausted', 'tpipe-destroyed'],
		limits: [{ profile: 'kernel', key: 'queMaxEvent' }],
		doc: {
			zh: '从 evt 的事件 ID 池中取一个空闲 ID；ID 数量有限，用完要尽快 ReleaseEventID。',
			en: 'Takes a free id from the pool of evt; ids are few, so release each one with ReleaseEventID soon after use.',
		},
		source: DOC('AllocEventID'),
		run: (core, c) => pipeOf(c).AllocEventID(c.site(), String(c.targs[0])),
	}),
	kernelApi({
		name: 'TPipe::FetchEventID',
		group: 'ascendc-tpipe',
		signature: [
			'template <HardEvent evt> __aicore__ inline TEventID FetchEventID()',
			'__aicore__ inline TEventID FetchEventID(HardEvent evt)',
		],
		cost: PER_STEP_COST,
		diagnostics: ['event-unknown'],
		doc: {
			zh: '查看 AllocEventID 下一次会返回的 ID，但不占用它。',
			en: 'Returns the id AllocEventID would hand out next, without taking it.',
		},
		source: DOC('FetchEventID'),
		run: (core, c) =>
			pipeOf(c).FetchEventID(
				c.site(),
				c.form === 0 ? String(c.targs[0]) : hardEventName(c.args[0]),
			),
	}),
	kernelApi({
		name: 'GetTPipePtr',
		group: 'ascendc-tpipe',
		signature: '__aicore__ inline AscendC::TPipe* GetTPipePtr()',
		cost: NO_COST,
		products: ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore', 'atlas-training'],
		doc: {
			zh: '返回创建 TPipe 对象时设置的全局 TPipe 指针（最近创建且仍存活的那个），之后可以直接调用它的 InitBuffer 等接口。',
			en: 'Returns the global TPipe pointer that creating a TPipe sets (the newest one still alive), so its InitBuffer and the rest can be called through it.',
		},
		source: ascendCDoc('资源管理/Pipe和Que框架/GetTPipePtr.md'),
		run: (core, c) =>
			core.currentPipe?.alive
				? core.currentPipe
				: c.stop('null-dereference', { name: 'GetTPipePtr()' }),
	}),
	kernelApi({
		name: 'TPipe::ReleaseEventID',
		group: 'ascendc-tpipe',
		signature: 'template <HardEvent evt> __aicore__ inline void ReleaseEventID(TEventID id)',
		cost: PER_STEP_COST,
		diagnostics: ['event-unknown', 'event-id-out-of-range'],
		doc: {
			zh: '把 AllocEventID 取得的 ID 还给 evt 的池。',
			en: 'Gives an id from AllocEventID back to the pool of evt.',
		},
		source: DOC('ReleaseEventID'),
		run: (core, c) => pipeOf(c).ReleaseEventID(c.site(), String(c.targs[0]), c.args[0] as number),
	}),
];
