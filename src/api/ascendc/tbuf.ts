/** TBuf: single-block temporaries (asc-devkit 资源管理/Pipe和Que框架/TBuf). */
import { kernelApi, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';
import { dtypeArg, tbufOf } from './objects.ts';

const DOC = (page: string) => ascendCDoc(`资源管理/Pipe和Que框架/TBuf/${page}.md`);

/** The TBuf rows. */
export const TBUF_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'TBuf::TBuf',
		group: 'ascendc-tbuf',
		signature: 'template <TPosition pos = TPosition::LCM> __aicore__ inline TBuf()',
		cost: PER_STEP_COST,
		diagnostics: ['position-unsupported'],
		doc: {
			zh: '声明一个存放临时变量的 TBuf，默认位置是 VECCALC（即 LCM）。',
			en: 'Declares a TBuf for temporaries; the default position is VECCALC (alias LCM).',
		},
		source: DOC('TBuf构造函数'),
		run: (core, c) => core.createTBuf(c.site(), String(c.targs[0] ?? 'VECCALC'), c.declName),
	}),
	kernelApi({
		name: 'TBuf::Get',
		group: 'ascendc-tbuf',
		signature: [
			'template <typename T> __aicore__ inline LocalTensor<T> Get()',
			'template <typename T> __aicore__ inline LocalTensor<T> Get(uint32_t len)',
		],
		cost: PER_STEP_COST,
		diagnostics: ['tque-not-initialized', 'tbuf-get-length', 'dtype-unknown'],
		doc: {
			zh: '取得 TBuf 整块（或前 len 个元素）的 LocalTensor；len * sizeof(T) 不能超过初始化的长度，用完不需要释放。',
			en: 'Returns a LocalTensor over the whole TBuf (or its first len elements); len * sizeof(T) must fit the initialised length, and nothing needs freeing.',
		},
		source: DOC('Get'),
		run: (core, c) =>
			tbufOf(c).Get(c.site(), dtypeArg(c), c.form === 1 ? (c.args[0] as number) : undefined),
	}),
	kernelApi({
		name: 'TBuf::GetWithOffset',
		group: 'ascendc-tbuf',
		signature:
			'template <typename T> __aicore__ inline LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset)',
		cost: PER_STEP_COST,
		diagnostics: ['tque-not-initialized', 'tbuf-get-length', 'dtype-unknown'],
		doc: {
			zh: '从 TBuf 中字节偏移 bufOffset 处取 size 个元素的 LocalTensor；偏移加长度不能超过初始化的长度。',
			en: 'A LocalTensor of size elements at byte offset bufOffset of the TBuf; the offset plus the length must fit the initialised length.',
		},
		source: DOC('GetWithOffset'),
		run: (core, c) =>
			core.tbufGet(c.site(), tbufOf(c), dtypeArg(c), c.args[0] as number, c.args[1] as number),
	}),
];
