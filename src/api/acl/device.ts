/** Device management (hicann/runtime api_ref 04). */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeApiDoc, runtimeDoc } from '../sources.ts';
import { ASYNC_FAILURES, CALL_COST, hostCost, NEEDS_CONTEXT } from './shared.ts';
import * as device from '../../sim/host/acl/device.ts';
import * as satMode from '../../sim/host/acl/sat-mode.ts';
import * as opTimeout from '../../sim/host/acl/op-timeout.ts';

const DOC = (anchor: string) => runtimeDoc('04_device_management.md', anchor);
const group = 'acl-device';

/** The device rows. */
export const DEVICE_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclrtSetDevice',
		group,
		signature: 'aclError aclrtSetDevice(int32_t deviceId)',
		requires: ['acl-init'],
		cost: hostCost(HOST_COST_US.setDevice),
		errors: [
			'ACL_ERROR_UNINITIALIZE',
			'ACL_ERROR_RT_INVALID_DEVICEID',
			'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL',
			'ACL_ERROR_RT_DEV_SETUP_ERROR',
		],
		diagnostics: [
			'signal-handler-release-race',
			'device-id-invalid',
			'device-id-not-visible',
			'device-open-no-memory',
			'device-card-unusable',
		],
		limits: [
			{ profile: 'host', key: 'streams' },
			{ profile: 'host', key: 'defaultStreamsPerContext' },
			{ profile: 'host', key: 'devicesPerServer' },
		],
		doc: {
			zh: '为当前线程指定 Device；第一次调用会打开 Device（Runtime 在卡上申请 2 MB 内存池）并创建默认 Context 和默认 Stream。设置了 ASCEND_RT_VISIBLE_DEVICES 时，deviceId 是列表里重新编号后的逻辑 ID。按引用计数，每次调用都要有一次 aclrtResetDevice 对应。',
			en: 'Sets the device of the current thread; the first call opens the device (the runtime takes a 2 MB memory pool on it) and creates the default context and default stream. With ASCEND_RT_VISIBLE_DEVICES set, deviceId is the renumbered logical id. It is reference counted: pair every call with one aclrtResetDevice.',
		},
		source: DOC('aclrtSetDevice'),
		run: device.aclrtSetDevice,
	}),
	hostApi({
		name: 'aclrtResetDevice',
		group,
		signature: 'aclError aclrtResetDevice(int32_t deviceId)',
		cost: hostCost(HOST_COST_US.resetDevice),
		errors: ['ACL_ERROR_RT_INVALID_DEVICEID'],
		doc: {
			zh: '引用计数减一；减到 0 时等待默认 Context 上的任务完成，再释放默认 Context、默认 Stream 和其中创建的所有 Stream。',
			en: 'Drops one reference; at zero it waits for the default context’s tasks, then releases the default context, its default stream and every stream created in it.',
		},
		source: DOC('aclrtResetDevice'),
		run: device.aclrtResetDevice,
	}),
	hostApi({
		name: 'aclrtResetDeviceForce',
		group,
		signature: 'aclError aclrtResetDeviceForce(int32_t deviceId)',
		cost: hostCost(HOST_COST_US.resetDevice),
		errors: ['ACL_ERROR_RT_INVALID_DEVICEID'],
		diagnostics: ['signal-handler-release-race'],
		doc: {
			zh: '不管引用计数是多少，直接释放这个 Device 上的默认 Context 及其资源。',
			en: 'Releases the device’s default context and its resources whatever the reference count.',
		},
		source: DOC('aclrtResetDeviceForce'),
		run: device.aclrtResetDeviceForce,
	}),
	hostApi({
		name: 'aclrtSetDeviceSatMode',
		group,
		signature: 'aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_RT_PARAM_INVALID', 'ACL_ERROR_RT_FEATURE_NOT_SUPPORT'],
		doc: {
			zh: '设置 Device 的浮点计算结果输出模式：之后新建的 Stream 按这个模式执行核函数（饱和模式下 half/bfloat16_t 结果的 Inf 变成 ±最大值、NaN 变成 0），已经建好的 Stream（包括 aclrtSetDevice 建的默认 Stream）不变。A2/A3 默认 Inf/NaN 模式，两种都能设；训练系列、推理系列和 Atlas 200I/500 A2 只能设饱和模式，设 Inf/NaN 模式返回 ACL_ERROR_RT_FEATURE_NOT_SUPPORT（WE0001）；取值不在 [0, 2) 时返回 ACL_ERROR_RT_PARAM_INVALID（EE1003）。',
			en: 'Sets the device’s float overflow mode: streams created afterwards run kernels in it (in saturation mode an Inf result of half/bfloat16_t becomes ±MAX and a NaN becomes 0), while streams that already exist, the default stream aclrtSetDevice made included, keep theirs. A2/A3 default to Inf/NaN mode and accept both; the training, inference and Atlas 200I/500 A2 products accept only saturation, and Inf/NaN mode there returns ACL_ERROR_RT_FEATURE_NOT_SUPPORT (WE0001); a value outside [0, 2) returns ACL_ERROR_RT_PARAM_INVALID (EE1003).',
		},
		source: DOC('aclrtSetDeviceSatMode'),
		run: satMode.aclrtSetDeviceSatMode,
	}),
	hostApi({
		name: 'aclrtSetOpExecuteTimeOut',
		group,
		signature: 'aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM'],
		limits: [{ profile: 'host', key: 'kernelTimeoutUs' }],
		doc: {
			zh: '设置本进程算子（核函数）的执行超时时间，单位秒；多次调用以最后一次为准。核函数运行超过这个时间，Device 按 AI Core / Vector Core 执行超时让任务失败，同步时返回 507014 / 507034。传 0 表示用最大值。A2/A3 上硬件只能按固定间隔的整数倍（1 到 254 倍）计时，设置值向上取整到间隔的倍数；间隔本身没有公开，这里按默认值 1091 秒等于 254 个间隔推算（示意）。训练系列、推理系列等产品按设置的秒数生效，0 表示产品默认值。',
			en: 'Sets this process’s operator (kernel) execution timeout in seconds; the last call wins. A kernel that runs longer is failed by the device with the AI Core / vector core execution timeout, 507014 / 507034 at synchronize. 0 means the maximum. On A2/A3 the hardware counts only whole multiples (1 to 254) of a fixed interval, so the value is rounded up to one; the interval is not published and is inferred here from the 1091 s default being 254 intervals (illustrative). The training, inference and other products take the seconds as given, 0 meaning the product’s default.',
		},
		source: runtimeApiDoc('aclrtSetOpExecuteTimeOut'),
		run: opTimeout.aclrtSetOpExecuteTimeOut,
	}),
	hostApi({
		name: 'aclrtSetOpExecuteTimeOutV2',
		group,
		signature: 'aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout)',
		out: ['actualTimeout'],
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_FEATURE_NOT_SUPPORT'],
		limits: [{ profile: 'host', key: 'kernelTimeoutUs' }],
		doc: {
			zh: '同 aclrtSetOpExecuteTimeOut，但单位是微秒，并把实际生效的超时时间（向上取整到硬件间隔的倍数后）写入 actualTimeout；0 表示最大值。参考文档只列出 A2/A3，其他产品上返回 ACL_ERROR_RT_FEATURE_NOT_SUPPORT（示意）。',
			en: 'As aclrtSetOpExecuteTimeOut, but in microseconds, and it writes the timeout that really applies (rounded up to a multiple of the hardware interval) to actualTimeout; 0 means the maximum. The reference lists A2/A3 only; other products return ACL_ERROR_RT_FEATURE_NOT_SUPPORT here (illustrative).',
		},
		source: runtimeApiDoc('aclrtSetOpExecuteTimeOutV2'),
		run: opTimeout.aclrtSetOpExecuteTimeOutV2,
	}),
	hostApi({
		name: 'aclrtGetDeviceSatMode',
		group,
		signature: 'aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode *mode)',
		out: ['mode'],
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_RT_PARAM_INVALID'],
		doc: {
			zh: '查询 Device 当前的浮点计算结果输出模式（最后一次成功设置的模式，否则为产品默认：A2/A3 为 Inf/NaN 模式，其他产品为饱和模式）。',
			en: 'The device’s current float overflow mode: the last one set successfully, otherwise the product’s default (Inf/NaN on A2/A3, saturation elsewhere).',
		},
		source: DOC('aclrtGetDeviceSatMode'),
		run: satMode.aclrtGetDeviceSatMode,
	}),
	hostApi({
		name: 'aclrtGetDevice',
		group,
		signature: 'aclError aclrtGetDevice(int32_t *deviceId)',
		out: ['deviceId'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_RT_CONTEXT_NULL'],
		doc: {
			zh: '当前 Context 所在的 Device ID；没有当前 Context 时返回 ACL_ERROR_RT_CONTEXT_NULL。',
			en: 'The device id of the current context; ACL_ERROR_RT_CONTEXT_NULL when there is none.',
		},
		source: DOC('aclrtGetDevice'),
		run: device.aclrtGetDevice,
	}),
	hostApi({
		name: 'aclrtGetDeviceCount',
		group,
		signature: 'aclError aclrtGetDeviceCount(uint32_t *count)',
		out: ['count'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_RT_NO_DEVICE'],
		limits: [{ profile: 'host', key: 'devicesPerServer' }],
		doc: {
			zh: '进程可见的 Device 个数：服务器上的全部，或 ASCEND_RT_VISIBLE_DEVICES 列出的那些；这个变量写错时返回 ACL_ERROR_RT_NO_DEVICE。',
			en: 'How many devices the process sees: all of the server’s, or those ASCEND_RT_VISIBLE_DEVICES lists; a bad value of that variable gives ACL_ERROR_RT_NO_DEVICE.',
		},
		source: DOC('aclrtGetDeviceCount'),
		run: device.aclrtGetDeviceCount,
	}),
	hostApi({
		name: 'aclrtGetRunMode',
		group,
		signature: 'aclError aclrtGetRunMode(aclrtRunMode *runMode)',
		out: ['runMode'],
		cost: CALL_COST,
		doc: {
			zh: '获取应用的运行模式。模拟的程序总在连着 Device 的 Host 上运行，所以得到 ACL_HOST。',
			en: 'Gets where the application runs. A simulated program always runs on a host attached to the devices, so the answer is ACL_HOST.',
		},
		source: DOC('aclrtGetRunMode'),
		run: device.aclrtGetRunMode,
	}),
	hostApi({
		name: 'aclrtSynchronizeDevice',
		group,
		signature: 'aclError aclrtSynchronizeDevice(void)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [...NEEDS_CONTEXT, ...ASYNC_FAILURES],
		diagnostics: ['exception-reported-later'],
		doc: {
			zh: '阻塞 Host，直到当前 Device 上本进程的所有任务完成；之前异步任务的失败在这里返回。',
			en: 'Blocks the host until every task of this process on the current device is done; failures of earlier asynchronous tasks are returned here.',
		},
		source: DOC('aclrtSynchronizeDevice'),
		run: device.aclrtSynchronizeDevice,
	}),
];
