/**
 * The limits of a run (src/sim/limits.ts), reached by C++ programs as a user would write them:
 * each stop is a diagnostic naming the limit, the place and the flag that changes it; output
 * beyond a cap is counted and said so; declared sizes cost nothing until they are touched.
 */
import { describe, expect, it } from 'vitest';
import { MIB } from '../sim/limits.ts';
import type { RunLimits } from '../sim/limits.ts';
import type { RunProgress } from '../sim/run-progress.ts';
import type { RunRequest } from '../sim/run-request.ts';
import type { Diagnostic, Trace } from '../sim/trace.ts';
import { run } from './run.ts';

const host = (source: string, limits: Partial<RunLimits> = {}, extra: Partial<RunRequest> = {}) =>
	run({ source, product: 'atlas-a2', mode: 'npu', runLimits: limits, ...extra });

const find = (trace: Trace, code: string): Diagnostic | undefined =>
	trace.diagnostics.find((d) => d.code === code);

const stdout = (trace: Trace) => trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);

describe('the memory budget counts what the program touches, not what it declares', () => {
	it('runs `static char a[2000000000]` that writes two bytes, without holding 2 GB', () => {
		const trace = host(
			'static char a[2000000000];\nint main() { a[0] = 1; a[1999999999] = 2; printf("%d\\n", a[0] + a[1999999999]); return 0; }',
			{ maxMemory: MIB },
		);
		expect(trace.outcome).toBe('completed');
		expect(stdout(trace)).toEqual(['3']);
	});

	it('stops a loop that touches the array past the budget, naming the declaration and its size', () => {
		const trace = host(
			'static char a[2000000000];\nint main() {\n  for (long i = 0; i < 2000000000; i += 4096) a[i] = 1;\n  return 0;\n}',
			{ maxMemory: 4 * MIB },
		);
		expect(trace.outcome).toBe('abort');
		const d = find(trace, 'memory-budget-exceeded')!;
		expect(d.message).toBe(
			'memory budget used up: writing more of `a` (1.9 GiB, from line 1) would take the program’s data past 4 MiB (4 MiB held already)',
		);
		expect([d.line, d.column]).toEqual([3, 3]);
		expect(d.hint).toContain('--max-memory');
	});

	it('stops writes into a huge malloc block past the budget, naming the malloc and its size', () => {
		const trace = host(
			'int main() {\n  char *p = (char *)malloc(1ULL << 30);\n  for (long i = 0; i < (1L << 30); i += 4096) p[i] = 1;\n  return 0;\n}',
			{ maxMemory: 2 * MIB },
		);
		expect(trace.outcome).toBe('abort');
		expect(find(trace, 'memory-budget-exceeded')?.message).toContain(
			'`a malloc block` (1 GiB, from line 2)',
		);
	});

	it('gives freed malloc blocks back, so a malloc/write/free loop runs within a small budget', () => {
		const trace = host(
			'int main() {\n  for (int i = 0; i < 5000; i++) {\n    char *p = (char *)malloc(65536);\n    for (int k = 0; k < 65536; k += 4096) p[k] = 1;\n    free(p);\n  }\n  printf("done\\n");\n  return 0;\n}',
			{ maxMemory: MIB },
		);
		expect(trace.outcome).toBe('completed');
		expect(stdout(trace)).toEqual(['done']);
	});

	it('gives a local array back when its block ends, so a loop over one runs within the budget', () => {
		const trace = host(
			'int main() {\n  int sum = 0;\n  for (int i = 0; i < 20000; i++) {\n    int buf[1024];\n    buf[i % 1024] = i;\n    buf[1023] = 1;\n    sum += buf[1023];\n  }\n  printf("%d\\n", sum);\n  return 0;\n}',
			{ maxMemory: MIB },
		);
		expect(trace.outcome).toBe('completed');
		expect(stdout(trace)).toEqual(['20000']);
	});

	it('counts the local arrays of every active call, so deep recursion over one reaches the budget', () => {
		const src =
			'int f(int n) {\n  int buf[1024];\n  buf[0] = n;\n  return n == 0 ? 0 : buf[0] + f(n - 1) - n + 1;\n}\nint main() { printf("%d\\n", f(300)); return 0; }';
		expect(host(src, { maxMemory: 2 * MIB }).outcome).toBe('completed');
		const tight = host(src, { maxMemory: MIB });
		expect(tight.outcome).toBe('abort');
		expect(find(tight, 'memory-budget-exceeded')?.message).toContain('`buf` (4 KiB, from line 2)');
	});

	it('counts GM buffer contents a kernel writes, naming the buffer', () => {
		const kernel = `extern "C" __global__ __aicore__ void fill(GM_ADDR x)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> q;
    AscendC::GlobalTensor<int32_t> g;
    g.SetGlobalBuffer((__gm__ int32_t *)x, 1 << 28);
    pipe.InitBuffer(q, 1, 4096 * sizeof(int32_t));
    for (int32_t i = 0; i < (1 << 28); i += 4096) {
        AscendC::LocalTensor<int32_t> t = q.AllocTensor<int32_t>();
        AscendC::DataCopy(g[i], t, 4096);
        q.FreeTensor(t);
    }
}`;
		const trace = run({
			source: kernel,
			product: 'atlas-a2',
			mode: 'npu',
			gmBytes: 1 << 30,
			runLimits: { maxMemory: MIB },
		});
		expect(trace.outcome).toBe('abort');
		const d = find(trace, 'memory-budget-exceeded')!;
		expect(d.message).toContain('writing more of `x (GM)` (1 GiB) would take');
		expect([d.line, d.column]).toEqual([8, 5]);
	});

	it('counts the pages a fill generates when the kernel only reads them', () => {
		// Each read of an untouched page of a ramp-filled buffer makes that page (numerics).
		const kernel = `extern "C" __global__ __aicore__ void sum(__gm__ float *x)
{
    float total = 0;
    for (int i = 0; i < (1 << 26); i += 1024) {
        total += x[i];
    }
    printf("%f\\n", total);
}`;
		const trace = run({
			source: kernel,
			product: 'atlas-a2',
			mode: 'npu',
			gmBytes: 1 << 28,
			gmFill: { kind: 'ramp' },
			runLimits: { maxMemory: MIB },
		});
		expect(trace.outcome).toBe('abort');
		const d = find(trace, 'memory-budget-exceeded')!;
		expect(d.message).toContain('`x (GM)` (256 MiB)');
		// Reported at the loop that was reading.
		expect(d.line).toBe(4);
	});

	it('gives freed device memory back, so an aclrtMalloc/copy/aclrtFree loop runs within a small budget', () => {
		const trace = host(
			`int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    char *src = (char *)malloc(65536);
    for (int k = 0; k < 65536; k += 4096) src[k] = 1;
    for (int i = 0; i < 200; i++) {
        void *d = nullptr;
        aclrtMalloc(&d, 65536, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(d, 65536, src, 65536, ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtFree(d);
    }
    free(src);
    printf("done\\n");
    return 0;
}`,
			{ maxMemory: MIB },
		);
		expect(trace.diagnostics.map((x) => x.code)).not.toContain('memory-budget-exceeded');
		expect(stdout(trace)).toEqual(['done']);
	});
});

