/**
 * Test helper: runs a kernel script (kernel-script.ts) on a fresh recorder and returns the
 * launch result with the finished trace. Pure; shared by the kernel tests and the benchmark.
 */
import { VirtualClock } from '../clock.ts';
import type { ProductId } from '../product-id.ts';
import { Recorder } from '../recorder.ts';
import type { RunMode } from '../run-request.ts';
import type { Trace } from '../trace.ts';
import { createKernelLaunch, type KernelRunResult, runOutcome } from './kernel-launch.ts';
import { parseKernelScript, runKernelScript } from './kernel-script.ts';

/** Options of {@link runScript}. */
export interface RunScriptOptions {
	product?: ProductId;
	mode?: RunMode;
	cann?: string;
	blocks?: number;
	file?: string;
	gmBytes?: number;
}

/** A finished scripted run. */
export interface ScriptRun {
	result: KernelRunResult;
	trace: Trace;
	/** Log texts of the cpu-debug channel. */
	cpu: string[];
}

/** Runs `script` as a kernel launch. */
export function runScript(script: string, options: RunScriptOptions = {}): ScriptRun {
	const recorder = new Recorder(new VirtualClock());
	const file = options.file ?? '/home/xxxx/xxxx.cpp';
	const launch = createKernelLaunch({
		product: options.product ?? 'atlas-training',
		mode: options.mode ?? 'cpu',
		...(options.cann ? { cann: options.cann } : {}),
		blockDim: options.blocks ?? 1,
		recorder,
		pid: 321674,
		kernelName: 'kernel',
		fileName: file,
	});
	const parsed = parseKernelScript(script, file);
	const result = launch.run((core) => runKernelScript(core, parsed, options.gmBytes));
	const trace = recorder.finish(runOutcome(result.outcome));
	return {
		result,
		trace,
		cpu: trace.log.filter((l) => l.channel === 'cpu-debug').map((l) => l.text),
	};
}
