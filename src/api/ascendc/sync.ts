/** Synchronization inside a core (asc-devkit 同步控制/核内同步). */
import { kernelApi, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';

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
];
