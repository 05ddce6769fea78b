/**
 * Hostile programs, written by hand: resource bombs of every kind the limits cover, with the
 * diagnostic each must end with under the default limits (src/sim/limits.ts). The Node suite
 * runs them through the CLI as child processes, the browser suite through the playground.
 */

/** One hand-written bomb. */
export interface Bomb {
	/** A kebab-case name, also the file name the CLI suite writes it to. */
	name: string;
	source: string;
	/** Extra `casebook sim` flags. */
	flags?: string[];
	/** The diagnostic code the run must report. */
	code: string;
	/** Outcomes it may end with. */
	outcomes: readonly string[];
	/** Too slow for the playground's few seconds, or meaningful only on the command line. */
	cliOnly?: boolean;
}

const repeat = (text: string, n: number) => text.repeat(n);

/** The four programs of issue 19, and a bomb of every other kind. */
export const BOMBS: readonly Bomb[] = [
	{
		name: 'issue-malloc-loop',
		source: `#include "acl/acl.h"
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    for (int i = 0; i < 100000000; i++) {
        void *p = nullptr;
        aclError ret = aclrtMalloc(&p, 1ULL << 40, ACL_MEM_MALLOC_HUGE_FIRST);
        if (ret != ACL_SUCCESS) {
            printf("aclrtMalloc failed: %d\\n", ret);
        }
    }
    return 0;
}
`,
		code: 'steps-exhausted',
		outcomes: ['hang'],
	},
	{
		name: 'issue-static-array',
		source: `static char a[2000000000];
int main()
{
    a[0] = 1;
    a[1999999999] = 1;
    printf("%d\\n", a[0] + a[1999999999]);
    return 0;
}
`,
		code: '',
		outcomes: ['completed'],
	},
	{
		name: 'static-array-filled',
		source: `static char a[2000000000];
int main()
{
    // One byte in every kilobyte: each pass touches a new kilobyte of the array.
    for (long i = 0; i < 2000000000; i += 1024) {
        a[i] = 1;
    }
    return 0;
}
`,
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
	},
	{
		name: 'device-allocation-leak',
		source: `int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    for (;;) {
        void *p = nullptr;
        aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST);
    }
}
`,
		code: 'memory-budget-objects',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'vector-push-back',
		source: `#include <vector>
int main()
{
    std::vector<long long> v;
    for (;;) v.push_back(1);
}
`,
		// A million pushes fit the step budget: a small memory budget is what must stop them.
		flags: ['--max-memory', '4m'],
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'vector-doubling',
		source: `#include <vector>
int main()
{
    std::vector<double> v(1, 1.0);
    for (;;) v.insert(v.end(), v.begin(), v.end());
}
`,
		// The budget counts 8 bytes a double, as C++ holds them; the interpreter's copies during
		// an insert take a few times that, so the suite's 512 MiB heap wants a smaller budget.
		flags: ['--max-memory', '64m'],
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'string-append-doubling',
		source: `#include <string>
int main()
{
    std::string s = "0123456789abcdef";
    for (;;) s += s;
}
`,
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'string-append-flood',
		source: `#include <string>
int main()
{
    std::string s;
    for (;;) s.append(1 << 20, 'x');
}
`,
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'map-growth',
		source: `#include <map>
int main()
{
    std::map<int, int> m;
    for (int i = 0;; i++) m[i] = i;
}
`,
		flags: ['--max-memory', '16m'],
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'heap-flood',
		source: `int main()
{
    for (;;) {
        char *p = (char *)malloc(1 << 20);
        for (int k = 0; k < (1 << 20); k += 4096) p[k] = 1;
    }
}
`,
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
	},
	{
		name: 'output-flood',
		source: `int main()
{
    for (long i = 0; ; i++) printf("line %ld of a flood that never ends\\n", i);
}
`,
		code: 'log-truncated',
		outcomes: ['hang'],
	},
	{
		name: 'endless-line',
		source: `int main()
{
    for (;;) printf("0123456789abcdef");
}
`,
		code: 'log-line-truncated',
		outcomes: ['hang'],
	},
	{
		name: 'printf-width-bomb',
		source: `int main()
{
    for (int i = 0; i < 1000; i++) printf("%*d%.900f\\n", 1000000000, i, 1.0);
    return 0;
}
`,
		code: 'log-line-truncated',
		outcomes: ['completed'],
	},
	{
		name: 'endless-recursion',
		source: `int Down(int n)
{
    int local[256];
    local[n % 256] = n;
    return Down(n + 1) + local[0];
}
int main() { return Down(0); }
`,
		code: 'recursion-too-deep',
		outcomes: ['abort'],
	},
	{
		name: 'stack-bomb',
		source: `int Down(int n) { return n == 0 ? 0 : 1 + (1 + (1 + (1 + Down(n - 1)))); }
int main() { return Down(100000000) > 0 ? 0 : 1; }
`,
		flags: ['--max-depth', '100000000'],
		code: 'stack-exhausted',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'endless-loop',
		source: `int main()
{
    long x = 0;
    while (true) { x = x + 1; }
}
`,
		code: 'steps-exhausted',
		outcomes: ['hang'],
	},
	{
		name: 'kernel-endless-loop',
		source: `extern "C" __global__ __aicore__ void spin(GM_ADDR x)
{
    for (;;) {}
}
`,
		// The kernel's own step budget names the endless loop before the run's budget runs out.
		code: 'kernel-never-ends',
		outcomes: ['hang'],
	},
	{
		name: 'gm-flood',
		source: `extern "C" __global__ __aicore__ void fill(GM_ADDR x)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> q;
    AscendC::GlobalTensor<int32_t> g;
    g.SetGlobalBuffer((__gm__ int32_t *)x, 1 << 30);
    pipe.InitBuffer(q, 1, 8192 * sizeof(int32_t));
    for (int32_t i = 0; i < (1 << 30); i += 8192) {
        AscendC::LocalTensor<int32_t> t = q.AllocTensor<int32_t>();
        AscendC::DataCopy(g[i], t, 8192);
        q.FreeTensor(t);
    }
}
`,
		flags: ['--gm-bytes', '4294967296'],
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
		cliOnly: true,
	},
	{
		name: 'matrix-diagonal',
		source: `static int m[1000000][1000000];
int main()
{
    for (int i = 0; i < 1000000; i++) m[i][i] = i;
    return 0;
}
`,
		code: 'memory-budget-exceeded',
		outcomes: ['abort'],
	},
	{
		name: 'nested-parentheses',
		source: `int main() { return ${repeat('(', 10_000)}0${repeat(')', 10_000)}; }\n`,
		code: 'nesting-too-deep',
		outcomes: ['rejected'],
	},
	{
		name: 'nested-blocks',
		source: `int main() { ${repeat('{', 10_000)}${repeat('}', 10_000)} return 0; }\n`,
		code: 'nesting-too-deep',
		outcomes: ['rejected'],
	},
	{
		name: 'nested-unary',
		source: `int main() { return ${repeat('- ', 10_000)}1; }\n`,
		code: 'nesting-too-deep',
		outcomes: ['rejected'],
	},
	{
		name: 'nested-if-condition',
		source: `#if ${repeat('(', 10_000)}1${repeat(')', 10_000)}\nint main() { return 0; }\n#endif\n`,
		code: 'nesting-too-deep',
		outcomes: ['rejected'],
	},
	{
		name: 'macro-doubling',
		source: `#define M0 1\n${Array.from({ length: 59 }, (_, i) => `#define M${i + 1} (M${i} + M${i})`).join('\n')}\nint main() { return M59; }\n`,
		code: 'macro-expansion-too-large',
		outcomes: ['rejected'],
	},
	{
		name: 'macro-call-doubling',
		source: `#define F0(x) (x + 1)\n${Array.from({ length: 39 }, (_, i) => `#define F${i + 1}(x) F${i}(x) + F${i}(x)`).join('\n')}\nint main() { return F39(1) > 0 ? 0 : 1; }\n`,
		code: 'macro-expansion-too-large',
		outcomes: ['rejected'],
	},
	{
		name: 'ten-megabyte-source',
		source: `int main()\n{\n    int x = 0;\n${repeat('    x = x + 1; if (x > 3) { x = x - 1; }\n', 250_000)}    return 0;\n}\n`,
		code: 'source-too-large',
		outcomes: ['rejected'],
	},
];
