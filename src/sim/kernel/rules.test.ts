import { describe, expect, it } from 'vitest';
import { runScript, type RunScriptOptions } from './kernel-test-util.ts';

const ROOT = '/usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface';

/** A pipe with one VECIN queue of `blocks` blocks of 512 bytes, then `body`. */
function withQueue(body: string, depth = 1, blocks = 1): string {
	return `
@ K::Init()
10 pipe = TPipe
11 q = TQue VECIN ${depth}
12 other = TQue VECIN 1
13 pipe.InitBuffer q ${blocks} 512
14 pipe.InitBuffer other 1 512
@ K::Compute(int) < K::Process():40
${body}`;
}

function run(script: string, options: RunScriptOptions = {}) {
	return runScript(script, options);
}

function diag(r: ReturnType<typeof run>, code: string) {
	return r.trace.diagnostics.find((d) => d.code === code);
}

describe('EnQue beyond the queue depth (que-depth-exceeded)', () => {
	const script = withQueue(
		`50 a = q.AllocTensor half
51 b = q.AllocTensor half
52 q.EnQue a
53 q.EnQue b`,
		1,
		2,
	);

	it('aborts in CPU debug with the usedCount line', () => {
		const r = run(script);
		expect(r.result.outcome).toBe('abort');
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:1104][EnQue][321678] usedCount is 1, which exceed depth limits 1`,
		);
		expect(diag(r, 'que-depth-exceeded')?.message).toBe(
			'EnQue on q would hold 2 tensors, but the queue depth is 1: each EnQue needs a DeQue before the queue is full.',
		);
		expect(diag(r, 'que-depth-exceeded')?.line).toBe(53);
	});

	it('hangs on the NPU at the second EnQue', () => {
		const r = run(script, { mode: 'npu' });
		expect(r.result.outcome).toBe('hang');
		expect(r.result.stalled?.call).toBe('q.EnQue<half>');
		expect(r.cpu).toEqual([]);
	});
});

describe('FreeTensor twice (tensor-double-free)', () => {
	const script = withQueue(`50 a = q.AllocTensor half
51 q.FreeTensor a
52 q.FreeTensor a`);

	it('prints the FREE-state check and names the block', () => {
		const r = run(script);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:1207][FreeBuffer][321678] ptr state is 0, which can not be FREE`,
		);
		expect(diag(r, 'tensor-double-free')?.message).toBe(
			'FreeTensor on q: block 0 is already FREE (freed twice).',
		);
	});
});

describe('DeQue with nothing enqueued (deque-empty)', () => {
	it('reports a null buffer when the queue was never used', () => {
		const r = run(withQueue('50 t = q.DeQue half'));
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:1167][DeQue][321678] buf can not be nullptr`,
		);
		expect(diag(r, 'deque-empty')?.message).toBe(
			'DeQue on q, but nothing is enqueued: the core would wait for an EnQue that never comes.',
		);
	});

	it('reports the DEQUE state when the last tensor was already dequeued', () => {
		const r = run(
			withQueue(`50 a = q.AllocTensor half
51 q.EnQue a
52 b = q.DeQue half
53 c = q.DeQue half`),
		);
		expect(r.cpu[0]).toMatch(/\[DeQue\]\[321678\] ptr state is 3, which can only be ENQUE$/);
	});

	it('hangs on the NPU', () => {
		expect(run(withQueue('50 t = q.DeQue half'), { mode: 'npu' }).result.outcome).toBe('hang');
	});
});

describe('A tensor from another queue (tensor-foreign-queue)', () => {
	it('prints the pointer range check on FreeTensor', () => {
		const r = run(
			withQueue(`50 a = other.AllocTensor half
51 q.FreeTensor a`),
		);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:1214][FreeBuffer][321678] ptr is 0x555555600020, which should be in range [0x555555600000, 0x555555600020)`,
		);
		expect(diag(r, 'tensor-foreign-queue')?.message).toBe(
			'q.FreeTensor<half> on q with a tensor that belongs to other.',
		);
	});
});

describe('EnQue of a tensor that is not OCCUPIED or DEQUE (tensor-enque-state)', () => {
	it('prints the state check', () => {
		const r = run(
			withQueue(
				`50 a = q.AllocTensor half
51 q.EnQue a
52 q.EnQue a`,
				2,
			),
		);
		expect(r.cpu[0]).toMatch(
			/\[EnQue\]\[321678\] ptr state is 2, which should be OCCUPIED \/ DEQUE$/,
		);
		expect(diag(r, 'tensor-enque-state')?.message).toBe(
			'EnQue on q: block 0 is ENQUE; only an OCCUPIED or DEQUE tensor can be enqueued.',
		);
	});
});