describe('simulator objects a program holds count against the budget too', () => {
	it('stops a loop that leaks device allocations, saying how many it holds', () => {
		const trace = host(
			'int main() {\n  aclInit(nullptr);\n  aclrtSetDevice(0);\n  for (;;) {\n    void *p = nullptr;\n    aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n  }\n}',
			{ maxMemory: MIB },
		);
		expect(trace.outcome).toBe('abort');
		const d = find(trace, 'memory-budget-objects')!;
		expect(d.message).toMatch(
			/^memory budget used up: the program holds [\d,]+ simulator objects \(device and host allocations, streams, events…\), which take [\d.]+ MiB and, with its data, pass 1 MiB$/,
		);
		expect(d.line).toBe(4);
	});
});

describe('output past the caps is counted, and the run goes on', () => {
	it('keeps the first and the last log lines and says how many were dropped', () => {
		const trace = host(
			'int main() { for (int i = 0; i < 100000; i++) printf("%d\\n", i); return 0; }',
			{ maxLogLines: 100 },
		);
		expect(trace.outcome).toBe('completed');
		expect(trace.log).toHaveLength(100);
		expect(trace.log[0]!.text).toBe('0');
		expect(trace.log[49]!.text).toBe('49');
		expect(trace.log[50]!.text).toBe('99950');
		expect(trace.log[99]!.text).toBe('99999');
		expect(trace.dropped?.logLines).toEqual({ count: 99900, at: 50 });
		expect(find(trace, 'log-truncated')?.message).toBe(
			'the run printed 100,000 log lines; the first 50 and the last 50 are kept, the 99,900 in between were dropped',
		);
	});

	it('cuts a line that never ends at the length cap, without slowing down', () => {
		const trace = host(
			'int main() { for (int i = 0; i < 200000; i++) printf("xxxxxxxxxx"); return 0; }',
			{ maxLineLength: 100 },
		);
		expect(trace.log).toHaveLength(1);
		expect(trace.log[0]!.text).toBe('x'.repeat(100));
		expect(trace.log[0]!.cut).toBe(2_000_000 - 100);
		expect(find(trace, 'log-line-truncated')?.hint).toContain('--max-line-length');
	});

	it('bounds a printf field width of a billion', () => {
		const trace = host('int main() { printf("%*d|%.500f\\n", 1000000000, 7, 1.5); return 0; }');
		expect(trace.outcome).toBe('completed');
		expect(trace.log[0]!.text.length).toBe(4096);
		expect(trace.diagnostics.some((d) => d.code === 'internal-error')).toBe(false);
	});

	it('summarises trace steps past the cap per call', () => {
		const trace = host(
			'int main() { aclInit(nullptr); aclrtSetDevice(0);\n for (int i = 0; i < 1000; i++) { void *p = nullptr; aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST); aclrtFree(p); }\n return 0; }',
			{ maxTraceSteps: 100 },
		);
		expect(trace.steps).toHaveLength(100);
		const calls = trace.dropped?.steps?.calls ?? [];
		expect(calls.find((c) => c.call === 'aclrtMalloc')?.count).toBeGreaterThan(900);
		expect(find(trace, 'trace-truncated')?.message).toMatch(/aclrtMalloc × 9\d\d/);
	});

	it('lists a diagnostic repeated a thousand times twenty times, and counts the rest', () => {
		const trace = host(
			'int main() { aclInit(nullptr); aclrtSetDevice(0);\n for (int i = 0; i < 1000; i++) { void *p = nullptr; aclrtMalloc(&p, 1ULL << 40, ACL_MEM_MALLOC_HUGE_FIRST); }\n return 0; }',
		);
		expect(trace.diagnostics.filter((d) => d.code === 'device-memory-exhausted')).toHaveLength(20);
		expect(find(trace, 'diagnostics-truncated')?.message).toBe(
			'980 more diagnostics of the same kinds were not listed: device-memory-exhausted × 980',
		);
	});
});

