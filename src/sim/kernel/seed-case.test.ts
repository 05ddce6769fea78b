import { describe, expect, it } from 'vitest';
import { PRODUCT_IDS } from '../product-id.ts';
import { productProfile } from '../product.ts';
import { cannWording } from './cann-wording.ts';
import { runScript } from './kernel-test-util.ts';

/** The seed's snippet: six TQue<VECIN, depth> queues, five AllocTensor, then the frees. */
function seedProgram(depth: number): string {
	const queues = [0, 1, 2, 3, 4, 5].map(
		(i) => `${21 + i} que${i} = TQue TPosition::VECIN ${depth}`,
	);
	const inits = [0, 1, 2, 3, 4, 5].map((i) => `${30 + i} pipe.InitBuffer que${i} 1 512`);
	const allocs = [0, 1, 2, 3, 4].map((i) => `59 local${i + 1} = que${i}.AllocTensor half`);
	const frees = [0, 1, 2, 3, 4].map((i) => `59 que${i}.FreeTensor local${i + 1}`);
	return [
		'@ KernelAdd::Init()',
		'20 pipe = TPipe',
		...queues,
		...inits,
		'@ KernelAdd::Compute(int) < KernelAdd::Process():37',
		...allocs,
		...frees,
	].join('\n');
}

/** The fix of the seed: one InitBuffer of len * 3 per queue, sub-tensors by offset. */
const FIXED = `@ KernelAdd::Init()
20 pipe = TPipe
21 que0 = TQue TPosition::VECIN 1
22 que1 = TQue TPosition::VECIN 1
30 pipe.InitBuffer que0 1 1536
31 pipe.InitBuffer que1 1 1536
@ KernelAdd::Compute(int) < KernelAdd::Process():37
59 local1 = que0.AllocTensor half
60 local2 = local1[256]
61 local3 = local1[512]
62 Add local3 local1 local2 256
63 que0.FreeTensor local1
64 local4 = que1.AllocTensor half
65 que1.FreeTensor local4`;

/** The documented symptom (ascend-facts A.8, seed 000), verbatim. */
const DOCUMENTED = [
	'[ERROR][Core_0][/usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h:730][AllocEventID][321678] current size is 4, max buffer number in same queue position is 4',
	'[ERROR][CORE_0][pid 321674] error happened! =========',
	'SIGABRT Signal (Abort Signal from abort) catched, backtrace info:',
	'[#0] 0x000000000001e7c0: handler(int) at /usr/local/Ascend/cann/tools/tikicpulib/lib/include/kern_fwk.h:105',
	'[#1] 0x0000000000017c4f: signed char AscendC::TPipe::AllocEventID<(AscendC::HardEvent)5>() at /usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h:733',
	'[#2] 0x000000000001426d: AscendC::TQueBind<(AscendC::TPosition)0, (AscendC::TPosition)9, 4, 0>::FreeBuffer(unsigned char*) at /usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h:1217',
	'[#3] 0x0000000000011058: void AscendC::TQueBind<(AscendC::TPosition)0, (AscendC::TPosition)9, 4, 0>::FreeTensor<float16::Fp16T>(AscendC::LocalTensor<float16::Fp16T>&) at /usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h:1237',
];

