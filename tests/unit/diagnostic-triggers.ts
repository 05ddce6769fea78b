/**
 * One C++ program per catalog code that makes the interpreter or the simulator report it, run
 * through the front door (`run()`), as a user would. The table is a total record over
 * `DiagnosticCode`: a code added to the catalog without a program here fails type-checking.
 */
import type { Action } from '../../src/cases/schema.ts';
import type { DiagnosticCode } from '../../src/diagnostics/index.ts';
import type { ProductId } from '../../src/sim/product-id.ts';
import type { RunLimits } from '../../src/sim/limits.ts';
import type { ProgramFile, RunMode, RunRequest } from '../../src/sim/run-request.ts';
import { rankProgram } from '../../src/sim/host/hccl/hccl-programs.test-util.ts';

/** A program that reaches a code, with what the run needs. */
export interface Trigger {
	source: string;
	product?: ProductId;
	mode?: RunMode;
	cann?: string;
	maxSteps?: number;
	/** Limits of the run (src/sim/limits.ts), small so a limit is reached at once. */
	runLimits?: Partial<RunLimits>;
	/** Size of each synthetic GM buffer of a kernel run without `main`. */
	gmBytes?: number;
	/** Blocks a kernel run without `main` launches. */
	blocks?: number;
	actions?: Action[];
	/** Further files of the program (headers it includes, other sources, data). */
	files?: ProgramFile[];
	/** The machine and the other programs of the run (RunRequest fields of the same names). */
	request?: Pick<
		RunRequest,
		'deviceCount' | 'ranks' | 'env' | 'limits' | 'programs' | 'unusableDevices'
	>;
}

/** A code no correct simulator reaches from a program, and why it exists anyway. */
export interface Unreachable {
	unreachable: string;
}

/** A kernel entry with a TPipe and two GM arguments around `body`. */
function kernel(body: string, head = ''): string {
	return `#include "kernel_operator.h"
using namespace AscendC;
${head}
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    GlobalTensor<half> g;
    g.SetGlobalBuffer((__gm__ half *)x, 1024);
${body}
}
`;
}

