/**
 * System variables and the workspace helpers (asc-devkit 工具接口/系统资源与变量,
 * 资源管理/临时空间管理/workspace), and the old tik2 slice helper.
 */
import { dtypeOf } from '../../sim/kernel/dtype.ts';
import { offsetGm, type GmPointer } from '../../sim/kernel/global-tensor.ts';
import { kernelApi, NO_COST, PER_STEP_COST, type KernelApiRow } from '../api-row.ts';
import { ascendCDoc, samplesFile } from '../sources.ts';
import { dtypeArg } from './objects.ts';

const group = 'ascendc-system-variables';

/** Counter cycles per µs: 50 MHz on A2/A3 (GetSystemCycle(ISASI).md); taken for every product. */
const SYSTEM_COUNTER_MHZ = 50;
const WORKSPACE = (page: string) => ascendCDoc(`资源管理/临时空间管理/workspace/${page}.md`);

/** The system-variable rows. */
export const SYSTEM_VARIABLE_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'InitSocState',
		group,
		signature: '__aicore__ inline void InitSocState()',
		cost: NO_COST,
		doc: {
			zh: '初始化 AI Core 的全局状态，按产品执行的初始化项不同：Atlas A2/A3 关闭随路原子操作、把 mask 切回 Normal 模式并置为全 1（LoadData 卷积搬运的填充值与边界不模拟）；Atlas 推理系列只关闭原子操作；参考页标明训练系列与 200I/500 A2 不支持，模拟器在这些产品上不做任何事。',
			en: 'Initialises the AI Core’s global state; what it resets depends on the product: on Atlas A2/A3 it turns atomic copies off, puts the mask back in Normal mode and sets it to all ones (the convolution LoadData padding value and boundary are not modelled); on the Atlas inference series it only turns atomics off; the page marks the training series and 200I/500 A2 unsupported, where the simulator does nothing.',
		},
		source: ascendCDoc('工具接口/系统初始化/InitSocState.md'),
		run: (core, c) => {
			const arch = core.profile.arch;
			if (arch === 2201 || arch === 2002) core.atomic = undefined;
			if (arch === 2201) {
				core.mask.counter = false;
				core.mask.reset();
			}
			core.record(c.site(), c.name, [], 'void');
			return undefined;
		},
	}),
	kernelApi({
		name: 'GetBlockIdx',
		group,
		signature: '__aicore__ inline int64_t GetBlockIdx()',
		cost: PER_STEP_COST,
		doc: {
			zh: '当前核的编号，从 0 到 blockDim - 1，常用来算本核负责的数据偏移。',
			en: 'This core’s index, 0 to blockDim - 1, usually used to find the core’s slice of the data.',
		},
		source: ascendCDoc('工具接口/系统资源与变量/GetBlockIdx.md'),
		run: (core) => core.GetBlockIdx(),
	}),
	kernelApi({
		name: 'GetBlockNum',
		group,
		signature: '__aicore__ inline int64_t GetBlockNum()',
		cost: PER_STEP_COST,
		doc: {
			zh: '本次启动的核数（blockDim）。',
			en: 'How many cores this launch runs on (blockDim).',
		},
		source: ascendCDoc('工具接口/系统资源与变量/GetBlockNum.md'),
		run: (core) => core.GetBlockNum(),
	}),
	kernelApi({
		name: 'GetSubBlockIdx',
		group,
		signature: '__aicore__ inline int64_t GetSubBlockIdx()',
		cost: PER_STEP_COST,
		doc: {
			zh: '当前核在 AI Core 内的子核编号（分离架构上 AIV 为 0 或 1）。模拟器把每个核当作一个 AIV 运行，返回 0。',
			en: 'This core’s sub-block index within its AI Core (0 or 1 for the AIVs of the separated architecture). The simulator runs every block as one AIV and returns 0.',
		},
		source: ascendCDoc('工具接口/系统资源与变量/GetSubBlockIdx(ISASI).md'),
		run: (core, c) => {
			core.record(c.site(), 'GetSubBlockIdx', [], '0');
			return 0;
		},
	}),
	kernelApi({
		name: 'GetSubBlockNum',
		group,
		signature: '__aicore__ inline int64_t GetSubBlockNum()',
		cost: PER_STEP_COST,
		doc: {
			zh: '一个 AI Core 内参与计算的子核个数。模拟器每个核只运行一个 AIV，返回 1。',
			en: 'How many sub-blocks of an AI Core take part. The simulator runs one AIV per block and returns 1.',
		},
		source: ascendCDoc('工具接口/系统资源与变量/GetSubBlockNum(ISASI).md'),
		run: (core, c) => {
			core.record(c.site(), 'GetSubBlockNum', [], '1');
			return 1;
		},
	}),
	kernelApi({
		name: 'GetSystemCycle',
		group,
		signature: '__aicore__ inline int64_t GetSystemCycle()',
		cost: PER_STEP_COST,
		doc: {
			zh: `系统计数器的当前值：模拟器的虚拟时间（微秒）乘以 ${SYSTEM_COUNTER_MHZ}（A2/A3 的计数频率为 50 MHz）。虚拟时间是示意值，不代表真实耗时。`,
			en: `The system counter: the simulator’s virtual time in µs times ${SYSTEM_COUNTER_MHZ} (the counter runs at 50 MHz on A2/A3). Virtual time is illustrative, not real execution time.`,
		},
		source: ascendCDoc('工具接口/系统资源与变量/GetSystemCycle(ISASI).md'),
		run: (core, c) => {
			const cycles = Math.round(core.recorder.clock.now * SYSTEM_COUNTER_MHZ);
			core.record(c.site(), 'GetSystemCycle', [], String(cycles));
			return cycles;
		},
	}),
	kernelApi({
		name: 'SetSysWorkspace',
		group,
		signature: '__aicore__ inline void SetSysWorkspace(GM_ADDR workspace)',
		cost: NO_COST,
		doc: {
			zh: '登记框架使用的系统 workspace。模拟器不划分 workspace，调用只被记录。',
			en: 'Registers the system workspace the framework uses. The simulator does not split workspaces; the call is only counted.',
		},
		source: WORKSPACE('SetSysWorkSpace'),
		run: () => undefined,
	}),
	kernelApi({
		name: 'GetUserWorkspace',
		group,
		signature: '__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace)',
		cost: NO_COST,
		doc: {
			zh: '从 workspace 中取出留给用户的部分。模拟器里用户部分就从 workspace 起点开始。',
			en: 'The user’s part of the workspace. In the simulator it starts at the workspace itself.',
		},
		source: WORKSPACE('GetUserWorkspace'),
		run: (core, c) => c.args[0],
	}),
	kernelApi({
		name: 'GetSysWorkSpacePtr',
		group,
		signature: '__aicore__ inline __gm__ uint8_t* __gm__ GetSysWorkSpacePtr()',
		cost: NO_COST,
		doc: {
			zh: '系统 workspace 的地址。模拟器没有系统 workspace，返回空指针。',
			en: 'The system workspace address. The simulator has none and returns a null pointer.',
		},
		source: WORKSPACE('GetSysWorkSpacePtr'),
		run: () => null,
	}),
	kernelApi({
		name: 'ParamOffset',
		group,
		// No reference page documents this tik2 helper; the signature is the one its sample uses.
		signature:
			'template <typename T> __aicore__ inline __gm__ T* ParamOffset(GM_ADDR gm, uint32_t len)',
		cost: NO_COST,
		doc: {
			zh: '早期 tik2 写法的辅助函数：返回本核那一段数据的起始地址（gm + 每核 len 个元素 × 核编号）。签名按样例的用法整理，没有正式文档。',
			en: 'A helper of the early tik2 style: the start of this core’s slice (gm + len elements per core × the block index). The signature follows the sample’s use; no reference page documents it.',
		},
		source: samplesFile(
			'cplusplus/level1_single_api/4_op_dev/6_ascendc_custom_op/kernel_invocation/Add/add_custom.cpp',
		),
		run: (core, c) => {
			const gm = c.args[0] as GmPointer | undefined;
			if (!gm) return gm;
			const bytes = dtypeOf(dtypeArg(c))?.bytes ?? 2;
			return offsetGm(gm, (c.args[1] as number) * core.blockIdx * bytes);
		},
	}),
];