describe('AllocTensor with every block in use (tque-no-free-block)', () => {
	const script = withQueue(`50 a = q.AllocTensor half
51 b = q.AllocTensor half`);

	it('prints the size check in CPU debug', () => {
		const r = run(script);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:1302][AllocBuffer][321678] size is 2, which exceed limits 1`,
		);
		expect(diag(r, 'tque-no-free-block')?.message).toBe(
			'AllocTensor on q: all 1 blocks are in use, so the allocator would loop forever waiting for a FREE one.',
		);
	});

	it('hangs on the NPU, where the allocator loops forever', () => {
		const r = run(script, { mode: 'npu' });
		expect(r.result.outcome).toBe('hang');
		expect(r.result.stalled).toMatchObject({
			blockIdx: 0,
			call: 'q.AllocTensor<half>',
			code: 'tque-no-free-block',
		});
	});
});

describe('A queue without InitBuffer (tque-not-initialized)', () => {
	it('prints the bufNum check', () => {
		const r = run(`10 pipe = TPipe
11 q = TQue VECOUT 1
12 a = q.AllocTensor float`);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:1256][AllocBuffer][321678] bufNum is 0, which must be larger than 0`,
		);
		expect(diag(r, 'tque-not-initialized')?.message).toBe(
			'q.AllocTensor<float> on q, which has no buffers: InitBuffer was not called for it.',
		);
	});
});

