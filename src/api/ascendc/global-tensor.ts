/** GlobalTensor: a typed window onto Global Memory (asc-devkit 数据结构/GlobalTensor). */
import { offsetGm, type GmPointer } from '../../sim/kernel/global-tensor.ts';
import { kernelApi, NO_COST, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCContextDoc, ascendCDoc } from '../sources.ts';
import { dtypeArg, globalOf } from './objects.ts';

const DOC = (page: string) => ascendCDoc(`数据结构/GlobalTensor/${page}.md`);
const group = 'ascendc-global-tensor';

/** The GlobalTensor rows. */
export const GLOBAL_TENSOR_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'GlobalTensor::GlobalTensor',
		group,
		signature: 'template <typename T> __aicore__ inline GlobalTensor()',
		cost: PER_STEP_COST,
		diagnostics: ['dtype-unknown'],
		doc: {
			zh: '声明一个元素类型为 T 的 GlobalTensor；调用 SetGlobalBuffer 之前它不指向任何地址。',
			en: 'Declares a GlobalTensor of element type T; it points nowhere until SetGlobalBuffer.',
		},
		source: DOC('GlobalTensor构造函数'),
		run: (core, c) => core.createGlobalTensor(c.site(), dtypeArg(c), c.declName),
	}),
	kernelApi({
		name: 'GlobalTensor::SetGlobalBuffer',
		group,
		signature: [
			'__aicore__ inline void SetGlobalBuffer(__gm__ PrimType* buffer, uint64_t bufferSize)',
			'__aicore__ inline void SetGlobalBuffer(__gm__ PrimType* buffer)',
		],
		cost: PER_STEP_COST,
		diagnostics: ['gm-out-of-bounds'],
		doc: {
			zh: '让 GlobalTensor 指向 buffer 起的 bufferSize 个元素；不给长度时 GetSize 返回 0。',
			en: 'Points the GlobalTensor at bufferSize elements from buffer; without a size, GetSize returns 0.',
		},
		source: DOC('SetGlobalBuffer'),
		run: (core, c) => {
			const ptr = c.args[0] as GmPointer | undefined;
			if (!ptr) return c.stop('null-dereference', { name: 'GM address' });
			globalOf(c).SetGlobalBuffer(c.site(), ptr, c.form === 0 ? (c.args[1] as number) : undefined);
			return undefined;
		},
	}),
	kernelApi({
		name: 'GlobalTensor::GetSize',
		group,
		signature: '__aicore__ inline uint64_t GetSize() const',
		cost: NO_COST,
		doc: {
			zh: 'SetGlobalBuffer 时给出的元素个数（没给则为 0）。',
			en: 'The element count given to SetGlobalBuffer (0 when none was given).',
		},
		source: DOC('GetSize'),
		run: (core, c) => globalOf(c).GetSize(),
	}),
	kernelApi({
		name: 'GlobalTensor::GetValue',
		group,
		signature: '__aicore__ inline __inout_pipe__(S) PrimType GetValue(const uint64_t offset) const',
		cost: PER_STEP_COST,
		diagnostics: ['global-tensor-unset', 'gm-out-of-bounds'],
		doc: {
			zh: '读出第 offset 个元素的值。',
			en: 'Reads element offset.',
		},
		source: DOC('GetValue'),
		run: (core, c) => globalOf(c).GetValue(c.site(), c.args[0] as number),
	}),
	kernelApi({
		name: 'GlobalTensor::SetValue',
		group,
		signature: '__aicore__ inline void SetValue(const uint64_t offset, PrimType value)',
		cost: PER_STEP_COST,
		diagnostics: ['global-tensor-unset', 'gm-out-of-bounds'],
		doc: {
			zh: '把 value 写入第 offset 个元素。',
			en: 'Writes value to element offset.',
		},
		source: DOC('SetValue'),
		run: (core, c) => globalOf(c).SetValue(c.site(), c.args[0] as number, c.args[1] as number),
	}),
	kernelApi({
		name: 'GlobalTensor::operator[]',
		group,
		signature: '__aicore__ inline GlobalTensor operator[](const uint64_t offset) const',
		cost: PER_STEP_COST,
		doc: {
			zh: '从第 offset 个元素开始的 GlobalTensor。',
			en: 'The GlobalTensor starting offset elements in.',
		},
		source: DOC('operator'),
		run: (core, c) => globalOf(c).at(c.site(), c.args[0] as number),
	}),
	kernelApi({
		name: 'GlobalTensor::GetPhyAddr',
		group,
		signature: [
			'__aicore__ inline const __gm__ PrimType* GetPhyAddr() const',
			'__aicore__ inline __gm__ PrimType* GetPhyAddr(const uint64_t offset) const',
		],
		cost: NO_COST,
		doc: {
			zh: 'GlobalTensor 指向的 GM 地址（或偏移 offset 个元素后的地址）。',
			en: 'The GM address the GlobalTensor points at (or offset elements further on).',
		},
		source: ascendCContextDoc('GetPhyAddr-0'),
		run: (core, c) => {
			const g = globalOf(c);
			if (!g.ptr) return c.stop('null-dereference', { name: `${g.name} (no SetGlobalBuffer)` });
			return c.form === 1 ? offsetGm(g.ptr, (c.args[0] as number) * g.dtype.bytes) : g.ptr;
		},
	}),
	kernelApi({
		name: 'GlobalTensor::SetL2CacheHint',
		group,
		signature:
			'template<CacheRwMode rwMode = CacheRwMode::RW> __aicore__ inline void SetL2CacheHint(CacheMode mode)',
		cost: NO_COST,
		doc: {
			zh: '设置这块 GM 数据在 L2 Cache 中的缓存方式。模拟器没有 L2 Cache，调用只被记录。',
			en: 'Sets how this GM data is cached in L2. The simulator has no L2 cache; the call is only traced.',
		},
		source: ascendCContextDoc('SetL2CacheHint'),
		run: (core, c) => {
			core.record(c.site(), `${globalOf(c).name}.SetL2CacheHint`, [String(c.args[0])], 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'GlobalTensor::operator()',
		group,
		signature:
			'__aicore__ inline __inout_pipe__(S) PrimType& operator()(const uint64_t offset) const',
		cost: PER_STEP_COST,
		diagnostics: ['global-tensor-unset', 'gm-out-of-bounds'],
		doc: {
			zh: '读出第 offset 个元素（与 GetValue 相同）。模拟器只支持读取，不支持对它赋值。',
			en: 'Reads element offset (as GetValue does). The simulator supports reading it, not assigning to it.',
		},
		source: ascendCContextDoc('operator()-2'),
		run: (core, c) => globalOf(c).GetValue(c.site(), c.args[0] as number),
	}),
];
