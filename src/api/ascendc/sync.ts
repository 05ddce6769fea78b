/**
 * Synchronization (asc-devkit 同步控制/核内同步 and 核间同步) and the data cache (缓存控制).
 * The simulator runs one call at a time on each core, so in-core barriers order nothing it does
 * not already order; they are traced for the pipe model to read. SyncAll waits for every block,
 * but the simulator runs blocks one after another: what a later block writes before the barrier
 * is not there for an earlier block after it, which the call reports.
 */
import { kernelApi, NO_COST, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { PIPES } from '../../sim/kernel/core-context.ts';
import { ascendCContextDoc, ascendCDoc } from '../sources.ts';

const DOC = (page: string) => ascendCDoc(`同步控制/核内同步/${page}.md`);
const group = 'ascendc-sync';

/** The sync rows. */
export const SYNC_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'PipeBarrier',
		group,
		signature: 'template <pipe_t pipe> __aicore__ inline void PipeBarrier()',
		cost: PER_STEP_COST,
		diagnostics: ['pipe-unknown'],
		doc: {
			zh: '等待 pipe 流水上已发出的指令全部完成后再继续（同一流水内的屏障）。',
			en: 'Waits until every instruction issued on pipe has finished (a barrier within one pipe).',
		},
		source: DOC('PipeBarrier(ISASI)'),
		run: (core, c) => core.PipeBarrier(c.site(), String(c.targs[0])),
	}),
	kernelApi({
		name: 'SetFlag',
		group,
		signature: 'template <HardEvent event> __aicore__ inline void SetFlag(int32_t eventID)',
		cost: PER_STEP_COST,
		diagnostics: ['event-unknown', 'event-id-out-of-range'],
		limits: [{ profile: 'kernel', key: 'queMaxEvent' }],
		doc: {
			zh: '在 event 的源流水上置起 eventID 号标志，通知目的流水可以继续。',
			en: 'Sets flag eventID on the source pipe of event, telling the destination pipe it may go on.',
		},
		source: DOC('SetFlag-WaitFlag(ISASI)'),
		run: (core, c) => core.SetFlag(c.site(), String(c.targs[0]), c.args[0] as number),
	}),
	kernelApi({
		name: 'WaitFlag',
		group,
		signature: 'template <HardEvent event> __aicore__ inline void WaitFlag(int32_t eventID)',
		cost: PER_STEP_COST,
		diagnostics: ['event-unknown', 'event-id-out-of-range', 'flag-wait-unset'],
		limits: [{ profile: 'kernel', key: 'queMaxEvent' }],
		doc: {
			zh: '目的流水等待 eventID 号标志被置起；从未 SetFlag 的标志会让 NPU 上的流水永远等下去。',
			en: 'The destination pipe waits for flag eventID; a flag never set makes the pipe wait forever on the NPU.',
		},
		source: DOC('SetFlag-WaitFlag(ISASI)'),
		run: (core, c) => core.WaitFlag(c.site(), String(c.targs[0]), c.args[0] as number),
	}),
	kernelApi({
		name: 'pipe_barrier',
		group,
		// The CCE intrinsic PipeBarrier wraps (cannmirror/asc-devkit:impl/basic_api, PipeBarrierImpl
		// calls pipe_barrier(pipe)); older samples call it directly, e.g. pipe_barrier(PIPE_ALL).
		signature: '__aicore__ inline void pipe_barrier(pipe_t pipe)',
		cost: PER_STEP_COST,
		diagnostics: ['pipe-unknown'],
		doc: {
			zh: 'PipeBarrier 底层的 CCE 内置函数，以函数参数给出流水，例如 pipe_barrier(PIPE_ALL)。',
			en: 'The CCE intrinsic under PipeBarrier, the pipe given as an argument, e.g. pipe_barrier(PIPE_ALL).',
		},
		source: DOC('PipeBarrier(ISASI)'),
		run: (core, c) => core.PipeBarrier(c.site(), pipeName(c.args[0]), true),
	}),
	...(['set_flag', 'wait_flag'] as const).map((name) =>
		kernelApi({
			name,
			group,
			// The CCE intrinsics under SetFlag/WaitFlag: the event is given as its source and
			// destination pipes (`set_flag(PIPE_MTE2, PIPE_V, id)` is `SetFlag<HardEvent::MTE2_V>(id)`);
			// operator code of cann-ops calls them directly.
			signature: `__aicore__ inline void ${name}(pipe_t pipe, pipe_t tpipe, event_t eventID)`,
			cost: PER_STEP_COST,
			diagnostics:
				name === 'set_flag'
					? ['event-unknown', 'event-id-out-of-range']
					: ['event-unknown', 'event-id-out-of-range', 'flag-wait-unset'],
			limits: [{ profile: 'kernel', key: 'queMaxEvent' }],
			doc:
				name === 'set_flag'
					? {
							zh: 'SetFlag 底层的 CCE 内置函数，以源流水和目的流水给出事件，例如 set_flag(PIPE_MTE2, PIPE_V, id)。',
							en: 'The CCE intrinsic under SetFlag, the event given as its source and destination pipes, e.g. set_flag(PIPE_MTE2, PIPE_V, id).',
						}
					: {
							zh: 'WaitFlag 底层的 CCE 内置函数，以源流水和目的流水给出事件，例如 wait_flag(PIPE_MTE2, PIPE_V, id)。',
							en: 'The CCE intrinsic under WaitFlag, the event given as its source and destination pipes, e.g. wait_flag(PIPE_MTE2, PIPE_V, id).',
						},
			source: DOC('SetFlag-WaitFlag(ISASI)'),
			run: (core, c) => {
				const pipes = [pipeName(c.args[0]), pipeName(c.args[1])] as const;
				const event = pipes.map((p) => p.replace(/^PIPE_/, '')).join('_');
				const id = c.args[2] as number;
				if (name === 'set_flag') core.SetFlag(c.site(), event, id, { name, pipes });
				else core.WaitFlag(c.site(), event, id, { name, pipes });
				return undefined;
			},
		}),
	),
	kernelApi({
		name: 'SyncAll',
		group,
		signature: [
			'template <bool isAIVOnly = true> __aicore__ inline void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, const int32_t usedCores = 0)',
			'template <bool isAIVOnly = true> __aicore__ inline void SyncAll()',
		],
		cost: PER_STEP_COST,
		diagnostics: ['sync-all-sequential'],
		doc: {
			zh: '全核同步：所有核都执行到这里之后才继续。模拟器按核的编号依次运行各核，因此之前编号更大的核在同步点之前写入的数据，对编号小的核在同步点之后不可见；调用时会给出提示。',
			en: 'Synchronises all cores: none goes on until every one has reached it. The simulator runs the cores one after another in block order, so what a higher block writes before the barrier is not there for a lower block after it; the call says so.',
		},
		source: ascendCDoc('同步控制/核间同步/SyncAll.md'),
		run: (core, c) => core.syncAll(c.site()),
	}),
	kernelApi({
		name: 'DataCacheCleanAndInvalid',
		group,
		signature: [
			'template <typename T, CacheLine entireType, DcciDst dcciDst> __aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst)',
			'template <typename T, CacheLine entireType, DcciDst dcciDst> __aicore__ inline void DataCacheCleanAndInvalid(const LocalTensor<T>& dst)',
			'template <typename T, CacheLine entireType> __aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst)',
		],
		cost: NO_COST,
		doc: {
			zh: '刷新并作废数据缓存，使标量读写与 GM 一致。模拟器没有数据缓存，标量读写直接访问 GM，调用只被记录。',
			en: 'Cleans and invalidates the data cache so scalar accesses agree with GM. The simulator has no data cache (scalar accesses go straight to GM); the call is only traced.',
		},
		source: ascendCContextDoc('DataCacheCleanAndInvalid'),
		run: (core, c) => {
			core.record(c.site(), c.name, [], 'void');
			return undefined;
		},
	}),
];

/** A pipe argument by name: `PIPE_ALL` reaches the semantics as its enum value or its name. */
function pipeName(v: unknown): string {
	if (typeof v === 'number') return PIPES[v] ?? String(v);
	return String(v);
}
