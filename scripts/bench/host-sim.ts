/**
 * Host simulator hot path: a 1,000,000-iteration host loop of aclrtMalloc + kernel launch +
 * aclrtFree, driven directly on the host API (design.md budget: ≤ 1 s in Node).
 */
import { VirtualClock } from '../../src/sim/clock.ts';
import { Recorder } from '../../src/sim/recorder.ts';
import { ACL_MEM_MALLOC_POLICY } from '../../src/sim/host/acl-constants.ts';
import { KERNEL_COMPLETED, type KernelLaunch } from '../../src/sim/host/acl-runtime.ts';
import { Machine } from '../../src/sim/host/machine.ts';
import type { CallSite } from '../../src/sim/trace.ts';
import { median, type Bench } from './bench-row.ts';

const ITERATIONS = 1_000_000;

function loop(): number {
	const recorder = new Recorder(new VirtualClock());
	const machine = new Machine({ product: 'atlas-a2', recorder });
	const process = machine.spawn();
	const acl = process.acl;
	const site: CallSite = { stack: [{ func: 'main', line: 10 }] };
	const launch: KernelLaunch = { name: 'add_custom', blocks: 8, outcome: KERNEL_COMPLETED };
	acl.aclInit(null, site);
	acl.aclrtSetDevice(0, site);
	const { stream } = acl.aclrtCreateStream(site);
	const policy = ACL_MEM_MALLOC_POLICY.ACL_MEM_MALLOC_HUGE_FIRST;
	const start = performance.now();
	for (let i = 0; i < ITERATIONS; i++) {
		const { ptr } = acl.aclrtMalloc(4096, policy, site);
		acl.launchKernel(stream, launch, site);
		acl.aclrtFree(ptr, site);
	}
	const elapsed = performance.now() - start;
	acl.aclrtSynchronizeStream(stream, site);
	process.returnFromMain(0, site);
	machine.flushSeries();
	recorder.finish('completed');
	return elapsed;
}

const bench: Bench = async () => {
	loop(); // warm-up
	const runs = [loop(), loop(), loop()];
	return [
		{
			name: '1,000,000 × (aclrtMalloc + launch + aclrtFree)',
			value: Math.round(median(runs)),
			unit: 'ms',
			// Information (design.md's 1 s): absolute times wander on shared machines.
		},
	];
};

export default bench;