describe('InitBuffer checks', () => {
	it('refuses more than 64 buffers in one TPipe (tpipe-buffer-count)', () => {
		const r = run(`10 pipe = TPipe
11 a = TQue VECIN 1
12 b = TQue VECIN 1
13 pipe.InitBuffer a 64 32
14 pipe.InitBuffer b 1 32`);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:608][InitBuffer][321678] Total buffer num managed by TPipe is 65, should be in range (0, 64]`,
		);
		expect(diag(r, 'tpipe-buffer-count')?.message).toBe(
			'InitBuffer would make 65 buffers managed by the TPipe; at most 64 are allowed.',
		);
	});

	it('refuses one InitBuffer larger than the memory (pool-overflow)', () => {
		const r = run(`10 pipe = TPipe
11 a = TQue VECIN 1
12 pipe.InitBuffer a 1 300000`);
		expect(r.cpu[0]).toMatch(
			/\[InitBuffer\]\[321678\] buffer size is 300000, exceeds the limit 262144$/,
		);
		expect(diag(r, 'pool-overflow')?.message).toBe(
			'InitBuffer(a, 1, 300000) needs 300000 bytes of UB at offset 0, but UB has 262144 bytes.',
		);
	});

	it('refuses buffers that together overflow the memory (pool-overflow)', () => {
		const r = run(`10 pipe = TPipe
11 a = TQue VECIN 1
12 b = TQue VECOUT 1
13 pipe.InitBuffer a 1 200000
14 pipe.InitBuffer b 1 100000`);
		expect(r.cpu[0]).toMatch(/\[InitBuffer\]\[321678\] curPoolAddr is 300000, limits is 262144$/);
	});

	it('uses the 192 KB UB of Atlas A2', () => {
		const r = run(
			`10 pipe = TPipe
11 a = TQue VECIN 1
12 pipe.InitBuffer a 1 200000`,
			{ product: 'atlas-a2' },
		);
		expect(diag(r, 'pool-overflow')?.message).toContain('but UB has 196608 bytes.');
	});

	it('refuses a zero length (buffer-length-zero)', () => {
		const r = run(`10 pipe = TPipe
11 a = TQue VECIN 1
12 pipe.InitBuffer a 1 0`);
		expect(r.cpu[0]).toMatch(
			/\[InitBuffer\]\[321678\] buffer length is 0, which should be larger than 0$/,
		);
		expect(diag(r, 'buffer-length-zero')?.message).toBe(
			'InitBuffer for a with a length of 0 bytes.',
		);
	});

	it('rounds each block up to 32 bytes', () => {
		const r = run(`10 pipe = TPipe
11 a = TQue VECIN 1
12 pipe.InitBuffer a 2 100`);
		const init = r.trace.steps.find((s) => s.call === 'pipe.InitBuffer')!;
		expect(init.changes).toContainEqual(
			expect.objectContaining({ kind: 'block', queue: 'a', index: 1, address: 128, bytes: 128 }),
		);
		expect(init.changes).toContainEqual({ kind: 'pool', core: 0, memory: 'UB', bytes: 256 });
	});

	it('refuses a TBuf longer than its memory (tbuf-length)', () => {
		const r = run(`10 pipe = TPipe
11 t = TBuf VECCALC
12 pipe.InitBuffer t 0`);
		expect(r.cpu[0]).toMatch(
			/buffer length is 0, which should be larger than 0, and at least less than or equal to 262144$/,
		);
	});

	it('refuses a position with no memory on the product (position-unsupported)', () => {
		const r = run(`10 pipe = TPipe
11 q = TQueBind B1 C2PIPE2GM 1
12 pipe.InitBuffer q 1 64`);
		expect(r.cpu[0]).toMatch(
			/\[InitBuffer\]\[321678\] C2PIPE2GM is not supported on current device\.$/,
		);
		expect(diag(r, 'position-unsupported')?.message).toBe(
			'C2PIPE2GM has no memory on Atlas training series.',
		);
	});
});

describe('One TPipe at a time (tpipe-second-instance)', () => {
	const script = `10 a = TPipe
11 b = TPipe`;

	it('is reported in CPU debug, which has no check, and the run goes on', () => {
		const r = run(script);
		expect(r.result.outcome).toBe('completed');
		expect(diag(r, 'tpipe-second-instance')?.message).toBe(
			'A second TPipe (b) is created while a is still alive; only one TPipe may exist at a time.',
		);
	});

	it('hangs on the NPU', () => {
		expect(run(script, { mode: 'npu' }).result.outcome).toBe('hang');
	});

	it('is fine after Destroy', () => {
		const r = run(
			`10 a = TPipe
11 a.Destroy
12 b = TPipe
13 q = TQue VECIN 1
14 b.InitBuffer q 1 64
15 t = q.AllocTensor half`,
			{ mode: 'npu' },
		);
		expect(r.result.outcome).toBe('completed');
		expect(r.trace.diagnostics).toEqual([]);
	});

	it('Reset empties the pipe so InitBuffer can start again', () => {
		const r = run(`10 pipe = TPipe
11 q = TQue VECIN 1
12 pipe.InitBuffer q 1 200000
13 pipe.Reset
14 pipe.InitBuffer q 1 200000
15 t = q.AllocTensor half`);
		expect(r.result.outcome).toBe('completed');
	});
});

describe('The per-position buffer limit (tque-buffer-limit, tposition-buffer-count)', () => {
	it('links both diagnostics to the case page', () => {
		const r = run(
			withQueue(
				`50 a = q.AllocTensor half
50 b = q.AllocTensor half
50 c = q.AllocTensor half
50 d = q.AllocTensor half
51 e = other.AllocTensor half`,
				1,
				4,
			),
		);
		expect(r.result.outcome).toBe('completed');
		const warning = diag(r, 'tposition-buffer-count')!;
		expect(warning.message).toBe(
			'5 buffers on VECIN are now in use or waiting for their sync event; Atlas training series allows 4. The next FreeTensor or EnQue that needs a new event id will fail.',
		);
		expect(warning.case).toBe('alloc-tensor-queue-position-limit');
		expect(warning.line).toBe(51);
	});

	it('fails in EnQue when five VECIN tensors are enqueued at once (HardEvent 4, MTE2_V)', () => {
		const body = [0, 1, 2, 3, 4]
			.map((i) => `${50 + i} t${i} = q.AllocTensor half`)
			.concat([0, 1, 2, 3, 4].map((i) => `${60 + i} q.EnQue t${i}`))
			.join('\n');
		const r = run(withQueue(body, 8, 5));
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:730][AllocEventID][321678] current size is 4, max buffer number in same queue position is 4`,
		);
		expect(r.cpu[4]).toBe(
			`[#1] 0x0000000000017c4f: signed char AscendC::TPipe::AllocEventID<(AscendC::HardEvent)4>() at ${ROOT}/kernel_tpipe.h:733`.replace(
				'0x0000000000017c4f',
				r.cpu[4]!.slice(5, 23),
			),
		);
		expect(r.cpu[5]).toContain('::EnQue(unsigned char*) at');
		expect(diag(r, 'tque-buffer-limit')?.message).toBe(
			'q.EnQue<half> needs a MTE2_V sync event id, but all 4 are held by buffers on VECIN: Atlas training series allows at most 4 buffers per TPosition.',
		);
	});

	it('FreeAllEvent gives the held ids back so another queue can be used', () => {
		const body = [0, 1, 2, 3]
			.map((i) => `${50 + 2 * i} t${i} = q.AllocTensor half\n${51 + 2 * i} q.FreeTensor t${i}`)
			.join('\n');
		const r = run(
			withQueue(
				`${body}\n60 q.FreeAllEvent\n61 u = other.AllocTensor half\n62 other.FreeTensor u`,
				1,
				4,
			),
		);
		expect(r.result.outcome).toBe('completed');
		expect(r.trace.diagnostics).toEqual([]);
	});
});

