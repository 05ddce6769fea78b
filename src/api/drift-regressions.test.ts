/**
 * Regressions of the bindings that drifted from the simulator before the catalog (issue 11),
 * each through a C++ program as a user would write it.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../lang/run.ts';
import type { Trace } from '../sim/trace.ts';

function host(body: string, globals = ''): Trace {
	return run({
		source: `${globals}\nint main() {\n${body}\n  return 0;\n}\n`,
		product: 'atlas-a2',
		mode: 'npu',
	});
}

function stdout(trace: Trace): string[] {
	return trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);
}

function hostCalls(trace: Trace): string[] {
	return trace.steps.filter((s) => s.actor.startsWith('host:')).map((s) => s.call);
}

describe('force resets and destroys', () => {
	it('aclrtResetDeviceForce releases a device set twice, and is traced under its own name', () => {
		const trace = host(`  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtSetDevice(0);
  aclrtResetDeviceForce(0);
  void *p = nullptr;
  printf("%d\\n", aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  aclFinalize();`);
		expect(hostCalls(trace)).toContain('aclrtResetDeviceForce');
		expect(hostCalls(trace)).not.toContain('aclrtResetDevice');
		// No current context is left: the device is gone, whatever its reference count was.
		expect(stdout(trace)).toEqual(['107002']);
		expect(trace.leaks.filter((l) => l.kind === 'device')).toEqual([]);
	});

	it('aclrtDestroyStreamForce does not wait for a hung kernel and drops its failure', () => {
		const source = (destroy: string) => `extern "C" __global__ __aicore__ void spin(GM_ADDR x)
{
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
}
int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream s = nullptr;
  aclrtCreateStream(&s);
  spin<<<1, nullptr, s>>>(nullptr);
  ${destroy}(s);
  printf("%d\\n", aclrtSynchronizeDevice());
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}`;
		const force = run({
			source: source('aclrtDestroyStreamForce'),
			product: 'atlas-a2',
			mode: 'npu',
		});
		const wait = run({ source: source('aclrtDestroyStream'), product: 'atlas-a2', mode: 'npu' });
		const destroyedAt = (t: Trace, call: string) => t.steps.find((s) => s.call === call)!.time;
		expect(hostCalls(force)).toContain('aclrtDestroyStreamForce');
		// The waiting destroy sits out the kernel timeout; the forced one returns at once.
		expect(destroyedAt(wait, 'aclrtDestroyStream')).toBeGreaterThan(
			destroyedAt(force, 'aclrtDestroyStreamForce') + 1_000_000,
		);
		expect(stdout(force)).toEqual(['0']);
	});
});

describe('the last error', () => {
	it('aclrtPeekAtLastError keeps the last failure and aclrtGetLastError clears it', () => {
		const trace = host(`  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtFree(nullptr);
  printf("%d %d\\n", aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL));
  printf("%d %d\\n", aclrtGetLastError(ACL_RT_THREAD_LEVEL), aclrtGetLastError(ACL_RT_THREAD_LEVEL));
  aclrtResetDevice(0);
  aclFinalize();`);
		expect(stdout(trace)).toEqual(['100000 100000', '100000 0']);
		expect(trace.outcome).toBe('error');
		expect(trace.calls['aclrtPeekAtLastError']).toBe(2);
	});
});

describe('tensor values', () => {
	it('LocalTensor::GetValue reads back what SetValue wrote', () => {
		const trace = run({
			source: `extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
    t.SetValue(0, 7);
    printf("%f\\n", t.GetValue(0));
    q.FreeTensor(t);
}`,
			product: 'atlas-a2',
			mode: 'cpu',
		});
		expect(stdout(trace)).toEqual(['7.000000']);
	});

	it('GlobalTensor::GetValue reads back what SetValue wrote to GM and the ramp fill elsewhere', () => {
		const trace = run({
			source: `extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float *)x, 64);
    g.SetValue(3, 2.5);
    printf("%f %f\\n", g.GetValue(3), g.GetValue(4));
}`,
			product: 'atlas-a2',
			mode: 'npu',
		});
		// Element 4 was never written: the documented kernel-only fill gives float (4 mod 128) / 16.
		expect(stdout(trace)).toEqual(['2.500000 0.250000']);
	});
});

describe('aliases', () => {
	it('aclrtMallocCached is traced, counted and reported as a leak under its own name', () => {
		const trace = host(`  aclInit(nullptr);
  aclrtSetDevice(0);
  void *p = nullptr;
  aclrtMallocCached(&p, 128, ACL_MEM_MALLOC_HUGE_FIRST);`);
		expect(hostCalls(trace)).toContain('aclrtMallocCached');
		expect(hostCalls(trace)).not.toContain('aclrtMalloc');
		expect(trace.calls).toMatchObject({ aclrtMallocCached: 1 });
		const leak = trace.leaks.find((l) => l.kind === 'device-memory')!;
		expect(leak.detail).toMatch(
			/^aclrtMallocCached\(128\) at 0x[0-9a-f]+ at line 6 was never freed/,
		);
	});
});

describe('argument checks', () => {
	it('aclrtMalloc(&p) with missing arguments is a call-arity error naming the signature', () => {
		const trace = host(`  void *p = nullptr;
  aclrtMalloc(&p);`);
		expect(trace.outcome).toBe('rejected');
		const d = trace.diagnostics.find((x) => x.code === 'call-arity')!;
		expect([d.line, d.column, d.severity]).toEqual([4, 3, 'error']);
		expect(d.message).toBe(
			'`aclrtMalloc` is called with 1 argument(s), which no form of it takes: `aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)`',
		);
	});

	it('passing a pointer where its address is needed is a call-arg-type error', () => {
		const trace = host(`  void *p = nullptr;
  aclrtMalloc(p, 64, ACL_MEM_MALLOC_HUGE_FIRST);`);
		expect(trace.outcome).toBe('rejected');
		const d = trace.diagnostics.find((x) => x.code === 'call-arg-type')!;
		expect([d.line, d.column]).toEqual([4, 15]);
		expect(d.message).toBe(
			'argument 1 of `aclrtMalloc` is `void*`, but the parameter `devPtr` is `void **`',
		);
	});

	it('a misspelt API name gets the nearest catalog name as a suggestion', () => {
		const trace = host(`  aclrtStream s = nullptr;
  aclrtCreateStreamWithConfg(&s, 0, 0);`);
		const d = trace.diagnostics.find((x) => x.code === 'call-misspelt')!;
		expect(d.message).toBe(
			'unknown function `aclrtCreateStreamWithConfg`: did you mean `aclrtCreateStreamWithConfig`?',
		);
	});
});
