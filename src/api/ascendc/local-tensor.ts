/** LocalTensor: a tensor over on-chip memory (asc-devkit 数据结构/LocalTensor). */
import { staticTensor } from '../../sim/kernel/local-mem-allocator.ts';
import { TPOSITION_VALUES } from '../../sim/kernel/tposition.ts';
import { kernelApi, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCContextDoc, ascendCDoc } from '../sources.ts';
import { dtypeArg, localOf } from './objects.ts';

const DOC = (page: string) => ascendCDoc(`数据结构/LocalTensor/${page}.md`);
const group = 'ascendc-local-tensor';

/** The LocalTensor rows. */
export const LOCAL_TENSOR_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'LocalTensor::LocalTensor',
		group,
		signature:
			'template <typename T> __aicore__ inline LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize)',
		cost: PER_STEP_COST,
		diagnostics: ['address-unaligned', 'memory-out-of-range', 'dtype-unknown'],
		// The page's 是否支持C++ Tensor编程 table (static tensors).
		products: ['atlas-a2', 'atlas-a3', 'atlas-inference-aicore', 'atlas-inference-vectorcore'],
		doc: {
			zh: '静态 Tensor 编程：直接在 pos 对应的物理存储中，从字节地址 addr 起构造 tileSize 个元素的 LocalTensor（addr 需 32 字节对齐，addr 加上所占字节数不能超出该存储）。不经过 TPipe，也不会被释放。',
			en: 'Static-tensor programming: a LocalTensor of tileSize elements built directly at byte address addr of the memory pos is on (addr must be 32-byte aligned, and addr plus its bytes must fit the memory). No TPipe is involved, and it is never freed.',
		},
		source: DOC('LocalTensor构造函数'),
		run: (core, c) => {
			const site = c.site();
			const given = c.args[0];
			const named =
				typeof given === 'number'
					? Object.keys(TPOSITION_VALUES).find(
							(k) => TPOSITION_VALUES[k as keyof typeof TPOSITION_VALUES] === given,
						)
					: String(given);
			const pos = core.parsePosition(site, named ?? String(given)) ?? 'VECCALC';
			const dtype = core.requireDType(site, dtypeArg(c));
			const name = c.declName ?? 'static';
			const t = staticTensor(core, name, 0, pos, Number(c.args[1]), Number(c.args[2]), dtype);
			core.record(
				site,
				`LocalTensor<${dtype.name}>`,
				[pos, String(c.args[1]), String(c.args[2])],
				t.describe(),
			);
			return t;
		},
	}),
	kernelApi({
		name: 'LocalTensor::GetSize',
		group,
		signature: '__aicore__ inline uint32_t GetSize() const',
		cost: PER_STEP_COST,
		doc: { zh: 'tensor 的元素个数。', en: 'The number of elements of the tensor.' },
		source: DOC('GetSize'),
		run: (core, c) => localOf(c).GetSize(c.site()),
	}),
	kernelApi({
		name: 'LocalTensor::GetLength',
		group,
		signature: '__aicore__ inline uint32_t GetLength() const',
		cost: PER_STEP_COST,
		doc: { zh: 'tensor 占用的字节数。', en: 'The bytes the tensor spans.' },
		source: DOC('GetLength'),
		run: (core, c) => localOf(c).GetLength(c.site()),
	}),
	kernelApi({
		name: 'LocalTensor::GetPhyAddr',
		group,
		signature: [
			'__aicore__ inline uint64_t GetPhyAddr() const',
			'__aicore__ inline uint64_t GetPhyAddr(const uint32_t offset) const',
		],
		cost: PER_STEP_COST,
		doc: {
			zh: 'tensor 在所在存储中的起始地址，或偏移 offset 个元素后的地址（模拟器按元素计偏移）。',
			en: 'The tensor’s start address in its memory, or the address offset elements further on (the simulator counts the offset in elements).',
		},
		source: DOC('GetPhyAddr'),
		run: (core, c) => {
			const t = localOf(c);
			const base = t.GetPhyAddr(c.site());
			return c.form === 1 ? base + (c.args[0] as number) * t.dtype.bytes : base;
		},
	}),
	kernelApi({
		name: 'LocalTensor::ReinterpretCast',
		group,
		signature:
			'template <typename CAST_T> __aicore__ inline LocalTensor<CAST_T> ReinterpretCast() const',
		cost: PER_STEP_COST,
		diagnostics: ['dtype-unknown'],
		doc: {
			zh: '把同一段字节看作另一种元素类型的 tensor。',
			en: 'Sees the same bytes as a tensor of another element type.',
		},
		source: DOC('ReinterpretCast'),
		run: (core, c) => localOf(c).ReinterpretCast(c.site(), dtypeArg(c)),
	}),
	kernelApi({
		name: 'LocalTensor::GetValue',
		group,
		signature: '__aicore__ inline __inout_pipe__(S) PrimType GetValue(const uint32_t index) const',
		cost: PER_STEP_COST,
		diagnostics: ['tensor-out-of-bounds', 'tensor-use-after-free'],
		doc: {
			zh: '读出第 index 个元素的值（标量读取，走 S 流水）。',
			en: 'Reads element index (a scalar access on the S pipe).',
		},
		source: DOC('GetValue'),
		run: (core, c) => localOf(c).GetValue(c.site(), c.args[0] as number),
	}),
	kernelApi({
		name: 'LocalTensor::SetValue',
		group,
		signature:
			'template <typename T1> __aicore__ inline __inout_pipe__(S) void SetValue(const uint32_t index, const T1 value) const',
		cost: PER_STEP_COST,
		diagnostics: ['tensor-out-of-bounds', 'tensor-use-after-free'],
		doc: {
			zh: '把 value 写入第 index 个元素。',
			en: 'Writes value to element index.',
		},
		source: DOC('SetValue'),
		run: (core, c) => localOf(c).SetValue(c.site(), c.args[0] as number, c.args[1] as number),
	}),
	kernelApi({
		name: 'LocalTensor::operator[]',
		group,
		signature: '__aicore__ inline LocalTensor operator[](const uint32_t offset) const',
		cost: PER_STEP_COST,
		diagnostics: ['tensor-out-of-bounds'],
		doc: {
			zh: '从第 offset 个元素开始的子 tensor，与原 tensor 共用同一块 buffer。',
			en: 'The sub-tensor starting offset elements in, on the same buffer.',
		},
		source: DOC('operator'),
		run: (core, c) => localOf(c).at(c.site(), c.args[0] as number),
	}),
	kernelApi({
		name: 'LocalTensor::GetPosition',
		group,
		signature: '__aicore__ inline int32_t GetPosition() const',
		cost: PER_STEP_COST,
		doc: {
			zh: 'tensor 所在的逻辑位置（TPosition 的值，例如 VECIN 为 9）。',
			en: 'The tensor’s logical position (a TPosition value; VECIN is 9).',
		},
		source: DOC('GetPosition'),
		run: (core, c) => {
			const t = localOf(c);
			core.record(c.site(), `${t.describe()}.GetPosition`, [], t.position);
			return TPOSITION_VALUES[t.position];
		},
	}),
	kernelApi({
		name: 'LocalTensor::operator()',
		group,
		signature:
			'__aicore__ inline __inout_pipe__(S) __ubuf__ PrimType& operator()(const uint32_t offset) const',
		cost: PER_STEP_COST,
		diagnostics: ['tensor-out-of-bounds', 'tensor-use-after-free'],
		doc: {
			zh: '第 offset 个元素的引用：读取与 GetValue 相同，赋值（t(i) = x）与 SetValue 相同，都是标量访问。',
			en: 'A reference to element offset: reading it is GetValue, assigning to it (t(i) = x) is SetValue, both scalar accesses.',
		},
		source: ascendCContextDoc('operator()'),
		run: (core, c) => localOf(c).GetValue(c.site(), c.args[0] as number),
	}),
	kernelApi({
		name: 'LocalTensor::SetSize',
		group,
		signature: '__aicore__ inline void SetSize(const uint32_t size)',
		cost: PER_STEP_COST,
		diagnostics: ['tensor-out-of-bounds'],
		doc: {
			zh: '改变 tensor 的元素个数（之后 GetSize 返回它，矢量指令按它检查范围）；超过所在块的大小时给出警告。',
			en: 'Changes the tensor’s element count (GetSize returns it, and vector calls check against it); a size past its block is warned about.',
		},
		source: DOC('SetSize'),
		run: (core, c) => {
			core.setTensorSize(c.site(), localOf(c), Number(c.args[0]));
			return undefined;
		},
	}),
];