describe('DataCopy', () => {
	const head = `10 pipe = TPipe
11 q = TQue VECIN 1
12 pipe.InitBuffer q 1 512
13 g = GlobalTensor half
14 g.SetGlobalBuffer x 0 4096
15 t = q.AllocTensor half`;

	it('rounds a length that is not a multiple of 32 bytes down, with a warning (datacopy-round-down)', () => {
		const r = run(`${head}\n16 DataCopy t g 100`);
		expect(r.result.outcome).toBe('completed');
		expect(r.trace.steps.at(-1)?.result).toBe('192 B');
		expect(diag(r, 'datacopy-round-down')?.message).toBe(
			'DataCopy of 100 × half = 200 bytes is not a multiple of 32; only 192 bytes are copied.',
		);
		expect(diag(r, 'datacopy-round-down')?.severity).toBe('warning');
	});

	it('refuses a UB address that is not 32-byte aligned (address-unaligned)', () => {
		const r = run(`${head}\n16 u = t[1]\n17 DataCopy u g 16`);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_operator_data_copy_intf.h:90][DataCopy][321678] Failed to check dst start address alignment in DataCopy, its start address must align with 32B.`,
		);
		expect(diag(r, 'address-unaligned')?.message).toBe(
			'DataCopy<half>: the dst start address 2 in UB is not aligned to 32 bytes.',
		);
	});

	it('warns when a copy runs past its block into the next buffer (tensor-out-of-bounds)', () => {
		const r = run(`${head}\n16 DataCopy t g 512`);
		expect(r.result.outcome).toBe('completed');
		expect(diag(r, 'tensor-out-of-bounds')?.message).toBe(
			'DataCopy<half> touches bytes 0..1024 of q#0, which holds only 512 bytes: it overwrites the neighbouring buffer.',
		);
	});

	it('stops a copy that runs past the end of UB (memory-out-of-range)', () => {
		const r = run(`${head}\n16 DataCopy t g 200000`, { gmBytes: 1 << 20 });
		expect(r.result.outcome).toBe('abort');
		expect(diag(r, 'memory-out-of-range')?.message).toBe(
			'DataCopy<half> touches bytes 0..400000 of UB, which has only 262144 bytes.',
		);
	});

	it('warns when the GM side runs past its buffer (gm-out-of-bounds)', () => {
		const r = run(`${head}\n16 h = g[4090]\n17 DataCopy t h 16`, { gmBytes: 8192 });
		expect(diag(r, 'gm-out-of-bounds')?.message).toBe(
			'DataCopy<half> reads or writes bytes 8180..8212 of GM buffer x, which has 8192 bytes.',
		);
	});
});

describe('Vector instructions', () => {
	const head = `10 pipe = TPipe
11 q = TQue VECIN 1
12 a1 = TQue A1 1
13 pipe.InitBuffer q 1 512
14 pipe.InitBuffer a1 1 512
15 x = q.AllocTensor half
16 m = a1.AllocTensor half`;

	it('accept UB tensors and a count within them', () => {
		const r = run(`${head}\n20 Add x x x 256`);
		expect(r.result.outcome).toBe('completed');
		expect(r.trace.steps.at(-1)).toMatchObject({
			call: 'Add<half>',
			args: ['q#0', 'q#0', 'q#0', '256'],
		});
	});

	it('refuse a tensor outside UB (tensor-position-unsupported)', () => {
		const r = run(`${head}\n20 Add x m x 256`);
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_operator_vec_binary_intf.h:440][Add][321678] Failed to check src0 tensor position in Add, supported positions are VECIN, VECOUT, VECCALC, current position is A1.`,
		);
	});

	it('fail the CPU assert when count exceeds the tensor (vector-count-exceeds-tensor)', () => {
		const r = run(`${head}\n20 LeakyRelu x x 0.1 512`);
		expect(r.cpu[0]).toBe(
			`${ROOT}/kernel_operator_vec_binary_intf.h:447: void AscendC::LeakyRelu<float16::Fp16T>(AscendC::LocalTensor<float16::Fp16T> const&, AscendC::LocalTensor<float16::Fp16T> const&, float16::Fp16T const&, int const&): Assertion \`false && "check vlrelu instr failed"' failed.`,
		);
		expect(diag(r, 'vector-count-exceeds-tensor')?.message).toBe(
			'LeakyRelu<half> with count 512 needs 1024 bytes of q#0, which holds only 512 bytes from there.',
		);
	});

	it('only report an oversized count on the NPU, which does not check', () => {
		const r = run(`${head}\n20 Exp x x 512`, { mode: 'npu' });
		expect(r.result.outcome).toBe('completed');
		expect(diag(r, 'vector-count-exceeds-tensor')?.severity).toBe('error');
	});

	it('warn about a tensor used after FreeTensor (tensor-use-after-free)', () => {
		const r = run(`${head}\n20 q.FreeTensor x\n21 Duplicate x 0 16`);
		expect(diag(r, 'tensor-use-after-free')?.message).toBe(
			'Duplicate<half> uses q#0 after its block was freed (block 0 is FREE).',
		);
	});

	it('run the mask/repeat form, checking the repeat against the tensor', () => {
		// Six arguments pick the mask-bit form: mask 128 is bit 7, one lane per repeat. Two
		// repeats reach byte 272 of the 512-byte buffer: they fit.
		const fits = run(`${head}\n20 Add x x x 128 2 0`, { mode: 'npu' });
		expect(fits.result.outcome).toBe('completed');
		expect(diag(fits, 'vector-call-shape')).toBeUndefined();
		expect(diag(fits, 'vector-count-exceeds-tensor')).toBeUndefined();
		// Three repeats reach byte 528: past the tensor, as a count form would be.
		const over = run(`${head}\n20 Add x x x 128 3 0`, { mode: 'npu' });
		expect(diag(over, 'vector-count-exceeds-tensor')?.message).toBe(
			'Add<half> with count 264 needs 528 bytes of q#0, which holds only 512 bytes from there.',
		);
	});
});

