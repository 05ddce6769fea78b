/** Data movement: DataCopy between GM and UB and within UB (asc-devkit Memory矢量计算/数据搬运). */
import type { GlobalTensor } from '../../sim/kernel/global-tensor.ts';
import type { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { kernelApi, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';

const DOC = (page: string) => ascendCDoc(`Memory矢量计算/数据搬运/${page}.md`);

type Tensor = LocalTensor | GlobalTensor;

/** The data movement rows. */
export const DATA_MOVEMENT_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'DataCopy',
		group: 'ascendc-data-movement',
		signature: [
			'template <typename T> __aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count)',
			'template <typename T> __aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count)',
			'template <typename T> __aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count)',
		],
		cost: PER_STEP_COST,
		diagnostics: [
			'datacopy-round-down',
			'tensor-position-unsupported',
			'tensor-dtype-mismatch',
			'address-unaligned',
			'tensor-out-of-bounds',
			'gm-out-of-bounds',
			'global-tensor-unset',
			'tensor-use-after-free',
		],
		doc: {
			zh: '连续搬运 count 个元素：GM 到 UB、UB 到 GM，或 UB 内部。count * sizeof(T) 必须是 32 字节的整数倍，否则实际搬运量会被悄悄向下取整。',
			en: 'Copies count contiguous elements GM → UB, UB → GM or within UB. count * sizeof(T) must be a multiple of 32 bytes; otherwise the amount copied is silently rounded down.',
		},
		source: DOC('GM与UB数据搬运/GM与UB连续数据搬运(DataCopy)'),
		run: (core, c) =>
			core.DataCopy(c.site(), c.args[0] as Tensor, c.args[1] as Tensor, c.args[2] as number),
	}),
];
