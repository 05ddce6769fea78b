/**
 * Host simulator hot path: a 1,000,000-iteration host loop of aclrtMalloc + kernel launch +
 * aclrtFree, driven on the simulator through the catalog rows and the runtime's call protocol,
 * without the interpreter (design.md budget: ≤ 1 s in Node).
 */
import { callHostApi, preparedHostCall } from '../../src/api/call-api.ts';
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
	const call = (name: string, args: unknown[]) => callHostApi(acl, { name, args, site });
	call('aclInit', [null]);
	call('aclrtSetDevice', [0]);
	const stream = call('aclrtCreateStream', [undefined]).outs[0] as number;
	const policy = ACL_MEM_MALLOC_POLICY.ACL_MEM_MALLOC_HUGE_FIRST;
	const malloc = preparedHostCall(acl, 'aclrtMalloc', [undefined, 4096, policy], site);
	const free = preparedHostCall(acl, 'aclrtFree', [0], site);
	const start = performance.now();
	for (let i = 0; i < ITERATIONS; i++) {
		malloc.invoke();
		free.args[0] = malloc.outs[0];
		acl.launchKernel(stream, launch, site);
		free.invoke();
	}
	const elapsed = performance.now() - start;
	call('aclrtSynchronizeStream', [stream]);
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
