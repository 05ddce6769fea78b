/**
 * The vector mask register and its mode (asc-devkit Memory矢量计算/掩码操作), and the
 * int32_t → half scale Cast uses (SetDeqScale). A vector call whose isSetMask template argument is
 * false reads the register instead of its mask argument; SetMaskCount makes the register's low
 * 64 bits an element count for the whole call (Counter mode), SetMaskNorm restores the per-repeat
 * mask (Normal mode).
 */
import { ALL_ONES, toWord } from '../../sim/kernel/vector-shape.ts';
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import { kernelApi, NO_COST, type ApiCall, type KernelApiRow } from '../api-row.ts';
import { ascendCContextDoc, ascendCDoc } from '../sources.ts';

const group = 'ascendc-vector-arithmetic';

/** MaskMode::COUNTER as the MaskMode enum numbers it (api-structs.ts). */
const COUNTER = 1;

/** The register bits of a lane count in Normal mode: the first `len` lanes. */
function lanesToBits(len: number): [bigint, bigint] {
	const n = Math.max(0, Math.min(128, Math.trunc(len)));
	const bits = (k: number) => (k >= 64 ? ALL_ONES : (1n << BigInt(k)) - 1n);
	return [bits(Math.min(64, n)), bits(Math.max(0, n - 64))];
}

function setMask(core: CoreContext, c: ApiCall): undefined {
	const counter = c.targs[1] === COUNTER;
	if (c.form === 0) {
		core.mask.hi = toWord(c.args[0]);
		core.mask.lo = toWord(c.args[1]);
	} else if (counter) {
		core.mask.lo = toWord(c.args[0]);
		core.mask.hi = 0n;
	} else {
		[core.mask.lo, core.mask.hi] = lanesToBits(Number(c.args[0]));
	}
	core.record(c.site(), c.name, c.args.map(String), 'void');
	return undefined;
}

/** The mask register rows. */
export const VECTOR_MASK_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'SetVectorMask',
		group,
		signature: [
			'template <typename T, MaskMode mode = MaskMode::NORMAL> __aicore__ static inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow)',
			'template <typename T, MaskMode mode = MaskMode::NORMAL> __aicore__ static inline void SetVectorMask(int32_t len)',
		],
		cost: NO_COST,
		doc: {
			zh: '设置 mask 寄存器：Normal 模式下 maskHigh/maskLow 是每次迭代逐比特的掩码，len 表示每次迭代前 len 个元素；Counter 模式下（模板参数 mode 为 COUNTER，配合 SetMaskCount）maskLow 或 len 是整个计算的元素个数。之后 isSetMask 为 false 的矢量指令使用它。',
			en: 'Sets the mask register: in Normal mode maskHigh/maskLow are the per-repeat bit mask and len selects the first len elements of each repeat; in Counter mode (template mode COUNTER, with SetMaskCount) maskLow or len is the element count of the whole call. Vector calls with isSetMask false use it.',
		},
		source: ascendCContextDoc('SetVectorMask'),
		run: setMask,
	}),
	kernelApi({
		name: 'SetMaskCount',
		group,
		signature: '__aicore__ inline void SetMaskCount()',
		cost: NO_COST,
		doc: {
			zh: '切换到 Counter 模式：mask 的低 64 位表示整个计算参与的元素个数，repeatTime 不再生效。',
			en: 'Switches to Counter mode: the mask’s low 64 bits count the elements of the whole call, and repeatTime no longer applies.',
		},
		source: ascendCContextDoc('SetMaskCount'),
		run: (core, c) => {
			core.mask.counter = true;
			core.record(c.site(), c.name, [], 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'SetMaskNorm',
		group,
		signature: '__aicore__ inline void SetMaskNorm()',
		cost: NO_COST,
		doc: {
			zh: '切换回默认的 Normal 模式：mask 控制每次迭代内哪些元素参与计算。',
			en: 'Switches back to the default Normal mode: the mask selects the elements of each repeat.',
		},
		source: ascendCContextDoc('SetMaskNorm'),
		run: (core, c) => {
			core.mask.counter = false;
			core.record(c.site(), c.name, [], 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'ResetMask',
		group,
		signature: '__aicore__ inline void ResetMask()',
		cost: NO_COST,
		doc: {
			zh: '把 mask 寄存器恢复为全 1：每次迭代内所有元素都参与计算。',
			en: 'Resets the mask register to all ones: every element of each repeat takes part.',
		},
		source: ascendCContextDoc('ResetMask'),
		run: (core, c) => {
			core.mask.reset();
			core.record(c.site(), c.name, [], 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'SetDeqScale',
		group: 'ascendc-cast-compare-select',
		signature: [
			'__aicore__ inline void SetDeqScale(half scale)',
			'__aicore__ inline void SetDeqScale(float scale, int16_t offset, bool signMode)',
		],
		cost: NO_COST,
		doc: {
			zh: '设置 int32_t 转 half 的 Cast 所乘的系数（第一种形式）；其余形式用于 CastDeq，模拟器只记录系数。',
			en: 'Sets the scale an int32_t → half Cast multiplies by (the first form); the other form is for CastDeq, of which the simulator keeps only the scale.',
		},
		source: ascendCContextDoc('SetDeqScale'),
		run: (core, c) => {
			core.deqScale = Number(c.args[0]);
			core.record(c.site(), c.name, c.args.map(String), 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'SetSaturationFlag',
		group: 'ascendc-cast-compare-select',
		signature:
			'template <SaturationMode mode> __aicore__ inline void SetSaturationFlag(bool enableSat)',
		cost: NO_COST,
		products: ['atlas-a2', 'atlas-a3'],
		doc: {
			zh: 'FLOAT：打开或关闭浮点饱和模式（CTRL[48]）。打开时 half、bfloat16_t 的计算和转换结果中 inf 变为 ±MAX、NaN 变为 0；关闭时保持 inf/NaN（A2/A3 的默认）。CAST（浮点转整数、整数转整数的溢出）只记录：模拟器的 Cast 总是饱和。',
			en: 'FLOAT turns float saturation (CTRL[48]) on or off: on, half and bfloat16_t results of computations and conversions turn inf into ±MAX and NaN into 0; off, inf/NaN stay (the A2/A3 default). CAST (overflow of float → integer and integer → integer) is only recorded: the simulator’s Cast always saturates.',
		},
		source: ascendCDoc('特殊寄存器访问/SetSaturationFlag(ISASI).md'),
		run: (core, c) => {
			const mode = c.targs[0];
			const on = Boolean(c.args[0]);
			if (mode === 0 || mode === 'FLOAT') core.floatSaturation = on;
			core.record(
				c.site(),
				`SetSaturationFlag<${mode === 1 ? 'CAST' : 'FLOAT'}>`,
				[String(on)],
				'void',
			);
			return undefined;
		},
	}),
];
