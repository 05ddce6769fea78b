/** Atomic operations (asc-devkit 原子操作). */
import { kernelApi, NO_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';

/** The atomic rows. */
export const ATOMIC_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'DisableDmaAtomic',
		group: 'ascendc-atomic',
		signature: '__aicore__ inline void DisableDmaAtomic()',
		// include/basic_api/kernel_operator_set_atomic_intf.h: "SetAtomicNone has been updated,
		// please use DisableDmaAtomic instead."
		aliases: ['SetAtomicNone'],
		cost: NO_COST,
		doc: {
			zh: '关闭搬运时的原子累加（旧名 SetAtomicNone）。模拟器不模拟原子累加，调用只被记录。',
			en: 'Turns off atomic accumulation on copies (old name SetAtomicNone). The simulator does not model atomics; the call is only counted.',
		},
		source: ascendCDoc('原子操作/DisableDmaAtomic.md'),
		run: () => undefined,
	}),
];