describe('TBuf', () => {
	it('hands out tensors with Get and checks the length (tbuf-get-length)', () => {
		const ok = run(`10 pipe = TPipe
11 t = TBuf VECCALC
12 pipe.InitBuffer t 1024
13 a = t.Get float
14 b = t.Get half 512
15 Add b b b 512`);
		expect(ok.result.outcome).toBe('completed');
		const bad = run(`10 pipe = TPipe
11 t = TBuf VECCALC
12 pipe.InitBuffer t 1024
13 a = t.Get float 300`);
		expect(bad.cpu[0]).toMatch(
			/\[Get\]\[321678\] Failed to check len value in Get, its valid range is 0 ~ 256, current value is 300\.$/,
		);
		expect(bad.trace.diagnostics[0]?.message).toBe(
			't.Get<float>(300) needs 1200 bytes, but the TBuf has 1024.',
		);
	});
});

describe('Flags and event ids', () => {
	it('a WaitFlag with no SetFlag hangs the NPU (flag-wait-unset)', () => {
		const r = run('10 WaitFlag HardEvent::MTE2_V 0', { mode: 'npu' });
		expect(r.result.outcome).toBe('hang');
		expect(diag(r, 'flag-wait-unset')?.message).toBe(
			'WaitFlag<MTE2_V>(0) waits for a SetFlag that was never issued: the pipe would wait forever.',
		);
	});

	it('SetFlag then WaitFlag completes', () => {
		const r = run(
			'10 SetFlag HardEvent::MTE2_V 0\n11 WaitFlag HardEvent::MTE2_V 0\n12 PipeBarrier PIPE_V',
			{ mode: 'npu' },
		);
		expect(r.result.outcome).toBe('completed');
		expect(r.trace.diagnostics).toEqual([]);
	});

	it('AllocEventID hands out ids from the same pool as the queues', () => {
		const r = run(`10 pipe = TPipe
11 e0 = pipe.AllocEventID HardEvent::V_MTE2
12 e1 = pipe.AllocEventID HardEvent::V_MTE2
13 pipe.ReleaseEventID HardEvent::V_MTE2 0
14 e2 = pipe.AllocEventID HardEvent::V_MTE2`);
		expect(r.trace.steps.map((s) => s.result)).toEqual(['alive', '0', '1', 'void', '0']);
	});

	it('AllocEventID stops when every id of the event is taken (event-id-exhausted)', () => {
		const allocs = [0, 1, 2, 3, 4].map(
			(i) => `${11 + i} e${i} = pipe.AllocEventID HardEvent::MTE3_V`,
		);
		const r = run(['10 pipe = TPipe', ...allocs].join('\n'));
		expect(r.cpu[0]).toBe(
			`[ERROR][Core_0][${ROOT}/kernel_tpipe.h:730][AllocEventID][321678] current size is 4, max buffer number in same queue position is 4`,
		);
		expect(r.cpu[4]).toMatch(
			/signed char AscendC::TPipe::AllocEventID<\(AscendC::HardEvent\)6>\(\) at /,
		);
		expect(diag(r, 'event-id-exhausted')?.message).toBe(
			'pipe.AllocEventID<MTE3_V>: all 4 sync event ids of MTE3_V are in use (Atlas training series has 4 per HardEvent).',
		);
	});

	it('ReleaseEventID refuses an id out of range (event-id-out-of-range)', () => {
		const r = run('10 pipe = TPipe\n11 pipe.ReleaseEventID HardEvent::V_MTE2 4');
		expect(r.cpu[0]).toMatch(
			/\[ReleaseEventID\]\[321678\] current id is 4, which should be larger than 0, and smaller than 4$/,
		);
	});
});

