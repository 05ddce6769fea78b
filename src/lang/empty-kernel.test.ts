import { describe, expect, it } from 'vitest';
import type { RunRequest } from '../sim/run-request.ts';
import { run } from './run.ts';

/** The same program with an empty kernel body and with one that does nothing observable. */
function both(main: string, extra: Partial<RunRequest> = {}) {
	const program = (body: string) =>
		`extern "C" __global__ __aicore__ void noop(GM_ADDR x) {${body}}\n${main}`;
	const request = { product: 'atlas-a2', mode: 'npu', ...extra } as const;
	return {
		empty: run({ ...request, source: program('') }),
		busy: run({ ...request, source: program(' int32_t unused = 0; ') }),
	};
}

const loop = (iterations: number, blocks: string) => `int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream s = nullptr;
    aclrtCreateStream(&s);
    printf("before");
    for (int32_t i = 0; i < ${iterations}; i++) {
        void *p = nullptr;
        aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
        noop<<<${blocks}, nullptr, s>>>((uint8_t *)p);
        aclrtFree(p);
    }
    aclrtSynchronizeStream(s);
    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;

describe('launching an empty kernel leaves the trace running its body would', () => {
	it('across step-budget checks, with pending output flushed at the first launch', () => {
		const { empty, busy } = both(loop(1500, '3'));
		expect(empty.outcome).toBe('completed');
		expect(empty.log.some((l) => l.text === 'before')).toBe(true);
		expect(empty).toEqual(busy);
	});

	it('when the step budget runs out between launches', () => {
		const { empty, busy } = both(loop(100000, '2'), { maxSteps: 1000 });
		expect(empty.outcome).toBe('hang');
		expect(empty).toEqual(busy);
	});

	it('with an invalid block count, which still gets its diagnostic', () => {
		const { empty, busy } = both(loop(2, '0'));
		expect(empty.diagnostics.some((d) => d.code === 'block-dim-invalid')).toBe(true);
		expect(empty).toEqual(busy);
	});

	it('in CPU mode and when the kernel runs alone', () => {
		const cpu = both(loop(600, '2'), { mode: 'cpu' });
		expect(cpu.empty).toEqual(cpu.busy);
		const alone = both('', { blocks: 4 });
		expect(alone.empty.outcome).toBe('completed');
		expect(alone.empty).toEqual(alone.busy);
	});
});
