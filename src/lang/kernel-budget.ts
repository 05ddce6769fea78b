/**
 * The step budget of a kernel launch. A core whose loop never ends is what the device ends with
 * an execution timeout (`Kernel task happen error, retCode=0x25, [aicore timeout].`, 507014 /
 * 507034 at the next synchronize): the simulator cannot wait for ever, so a core that spends the
 * kernel's share of the run's step budget is taken to run until the timeout. The core then stops
 * as a hang with `kernel-never-ends`, and the host keeps a reserve of steps to go on, synchronize
 * and print what it learns. Later cores of the same launch stop as hung at their first check (a
 * real timeout ends the whole task as well).
 *
 * Only a core that has itself run at least the reserve's worth of steps is taken to run forever:
 * when the host had already used up most of the budget before the launch, the core goes on, and
 * the run stops at the run's own budget as it always has (`steps-exhausted`).
 */
import { Halt } from '../sim/halt.ts';
import type { HostProfile } from '../sim/host/index.ts';
import type { CoreContext } from '../sim/kernel/core-context.ts';
import type { Runtime } from './runtime.ts';

/** Steps kept for the host after a runaway kernel: at most this many … */
const HOST_RESERVE_MAX = 100_000;
/** … and at most this fraction of the run's whole budget. */
const HOST_RESERVE_FRACTION = 0.1;

/** Thrown at a core's step check when the core is taken to run forever. */
class CoreRunsForever {}

/** The budget of one launch: {@link begin} before each core, {@link stopCore} for its throw. */
export interface KernelBudget {
	/** Notes that the next core starts now, under the kernel's limit. */
	begin(): void;
	/**
	 * What a core's body threw, turned into the core's stop: a core taken to run forever becomes
	 * a hang with `kernel-never-ends` (diagnosed for the first such core only); anything else is
	 * returned as it is.
	 */
	stopCore(error: unknown, core: CoreContext): unknown;
	/** Lifts the kernel's limit. */
	restore(): void;
}

/**
 * The budget of a launch of `kernel` on `rt`; `profile` gives the core kind and `timeoutUs` the
 * operator timeout the diagnostic quotes.
 */
export function kernelBudget(
	rt: Runtime,
	kernel: string,
	profile: HostProfile,
	timeoutUs: number = profile.kernelTimeoutUs.value,
): KernelBudget {
	const reserve = Math.min(HOST_RESERVE_MAX, Math.floor(rt.maxSteps * HOST_RESERVE_FRACTION));
	const limit = rt.maxSteps - reserve;
	let coreStart = rt.steps;
	let runaway = false;
	let diagnosed = false;
	const onLimit = () => {
		if (runaway || rt.steps - coreStart >= reserve) {
			runaway = true;
			throw new CoreRunsForever();
		}
		// The host spent the budget, not this core: let it go on to the run's own limit.
		rt.kernelLimit = undefined;
	};
	return {
		begin() {
			coreStart = rt.steps;
			if (reserve <= 0 || (!runaway && rt.steps >= limit)) return;
			rt.kernelLimit = runaway ? rt.steps : limit;
			rt.onKernelLimit = onLimit;
			rt.nextCheck = Math.min(rt.nextCheck, rt.kernelLimit);
		},
		stopCore(error, core) {
			if (!(error instanceof CoreRunsForever)) return error;
			const vector = profile.kernelCore.value === 'vector';
			const at = rt.loop ?? rt.stack.at(-1) ?? { line: 1, column: 1 };
			const site = {
				stack: [{ func: kernel, line: at.line, column: at.column, file: rt.fileName }],
			};
			if (!diagnosed) {
				diagnosed = true;
				core.trace.diagnose(site, 'kernel-never-ends', {
					kernel,
					block: core.blockIdx,
					steps: rt.steps - coreStart,
					core: vector ? 'Vector Core' : 'AI Core',
					timeout: Math.round(timeoutUs / 1_000_000),
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
			rt.kernelLimit = undefined;
			rt.onKernelLimit = undefined;
		},
	};
}
