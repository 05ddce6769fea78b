/**
 * The core's call protocol (CoreContext.protocol), through C++ programs: every Ascend C call is
 * one step under the name called, stamped after its row's cost; a semantics that describes no
 * step gets one read from the call; a call that stops the core leaves its stop as the last step.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import type { RunMode } from '../run-request.ts';
import type { TraceStep } from '../trace.ts';

function kernelSteps(body: string, mode: RunMode = 'cpu'): TraceStep[] {
	const trace = run({
		source: `extern "C" __global__ __aicore__ void probe(GM_ADDR x, GM_ADDR workspace)
{
${body}
}
`,
		fileName: 'probe.cpp',
		product: 'atlas-a2',
		mode,
	});
	return trace.steps.filter((s) => s.actor === 'core:0');
}

const SETUP = `    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que;
    pipe.InitBuffer(que, 2, 512);`;

describe('the kernel call protocol', () => {
	it('traces a call whose semantics describes no step by its name, arguments and result', () => {
		const steps = kernelSteps(`    GM_ADDR user = AscendC::GetUserWorkspace(workspace);
    int32_t idx = AscendC::GetBlockIdx();`);
		expect(steps.map((s) => `${s.call} ${s.args.join(', ')} -> ${s.result}`)).toEqual([
			'GetUserWorkspace workspace+0 -> workspace+0',
			'GetBlockIdx  -> 0',
		]);
	});

	it('reads a member call as the object and the member, with the element type its tensor implies', () => {
		const steps = kernelSteps(`${SETUP}
    AscendC::LocalTensor<half> t = que.AllocTensor<half>();
    bool vacant = que.VacantInQue();
    uint32_t n = t.GetSize();
    que.EnQue(t);`);
		expect(steps.slice(-4).map((s) => `${s.call} ${s.args.join(', ')} -> ${s.result}`)).toEqual([
			'que.AllocTensor<half>  -> LocalTensor<half> que#0',
			'que.VacantInQue  -> true',
			'que#0.GetSize  -> 256',
			'que.EnQue<half> que#0 -> true',
		]);
	});

	it("stamps each step after its row's cost: bookkeeping calls take no virtual time", () => {
		const steps = kernelSteps(`${SETUP}
    AscendC::SetSysWorkspace(workspace);
    GM_ADDR user = AscendC::GetUserWorkspace(workspace);
    AscendC::LocalTensor<half> t = que.AllocTensor<half>();`);
		const [init, sys, user, alloc] = steps.slice(-4);
		expect([sys!.call, user!.call]).toEqual(['SetSysWorkspace', 'GetUserWorkspace']);
		expect(sys!.time - init!.time).toBe(0);
		expect(user!.time - sys!.time).toBe(0);
		expect(alloc!.time - user!.time).toBe(1);
	});

	it('ends with the stopping call when a rule stops the core, and records nothing after it', () => {
		const steps = kernelSteps(`${SETUP}
    AscendC::LocalTensor<half> a = que.AllocTensor<half>();
    AscendC::LocalTensor<half> b = que.AllocTensor<half>();
    que.EnQue(a);
    que.EnQue(b);
    uint32_t n = a.GetSize();`);
		const last = steps[steps.length - 1]!;
		expect([last.call, last.result]).toEqual(['que.EnQue<half>', 'SIGABRT']);
		expect(steps.filter((s) => s.call === 'que.EnQue<half>')).toHaveLength(2);
	});
});