describe('seed 000 on Atlas training in CPU debug', () => {
	it('prints the documented error line, SIGABRT and framework frames verbatim (queues of depth 4, as in the documented backtrace)', () => {
		const run = runScript(seedProgram(4));
		expect(run.result.outcome).toBe('abort');
		expect(run.cpu.slice(0, 7)).toEqual(DOCUMENTED);
	});

	it("continues the backtrace with the user's own functions and lines, innermost first", () => {
		const run = runScript(seedProgram(4));
		expect(run.cpu).toHaveLength(9);
		expect(run.cpu[7]).toMatch(
			/^\[#4\] 0x000000000000d[0-9a-f]{3}: KernelAdd::Compute\(int\) at \/home\/xxxx\/xxxx\.cpp:59$/,
		);
		expect(run.cpu[8]).toMatch(
			/^\[#5\] 0x000000000000d[0-9a-f]{3}: KernelAdd::Process\(\) at \/home\/xxxx\/xxxx\.cpp:37$/,
		);
	});

	it('prints the same lines on every run (deterministic addresses and pids)', () => {
		expect(runScript(seedProgram(4)).cpu).toEqual(runScript(seedProgram(4)).cpu);
	});

	it('names the queue type of the snippet, TQue<VECIN, 1>, in the frames', () => {
		const run = runScript(seedProgram(1));
		expect(run.cpu[5]).toContain(
			'AscendC::TQueBind<(AscendC::TPosition)0, (AscendC::TPosition)9, 1, 0>::FreeBuffer',
		);
	});

	it('warns at the fifth AllocTensor and explains the abort with the case link', () => {
		const run = runScript(seedProgram(1));
		expect(run.trace.diagnostics.map((d) => [d.code, d.severity, d.case])).toEqual([
			['tposition-buffer-count', 'warning', 'alloc-tensor-queue-position-limit'],
			['tque-buffer-limit', 'error', 'alloc-tensor-queue-position-limit'],
		]);
		expect(run.result.stalled).toMatchObject({
			kind: 'abort',
			call: 'que4.FreeTensor<half>',
			code: 'tque-buffer-limit',
		});
	});
});

describe('seed 000 on the NPU', () => {
	it('hangs in the fifth FreeTensor and prints no CPU-debug lines', () => {
		const run = runScript(seedProgram(1), { mode: 'npu' });
		expect(run.result.outcome).toBe('hang');
		expect(run.result.stalled).toMatchObject({
			blockIdx: 0,
			kind: 'hang',
			call: 'que4.FreeTensor<half>',
		});
		expect(run.trace.log).toEqual([]);
		expect(run.trace.diagnostics.at(-1)?.code).toBe('tque-buffer-limit');
	});
});

describe('seed 000 on products with 8 buffers per position', () => {
	for (const product of [
		'atlas-inference-aicore',
		'atlas-inference-vectorcore',
		'atlas-a2',
		'atlas-a3',
		'atlas-200i-500-a2',
	] as const) {
		it(`completes on ${product} in both modes`, () => {
			expect(runScript(seedProgram(1), { product }).result.outcome).toBe('completed');
			expect(runScript(seedProgram(1), { product, mode: 'npu' }).result.outcome).toBe('completed');
		});
	}
});

describe('the merged-buffer fix', () => {
	for (const product of PRODUCT_IDS) {
		for (const mode of ['cpu', 'npu'] as const) {
			it(`completes with no diagnostics on ${product} in ${mode} mode`, () => {
				const run = runScript(FIXED, { product, mode });
				expect(run.result.outcome).toBe('completed');
				expect(run.trace.diagnostics).toEqual([]);
			});
		}
	}
});

describe('CANN versions', () => {
	it('8.2 and older print /usr/local/Ascend/latest/ and "current size is"', () => {
		const run = runScript(seedProgram(4), { cann: '8.0.RC2' });
		expect(run.cpu[0]).toBe(
			DOCUMENTED[0]!.replace('/usr/local/Ascend/cann/', '/usr/local/Ascend/latest/'),
		);
		expect(cannWording('8.2.RC1.alpha002')).toMatchObject({
			installRoot: '/usr/local/Ascend/latest',
			currentIdWording: false,
		});
	});

	it('8.3 to 9.0 print /usr/local/Ascend/cann/ and "current size is" (the seed)', () => {
		expect(runScript(seedProgram(4), { cann: '8.3.RC1' }).cpu[0]).toBe(DOCUMENTED[0]);
		expect(runScript(seedProgram(4), { cann: '9.0.0' }).cpu[0]).toBe(DOCUMENTED[0]);
	});

	it('9.1 and newer print "current id is"', () => {
		const run = runScript(seedProgram(4), { cann: '9.1.0' });
		expect(run.cpu[0]).toMatch(
			/\[AllocEventID\]\[321678\] current id is 4, max buffer number in same queue position is 4$/,
		);
	});

	it('every product defaults to 9.0.0, the version of the seed', () => {
		for (const id of PRODUCT_IDS) expect(productProfile(id).kernel.defaultCann.value).toBe('9.0.0');
		expect(runScript(seedProgram(4)).result.cann).toBe('9.0.0');
	});
});

describe('product profiles', () => {
	it('allow 4 buffers per position on Atlas training series and 8 elsewhere, each with a source', () => {
		const limits = Object.fromEntries(
			PRODUCT_IDS.map((id) => [id, productProfile(id).kernel.queMaxEvent.value]),
		);
		expect(limits).toEqual({
			'atlas-training': 4,
			'atlas-inference-aicore': 8,
			'atlas-inference-vectorcore': 8,
			'atlas-a2': 8,
			'atlas-a3': 8,
			'atlas-200i-500-a2': 8,
		});
		for (const id of PRODUCT_IDS) {
			const k = productProfile(id).kernel;
			for (const sourced of [
				k.queMaxEvent,
				k.maxBuffers,
				k.blockAlign,
				...Object.values(k.memory),
				...Object.values(k.alignment),
			]) {
				expect(sourced.source.length).toBeGreaterThan(10);
			}
		}
	});

	it('use the CPU model UB of 256 KB on Atlas 200I/500 A2 in CPU mode and 248 KB on the NPU', () => {
		const script = '10 pipe = TPipe\n11 q = TQue VECIN 1\n12 pipe.InitBuffer q 1 260000';
		expect(runScript(script, { product: 'atlas-200i-500-a2' }).result.outcome).toBe('completed');
		expect(runScript(script, { product: 'atlas-200i-500-a2', mode: 'npu' }).result.outcome).toBe(
			'hang',
		);
	});
});

describe('multi-core launches', () => {
	const script = `10 pipe = TPipe
11 q = TQue VECIN 1
12 pipe.InitBuffer q 1 196608
13 i = GetBlockIdx
14 t = q.AllocTensor float`;

	it('give each core its own UB and block index', () => {
		const run = runScript(script, { product: 'atlas-a2', blocks: 3 });
		expect(run.result.outcome).toBe('completed');
		expect(run.result.completedBlocks).toEqual([0, 1, 2]);
		expect(
			run.trace.steps.filter((s) => s.call === 'GetBlockIdx').map((s) => [s.actor, s.result]),
		).toEqual([
			['core:0', '0'],
			['core:1', '1'],
			['core:2', '2'],
		]);
	});

	it('report every hung core on the NPU, the first as the stalled one', () => {
		const run = runScript(`${script}\n15 u = q.AllocTensor float`, { blocks: 2, mode: 'npu' });
		expect(run.result.outcome).toBe('hang');
		expect(run.result.halts.map((h) => h.blockIdx)).toEqual([0, 1]);
		expect(run.result.stalled?.blockIdx).toBe(0);
	});

	it('stop at the first abort in CPU debug and print Core_n of that core', () => {
		const run = runScript(`${script}\n15 u = q.AllocTensor float`, { blocks: 2 });
		expect(run.result.halts.map((h) => h.blockIdx)).toEqual([0]);
		expect(run.cpu[0]).toMatch(/^\[ERROR\]\[Core_0\]/);
	});

	it('use the [Block_n][AIV_0] form on Atlas A2', () => {
		const run = runScript(`${script}\n15 u = q.AllocTensor float`, { product: 'atlas-a2' });
		expect(run.cpu[0]).toMatch(/^\[ERROR\]\[Block_0\]\[AIV_0\]\[/);
	});
});