describe('Slicing', () => {
	it('warns when t[offset] starts past the end of the tensor (tensor-out-of-bounds)', () => {
		const r = run(`10 pipe = TPipe
11 q = TQue VECIN 1
12 pipe.InitBuffer q 1 512
13 t = q.AllocTensor half
14 u = t[300]`);
		expect(diag(r, 'tensor-out-of-bounds')?.message).toBe(
			'q#0[300] touches bytes 600..600 of q#0, which holds only 512 bytes: it overwrites the neighbouring buffer.',
		);
	});
});

describe('Matmul positions', () => {
	const script = `10 pipe = TPipe
11 a1 = TQue A1 1
12 a2 = TQue A2 1
13 b1 = TQue B1 1
14 b2 = TQue B2 1
15 co1 = TQue CO1 1
16 pipe.InitBuffer a1 1 1024
17 pipe.InitBuffer a2 1 1024
18 pipe.InitBuffer b1 1 1024
19 pipe.InitBuffer b2 1 1024
20 pipe.InitBuffer co1 1 1024
21 t = a2.AllocTensor half
22 a2.EnQue t
23 u = co1.AllocTensor float
24 co1.EnQue u`;

	it('carve A1/B1 from L1, A2 from L0A, B2 from L0B and CO1 from L0C', () => {
		const { trace } = runScript(script);
		const memories = trace.steps
			.filter((s) => s.call === 'pipe.InitBuffer')
			.map((s) => s.changes!.find((c) => c.kind === 'queue')?.view?.memory);
		expect(memories).toEqual(['L1', 'L0A', 'L1', 'L0B', 'L0C']);
	});

	it('use the cube events: MTE1_M for A2, M_V for CO1 on Atlas training and M_FIX on Atlas A2', () => {
		const events = (product: 'atlas-training' | 'atlas-a2') =>
			runScript(script, { product })
				.trace.steps.flatMap((s) => s.changes ?? [])
				.flatMap((c) => (c.kind === 'event-ids' && c.core === 0 ? [c.event] : []));
		expect(events('atlas-training')).toEqual(['MTE1_M', 'M_V']);
		expect(events('atlas-a2')).toEqual(['MTE1_M', 'M_FIX']);
	});

	it('put CO2 in UB on Atlas training, while on Atlas A2 it is GM and has no buffer', () => {
		const co2 = '10 pipe = TPipe\n11 c = TQue CO2 1\n12 pipe.InitBuffer c 1 1024';
		expect(runScript(co2).result.outcome).toBe('completed');
		const a2 = runScript(co2, { product: 'atlas-a2' });
		expect(a2.result.outcome).toBe('abort');
		expect(a2.trace.diagnostics[0]?.code).toBe('position-unsupported');
	});
});
