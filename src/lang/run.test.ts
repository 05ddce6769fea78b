import { describe, expect, it } from 'vitest';
import type { RunRequest } from '../sim/run-request.ts';
import { checkProgram, run } from './run.ts';

const host = (source: string, extra: Partial<RunRequest> = {}) =>
	run({ source, product: 'atlas-a2', mode: 'npu', ...extra });

const stdout = (source: string, extra: Partial<RunRequest> = {}) =>
	host(source, extra)
		.log.filter((l) => l.channel === 'stdout')
		.map((l) => l.text);

describe('C++ arithmetic keeps its C++ meaning', () => {
	it('wraps signed and unsigned 32-bit integers and truncates division', () => {
		expect(
			stdout(
				'int main() { int32_t a = 2147483647; a += 1; uint32_t u = 0; u--; printf("%d %u %d %d\\n", a, u, -7 / 2, -7 % 2); return 0; }',
			),
		).toEqual(['-2147483648 4294967295 -3 -1']);
	});

	it('compares signed with unsigned after conversion, as C++ does', () => {
		expect(stdout('int main() { printf("%d\\n", -1 < 0u); return 0; }')).toEqual(['0']);
	});

	it('parses `a < b && c > d` with C++ precedence', () => {
		expect(
			stdout(
				'int main() { int a = 1, b = 2, c = 3, d = 2; printf("%d\\n", a < b && c > d); return 0; }',
			),
		).toEqual(['1']);
	});

	it('reads `x = c ? a : b` as an assignment of the conditional', () => {
		expect(
			stdout('int main() { int x = 0; int c = 0; x = c ? 5 : 7; printf("%d\\n", x); return 0; }'),
		).toEqual(['7']);
	});

	it('runs a 1,000,000-iteration loop to the right sum', () => {
		expect(
			stdout(
				'int main() { int64_t s = 0; for (int32_t i = 0; i < 1000000; i++) { s += i % 7; } printf("%ld\\n", s); return 0; }',
			),
		).toEqual(['2999997']);
	});
});

describe('classes, templates, namespaces and macros', () => {
	it('constructs a class with an initializer list and calls its members', () => {
		const src = `
class Counter {
public:
    Counter(int start) : n(start) {}
    void Add(int k) { n += k; Twice(); }
    int Get() const { return n; }
private:
    void Twice() { n = n * 2; }
    int n;
};
int main() { Counter c(3); c.Add(1); printf("%d\\n", c.Get()); return 0; }`;
		expect(stdout(src)).toEqual(['8']);
	});

	it('instantiates a class template and a function template with explicit arguments', () => {
		const src = `
namespace util {
template <typename T, int N> struct Box { T items[N]; int Size() { return N; } };
template <int K> int Scale(int v) { return v * K; }
}
using namespace util;
int main() { Box<float, 4> b; b.items[2] = 1.5f; printf("%d %d %.1f\\n", b.Size(), Scale<3>(7), b.items[2]); return 0; }`;
		expect(stdout(src)).toEqual(['4 21 1.5']);
	});

	it('expands function-like macros with statement bodies at the call site, __LINE__ included', () => {
		const src = `
#define CHECK(x) do { int r_ = (x); if (r_ != 0) { printf("fail %d at %d\\n", r_, __LINE__); } } while (0)
int Fail() { return 7; }
int main() { CHECK(Fail()); CHECK(0); return 0; }`;
		expect(stdout(src)).toEqual(['fail 7 at 4']);
	});

	it('inherits fields and member functions, a derived function hiding the base one', () => {
		const src = `
class Base { public: int v = 1; int Get() { return v; } int Twice() { return Get() * 2; } };
class Derived : public Base { public: int Get() { return v + 10; } };
int main() { Derived d; printf("%d %d\\n", d.Get(), d.Twice()); return 0; }`;
		expect(stdout(src)).toEqual(['11 2']);
	});

	it('passes scalars by reference and pointers as out-parameters', () => {
		const src = `
void Inc(int &v) { v++; }
void Set(int *p) { *p = 42; }
int main() { int a = 1; Inc(a); int b = 0; Set(&b); printf("%d %d\\n", a, b); return 0; }`;
		expect(stdout(src)).toEqual(['2 42']);
	});
});

