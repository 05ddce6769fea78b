/**
 * Stream lifetimes and process events read from the trace's facts of C++ host programs: a
 * stream lives from its creation to its destruction, the calls on it name it, and the steps
 * that start, signal or end the process are its events.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import { isProcessEvent } from './process-events.ts';
import { streamLifetimes } from './stream-lifetimes.ts';

const PROGRAM = `#include <csignal>
void onSignal(int) {}
int main() {
    signal(SIGINT, onSignal);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream a = nullptr;
    aclrtStream b = nullptr;
    aclrtCreateStream(&a);
    aclrtCreateStream(&b);
    aclrtSynchronizeStream(a);
    aclrtDestroyStream(a);
    aclrtSynchronizeStream(b);
    return 0;
}
`;

const trace = run({ source: PROGRAM, fileName: 'streams.cpp', product: 'atlas-a2', mode: 'npu' });
const stepOf = (call: string, n = 0) => trace.steps.filter((s) => s.call === call)[n]!;

describe('stream lifetimes', () => {
	it("run from the creating call to the destroying one, or to the driver's reclaim", () => {
		const [a, b] = streamLifetimes(trace.steps);
		expect([a!.created.step, a!.destroyed?.step]).toEqual([
			stepOf('aclrtCreateStream').step,
			stepOf('aclrtDestroyStream').step,
		]);
		expect([b!.created.step, b!.destroyed?.step]).toEqual([
			stepOf('aclrtCreateStream', 1).step,
			stepOf('reclaim').step,
		]);
		expect(a!.id).not.toBe(b!.id);
	});

	it('are named by the calls that act on the stream', () => {
		const [a, b] = streamLifetimes(trace.steps);
		expect(stepOf('aclrtSynchronizeStream').streams).toEqual([a!.handle]);
		expect(stepOf('aclrtSynchronizeStream', 1).streams).toEqual([b!.handle]);
		expect(stepOf('aclrtSetDevice').streams).toBeUndefined();
	});
});

describe('process events', () => {
	it("are the user's actions, signal() and the process's end, not its AscendCL calls", () => {
		expect(
			trace.steps.filter(isProcessEvent).map((s) => `${s.actor.split(':')[0]} ${s.call}`),
		).toEqual(['user run', 'host signal', 'host return', 'driver reclaim']);
	});
});