describe('calls nest only so deep', () => {
	it('stops endless recursion at the call that goes too deep, with the flag to change it', () => {
		const trace = host('int f(int n) {\n  return 1 + f(n + 1);\n}\nint main() { return f(0); }', {
			maxDepth: 50,
		});
		expect(trace.outcome).toBe('abort');
		const d = find(trace, 'recursion-too-deep')!;
		expect(d.message).toBe('calls nested more than 50 deep');
		expect([d.line, d.column]).toEqual([2, 14]);
		expect(d.hint).toContain('--max-depth');
	});

	it('turns the engine running out of stack into a diagnostic, not a crash', () => {
		const trace = host(
			'int f(int n) {\n  return n == 0 ? 0 : 1 + (1 + (1 + (1 + (1 + f(n - 1)))));\n}\nint main() { return f(1000000) > 0 ? 0 : 1; }',
			{ maxDepth: 1_000_000, maxSteps: 100_000_000 },
		);
		expect(trace.outcome).toBe('abort');
		expect(find(trace, 'stack-exhausted')?.hint).toContain('--max-depth');
	});
});

describe('programs too large or too deep to read are refused before they are parsed', () => {
	it('refuses a source over the size limit, and reads it when the limit is raised', () => {
		const body = '  x = x + 1;\n'.repeat(20_000);
		const source = `int main() {\n  int x = 0;\n${body}  return x == 20000 ? 0 : 1;\n}\n`;
		const refused = host(source, { maxSourceBytes: 200 * 1024 });
		expect(refused.outcome).toBe('rejected');
		expect(find(refused, 'source-too-large')?.message).toBe(
			'the program is 254 KiB; the simulator reads at most 200 KiB',
		);
		expect(host(source, { maxSourceBytes: MIB }).outcome).toBe('completed');
	});

	for (const [what, source, column] of [
		// The `{` of main is the first level, so the 256th `(` is the first past 256.
		[
			'10,000 nested parentheses',
			`int main() { return ${'('.repeat(10_000)}0${')'.repeat(10_000)}; }`,
			276,
		],
		[
			'10,000 nested blocks',
			`int main() { ${'{'.repeat(10_000)}${'}'.repeat(10_000)} return 0; }`,
			269,
		],
		[
			'10,000 nested parentheses in #if',
			`#if ${'('.repeat(10_000)}1${')'.repeat(10_000)}\nint main() { return 0; }\n#endif`,
			261,
		],
	] as const) {
		it(`refuses ${what} with nesting-too-deep at the first level past the limit`, () => {
			const trace = host(source);
			expect(trace.outcome).toBe('rejected');
			expect(trace.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
				['nesting-too-deep', 1, column],
			]);
			expect(trace.diagnostics[0]!.hint).toContain('--max-nesting');
		});
	}

	it('refuses 10,000 nested unary minuses, which no bracket shows', () => {
		const trace = host(`int main() { return ${'- '.repeat(10_000)}1; }`);
		expect(trace.diagnostics.map((d) => d.code)).toEqual(['nesting-too-deep']);
	});
});

