/**
 * TQue and TQueBind: the queues that hand buffers between copy and compute
 * (asc-devkit 资源管理/Pipe和Que框架/TQue, TQueBind). TQue is the short form of TQueBind, so every
 * member function is one row named `TQue::…` with a `TQueBind::…` alias; a call is traced under
 * the class the program declared.
 */
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import {
	kernelApi,
	PER_STEP_COST,
	type ApiDiagnosticCode,
	type ApiRowInput,
	type KernelApiRow,
} from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import { dtypeArg, queueOf } from './objects.ts';

const DOC = (page: string) => ascendCDoc(`资源管理/Pipe和Que框架/${page}.md`);

/** Diagnostics of the calls that take or give back a buffer. */
const BUFFER_RULES: readonly ApiDiagnosticCode[] = ['tposition-buffer-count', 'tque-buffer-limit'];

/** A member function of both classes: named `TQue::<member>`, aliased `TQueBind::<member>`. */
function queueApi(
	member: string,
	input: Omit<ApiRowInput<CoreContext>, 'name' | 'group' | 'aliases' | 'cost'>,
): KernelApiRow {
	return kernelApi({
		...input,
		name: `TQue::${member}`,
		aliases: [`TQueBind::${member}`],
		group: 'ascendc-tque',
		cost: PER_STEP_COST,
	});
}

