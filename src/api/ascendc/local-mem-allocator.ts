/**
 * LocalMemAllocator: memory for static-tensor programming, with no TPipe and no queue
 * (asc-devkit 资源管理/内存管理/LocalMemAllocator, product tables at 0da921b9: Atlas A2/A3 and the
 * Atlas inference series, AI Core and Vector Core; not the training series nor 200I/500 A2).
 * The semantics is src/sim/kernel/local-mem-allocator.ts.
 */
import { LocalMemAllocator } from '../../sim/kernel/local-mem-allocator.ts';
import type { ProductId } from '../../sim/product-id.ts';
import { kernelApi, PER_STEP_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';
import { dtypeArg } from './objects.ts';

const DOC = (page: string) => ascendCDoc(`资源管理/内存管理/LocalMemAllocator/${page}.md`);

/** The products Alloc.md and its siblings mark 支持. */
const PRODUCTS: readonly ProductId[] = [
	'atlas-a2',
	'atlas-a3',
	'atlas-inference-aicore',
	'atlas-inference-vectorcore',
];

const group = 'ascendc-local-mem-allocator';

function allocatorOf(call: ApiCall): LocalMemAllocator {
	return call.self instanceof LocalMemAllocator
		? call.self
		: call.stop('null-dereference', { name: 'LocalMemAllocator' });
}

/**
 * The four Alloc forms: the tile size as a template argument or as the argument, each with or
 * without the logical position first.
 */
const ALLOC_FORMS = [
	'template <class DataType, uint32_t tileSize> LocalTensor<DataType> __aicore__ inline Alloc()',
	'template <TPosition pos, class DataType, uint32_t tileSize> __aicore__ inline LocalTensor<DataType> Alloc()',
	'template <class DataType> LocalTensor<DataType> __aicore__ inline Alloc(uint32_t tileSize)',
	'template <TPosition pos, class DataType> LocalTensor<DataType> __aicore__ inline Alloc(uint32_t tileSize)',
];

/** The LocalMemAllocator rows. */
export const LOCAL_MEM_ALLOCATOR_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'LocalMemAllocator::LocalMemAllocator',
		group,
		signature: 'template <Hardware hard> __aicore__ inline LocalMemAllocator()',
		cost: PER_STEP_COST,
		diagnostics: ['position-unsupported'],
		products: PRODUCTS,
		doc: {
			zh: '为一个物理存储（UB、L1、L0A、L0B、L0C、BIAS、FIXBUF）创建静态 Tensor 分配器，当前地址从 0 开始；不能与 TPipe 混用。',
			en: 'Creates the static-tensor allocator of one physical memory (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF), its address starting at 0; not to be mixed with TPipe.',
		},
		source: DOC('LocalMemAllocator构造函数'),
		run: (core, c) => core.createLocalMemAllocator(c.site(), c.targs[0] ?? 'UB', c.declName),
	}),
	kernelApi({
		name: 'LocalMemAllocator::GetCurAddr',
		group,
		signature: '__aicore__ inline uint32_t GetCurAddr() const',
		cost: PER_STEP_COST,
		products: PRODUCTS,
		doc: {
			zh: '返回下一次 Alloc 的起始地址（已分配的字节数）；物理存储大小减去它就是剩余空间。',
			en: 'The address the next Alloc starts at (the bytes handed out so far); the memory’s size minus it is the space left.',
		},
		source: DOC('GetCurAddr-72'),
		run: (_core, c) => allocatorOf(c).head,
	}),
	kernelApi({
		name: 'LocalMemAllocator::Alloc',
		group,
		signature: ALLOC_FORMS,
		cost: PER_STEP_COST,
		diagnostics: ['local-mem-allocator-full', 'position-unsupported', 'dtype-unknown'],
		products: PRODUCTS,
		doc: {
			zh: '在当前地址取 tileSize 个元素的 LocalTensor，地址随之后移 tileSize × sizeof(T) 字节（不做 32 字节对齐）；不给逻辑位置时按物理位置取默认值（UB 为 VECCALC）。',
			en: 'A LocalTensor of tileSize elements at the current address, which then moves on by tileSize × sizeof(T) bytes (no 32-byte rounding); without a logical position, the memory’s default one (VECCALC on UB).',
		},
		source: DOC('Alloc'),
		run: (_core, c) => {
			const withPos = c.form === 1 || c.form === 3;
			const type = dtypeArg(c, withPos ? 1 : 0);
			const size = c.form < 2 ? Number(c.targs[withPos ? 2 : 1] ?? 0) : Number(c.args[0]);
			const pos = withPos ? c.targs[0] : undefined;
			return allocatorOf(c).alloc(
				c.site(),
				type,
				size,
				pos === undefined ? undefined : String(pos),
			);
		},
	}),
];