describe('macro expansion is bounded', () => {
	it('stops object macros that double their text sixty times over', () => {
		let src = '#define M0 1\n';
		for (let i = 1; i < 60; i++) src += `#define M${i} (M${i - 1} + M${i - 1})\n`;
		const trace = host(`${src}int main() { return M59; }\n`);
		expect(trace.outcome).toBe('rejected');
		const d = find(trace, 'macro-expansion-too-large')!;
		expect(d.line).toBe(61);
		expect(d.hint).toContain('--max-source-bytes');
	});

	it('stops function-like macros whose bodies double the calls forty times over', () => {
		let src = '#define F0(x) (x + 1)\n';
		for (let i = 1; i < 40; i++) src += `#define F${i}(x) F${i - 1}(x) + F${i - 1}(x)\n`;
		const trace = host(`${src}int main() { return F39(1) > 0 ? 0 : 1; }\n`);
		expect(trace.diagnostics.map((d) => d.code)).toContain('macro-expansion-too-large');
	});

	it('reads five thousand object macros at the end of a large program in linear time', () => {
		const defs = Array.from({ length: 5000 }, (_, i) => `#define K${i} ${i}`).join('\n');
		const padding = '// padding\n'.repeat(20_000);
		const uses = Array.from({ length: 5000 }, (_, i) => `  s += K${i};`).join('\n');
		const trace = host(
			`${padding}${defs}\nint main() {\n  long s = 0;\n${uses}\n  printf("%ld\\n", s);\n  return 0;\n}\n`,
		);
		expect(trace.outcome).toBe('completed');
		expect(stdout(trace)).toEqual([String((4999 * 5000) / 2)]);
	});
});

describe('a host can interrupt a run that takes too long', () => {
	/** Hooks that interrupt after `checks` progress snapshots, keeping them. */
	function interruptAfter(checks: number) {
		const seen: RunProgress[] = [];
		return {
			seen,
			hooks: {
				onProgress(p: Readonly<RunProgress>) {
					seen.push({ ...p });
					return seen.length > checks ? { ms: 4_000 } : undefined;
				},
			},
		};
	}

	it('ends with run-interrupted naming an output flood when the program prints every pass', () => {
		const { hooks, seen } = interruptAfter(50);
		const trace = run(
			{
				source: 'int main() { for (long i = 0; ; i++) printf("%ld\\n", i); }',
				product: 'atlas-a2',
				mode: 'npu',
			},
			hooks,
		);
		expect(trace.outcome).toBe('hang');
		expect(seen[0]!.phase).toBe('compile');
		expect(find(trace, 'run-interrupted')?.message).toMatch(
			/^the run was stopped after 4 s of real time, at step \d+: the program was flooding the log$/,
		);
	});

	it('names growing data when the program keeps writing new memory', () => {
		const { hooks } = interruptAfter(200);
		const trace = run(
			{
				source:
					'static char a[2000000000];\nint main() { for (long i = 0; ; i += 4096) a[i] = 1; }',
				product: 'atlas-a2',
				mode: 'npu',
				runLimits: { maxMemory: 1 << 30 },
			},
			hooks,
		);
		expect(find(trace, 'run-interrupted')?.message).toContain('the program’s data kept growing');
	});
});
