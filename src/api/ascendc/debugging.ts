/**
 * Debugging (asc-devkit 调试接口): the kernel-side assertion, and the host-side helpers of the
 * CPU twin build (CPU孪生调试) that share GM with the forked kernel processes.
 */
import { Halt } from '../../sim/halt.ts';
import { SIGABRT } from '../../sim/kernel/core-abort.ts';
import { gmPointer } from '../../sim/kernel/global-tensor.ts';
import {
	cpuDebugApi,
	kernelApi,
	NO_COST,
	type CpuDebugApiRow,
	type KernelApiRow,
} from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';

const group = 'ascendc-debugging';
const CPU_TWIN = (page: string) => ascendCDoc(`调试接口/CPU孪生调试/${page}.md`);

/** The kernel-side debugging rows. */
export const DEBUGGING_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'ASSERT',
		group,
		// impl/basic_api/kernel_macros.h: `#define ASSERT(x) assert(x)` under ASCENDC_CPU_DEBUG.
		signature: '#define ASSERT(x)',
		cost: NO_COST,
		doc: {
			zh: '核内断言。CPU 调试时等同于 assert，条件为假就打印并以 SIGABRT 结束；模拟器在 NPU 模式下让核停住。',
			en: 'A kernel assertion. Under CPU debug it is assert: a false condition prints and ends with SIGABRT; in NPU mode the simulator stops the core.',
		},
		source: ascendCDoc('调试接口/异常检测/assert.md'),
		run: (core, c) => {
			const v = c.args[0];
			if (v !== 0 && v !== null && v !== undefined) return undefined;
			const frame = c.site().stack.at(-1);
			c.print(`[ASSERT] assertion failed at line ${frame?.line ?? 0}\n`);
			throw new Halt(core.mode === 'cpu' ? 'abort' : 'hang', 'ASSERT failed', SIGABRT);
		},
	}),
];

/** The host-side CPU-debug rows. */
export const CPU_DEBUG_APIS: readonly CpuDebugApiRow[] = [
	cpuDebugApi({
		name: 'GmAlloc',
		group,
		signature: 'void *GmAlloc(size_t size)',
		cost: NO_COST,
		doc: {
			zh: 'CPU 孪生调试时在 Host 上申请一块 Global Memory，核函数进程与 Host 共享它。',
			en: 'Allocates Global Memory on the host under CPU debug, shared between the host and the kernel processes.',
		},
		source: CPU_TWIN('GmAlloc'),
		run: (machine, c) => gmPointer(machine.allocSharedGm(c.args[0] as number)),
	}),
	cpuDebugApi({
		name: 'GmFree',
		group,
		signature: 'void GmFree(void *ptr)',
		cost: NO_COST,
		doc: {
			zh: '释放 GmAlloc 申请的内存。模拟器不回收这块内存，调用只被记录。',
			en: 'Frees memory from GmAlloc. The simulator keeps the memory; the call is only counted.',
		},
		source: CPU_TWIN('GmFree'),
		run: () => undefined,
	}),
	cpuDebugApi({
		name: 'SetKernelMode',
		group,
		signature: 'void SetKernelMode(KernelMode mode)',
		cost: NO_COST,
		doc: {
			zh: 'CPU 孪生调试时指定核函数在 AIV、AIC 还是混合模式下运行。模拟器不区分，调用只被记录。',
			en: 'Chooses AIV, AIC or mixed mode for kernels under CPU debug. The simulator does not distinguish them; the call is only counted.',
		},
		source: CPU_TWIN('SetKernelMode'),
		run: () => undefined,
	}),
];
