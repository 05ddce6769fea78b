/**
 * Debugging (asc-devkit 调试接口): the kernel-side assertion, and the host-side helpers of the
 * CPU twin build (CPU孪生调试) that share GM with the forked kernel processes.
 */
import { Halt } from '../../sim/halt.ts';
import { SIGABRT } from '../../sim/kernel/core-abort.ts';
import type { CoreContext } from '../../sim/kernel/core-context.ts';
import { userFilePath } from '../../sim/kernel/cpu-debug-log.ts';
import { GlobalTensor, gmPointer } from '../../sim/kernel/global-tensor.ts';
import { dumpTypeName, dumpValue, formatKernelPrint } from '../../sim/kernel/kernel-print.ts';
import { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import {
	cpuDebugApi,
	kernelApi,
	NO_COST,
	PER_STEP_COST,
	type ApiCall,
	type CpuDebugApiRow,
	type KernelApiRow,
} from '../api-row.ts';
import { ascendCDoc } from '../sources.ts';

const group = 'ascendc-debugging';
const CPU_TWIN = (page: string) => ascendCDoc(`调试接口/CPU孪生调试/${page}.md`);

/** The `[ASSERT]` line and the stop of a failed kernel assertion (assert.md, ascendc_assert.md). */
function assertFailed(core: CoreContext, c: ApiCall, message: string): never {
	const frame = c.site().stack.at(-1);
	const file = userFilePath(frame?.file ?? core.fileName);
	const expr = c.argText(0) ?? String(c.args[0]);
	c.print(`[ASSERT] ${file}:${frame?.line ?? 0}: Assertion \`${expr}' ${message}\n`);
	c.flush();
	core.trace.diagnose(c.site(), 'kernel-assert-failed', { expr, message: message.trim() });
	core.trace.step(c.site(), c.name, [expr], core.mode === 'cpu' ? 'SIGABRT' : 'trap');
	throw new Halt(core.mode === 'cpu' ? 'abort' : 'hang', `${c.name} failed: ${expr}`, SIGABRT);
}

const truthy = (v: unknown) => v !== 0 && v !== null && v !== undefined && v !== false;

/** The kernel-side debugging rows. */
export const DEBUGGING_APIS: readonly KernelApiRow[] = [
	kernelApi({
		name: 'ASSERT',
		group,
		// impl/basic_api/kernel_macros.h: `#define ASSERT(x) assert(x)` under ASCENDC_CPU_DEBUG.
		signature: '#define ASSERT(x)',
		cost: NO_COST,
		diagnostics: ['kernel-assert-failed'],
		doc: {
			zh: '核内断言。条件为假时打印以 [ASSERT] 开头、带文件名、行号和表达式的一行，然后终止：CPU 调试时以 SIGABRT 结束；模拟器在 NPU 模式下让核停住。',
			en: 'A kernel assertion. A false condition prints an [ASSERT] line with the file, the line and the expression, then stops: with SIGABRT under CPU debug; in NPU mode the simulator stops the core.',
		},
		source: ascendCDoc('调试接口/异常检测/assert.md'),
		run: (core, c) => (truthy(c.args[0]) ? undefined : assertFailed(core, c, '')),
	}),
	kernelApi({
		name: 'ascendc_assert',
		group,
		signature: '#define ascendc_assert(expr, ...)',
		cost: NO_COST,
		diagnostics: ['kernel-assert-failed'],
		doc: {
			zh: '带格式化信息的核内断言：条件为假时按 printf 的格式（%d %i %u %x %f %s %p）打印后面的信息，再像 assert 一样终止。',
			en: 'A kernel assertion with a message: a false condition prints the printf-style message (%d %i %u %x %f %s %p) after the assertion line, then stops as assert does.',
		},
		source: ascendCDoc('调试接口/异常检测/ascendc_assert.md'),
		run: (core, c) => {
			if (truthy(c.args[0])) return undefined;
			const fmt = typeof c.args[1] === 'string' ? c.args[1] : '';
			return assertFailed(
				core,
				c,
				formatKernelPrint(fmt, c.args.slice(2), core.mode).replace(/\n$/, ''),
			);
		},
	}),
	kernelApi({
		name: 'DumpTensor',
		group,
		signature: [
			'template <typename T> __aicore__ inline void DumpTensor(const LocalTensor<T> &tensor, uint32_t desc, uint32_t dumpSize)',
			'template <typename T> __aicore__ inline void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize)',
		],
		cost: PER_STEP_COST,
		diagnostics: ['tensor-out-of-bounds', 'gm-out-of-bounds'],
		doc: {
			zh: '打印 tensor 的前 dumpSize 个元素：先打印一行 `DumpTensor: desc=…, addr=…, data_type=…, position=…, dump_size=…`，再打印数据（浮点保留 6 位小数）。desc 是用户自定义的标记，用来区分不同位置的打印。',
			en: 'Prints the first dumpSize elements of a tensor: a line `DumpTensor: desc=…, addr=…, data_type=…, position=…, dump_size=…`, then the data (floats with six decimals). desc is the caller’s own tag to tell the dumps apart.',
		},
		source: ascendCDoc('调试接口/上板打印/DumpTensor.md'),
		run: (core, c) => {
			const t = c.args[0] as LocalTensor | GlobalTensor;
			const n = Math.max(0, Math.trunc(Number(c.args[2])));
			const values = core.dumpTensor(c.site(), t, n);
			const position = t instanceof LocalTensor ? t.hardware : 'GM';
			const addr = t instanceof LocalTensor ? t.address : (t.ptr?.byteOffset ?? 0);
			c.print(
				`DumpTensor: desc=${Number(c.args[1])}, addr=0x${addr.toString(16)}, data_type=${dumpTypeName(t.dtype)}, position=${position}, dump_size=${n}\n`,
			);
			c.print(`[${values.map((v) => dumpValue(t.dtype, v)).join(',')}]\n`);
			return undefined;
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