/** The TQue / TQueBind rows. */
export const TQUE_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'TQue::TQue',
		group: 'ascendc-tque',
		signature: 'template <TPosition pos, int32_t depth> __aicore__ inline TQue()',
		cost: PER_STEP_COST,
		diagnostics: ['position-unsupported'],
		doc: {
			zh: '声明一个位于 pos 的队列；depth 是不经 DeQue 可以连续 EnQue 的次数，与是否双缓冲无关。',
			en: 'Declares a queue on pos; depth is how many EnQue calls may follow one another without a DeQue (it has nothing to do with double buffering).',
		},
		source: DOC('TQue/TQue简介'),
		run: (core, c) =>
			core.createTQue(
				c.site(),
				String(c.targs[0] ?? 'VECCALC'),
				(c.targs[1] as number | undefined) || 1,
				c.declName,
			),
	}),
	kernelApi({
		name: 'TQueBind::TQueBind',
		group: 'ascendc-tque',
		signature:
			'template <TPosition src, TPosition dst, int32_t depth> __aicore__ inline TQueBind()',
		cost: PER_STEP_COST,
		diagnostics: ['position-unsupported'],
		doc: {
			zh: '声明一个绑定源位置和目的位置的队列，框架据此决定 buffer 放在哪块存储、用哪些同步事件。',
			en: 'Declares a queue bound to a source and a destination position; from them the framework picks the memory and the sync events.',
		},
		source: DOC('TQueBind/TQueBind构造函数'),
		run: (core, c) =>
			core.createTQueBind(
				c.site(),
				String(c.targs[0] ?? 'VECCALC'),
				String(c.targs[1] ?? 'VECCALC'),
				(c.targs[2] as number | undefined) || 1,
				c.declName,
			),
	}),
	queueApi('AllocTensor', {
		signature: [
			'template <typename T> __aicore__ inline LocalTensor<T> AllocTensor()',
			'template <typename T> __aicore__ inline void AllocTensor(LocalTensor<T>& tensor)',
		],
		out: ['tensor'],
		diagnostics: ['tque-not-initialized', 'tque-no-free-block', ...BUFFER_RULES],
		limits: [{ profile: 'kernel', key: 'queMaxEvent' }],
		doc: {
			zh: '从队列中取一块空闲 buffer，作为 LocalTensor 返回（原地形式写入传入的 tensor）。每个逻辑位置上同时在用的 buffer 数受同步事件 ID 数量限制。',
			en: 'Takes a free buffer of the queue as a LocalTensor (the in-place form fills the tensor passed in). How many buffers one position can have in use at once is bounded by the number of sync event ids.',
		},
		source: DOC('TQue/AllocTensor'),
		run: (core, c) => {
			const t = queueOf(c).AllocTensor(c.site(), dtypeArg(c));
			if (c.form === 0) return t;
			c.out(0, t);
			return undefined;
		},
	}),
	queueApi('FreeTensor', {
		signature: 'template <typename T> __aicore__ inline void FreeTensor(LocalTensor<T>& tensor)',
		diagnostics: ['tensor-double-free', 'tensor-foreign-queue', ...BUFFER_RULES],
		limits: [{ profile: 'kernel', key: 'queMaxEvent' }],
		doc: {
			zh: '把 tensor 的 buffer 还给队列；buffer 要等它的同步事件完成才能再次使用。',
			en: 'Gives the tensor’s buffer back to the queue; the buffer is reused only after its sync event.',
		},
		source: DOC('TQue/FreeTensor'),
		run: (core, c) => queueOf(c).FreeTensor(c.site(), c.args[0] as LocalTensor),
	}),
	queueApi('EnQue', {
		signature: 'template <typename T> __aicore__ inline bool EnQue(const LocalTensor<T>& tensor)',
		diagnostics: [
			'que-depth-exceeded',
			'tensor-enque-state',
			'tensor-foreign-queue',
			...BUFFER_RULES,
		],
		doc: {
			zh: '把 tensor 放入队列，交给下一阶段；超过队列深度的 EnQue 会失败。',
			en: 'Puts the tensor into the queue for the next stage; an EnQue past the queue depth fails.',
		},
		source: DOC('TQue/EnQue'),
		run: (core, c) => queueOf(c).EnQue(c.site(), c.args[0] as LocalTensor),
	}),
	queueApi('DeQue', {
		signature: [
			'template <typename T> __aicore__ inline LocalTensor<T> DeQue()',
			'template <typename T> __aicore__ inline void DeQue(LocalTensor<T>& tensor)',
		],
		out: ['tensor'],
		diagnostics: ['deque-empty', ...BUFFER_RULES],
		doc: {
			zh: '从队列取出最早入队的 tensor；队列为空时核会一直等待。',
			en: 'Takes the oldest enqueued tensor out of the queue; with nothing enqueued the core waits forever.',
		},
		source: DOC('TQue/DeQue'),
		run: (core, c) => {
			const t = queueOf(c).DeQue(c.site(), dtypeArg(c));
			if (c.form === 0) return t;
			c.out(0, t);
			return undefined;
		},
	}),
	queueApi('VacantInQue', {
		signature: '__aicore__ inline bool VacantInQue()',
		doc: {
			zh: '队列是否还能再 EnQue 一个 tensor。',
			en: 'Whether the queue can take one more EnQue.',
		},
		source: DOC('TQue/VacantInQue'),
		run: (core, c) => queueOf(c).VacantInQue(c.site()),
	}),
	queueApi('HasTensorInQue', {
		signature: '__aicore__ inline bool HasTensorInQue()',
		doc: {
			zh: '队列里是否有已入队的 tensor。',
			en: 'Whether the queue holds an enqueued tensor.',
		},
		source: DOC('TQue/HasTensorInQue'),
		run: (core, c) => queueOf(c).HasTensorInQue(c.site()),
	}),
	queueApi('GetTensorCountInQue', {
		signature: '__aicore__ inline int32_t GetTensorCountInQue()',
		doc: {
			zh: '队列里已入队的 tensor 个数。',
			en: 'How many tensors the queue holds.',
		},
		source: DOC('TQue/GetTensorCountInQue'),
		run: (core, c) => queueOf(c).GetTensorCountInQue(c.site()),
	}),
	queueApi('HasIdleBuffer', {
		signature: '__aicore__ inline bool HasIdleBuffer()',
		doc: {
			zh: '队列是否还有空闲 buffer 可供 AllocTensor。',
			en: 'Whether the queue has a free buffer for AllocTensor.',
		},
		source: DOC('TQue/HasIdleBuffer'),
		run: (core, c) => queueOf(c).HasIdleBuffer(c.site()),
	}),
	queueApi('FreeAllEvent', {
		signature: '__aicore__ inline void FreeAllEvent()',
		doc: {
			zh: '释放队列占用的全部同步事件 ID，队列不再使用时调用，可为同一位置上的其他队列腾出 ID。',
			en: 'Releases every sync event id the queue holds; call it when the queue is done, to leave ids for other queues on the position.',
		},
		source: DOC('TQueBind/FreeAllEvent'),
		run: (core, c) => queueOf(c).FreeAllEvent(c.site()),
	}),
];
