/**
 * Atomic operations (asc-devkit 原子操作): while SetAtomicAdd/Max/Min is on, every copy a core
 * makes into GM (DataCopy, DataCopyPad, Fixpipe) combines with what GM holds, in the element type
 * the call names, until SetAtomicNone / DisableDmaAtomic (sim/kernel/atomic-store.ts).
 */
import { dtypeOf } from '../../sim/kernel/dtype.ts';
import { kernelApi, NO_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import { ascendCContextDoc, ascendCDoc } from '../sources.ts';
import { dtypeArg } from './objects.ts';

const group = 'ascendc-atomic';
const ATOMIC_TYPES = ['float', 'half', 'int16_t', 'int32_t', 'int8_t', 'bfloat16_t'];

/** Turns an atomic mode on for the element type the call names. */
function atomicOn(op: 'add' | 'max' | 'min') {
	return (core: CoreContext, c: ApiCall): undefined => {
		const name = dtypeArg(c);
		const dtype = dtypeOf(name) ?? core.requireDType(c.site(), name);
		core.atomic = { op, dtype };
		core.record(c.site(), `${c.name}<${dtype.name}>`, [], 'void');
		return undefined;
	};
}

/** The atomic rows. */
export const ATOMIC_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'DisableDmaAtomic',
		group,
		signature: '__aicore__ inline void DisableDmaAtomic()',
		// include/basic_api/kernel_operator_set_atomic_intf.h: "SetAtomicNone has been updated,
		// please use DisableDmaAtomic instead."
		aliases: ['SetAtomicNone'],
		cost: NO_COST,
		doc: {
			zh: '关闭搬运时的原子操作（旧名 SetAtomicNone），之后搬到 GM 的数据直接覆盖原值。',
			en: 'Turns atomic copies off (old name SetAtomicNone): copies into GM overwrite again.',
		},
		source: ascendCDoc('原子操作/DisableDmaAtomic.md'),
		run: (core, c) => {
			core.atomic = undefined;
			core.record(c.site(), c.name, [], 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'SetAtomicAdd',
		group,
		signature: 'template <typename T> __aicore__ inline void SetAtomicAdd()',
		cost: NO_COST,
		diagnostics: ['dtype-unknown'],
		doc: {
			zh: `打开原子累加：之后搬到 GM 的每个元素都按 T 类型与 GM 中的原值相加（T 为 ${ATOMIC_TYPES.join('/')} 之一）。多个核向同一块 GM 累加时，模拟器按核的编号依次累加；真实设备上到达顺序不定，浮点和可能在最后几位不同。`,
			en: `Turns atomic add on: every element copied into GM afterwards is added, as T, to what GM holds (T one of ${ATOMIC_TYPES.join('/')}). When several cores add into the same GM, the simulator adds in block order; on the device the order of arrival varies, which may change floating-point sums in the last bits.`,
		},
		source: ascendCContextDoc('SetAtomicAdd'),
		run: atomicOn('add'),
	}),
	kernelApi({
		name: 'SetAtomicMax',
		group,
		signature: 'template <typename T> __aicore__ inline void SetAtomicMax()',
		cost: NO_COST,
		diagnostics: ['dtype-unknown'],
		doc: {
			zh: '打开原子取最大值：之后搬到 GM 的每个元素都与原值比较，保留较大者。',
			en: 'Turns atomic max on: every element copied into GM keeps the larger of it and what GM holds.',
		},
		source: ascendCContextDoc('SetAtomicMax(ISASI)'),
		run: atomicOn('max'),
	}),
	kernelApi({
		name: 'SetAtomicMin',
		group,
		signature: 'template <typename T> __aicore__ inline void SetAtomicMin()',
		cost: NO_COST,
		diagnostics: ['dtype-unknown'],
		doc: {
			zh: '打开原子取最小值：之后搬到 GM 的每个元素都与原值比较，保留较小者。',
			en: 'Turns atomic min on: every element copied into GM keeps the smaller of it and what GM holds.',
		},
		source: ascendCContextDoc('SetAtomicMin(ISASI)'),
		run: atomicOn('min'),
	}),
	kernelApi({
		name: 'SetAtomicType',
		group,
		signature: 'template <typename T> __aicore__ inline void SetAtomicType()',
		cost: NO_COST,
		diagnostics: ['dtype-unknown'],
		doc: {
			zh: '只改变原子操作的元素类型，保持当前的原子模式。',
			en: 'Changes only the element type of the current atomic mode.',
		},
		source: ascendCContextDoc('SetAtomicType'),
		run: (core, c) => {
			const dtype = core.requireDType(c.site(), dtypeArg(c));
			if (core.atomic) core.atomic = { op: core.atomic.op, dtype };
			core.record(c.site(), `${c.name}<${dtype.name}>`, [], 'void');
			return undefined;
		},
	}),
];
