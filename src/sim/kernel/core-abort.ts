/**
 * How a core stops at a violated rule: the diagnostic, in CPU-debug mode the lines the framework
 * prints (the KERNEL_LOG error line or the failed assert, `error happened!`, SIGABRT and the
 * backtrace through the framework's frames and the user's), the stopping step, and the Halt
 * (`abort` in CPU mode; on the device `exception` for a rule the hardware checks, see
 * device-exception.ts, else `hang` where the core would wait forever).
 */
import { Halt } from '../halt.ts';
import type { CallSite } from '../trace.ts';
import {
	formatBacktrace,
	formatErrorHappened,
	formatKernelLog,
	type FrameworkFrame,
	type FrameworkHeader,
	frameworkPath,
	handlerFrame,
	SIGABRT_LINE,
} from './cpu-debug-log.ts';
import type { CoreTrace } from './core-trace.ts';
import { deviceFaultOf, type DeviceFault } from './device-exception.ts';
import type { DiagnosticParams, KernelDiagnosticCode } from '../../diagnostics/index.ts';

/** SIGABRT's signal number, the Halt code of a CPU-debug abort. */
export const SIGABRT = 6;

/** KERNEL_LOG prints a pid 4 above the `error happened!` pid (seed 000: 321678 vs 321674). */
export const CPU_LOG_PID_OFFSET = 4;

/** What a stopped core did last. */
export interface CoreHalt {
	blockIdx: number;
	kind: 'hang' | 'abort' | 'exception';
	/** The hardware's report, when the core stopped with a device exception. */
	fault?: DeviceFault;
	/** The call that stopped, e.g. `inQueueX.FreeTensor<half>`. */
	call: string;
	reason: string;
	/** Diagnostic code that explains it. */
	code: string;
	site: CallSite;
	/** Step number of the stopping call in the recorder. */
	step: number;
}

/** A violated rule: what to report and how the framework would print it. */
export interface Violation {
	code: KernelDiagnosticCode;
	values: DiagnosticParams;
	/** The KERNEL_LOG error line (CPU mode), when the check prints one. */
	log?: { header: FrameworkHeader; line: number; func: string; message: string };
	/** A C assert that fails instead (CPU mode), e.g. `false && "check vadd instr failed"`. */
	assert?: { header: FrameworkHeader; line: number; func: string; expr: string };
	/** Framework frames between the signal handler and the user's code, innermost first. */
	frames: readonly FrameworkFrame[];
	/** Short English reason for the Halt. */
	reason: string;
}

/** Reports `v` at `site` as the core's stop, then throws the Halt; see the file comment. */
export function abortCore(trace: CoreTrace, site: CallSite, call: string, v: Violation): never {
	const core = trace.core;
	trace.diagnose(site, v.code, v.values);
	const fault = core.mode === 'cpu' ? undefined : deviceFaultOf(v.code, v.values);
	const kind = core.mode === 'cpu' ? 'abort' : fault ? 'exception' : 'hang';
	if (kind === 'abort') {
		const lines: string[] = [];
		if (v.log) {
			lines.push(
				formatKernelLog({
					layout: core.profile.cpuLogLayout.value,
					blockIdx: core.blockIdx,
					file: frameworkPath(core.wording, v.log.header),
					line: v.log.line,
					func: v.log.func,
					pid: core.pid + CPU_LOG_PID_OFFSET,
					message: v.log.message,
				}),
			);
		}
		if (v.assert) {
			lines.push(
				`${frameworkPath(core.wording, v.assert.header)}:${v.assert.line}: ${v.assert.func}: Assertion \`${v.assert.expr}' failed.`,
			);
		}
		lines.push(formatErrorHappened(core.blockIdx, core.pid), SIGABRT_LINE);
		lines.push(
			...formatBacktrace([handlerFrame(core.wording), ...v.frames], site.stack, core.fileName),
		);
		lines.forEach((text, i) => {
			trace.recorder.log({
				text,
				channel: 'cpu-debug',
				pid: core.pid,
				...(i < 2 ? { level: 'ERROR' as const } : {}),
			});
		});
	}
	const step = trace.step(
		site,
		call,
		[],
		kind === 'abort'
			? 'SIGABRT'
			: fault
				? `device exception: ${fault.errorStr}`
				: 'hang: the core waits forever',
	);
	trace.halt = { blockIdx: core.blockIdx, kind, call, reason: v.reason, code: v.code, site, step };
	if (fault) trace.halt.fault = fault;
	throw new Halt(kind, v.reason, kind === 'abort' ? SIGABRT : 0);
}
