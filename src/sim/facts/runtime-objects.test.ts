/**
 * The facts of the runtime objects a C++ host program makes besides streams and events: a
 * notify and the graph a stream capture builds live in the machine state from their creating
 * call to their destroying one, and the device counts the notifies in use.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import { factsOf, stateAfter } from './machine-state.ts';
import { describeChange } from './state-change.ts';

const PROGRAM = `int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream s = nullptr;
    aclrtCreateStream(&s);
    aclrtNotify n = nullptr;
    aclrtCreateNotify(&n, 0);
    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclmdlRICaptureEnd(s, &graph);
    aclmdlRIDestroy(graph);
    aclrtDestroyNotify(n);
    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;

const trace = run({ source: PROGRAM, fileName: 'objects.cpp', product: 'atlas-a2', mode: 'npu' });
const after = (call: string) =>
	stateAfter(trace.steps, trace.steps.findIndex((s) => s.call === call) + 1);

describe('runtime object facts', () => {
	it('hold a created notify and count it on its device until it is destroyed', () => {
		const created = after('aclrtCreateNotify');
		expect(factsOf(created, 'notify')).toHaveLength(1);
		expect(factsOf(created, 'device-notifies')).toMatchObject([{ device: 0, inUse: 1 }]);
		const destroyed = after('aclrtDestroyNotify');
		expect(factsOf(destroyed, 'notify')).toEqual([]);
		expect(factsOf(destroyed, 'device-notifies')).toMatchObject([{ device: 0, inUse: 0 }]);
	});

	it('show a graph capturing on its stream, then ready, then gone once destroyed', () => {
		const [capturing] = factsOf(after('aclmdlRICaptureBegin'), 'graph');
		expect(describeChange(capturing!)).toMatch(
			/^pid\d+\.graph\.0x[0-9a-f]+="capturing stream \d+"$/,
		);
		expect(factsOf(after('aclmdlRICaptureEnd'), 'graph')).toMatchObject([
			{ state: 'ready', tasks: 0 },
		]);
		expect(factsOf(after('aclmdlRIDestroy'), 'graph')).toEqual([]);
	});
});
