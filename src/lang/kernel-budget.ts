/**
 * The step budget of a kernel launch. A core whose loop never ends is what the device ends with
 * an execution timeout (`Kernel task happen error, retCode=0x25, [aicore timeout].`, 507014 /
 * 507034 at the next synchronize): the simulator cannot wait for ever, so a core that spends the
 * kernel's share of the run's step budget is taken to run until the timeout. The core then stops
 * as a hang with `kernel-never-ends`, and the host keeps a reserve of steps to go on, synchronize
 * and print what it learns. Later cores of the same launch find the budget spent and stop as
 * hung at their first step (a real timeout kills the whole task as well).
 */
import { Halt } from '../sim/halt.ts';
import type { HostProfile } from '../sim/host/index.ts';
import type { CoreContext } from '../sim/kernel/core-context.ts';
import { LangStop } from './diagnostics.ts';
import type { Runtime } from './runtime.ts';

/** Steps kept for the host after a runaway kernel: at most this many … */
const HOST_RESERVE_MAX = 100_000;
/** … and at most this fraction of the run's whole budget. */
const HOST_RESERVE_FRACTION = 0.1;

/** The budget of one launch: {@link stopCore} for each core's throw, {@link restore} after. */
export interface KernelBudget {
	/** Notes that the next core starts now. */
	begin(): void;
	/**
	 * What a core's body threw, turned into the core's stop: the kernel's share of the budget
	 * spent becomes a hang with `kernel-never-ends` (diagnosed for the first such core only);
	 * anything else is returned as it is.
	 */
	stopCore(error: unknown, core: CoreContext): unknown;
	/** Gives the host its whole budget back. */
	restore(): void;
}

/**
 * Lowers `rt`'s step limit for the launch of `kernel` to the run's budget minus the host's
 * reserve; `profile` gives the timeout the diagnostic quotes.
 */
export function kernelBudget(rt: Runtime, kernel: string, profile: HostProfile): KernelBudget {
	const hostMax = rt.maxSteps;
	const reserve = Math.min(HOST_RESERVE_MAX, Math.floor(hostMax * HOST_RESERVE_FRACTION));
	const limit = Math.max(rt.steps, hostMax - reserve);
	rt.maxSteps = limit;
	rt.nextCheck = Math.min(rt.nextCheck, limit);
	let coreStart = rt.steps;
	let diagnosed = false;
	return {
		begin() {
			coreStart = rt.steps;
		},
		stopCore(error, core) {
			const stop = error instanceof LangStop ? error.diagnostic : undefined;
			if (!stop || stop.code !== 'steps-exhausted' || limit >= hostMax) return error;
			const steps = rt.steps - coreStart;
			const site = {
				stack: [{ func: kernel, line: stop.line, column: stop.column, file: rt.fileName }],
			};
			const vector = profile.kernelCore.value === 'vector';
			if (!diagnosed) {
				diagnosed = true;
				core.trace.diagnose(site, 'kernel-never-ends', {
					kernel,
					block: core.blockIdx,
					steps,
					core: vector ? 'Vector Core' : 'AI Core',
					timeout: Math.round(profile.kernelTimeoutUs.value / 1_000_000),
					code: vector ? 507034 : 507014,
				});
			}
			const reason = 'the kernel never ends: the core runs until the execution timeout';
			core.trace.halt = {
				blockIdx: core.blockIdx,
				kind: 'hang',
				call: kernel,
				reason,
				code: 'kernel-never-ends',
				site,
				step: rt.recorder.stepCount,
			};
			return new Halt('hang', reason);
		},
		restore() {
			rt.maxSteps = hostMax;
			rt.nextCheck = Math.min(hostMax, Math.max(rt.nextCheck, rt.steps + 1));
		},
	};
}