/** A host `main` around `body`, with a device, a context-less stream and CANN error checks off. */
function host(body: string): string {
	return `#include "acl/acl.h"
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
${body}
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;
}

/** Five VECIN queues of one buffer each on a product that allows four (seed 000). */
const FIVE_VECIN = kernel(`    TQue<TPosition::VECIN, 1> q1, q2, q3, q4;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(q1, 1, 256);
    pipe.InitBuffer(q2, 1, 256);
    pipe.InitBuffer(q3, 1, 256);
    pipe.InitBuffer(q4, 1, 256);
    LocalTensor<half> t0 = q.AllocTensor<half>();
    LocalTensor<half> t1 = q1.AllocTensor<half>();
    LocalTensor<half> t2 = q2.AllocTensor<half>();
    LocalTensor<half> t3 = q3.AllocTensor<half>();
    LocalTensor<half> t4 = q4.AllocTensor<half>();
    q.FreeTensor(t0);
    q1.FreeTensor(t1);
    q2.FreeTensor(t2);
    q3.FreeTensor(t3);
    q4.FreeTensor(t4);`);

/** Every code of the catalog and how to reach it. */
export const TRIGGERS: Record<DiagnosticCode, Trigger | Unreachable> = {
	// ----- language -------------------------------------------------------------------------
	'parse-error': { source: 'int main() {\n    int x = (1 + ;\n    return 0;\n}\n' },
	'parse-unexpected-end': { source: 'int main() {\n    int x = 1;\n' },
	'construct-unsupported': {
		source: 'int main() {\n    goto end;\nend:\n    return 0;\n}\n',
	},
	'call-unknown': {
		source: 'int main() {\n    MallocTurbo(nullptr, 16);\n    return 0;\n}\n',
	},
	'call-misspelt': {
		source: host('    aclrtSynchronizeStrem(stream);'),
	},
	'api-not-on-product': {
		source: kernel(`    pipe.InitBuffer(q, 1, 512);
    LocalTensor<half> t = q.AllocTensor<half>();
    Brcb(t, t[128], 1, {1, 8});`),
		product: 'atlas-training',
	},
	'call-arity': {
		source: host('    void *p = nullptr;\n    aclrtMalloc(&p);'),
	},
	'call-arg-type': {
		source: host('    void *p = nullptr;\n    aclrtMalloc(p, 16, ACL_MEM_MALLOC_HUGE_FIRST);'),
	},
	'method-unknown': {
		source: 'struct S { int a; };\nint main() {\n    S s;\n    s.grow();\n    return 0;\n}\n',
	},
	'member-unknown': {
		source: 'struct S { int a; };\nint main() {\n    S s;\n    return s.b;\n}\n',
	},
	'name-unknown': { source: 'int main() {\n    return missing + 1;\n}\n' },
	'type-unknown': { source: 'int main() {\n    Widget w;\n    return 0;\n}\n' },
	'args-mismatch': {
		source: 'int twice(int a) { return 2 * a; }\nint main() {\n    return twice(1, 2);\n}\n',
	},
	'template-args-missing': {
		source:
			'template <typename T> struct Box { T v; };\nint main() {\n    Box b;\n    return 0;\n}\n',
	},
	'include-skipped': { source: '#include "my_helpers.h"\nint main() {\n    return 0;\n}\n' },
	'preprocessor-ignored': {
		source: '#warning built for the simulator\nint main() {\n    return 0;\n}\n',
	},
	'preprocessor-unsupported': {
		source: '#if FOO(1)\n#endif\nint main() {\n    return 0;\n}\n',
	},
	'preprocessor-unterminated': { source: '#if 1\nint main() {\n    return 0;\n}\n' },
	'macro-framework': {
		source: 'BEGIN_TILING_DATA_DEF(AddTiling);\nint main() {\n    return 0;\n}\n',
	},
	'entry-missing': { source: 'int value = 1;\n' },
	'kernel-synthetic-args': { source: kernel('') },
	'steps-exhausted': {
		source: 'int main() {\n    int i = 0;\n    while (true) { i++; }\n    return 0;\n}\n',
		maxSteps: 10_000,
	},
	'recursion-too-deep': {
		source: 'int down(int n) { return down(n + 1); }\nint main() {\n    return down(0);\n}\n',
	},
	'memory-budget-exceeded': {
		source:
			'static char a[2000000000];\nint main() {\n    for (long i = 0; i < 2000000000; i += 1024) a[i] = 1;\n    return 0;\n}\n',
		runLimits: { maxMemory: 1 << 20 },
	},
	'memory-budget-objects': {
		source: host(
			'    for (;;) {\n        void *p = nullptr;\n        aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST);\n    }',
		),
		runLimits: { maxMemory: 1 << 20 },
	},
	'stack-exhausted': {
		source:
			'int down(int n) { return n == 0 ? 0 : 1 + (1 + (1 + down(n - 1))); }\nint main() {\n    return down(100000000) > 0 ? 0 : 1;\n}\n',
		runLimits: { maxDepth: 100_000_000, maxSteps: 1_000_000_000 },
	},
	'source-too-large': {
		source: '// A comment longer than the limit of this run.\nint main() {\n    return 0;\n}\n',
		runLimits: { maxSourceBytes: 32 },
	},
	'macro-expansion-too-large': {
		source: `#define M0 1\n${Array.from({ length: 40 }, (_, i) => `#define M${i + 1} (M${i} + M${i})`).join('\n')}\nint main() {\n    return M40;\n}\n`,
		runLimits: { maxSourceBytes: 64 * 1024 },
	},
	'nesting-too-deep': {
		source: `int main() {\n    return ${'('.repeat(300)}0${')'.repeat(300)};\n}\n`,
	},
	'run-interrupted': {
		unreachable:
			'only a host that interrupts the run reports it (the playground worker, after 3.5 s of real time); src/lang/limits.test.ts reaches it through that hook',
	},
	'log-truncated': {
		source:
			'int main() {\n    for (int i = 0; i < 100; i++) printf("%d\\n", i);\n    return 0;\n}\n',
		runLimits: { maxLogLines: 10 },
	},
	'log-line-truncated': {
		source: 'int main() {\n    printf("a line longer than ten characters\\n");\n    return 0;\n}\n',
		runLimits: { maxLineLength: 10 },
	},
	'trace-truncated': {
		source: host(
			'    for (int i = 0; i < 20; i++) {\n        void *p = nullptr;\n        aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST);\n        aclrtFree(p);\n    }',
		),
		runLimits: { maxTraceSteps: 10 },
	},
	'diagnostics-truncated': {
		source: host(
			'    for (int i = 0; i < 30; i++) {\n        void *p = nullptr;\n        aclrtMalloc(&p, 1ULL << 40, ACL_MEM_MALLOC_HUGE_FIRST);\n    }',
		),
	},
	'division-by-zero': { source: 'int main() {\n    int z = 0;\n    return 1 / z;\n}\n' },
	'null-dereference': { source: 'int main() {\n    int *p = nullptr;\n    return *p;\n}\n' },
	'index-out-of-range': {
		source: 'int main() {\n    int a[2] = {1, 2};\n    int i = 5;\n    return a[i];\n}\n',
	},
	'value-not-callable': { source: 'int main() {\n    int x = 1;\n    return x(2);\n}\n' },
	'lvalue-required': { source: 'int main() {\n    ++3;\n    return 0;\n}\n' },
	'file-missing': {
		source: '#include <cstdio>\nint main() {\n    fopen("input.bin", "rb");\n    return 0;\n}\n',
	},
	'file-written': {
		source:
			'#include <cstdio>\nint main() {\n    FILE *f = fopen("out.txt", "w");\n    fputs("hi", f);\n    fclose(f);\n    return 0;\n}\n',
	},
	'thread-blocked': {
		source: `#include <thread>
#include <mutex>
#include <condition_variable>
std::mutex m;
std::condition_variable cv;
bool ready = false;
void Waiter() {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [] { return ready; });
}
int main() {
    std::thread t(Waiter);
    t.join();
    return 0;
}
`,
	},
	'thread-not-joinable': {
		source:
			'#include <thread>\nvoid Work() {}\nint main() {\n    std::thread t(Work);\n    t.join();\n    t.join();\n    return 0;\n}\n',
	},
	'include-cycle': {
		source: '#include "a.h"\nint main() {\n    return 0;\n}\n',
		files: [
			{ path: 'a.h', text: '#include "b.h"\n' },
			{ path: 'b.h', text: '#include "a.h"\n' },
		],
	},
	'helper-assumed': {
		source: 'int main() {\n    INFO_LOG("started %d", 1);\n    return 0;\n}\n',
	},
	'framework-assumed': {
		source: kernel('    GET_TILING_DATA(tilingData, y);'),
	},
	'call-external': {
		source: '#include "my_math.h"\nint main() {\n    return FastDot(1, 2);\n}\n',
	},
	'type-external': {
		source: '#include "my_math.h"\nint main() {\n    Matrix m;\n    return m.rows;\n}\n',
	},
	'name-external': {
		source: '#include "my_math.h"\nint main() {\n    return MATH_ONE;\n}\n',
	},
	'asm-skipped': {
		source: kernel('    asm("nop");'),
	},
	'exception-thrown': { source: 'int main() {\n    throw 1;\n}\n' },
	'internal-error': {
		unreachable:
			'reported only when the interpreter itself throws (a bug); the fuzz tests check that no program reaches it',
	},

	// ----- kernel ---------------------------------------------------------------------------
	'que-depth-exceeded': {
		source: kernel(`    pipe.InitBuffer(q, 2, 256);
    LocalTensor<half> a = q.AllocTensor<half>();
    LocalTensor<half> b = q.AllocTensor<half>();
    q.EnQue(a);
    q.EnQue(b);`),
	},
	'tque-buffer-limit': { source: FIVE_VECIN, product: 'atlas-training', mode: 'cpu' },
	'event-id-exhausted': {
		source: kernel(`    for (int i = 0; i < 9; i++) {
        pipe.AllocEventID<HardEvent::V_S>();
    }`),
	},
	'tposition-buffer-count': { source: FIVE_VECIN, product: 'atlas-training', mode: 'cpu' },
	'tensor-double-free': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    q.FreeTensor(t);
    q.FreeTensor(t);`),
		mode: 'cpu',
	},
	'deque-empty': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.DeQue<half>();`),
	},
	'tensor-foreign-queue': {
		source: kernel(`    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    out.FreeTensor(t);`),
		mode: 'cpu',
	},
	'tensor-enque-state': {
		source: kernel(`    TQue<TPosition::VECIN, 2> deep;
    pipe.InitBuffer(deep, 2, 256);
    LocalTensor<half> t = deep.AllocTensor<half>();
    deep.EnQue(t);
    deep.EnQue(t);`),
		mode: 'cpu',
	},
	'tque-no-free-block': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> a = q.AllocTensor<half>();
    LocalTensor<half> b = q.AllocTensor<half>();`),
	},
	'tque-not-initialized': {
		source: kernel('    LocalTensor<half> t = q.AllocTensor<half>();'),
	},
	'tpipe-buffer-count': {
		source: kernel(`    TQue<TPosition::VECCALC, 1> a, b;
    pipe.InitBuffer(a, 40, 32);
    pipe.InitBuffer(b, 40, 32);`),
	},
	'pool-overflow': { source: kernel('    pipe.InitBuffer(q, 2, 1048576);') },
	'buffer-length-zero': { source: kernel('    pipe.InitBuffer(q, 2, 0);') },
	'tbuf-length': {
		source: kernel(`    TBuf<TPosition::VECCALC> tmp;
    pipe.InitBuffer(tmp, 1048576);`),
	},
	'tbuf-get-length': {
		source: kernel(`    TBuf<TPosition::VECCALC> tmp;
    pipe.InitBuffer(tmp, 64);
    LocalTensor<half> t = tmp.Get<half>(1000);`),
	},
	'tpipe-second-instance': { source: kernel('    TPipe second;') },
	'tpipe-destroyed': {
		source: kernel(`    pipe.Destroy();
    pipe.InitBuffer(q, 1, 256);`),
	},
	'datacopy-round-down': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    DataCopy(t, g, 3);`),
	},
	'tensor-out-of-bounds': {
		source: kernel(`    TQue<TPosition::VECIN, 1> next;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(next, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    DataCopy(t, g, 256);`),
	},
	'memory-out-of-range': {
		source: kernel(`    pipe.InitBuffer(q, 1, 196608);
    LocalTensor<half> t = q.AllocTensor<half>();
    DataCopy(t[98000], g, 1024);`),
		product: 'atlas-a2',
	},
	'kernel-never-ends': {
		source: kernel(`    for (uint32_t i = 3; i >= 0; i--) {
        PipeBarrier<PIPE_V>();
    }`),
		maxSteps: 20000,
	},
	'gm-out-of-bounds': {
		source: kernel(`    pipe.InitBuffer(q, 1, 4096);
    LocalTensor<half> t = q.AllocTensor<half>();
    DataCopy(t, g, 2048);`),
		gmBytes: 1024,
	},
	'address-unaligned': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    DataCopy(t[1], g, 16);`),
		mode: 'cpu',
	},
	'tensor-position-unsupported': {
		source: kernel(`    TQue<TPosition::A1, 1> a1;
    pipe.InitBuffer(a1, 1, 256);
    LocalTensor<half> t = a1.AllocTensor<half>();
    Add(t, t, t, 16);`),
		mode: 'cpu',
	},
	'local-mem-allocator-full': {
		source: kernel(`    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, 40000>();
    LocalTensor<float> b = ub.Alloc<float>(40000);`),
	},
	'position-unsupported': {
		source: kernel(`    TQueBind<TPosition::B1, TPosition::C2PIPE2GM, 1> bind;
    pipe.InitBuffer(bind, 1, 64);`),
		product: 'atlas-training',
	},
	'tensor-use-after-free': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    q.FreeTensor(t);
    Adds(t, t, (half)1, 16);`),
	},
	'tensor-dtype-mismatch': {
		source: kernel(`    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    LocalTensor<half> a = q.AllocTensor<half>();
    LocalTensor<float> b = out.AllocTensor<float>();
    Add(a, a, b, 16);`),
	},
	'event-id-out-of-range': {
		source: kernel('    pipe.ReleaseEventID<HardEvent::V_S>(99);'),
	},
	'flag-wait-unset': { source: kernel('    WaitFlag<HardEvent::V_S>(0);') },
	'pipe-race': {
		source: kernel(`    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    LocalTensor<half> t = b.Get<half>();
    DataCopy(t, g, 512);
    Adds(t, t, (half)1, 512);`),
	},
	'vector-count-exceeds-tensor': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    Adds(t, t, (half)1, 4096);`),
		mode: 'cpu',
	},
	'vector-call-shape': {
		unreachable:
			'Every documented form of every vector row runs now (count, mask-bit and mask-count with their repeat strides); the code stays because older links point to its anchor.',
	},
	'param-out-of-range': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    BlockReduceSum(t, t, 300, 128, 1, 1, 8);`),
		mode: 'cpu',
	},
	'param-value-invalid': {
		source: kernel(`    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> t = q.AllocTensor<float>();
    uint16_t lengths[4] = {32, 32, 0, 0};
    uint32_t sortedNum[4];
    MrgSort<float>(t[128], MrgSortSrcList<float>(t, t[64], t, t), lengths, sortedNum, 5, 1);`),
		mode: 'cpu',
	},
	'api-form-empty-on-product': {
		source: kernel(`    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> t = q.AllocTensor<float>();
    static constexpr SortConfig config = {SortType::MERGE_SORT, true};
    Sort<float, false, config>(t, t[128], 32);`),
	},
	'config-ignored-on-product': {
		source: kernel(`    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> t = q.AllocTensor<float>();
    LayerNormPara para = {1, 8, 8};
    LayerNormSeparateTiling tiling;
    static constexpr LayerNormConfig variance = {false, false, false, false};
    LayerNorm<float, float, false, variance>(t, t[64], t[72], t[8], t[16], t[24], 0.01f, para, tiling);`),
	},
	'sync-all-sequential': {
		source: kernel('    SyncAll();'),
		blocks: 2,
	},
	'kernel-assert-failed': {
		source: kernel('    int tiles = 0;\n    ascendc_assert(tiles > 0, "tiles is %d\\n", tiles);'),
		mode: 'cpu',
	},
	'vector-dtype-unsupported': {
		source: kernel(`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    Not(t, t, 16);`),
		mode: 'cpu',
	},
	'cast-pair-unsupported': {
		source: kernel(`    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    LocalTensor<int8_t> a = q.AllocTensor<int8_t>();
    LocalTensor<int32_t> b = out.AllocTensor<int32_t>();
    Cast(b, a, RoundMode::CAST_NONE, 32);`),
	},
	'cast-round-mode-unsupported': {
		source: kernel(`    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    LocalTensor<half> a = q.AllocTensor<half>();
    LocalTensor<int16_t> b = out.AllocTensor<int16_t>();
    Cast(b, a, RoundMode::CAST_NONE, 32);`),
	},
	'global-tensor-unset': {
		source: kernel(`    GlobalTensor<half> unset;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
    DataCopy(t, unset, 16);`),
	},
	'pipe-unknown': { source: kernel('    PipeBarrier<42>();') },
	'event-unknown': { source: kernel('    SetFlag<99>(0);') },
	'dtype-unknown': {
		source: kernel(
			`    pipe.InitBuffer(q, 1, 256);
    LocalTensor<Pair> t = q.AllocTensor<Pair>();`,
			'struct Pair { int a; int b; };',
		),
	},
	'block-dim-invalid': {
		source: `#include "acl/acl.h"
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {}
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    void *x = nullptr;
    aclrtMalloc(&x, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    k<<<0, nullptr, stream>>>((uint8_t *)x);
    aclrtSynchronizeStream(stream);
    return 0;
}
`,
	},

	// ----- host -----------------------------------------------------------------------------
	'tiling-size-illustrative': {
		source:
			'int main() {\n    ge::Shape shape({8, 32});\n    uint32_t size = AscendC::GetSoftMaxMinTmpSize(shape, 4, false);\n    return size > 0 ? 0 : 1;\n}\n',
	},
	'tiling-fields-partial': {
		source:
			'int main() {\n    ge::Shape shape({8, 32});\n    SoftMaxTiling tiling;\n    AscendC::SoftMaxTilingFunc(shape, 4, 1024, tiling);\n    return tiling.srcK == 32 ? 0 : 1;\n}\n',
	},
	'event-reset-plain': {
		source: host(`    aclrtEvent e;
    aclrtCreateEvent(&e);
    aclrtRecordEvent(e, stream);
    aclrtSynchronizeStream(stream);
    aclrtResetEvent(e, stream);
    aclrtDestroyEvent(e);`),
		cann: '8.5.0',
		product: 'atlas-a2',
	},
	'event-wait-plain': {
		source: host(`    aclrtEvent e;
    aclrtCreateEvent(&e);
    aclrtRecordEvent(e, stream);
    aclrtStreamWaitEvent(stream, e);
    aclrtSynchronizeStream(stream);
    aclrtDestroyEvent(e);`),
		cann: '8.5.0',
		product: 'atlas-a2',
	},
	'signal-handler-release-race': {
		source: `#include "acl/acl.h"
#include <csignal>
#include <cstdlib>
uint32_t modelId;
void onSignal(int signo)
{
    aclmdlUnload(modelId);
    aclrtResetDevice(0);
    exit(0);
}
int main()
{
    signal(SIGTERM, onSignal);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclmdlLoadFromFile("model.om", &modelId);
    aclmdlDataset *input = aclmdlCreateDataset();
    aclmdlDataset *output = aclmdlCreateDataset();
    while (true) {
        aclmdlExecute(modelId, input, output);
    }
    return 0;
}
`,
		product: 'atlas-inference-aicore',
		actions: [{ do: 'run' }, { do: 'wait', ms: 50 }, { do: 'signal', signal: 'SIGTERM' }],
		files: [{ path: 'model.om', text: 'output float32 1,16\n' }],
	},
	'model-io-assumed': {
		source: host(`    uint32_t modelId = 0;
    aclmdlLoadFromFile("resnet50.om", &modelId);
    aclmdlUnload(modelId);`),
		files: [
			{ path: 'resnet50.om', text: '', bytes: Uint8Array.of(0x49, 0x4d, 0x4f, 0x44, 0, 0, 0, 0) },
		],
	},
	'model-outputs-filled': {
		source: host(`    uint32_t modelId = 0;
    aclmdlLoadFromFile("add.om", &modelId);
    aclmdlDataset *input = aclmdlCreateDataset();
    aclmdlDataset *output = aclmdlCreateDataset();
    aclmdlExecute(modelId, input, output);
    aclmdlDestroyDataset(output);
    aclmdlDestroyDataset(input);
    aclmdlUnload(modelId);`),
		files: [{ path: 'add.om', text: 'output float32 4\n' }],
	},
	'device-memory-exhausted': {
		source: host(`    void *p = nullptr;
    aclrtMalloc(&p, 1099511627776ULL, ACL_MEM_MALLOC_HUGE_FIRST);`),
	},
	'event-resource-exhausted': {
		source: host(`    for (int i = 0; i < 1100; i++) {
        aclrtEvent e;
        aclrtCreateEvent(&e);
        aclrtRecordEvent(e, stream);
    }`),
		// 1,023 event resources per device on this product.
		product: 'atlas-inference-aicore',
	},
	// ----- hccl -----------------------------------------------------------------------------
	'hccl-peer-missing': {
		source: rankProgram(`    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    for (int step = 0; step < 2; step++) {
        if (rank == 1 && step == 1) break;
        HcclAllReduce(d, d, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
        aclrtSynchronizeStream(stream);
    }`),
		request: { ranks: 2 },
	},
	'hccl-arguments-differ': {
		source: rankProgram(`    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    HcclAllReduce(d, d, rank == 0 ? 16 : 8, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);`),
		request: { ranks: 2 },
	},
	'hccl-rank-not-joined': { source: rankProgram('', '', '3'), request: { ranks: 2 } },
	'hccl-link-peer-missing': {
		source: rankProgram(`    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    if (rank == 1) sleep(300);
    HcclAllReduce(d, d, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);`),
		request: { ranks: 2 },
	},
	'hccl-ranks-unsettled': {
		// Every AllReduce's input is the previous one's result: each pass settles about one more.
		source: rankProgram(`    int *h = nullptr;
    aclrtMallocHost((void **)&h, 64);
    h[0] = rank + 1;
    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    for (int step = 0; step < 90; step++) {
        aclrtMemcpy(d, 64, h, 64, ACL_MEMCPY_HOST_TO_DEVICE);
        HcclAllReduce(d, d, 1, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, comm, stream);
        aclrtSynchronizeStream(stream);
        aclrtMemcpy(h, 64, d, 64, ACL_MEMCPY_DEVICE_TO_HOST);
        h[0] = h[0] % 997 + 1;
    }`),
		request: { ranks: 2 },
	},
	// ----- runtime ---------------------------------------------------------------------------
	'device-memory-leaked': {
		source: host(`    for (int i = 0; i < 64; i++) {
        void *p = nullptr;
        if (aclrtMalloc(&p, 524288, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) break;
    }`),
		request: { limits: { deviceMemoryBytes: 16 * 1024 * 1024 } },
	},
	'device-memory-no-huge-pages': {
		// Eight 1 MB blocks on normal pages split four 2 MB frames; every other one is freed.
		source: host(`    void *p[8];
    for (int i = 0; i < 8; i++) aclrtMalloc(&p[i], 1048512, ACL_MEM_MALLOC_HUGE_FIRST);
    for (int i = 0; i < 8; i += 2) aclrtFree(p[i]);
    void *big = nullptr;
    aclrtMalloc(&big, 3145728, ACL_MEM_MALLOC_HUGE_ONLY);`),
		request: { limits: { deviceMemoryBytes: 12 * 1024 * 1024 } },
	},
	'stream-resource-exhausted': {
		source: host(`    for (int i = 0; i < 32; i++) {
        aclrtStream s;
        if (aclrtCreateStream(&s) != ACL_SUCCESS) break;
    }`),
		request: { limits: { streams: 16 } },
	},
	'notify-resource-exhausted': {
		source: host(`    for (int i = 0; i < 16; i++) {
        aclrtNotify n;
        if (aclrtCreateNotify(&n, 0) != ACL_SUCCESS) break;
    }`),
		request: { limits: { notifies: 8 } },
	},
	'stream-wrong-context': {
		source: host(`    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtSetDevice(1);
    void *d1 = nullptr;
    aclrtMalloc(&d1, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpyAsync(d1, 64, d1, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream);
    aclrtResetDevice(1);
    aclrtSetDevice(0);`),
		request: { deviceCount: 2 },
	},
	'device-id-invalid': { source: host('    aclrtSetDevice(99);') },
	'device-id-not-visible': {
		source: host('    aclrtSetDevice(1);'),
		request: { env: { ASCEND_RT_VISIBLE_DEVICES: '1' } },
	},
	'device-open-no-memory': {
		// Another process on the card holds all of its memory and keeps running.
		source: `#include "acl/acl.h"
int main()
{
    aclInit(nullptr);
    aclError ret = aclrtSetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
`,
		request: {
			limits: { deviceMemoryBytes: 8 * 1024 * 1024 },
			programs: {
				'holder.cpp': `#include <unistd.h>
#include "acl/acl.h"
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *p = nullptr;
    aclrtMalloc(&p, 6291200, ACL_MEM_MALLOC_HUGE_FIRST);
    sleep(3600);
    return 0;
}
`,
			},
		},
		actions: [{ do: 'run', program: 'holder.cpp', background: true }, { do: 'run' }],
	},
	'device-card-unusable': {
		source: host(''),
		request: { unusableDevices: [0] },
	},
	'host-read-before-copy': {
		source: host(`    float *h = nullptr;
    aclrtMallocHost((void **)&h, 64);
    h[0] = 1.0f;
    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(d, 64, h, 64, ACL_MEMCPY_HOST_TO_DEVICE);
    h[0] = 0.0f;
    aclrtMemcpyAsync(h, 64, d, 64, ACL_MEMCPY_DEVICE_TO_HOST, stream);
    float first = h[0];
    aclrtSynchronizeStream(stream);
    aclrtFree(d);
    aclrtFreeHost(h);`),
	},
	'host-write-before-copy': {
		source: host(`    float *h = nullptr;
    aclrtMallocHost((void **)&h, 64);
    h[0] = 1.0f;
    void *d = nullptr;
    aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpyAsync(d, 64, h, 64, ACL_MEMCPY_HOST_TO_DEVICE, stream);
    h[0] = 2.0f;
    aclrtSynchronizeStream(stream);
    aclrtFree(d);
    aclrtFreeHost(h);`),
	},
	'copy-before-kernel-done': {
		source: `#include "kernel_operator.h"
#include "acl/acl.h"
extern "C" __global__ __aicore__ void fill(GM_ADDR y)
{
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float *)y, 8);
    for (int i = 0; i < 8; i++) g.SetValue(i, 1.0f);
}
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream compute, copy;
    aclrtCreateStream(&compute);
    aclrtCreateStream(&copy);
    // A large upload queued first on the compute stream: the kernel starts after it.
    void *h = nullptr, *weights = nullptr, *y = nullptr, *out = nullptr;
    aclrtMallocHost(&h, 16777216);
    aclrtMalloc(&weights, 16777216, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&out, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpyAsync(weights, 16777216, h, 16777216, ACL_MEMCPY_HOST_TO_DEVICE, compute);
    fill<<<1, nullptr, compute>>>((GM_ADDR)y);
    aclrtMemcpyAsync(out, 4096, y, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE, copy);
    aclrtSynchronizeStream(copy);
    aclrtSynchronizeStream(compute);
    aclrtFree(weights);
    aclrtFree(y);
    aclrtFree(out);
    aclrtFreeHost(h);
    aclrtDestroyStream(copy);
    aclrtDestroyStream(compute);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`,
	},
	'capture-forbidden-call': {
		source: host(`    aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclrtSynchronizeStream(stream);
    aclmdlRI ri = nullptr;
    aclmdlRICaptureEnd(stream, &ri);
    aclmdlRIDestroy(ri);`),
	},
	'capture-stream-unjoined': {
		// The side stream joins through `fork` but the origin stream never waits for it.
		source: host(`    aclrtStream side;
    aclrtCreateStream(&side);
    aclrtEvent fork;
    aclrtCreateEventExWithFlag(&fork, ACL_EVENT_SYNC);
    aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclrtRecordEvent(fork, stream);
    aclrtStreamWaitEvent(side, fork);
    aclmdlRI ri = nullptr;
    aclmdlRICaptureEnd(stream, &ri);
    aclrtDestroyEvent(fork);
    aclrtDestroyStream(side);`),
	},
	'exception-reported-later': {
		// A null GM pointer: the kernel's first access raises a device exception.
		source: `#include <unistd.h>
#include "kernel_operator.h"
#include "acl/acl.h"
extern "C" __global__ __aicore__ void touch(GM_ADDR y)
{
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float *)y, 8);
    g.SetValue(0, 1.0f);
}
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    aclrtSetStreamFailureMode(stream, ACL_STOP_ON_FAILURE);
    aclrtEvent done;
    aclrtCreateEvent(&done);
    touch<<<1, nullptr, stream>>>(nullptr);
    usleep(2000);
    aclrtRecordEvent(done, stream);
    aclrtSynchronizeStream(stream);
    aclrtDestroyEvent(done);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`,
	},
};