describe('host programs on the simulated machine', () => {
	it('writes aclrtMalloc results through &ptr and reports a leak at exit', () => {
		const trace = host(`
int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *p = nullptr;
    aclError ret = aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("%d %d\\n", ret, p != nullptr);
    return 0;
}`);
		expect(trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text)).toEqual(['0 1']);
		expect(trace.leaks.some((l) => l.kind === 'device-memory')).toBe(true);
	});

	it('runs the program’s own signal handler when the scenario sends SIGINT', () => {
		const src = `
volatile int g_stop = 0;
void OnStop(int sig) { printf("handler %d\\n", sig); g_stop = 1; }
int main() {
    signal(SIGINT, OnStop);
    int ticks = 0;
    while (!g_stop) { usleep(1000); ticks++; }
    printf("stopped\\n");
    return 0;
}`;
		const trace = host(src, {
			actions: [{ do: 'run' }, { do: 'wait', ms: 20 }, { do: 'signal', signal: 'SIGINT' }],
		});
		expect(trace.outcome).toBe('completed');
		expect(trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text)).toEqual([
			'handler 2',
			'stopped',
		]);
	});

	it('reports an API error code the program saw as outcome error', () => {
		expect(host('int main() { aclError r = aclrtSetDevice(0); return 0; }').outcome).toBe('error');
	});
});

describe('kernels without main', () => {
	const kernel = `
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> q0, q1, q2, q3, q4;
    pipe.InitBuffer(q0, 1, 256); pipe.InitBuffer(q1, 1, 256); pipe.InitBuffer(q2, 1, 256);
    pipe.InitBuffer(q3, 1, 256); pipe.InitBuffer(q4, 1, 256);
    AscendC::LocalTensor<half> t0 = q0.AllocTensor<half>();
    AscendC::LocalTensor<half> t1 = q1.AllocTensor<half>();
    AscendC::LocalTensor<half> t2 = q2.AllocTensor<half>();
    AscendC::LocalTensor<half> t3 = q3.AllocTensor<half>();
    AscendC::LocalTensor<half> t4 = q4.AllocTensor<half>();
    q0.FreeTensor(t0);
    q1.FreeTensor(t1);
    q2.FreeTensor(t2);
    q3.FreeTensor(t3);
    q4.FreeTensor(t4);
}`;

	it('aborts in CPU debug on the training series and names the user frame', () => {
		const trace = run({
			source: kernel,
			product: 'atlas-training',
			mode: 'cpu',
			fileName: 'k.cpp',
		});
		expect(trace.outcome).toBe('abort');
		const line = kernel.split('\n').findIndex((l) => l.includes('q4.FreeTensor')) + 1;
		expect(trace.log.some((l) => l.text.endsWith(`k at /home/xxxx/k.cpp:${line}`))).toBe(true);
	});

	it('hangs on the NPU', () => {
		expect(run({ source: kernel, product: 'atlas-training', mode: 'npu' }).outcome).toBe('hang');
	});

	it('completes where the limit is 8', () => {
		expect(run({ source: kernel, product: 'atlas-a2', mode: 'cpu' }).outcome).toBe('completed');
	});
});

describe('run never throws', () => {
	it('turns an empty program into a rejected trace with entry-missing', () => {
		const trace = host('');
		expect(trace.outcome).toBe('rejected');
		expect(trace.diagnostics.map((d) => d.code)).toEqual(['entry-missing']);
	});

	it('stops a runaway loop at the step budget with its line', () => {
		const trace = host('int main() {\n  int x = 0;\n  while (1) { x++; }\n}', { maxSteps: 1000 });
		expect(trace.outcome).toBe('hang');
		expect(trace.diagnostics.map((d) => [d.code, d.line])).toEqual([['steps-exhausted', 3]]);
	});
});

describe('checkProgram for the editor', () => {
	it('names an unknown call and an unknown type without running anything', () => {
		const diagnostics = checkProgram({
			source: 'int main() {\n  Foo f;\n  Magic(1);\n  aclrtMagic(1);\n  while (1) {}\n}',
			product: 'atlas-a2',
			mode: 'npu',
		});
		expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
			['type-unknown', 'error', 2, 3],
			['call-unknown', 'error', 3, 3],
			['call-external', 'warning', 4, 3],
		]);
	});
});
