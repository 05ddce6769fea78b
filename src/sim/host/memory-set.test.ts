/**
 * aclrtMemsetAsync through a C++ program: the checks of aclrtMemset, then a task on the stream
 * that the stream's synchronize waits for.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import { factsOf, stateAfter } from '../facts/machine-state.ts';

const program = (sets: string) => `int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream s = nullptr;
  aclrtCreateStream(&s);
  void *p = nullptr;
  aclrtMalloc(&p, 1 << 26, ACL_MEM_MALLOC_HUGE_FIRST);
${sets}
  aclrtSynchronizeStream(s);
  aclrtFree(p);
  aclrtDestroyStream(s);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
`;

function runSets(sets: string) {
	const trace = run({ source: program(sets), product: 'atlas-a2', mode: 'npu' });
	const stdout = trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);
	return { trace, stdout };
}

describe('aclrtMemsetAsync', () => {
	it('refuses a count past maxCount and memory aclrtMalloc did not hand out, with 100000', () => {
		const { stdout } = runSets(`  printf("%d\\n", aclrtMemsetAsync(p, 1024, 0, 2048, s));
  printf("%d\\n", aclrtMemsetAsync((char *)p + (1 << 26) - 8, 1024, 0, 512, s));
  printf("%d\\n", aclrtMemsetAsync(p, 1024, 0, 1024, s));`);
		expect(stdout).toEqual(['100000', '100000', '0']);
	});

	it('is traced under its own name on its stream, and the synchronize waits for the set', () => {
		const small = runSets('  aclrtMemsetAsync(p, 1024, 0, 64, s);').trace;
		const large = runSets('  aclrtMemsetAsync(p, 1 << 26, 0, 1 << 26, s);').trace;
		const set = small.steps.find((st) => st.call === 'aclrtMemsetAsync')!;
		expect(set.result).toBe('ACL_SUCCESS');
		expect(set.streams).toHaveLength(1);
		expect(small.calls).toMatchObject({ aclrtMemsetAsync: 1 });
		const synced = (t: typeof small) => t.steps.find((st) => st.call === 'aclrtSynchronizeStream')!;
		// 64 MiB at the illustrative copy bandwidth: thousands of microseconds more than 64 bytes.
		expect(synced(large).time - synced(small).time).toBeGreaterThan(5000);
	});

	it('during a stream capture is one more task of the graph instead of running', () => {
		const { trace } = runSets(`  aclmdlRI graph = nullptr;
  aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
  printf("%d\\n", aclrtMemsetAsync(p, 1024, 0, 1024, s));
  aclmdlRICaptureEnd(s, &graph);`);
		expect(trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text)).toEqual(['0']);
		const end = trace.steps.findIndex((st) => st.call === 'aclmdlRICaptureEnd');
		expect(factsOf(stateAfter(trace.steps, end + 1), 'graph')).toMatchObject([
			{ state: 'ready', tasks: 1 },
		]);
	});
});
