/**
 * Golden numerics: real kernels (tests/programs) run through the interpreter on inputs made
 * here, their GM outputs compared bit for bit with results this file computes on its own —
 * IEEE arithmetic of the JavaScript engine (Float16Array and Math.fround round to nearest even),
 * integer arithmetic, or values worked out by hand — never with anything the simulator produced.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';
import type { RunRequest } from '../../src/sim/run-request.ts';
import type { Trace } from '../../src/sim/trace.ts';

const programs = new URL('../programs/', import.meta.url);

function program(path: string): string {
	return readFileSync(new URL(path, programs), 'utf8');
}

/** A deterministic generator (xorshift32) so every run feeds the same data. */
function generator(seed: number): () => number {
	let s = seed >>> 0 || 1;
	return () => {
		s ^= s << 13;
		s >>>= 0;
		s ^= s >>> 17;
		s ^= s << 5;
		s >>>= 0;
		return s / 2 ** 32;
	};
}

function bytes(view: ArrayBufferView): Uint8Array {
	return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

function runKernel(
	source: string,
	inputs: Record<string, ArrayBufferView>,
	extra: Partial<RunRequest> = {},
): Trace {
	const gmInputs: Record<string, Uint8Array> = {};
	for (const [name, view] of Object.entries(inputs)) gmInputs[name] = bytes(view);
	return run({
		source,
		product: 'atlas-a2',
		mode: 'npu',
		gmInputs,
		snapshot: 'end',
		...extra,
	});
}

/** The bytes GM buffer `name` held at the end of the run. */
function output(trace: Trace, name: string): Uint8Array {
	expect(trace.outcome, JSON.stringify(trace.diagnostics.slice(0, 3))).toBe('completed');
	const image = trace.memory?.images.find((m) => m.id === `gm:${name}`);
	if (!image) throw new Error(`no GM buffer ${name}`);
	const out = new Uint8Array(image.size);
	out.set(image.bytes.subarray(0, image.size));
	return out;
}

function halfBits(values: ArrayLike<number>): Uint16Array {
	return new Uint16Array(new Float16Array(Array.from(values)).buffer);
}

describe('golden numerics through the interpreter', () => {
	it('a double-buffered fp16 Add on 8 blocks writes z = fp16(x + y) bit for bit', () => {
		const total = 8 * 2048;
		const next = generator(7);
		// Magnitudes from 2^-14 to 2^10 so sums round in many binades, signs mixed.
		const draw = () => (next() < 0.5 ? -1 : 1) * 2 ** (next() * 24 - 14) * (1 + next());
		const x = new Float16Array(total);
		const y = new Float16Array(total);
		for (let i = 0; i < total; i++) {
			x[i] = draw();
			y[i] = draw();
		}
		const trace = runKernel(
			program('add-custom-class.cpp'),
			{ x, y, z: new Float16Array(total) },
			{
				blocks: 8,
			},
		);
		const z = new Uint16Array(output(trace, 'z').buffer);
		// The sum of two halves is exact in a double; Float16Array rounds it once, to nearest even.
		const expected = new Float16Array(total);
		for (let i = 0; i < total; i++) expected[i] = x[i]! + y[i]!;
		const want = new Uint16Array(expected.buffer);
		const firstMismatch = z.findIndex((v, i) => v !== want[i]);
		expect(
			firstMismatch,
			`z[${firstMismatch}] = ${z[firstMismatch]}, want ${want[firstMismatch]}; x ${x[firstMismatch]} y ${y[firstMismatch]}`,
		).toBe(-1);
		// Some of the sums really rounded (the test would not notice a missing rounding otherwise).
		expect(expected.some((v, i) => v !== x[i]! + y[i]!)).toBe(true);
	});

	it('a float ReduceSum adds each 64-lane repeat as a pairwise tree and the repeats in order', () => {
		const length = 2560;
		const next = generator(11);
		const x = new Float32Array(length);
		for (let i = 0; i < length; i++) x[i] = (next() * 2 - 1) * 2 ** Math.floor(next() * 12);
		const trace = runKernel(program('numerics/reduce-sum-float.cpp'), {
			x,
			z: new Float32Array(8),
		});
		const z = new Float32Array(output(trace, 'z').buffer);
		// ReduceSum.md (asc-devkit docs/api/context, 8b18dbce): on A2 the count form ("tensor前n个
		// 数据计算接口") uses 方式二 — a binary tree of adjacent pairs within a repeat, the repeats'
		// results added in order. Every addition rounds to float.
		let total = 0;
		for (let r = 0; r < length / 64; r++) {
			let level = Array.from(x.subarray(r * 64, r * 64 + 64));
			while (level.length > 1) {
				const up: number[] = [];
				for (let i = 0; i < level.length; i += 2) up.push(Math.fround(level[i]! + level[i + 1]!));
				level = up;
			}
			total = Math.fround(total + level[0]!);
		}
		expect(z[0]).toBe(total);
		// The order matters for these data: a plain left-to-right sum differs.
		let sequential = 0;
		for (const v of x) sequential = Math.fround(sequential + v);
		expect(sequential).not.toBe(total);
	});

	it('a ReduceSum of the integers 1…2560 in float is 3,278,080 exactly', () => {
		const x = Float32Array.from({ length: 2560 }, (_, i) => i + 1);
		const trace = runKernel(program('numerics/reduce-sum-float.cpp'), {
			x,
			z: new Float32Array(8),
		});
		expect(new Float32Array(output(trace, 'z').buffer)[0]).toBe(3_278_080);
	});

	it('a BlockReduceSum of two float repeats gives one sum per 32-byte block, in block order', () => {
		// Whole numbers, so every sum is exact whatever the order of additions inside a block:
		// what is checked is which inputs go into which output.
		const x = Float32Array.from({ length: 128 }, (_, i) => (i * 7) % 23);
		const trace = runKernel(program('numerics/block-reduce-sum.cpp'), {
			x,
			z: new Float32Array(16),
		});
		const z = new Float32Array(output(trace, 'z').buffer);
		const expected = Array.from({ length: 16 }, (_, b) => {
			let sum = 0;
			for (let i = 0; i < 8; i++) sum += x[b * 8 + i]!;
			return sum;
		});
		expect(Array.from(z.subarray(0, 16))).toEqual(expected);
	});

	it('an int8 Mmad through L1, L0A/L0B and Fixpipe gives C = A × B exactly in int32', () => {
		const [m, n, k] = [32, 32, 64];
		const next = generator(5);
		const a = Int8Array.from({ length: m * k }, () => Math.floor(next() * 256) - 128);
		const b = Int8Array.from({ length: k * n }, () => Math.floor(next() * 256) - 128);
		// The kernel reads B transposed: row n of bt is column n of B.
		const bt = new Int8Array(n * k);
		for (let kk = 0; kk < k; kk++) for (let nn = 0; nn < n; nn++) bt[nn * k + kk] = b[kk * n + nn]!;
		const trace = runKernel(
			program('numerics/mmad-int8.cpp'),
			{ a, bt, c: new Int32Array(m * n) },
			{ product: 'atlas-a2' },
		);
		const c = new Int32Array(output(trace, 'c').buffer);
		const want = new Int32Array(m * n);
		for (let i = 0; i < m; i++) {
			for (let j = 0; j < n; j++) {
				let s = 0;
				for (let kk = 0; kk < k; kk++) s += a[i * k + kk]! * b[kk * n + j]!;
				want[i * n + j] = s;
			}
		}
		expect([...c.subarray(0, m * n)]).toEqual([...want]);
	});

	it('Cast rounds float to half and to int32_t as each round mode says', () => {
		const u = 2 ** -10; // one unit in the last place of a half in [1, 2)
		// Inputs chosen so the modes disagree; the expectations below are worked out by hand.
		const x = new Float32Array([
			1 + u / 2, // a tie between 1 and 1 + u
			-(1 + u / 2),
			1 + (3 * u) / 2, // a tie between 1 + u (odd) and 1 + 2u (even)
			1 + u / 4, // below the midpoint
			2.5,
			-2.5,
			3.7,
			-0.4,
			3e9,
			-3e9,
			0,
			65504,
			1 + u, // exact
			-(1 + u / 4),
			0.5,
			1.5,
		]);
		const trace = runKernel(program('numerics/cast-round-modes.cpp'), {
			x,
			h: new Float16Array(7 * 16),
			w: new Int32Array(5 * 16),
		});
		const h = new Uint16Array(output(trace, 'h').buffer);
		const w = new Int32Array(output(trace, 'w').buffer);
		const f = Math.fround;
		const inf = Infinity;
		// Columns: the 16 inputs; rows: NONE (as RINT for a narrowing cast), RINT, FLOOR, CEIL,
		// ROUND (half away from zero), TRUNC, ODD (an inexact result takes the neighbour whose last
		// bit is 1). 3e9 overflows half: to ∞ where the mode rounds away, to 65504 where it rounds
		// toward zero. 3.7 and -0.4 are not exact in float; their float values are used.
		const p = 1 + u;
		const p2 = 1 + 2 * u;
		const halfRows: number[][] = [
			[1, -1, p2, 1, 2.5, -2.5, 3.69921875, -0.39990234375, inf, -inf, 0, 65504, p, -1, 0.5, 1.5],
			[1, -1, p2, 1, 2.5, -2.5, 3.69921875, -0.39990234375, inf, -inf, 0, 65504, p, -1, 0.5, 1.5],
			[1, -p, p, 1, 2.5, -2.5, 3.69921875, -0.400146484375, 65504, -inf, 0, 65504, p, -p, 0.5, 1.5],
			[
				p,
				-1,
				p2,
				p,
				2.5,
				-2.5,
				3.701171875,
				-0.39990234375,
				inf,
				-65504,
				0,
				65504,
				p,
				-1,
				0.5,
				1.5,
			],
			[p, -p, p2, 1, 2.5, -2.5, 3.69921875, -0.39990234375, inf, -inf, 0, 65504, p, -1, 0.5, 1.5],
			[
				1,
				-1,
				p,
				1,
				2.5,
				-2.5,
				3.69921875,
				-0.39990234375,
				65504,
				-65504,
				0,
				65504,
				p,
				-1,
				0.5,
				1.5,
			],
			[
				p,
				-p,
				p,
				p,
				2.5,
				-2.5,
				3.701171875,
				-0.400146484375,
				65504,
				-65504,
				0,
				65504,
				p,
				-p,
				0.5,
				1.5,
			],
		];

		halfRows.forEach((row, mode) => {
			expect([...h.subarray(mode * 16, mode * 16 + 16)], `half row ${mode}`).toEqual([
				...halfBits(row.map(f)),
			]);
		});
		const max = 2147483647;
		const min = -2147483648;
		const intRows: number[][] = [
			[1, -1, 1, 1, 2, -2, 4, 0, max, min, 0, 65504, 1, -1, 0, 2], // RINT
			[1, -2, 1, 1, 2, -3, 3, -1, max, min, 0, 65504, 1, -2, 0, 1], // FLOOR
			[2, -1, 2, 2, 3, -2, 4, 0, max, min, 0, 65504, 2, -1, 1, 2], // CEIL
			[1, -1, 1, 1, 3, -3, 4, 0, max, min, 0, 65504, 1, -1, 1, 2], // ROUND
			[1, -1, 1, 1, 2, -2, 3, 0, max, min, 0, 65504, 1, -1, 0, 1], // TRUNC
		];
		intRows.forEach((row, mode) => {
			expect([...w.subarray(mode * 16, mode * 16 + 16)], `int row ${mode}`).toEqual(row);
		});
	});

	it('DataCopyPad lays each row between its paddings and drops the alignment on the way out', () => {
		const x = Float16Array.from({ length: 48 }, (_, i) => i + 0.5);
		const trace = runKernel(program('numerics/data-copy-pad.cpp'), {
			x,
			padded: new Float16Array(48),
			rows: new Float16Array(33),
		});
		const padded = new Float16Array(output(trace, 'padded').buffer);
		const rows = new Float16Array(output(trace, 'rows').buffer);
		// Row r starts at 16·r in GM (11 halves, then a gap of 5); in UB: 7, 7, the row, 7, 7, 7.
		const want: number[] = [];
		const compact: number[] = [];
		for (let r = 0; r < 3; r++) {
			const row = Array.from({ length: 11 }, (_, i) => 16 * r + i + 0.5);
			want.push(7, 7, ...row, 7, 7, 7);
			compact.push(...row);
		}
		expect([...padded]).toEqual(want);
		expect([...rows]).toEqual(compact);
	});
});

describe('the math library through the interpreter', () => {
	it('computes Sigmoid, Log, Gelu, Power and Round once in double and rounds each to float', () => {
		const x = Float32Array.from({ length: 64 }, (_, i) => (i - 31.5) / 8);
		x[0] = 2.5; // a tie: Round goes away from zero
		x[1] = -2.5;
		const trace = runKernel(program('numerics/math-library.cpp'), {
			x,
			y: new Float32Array(5 * 64),
		});
		const y = new Float32Array(output(trace, 'y').buffer);
		const f = Math.fround;
		const rows = [
			(v: number) => f(1 / (1 + Math.exp(-v))),
			(v: number) => f(Math.log(v)),
			(v: number) => f(v / (1 + Math.exp(-1.5957691216057308 * (v + 0.044715 * v ** 3)))),
			(v: number) => f(v * v),
			(v: number) => Math.sign(v) * Math.round(Math.abs(v)),
		];
		rows.forEach((fn, r) => {
			expect([...y.subarray(r * 64, r * 64 + 64)], `row ${r}`).toEqual([...x].map(fn));
		});
		expect(y[4 * 64]).toBe(3);
		expect(y[4 * 64 + 1]).toBe(-3);
	});

	it('refuses the math library where its page does not list the product, and runs it on the inference AI Core', () => {
		const inputs = () => ({ x: new Float32Array(64), y: new Float32Array(5 * 64) });
		const training = runKernel(program('numerics/math-library.cpp'), inputs(), {
			product: 'atlas-training',
		});
		// Sigmoid's page lists the training series; Log's does not.
		expect(training.outcome).toBe('rejected');
		const d = training.diagnostics.find((x) => x.code === 'api-not-on-product');
		expect(d?.messages.en).toMatch(/^`Log` is not available on Atlas training series/);
		const aicore = runKernel(program('numerics/math-library.cpp'), inputs(), {
			product: 'atlas-inference-aicore',
		});
		expect(aicore.outcome, JSON.stringify(aicore.diagnostics.slice(0, 2))).toBe('completed');
	});
});

describe('atomic accumulation into GM across blocks', () => {
	const blocks = 8;
	const x = Float32Array.from(
		{ length: blocks * 64 },
		(_, i) => (i % 64) + 100 * Math.floor(i / 64),
	);
	const z0 = Float32Array.from({ length: 64 }, (_, i) => -i);

	it('adds every block’s copy to what z held (integers, so the order does not matter)', () => {
		const trace = runKernel(program('numerics/atomic-add-blocks.cpp'), { x, z: z0 }, { blocks });
		const z = new Float32Array(output(trace, 'z').buffer);
		// z[i] = -i + Σ_b (i + 100·b) = 7·i + 100·(0 + 1 + … + 7)
		expect([...z]).toEqual(Array.from({ length: 64 }, (_, i) => 7 * i + 2800));
	});

	it('stops accumulating after InitSocState on A2: the copies overwrite z', () => {
		const trace = runKernel(
			program('numerics/atomic-add-blocks.cpp'),
			{ x, z: z0 },
			{ blocks, defines: { RESET: '1' } },
		);
		const z = new Float32Array(output(trace, 'z').buffer);
		// Blocks run in order in the simulator; the last one's data stays.
		expect([...z]).toEqual(Array.from({ length: 64 }, (_, i) => i + 700));
	});
});

describe('SoftMax through the interpreter', () => {
	it('turns each row into exp(x − max) / Σ, with the row’s sum and max filling a block each', () => {
		const x = Float32Array.from({ length: 64 }, (_, i) => Math.fround(Math.sin(i) * 4));
		const trace = runKernel(program('numerics/softmax.cpp'), {
			x,
			y: new Float32Array(64),
			s: new Float32Array(32),
			m: new Float32Array(32),
		});
		const y = new Float32Array(output(trace, 'y').buffer);
		const s = new Float32Array(output(trace, 's').buffer);
		const m = new Float32Array(output(trace, 'm').buffer);
		for (let r = 0; r < 4; r++) {
			const row = [...x.subarray(r * 16, r * 16 + 16)];
			const top = Math.max(...row);
			const e = row.map((v) => Math.exp(v - top));
			const total = e.reduce((a, b) => a + b, 0);
			expect([...y.subarray(r * 16, r * 16 + 16)]).toEqual(e.map((v) => Math.fround(v / total)));
			expect([...s.subarray(r * 8, r * 8 + 8)]).toEqual(Array(8).fill(Math.fround(total)));
			expect([...m.subarray(r * 8, r * 8 + 8)]).toEqual(Array(8).fill(top));
		}
	});
});

describe('static tensors, Brcb, Copy and Transpose through the interpreter', () => {
	it('Brcb fills one DataBlock per source element at the block and repeat strides, leaving the rest', () => {
		const x = Float32Array.from({ length: 16 }, (_, i) => i * 1.5 - 7);
		const trace = runKernel(program('numerics/static-brcb.cpp'), {
			x,
			y: new Float32Array(31 * 8),
			z: new Uint32Array(8),
		});
		const y = new Float32Array(output(trace, 'y').buffer);
		// Repeat i, element j lands in block i·16 + j·2 (8 floats a block); the rest stays -1.
		const expected = new Array<number>(31 * 8).fill(-1);
		for (let i = 0; i < 2; i++)
			for (let j = 0; j < 8; j++)
				for (let e = 0; e < 8; e++) expected[(i * 16 + j * 2) * 8 + e] = x[i * 8 + j]!;
		expect([...y]).toEqual(expected);
		// Three tiles, no rounding between them: 16·4 + 248·4 + 8·4 bytes.
		const z = new Uint32Array(output(trace, 'z').buffer);
		expect([...z]).toEqual(new Array(8).fill(64 + 992 + 32));
	});

	it('the allocator moves on by the exact bytes, so a 3-half tile leaves the next one unaligned', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    AscendC::GlobalTensor<half> xGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, 16);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<half> odd = ub.Alloc<half, 3>();
    AscendC::LocalTensor<half> next = ub.Alloc<half>(16);
    AscendC::DataCopy(next, xGm, 16);
}
`;
		const trace = runKernel(source, { x: new Uint16Array(16) });
		const d = trace.diagnostics.find((x) => x.code === 'address-unaligned');
		expect(d?.messages.en).toMatch(/address 6 in UB/);
	});

	it('Copy with mask 8 and repeat strides {1, 1, 1, 8} takes the first 8 columns of each row', () => {
		const a = Int32Array.from({ length: 18 * 64 }, (_, i) => i * 7 - 3000);
		const h = halfBits(Array.from({ length: 256 }, (_, i) => (i - 128) / 4));
		const f = Float32Array.from({ length: 48 }, (_, i) => i + 0.25);
		const trace = runKernel(program('numerics/copy-transpose.cpp'), {
			a,
			c: new Int32Array(18 * 8),
			h,
			t: new Uint16Array(256),
			f,
			n: new Float32Array(48),
		});
		const c = new Int32Array(output(trace, 'c').buffer);
		const rows = Array.from({ length: 18 }, (_, r) => [...a.subarray(r * 64, r * 64 + 8)]);
		expect([...c]).toEqual(rows.flat());

		const t = new Uint16Array(output(trace, 't').buffer);
		expect([...t]).toEqual(Array.from({ length: 256 }, (_, i) => h[(i % 16) * 16 + (i >> 4)]!));

		// [N, C, H·W] = [2, 3, 8] → [N, H·W, C].
		const n = new Float32Array(output(trace, 'n').buffer);
		const nhwc: number[] = [];
		for (let b = 0; b < 2; b++)
			for (let s = 0; s < 8; s++) for (let k = 0; k < 3; k++) nhwc.push(f[(b * 3 + k) * 8 + s]!);
		expect([...n]).toEqual(nhwc);
	});

	it('refuses Brcb on the training series and LocalMemAllocator on 200I/500 A2, naming the products that have them', () => {
		const brcb = runKernel(
			program('numerics/static-brcb.cpp'),
			{ x: new Float32Array(16), y: new Float32Array(248), z: new Uint32Array(8) },
			{ product: 'atlas-200i-500-a2' },
		);
		expect(brcb.outcome).toBe('rejected');
		const d = brcb.diagnostics.find((x) => x.code === 'api-not-on-product');
		expect(d?.messages.en).toMatch(/`LocalMemAllocator` is not available on Atlas 200I\/500 A2/);
		expect(d?.messages.zh).toMatch(/Atlas 200I\/500 A2 推理产品 上没有 `LocalMemAllocator`/);
		expect(d?.hints.en).toMatch(/TPipe\/TQue/);
		expect(d?.line).toBe(16);

		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4096);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::Brcb(t, t[512], 1, {1, 8});
}
`;
		const training = runKernel(source, { x: new Float32Array(8) }, { product: 'atlas-training' });
		const e = training.diagnostics.find((x) => x.code === 'api-not-on-product');
		expect(e?.messages.en).toMatch(
			/`Brcb` is not available on Atlas training series.*Atlas inference series \(AI Core\)/,
		);
		expect(runKernel(source, { x: new Float32Array(8) }).outcome).toBe('completed');
	});
});

describe('float saturation as the runtime and CTRL[48] references state it', () => {
	// Sums in half: 60000 + 60000 overflows, -60000 - 60000 too, inf - inf is NaN, 1 + 2 is 3.
	const x = new Float16Array(16).fill(1);
	const y = new Float16Array(16).fill(2);
	x.set([60000, -60000, Infinity, 0.5]);
	y.set([60000, -60000, -Infinity, 0.25]);
	const f = new Float32Array(16).fill(7);
	f.set([1e6, -1e6, Number.NaN, 3e38]);
	const inputs = () => ({
		x,
		y,
		z: new Float16Array(16),
		f,
		h: new Float16Array(16),
		g: new Float32Array(16),
	});
	const results = (trace: Trace) => ({
		z: [...new Float16Array(output(trace, 'z').buffer)],
		h: [...new Float16Array(output(trace, 'h').buffer)],
		g: [...new Float32Array(output(trace, 'g').buffer)],
	});
	const ieeeHalf = (v: number) => new Float16Array([v])[0]!;
	const satHalf = (v: number) =>
		Number.isNaN(v) ? 0 : Math.max(-65504, Math.min(65504, ieeeHalf(v)));
	const sums = [...x].map((v, i) => v + y[i]!);
	const floats = [...f].map((v) => Math.fround(v + v));

	it('keeps inf and NaN on Atlas A2 by default (Inf/NaN mode)', () => {
		const r = results(runKernel(program('numerics/saturation.cpp'), inputs()));
		expect(r.z).toEqual(sums.map(ieeeHalf));
		expect(r.h).toEqual([...f].map(ieeeHalf));
		expect(r.g).toEqual(floats);
	});

	it('saturates half results to ±65504 and NaN to 0 after SetSaturationFlag<FLOAT>(true), leaving float alone', () => {
		const r = results(
			runKernel(program('numerics/saturation.cpp'), inputs(), { defines: { SAT: '1' } }),
		);
		expect(r.z).toEqual(sums.map(satHalf));
		expect(r.z.slice(0, 3)).toEqual([65504, -65504, 0]);
		expect(r.h).toEqual([...f].map(satHalf));
		expect(r.g).toEqual(floats);
		expect(r.g[0]).toBe(2e6);
		expect(r.g[3]).toBe(Infinity);
	});

	it('saturates by default on the inference series, which has only saturation mode', () => {
		const r = results(
			runKernel(program('numerics/saturation.cpp'), inputs(), {
				product: 'atlas-inference-aicore',
			}),
		);
		expect(r.z).toEqual(sums.map(satHalf));
		expect(r.h).toEqual([...f].map(satHalf));
	});
});

describe('LayerNorm through the interpreter', () => {
	it('normalises [B, S, H] rows over originalHLength and [A, R] rows over rLength, with their statistics', () => {
		const x = Float32Array.from({ length: 64 }, (_, i) =>
			Math.fround(Math.cos(i * 0.7) * 3 + i / 16),
		);
		const gm = Float32Array.from({ length: 16 }, (_, i) => Math.fround(0.5 + i / 8));
		const bt = Float32Array.from({ length: 16 }, (_, i) => Math.fround(i / 4 - 1));
		const trace = runKernel(program('numerics/layernorm.cpp'), {
			x,
			gm,
			bt,
			y: new Float32Array(64),
			m: new Float32Array(8),
			v: new Float32Array(8),
			q: new Float32Array(48),
			a: new Float32Array(8),
			r: new Float32Array(8),
		});
		const f32 = (name: string) => [...new Float32Array(output(trace, name).buffer)];
		const f = Math.fround;
		const stats = (row: readonly number[]) => {
			const mu = row.reduce((s, v) => s + v, 0) / row.length;
			const variance = row.reduce((s, v) => s + (v - mu) ** 2, 0) / row.length;
			return { mu, variance };
		};
		// [2, 2, 16], 12 real columns, ε = 0.001 (as float); the padding columns stay 0.
		const y = f32('y');
		const m = f32('m');
		const v = f32('v');
		const eps = f(0.001);
		for (let r = 0; r < 4; r++) {
			const row = [...x.subarray(r * 16, r * 16 + 12)];
			const { mu, variance } = stats(row);
			const want = row.map((e, i) => f(((e - mu) / Math.sqrt(variance + eps)) * gm[i]! + bt[i]!));
			expect(y.slice(r * 16, r * 16 + 12), `row ${r}`).toEqual(want);
			expect(y.slice(r * 16 + 12, r * 16 + 16)).toEqual([0, 0, 0, 0]);
			expect(m[r]).toBe(f(mu));
			expect(v[r]).toBe(f(variance));
		}
		// [3, 10] in a pitch of 16, ε = 0.01: rstd = 1 / √(variance + ε).
		const q = f32('q');
		const a = f32('a');
		const rs = f32('r');
		for (let r = 0; r < 3; r++) {
			const row = [...x.subarray(r * 16, r * 16 + 10)];
			const { mu, variance } = stats(row);
			const rstd = 1 / Math.sqrt(variance + f(0.01));
			expect(q.slice(r * 16, r * 16 + 10)).toEqual(
				row.map((e, i) => f((e - mu) * rstd * gm[i]! + bt[i]!)),
			);
			expect(a[r]).toBe(f(mu));
			expect(rs[r]).toBe(f(rstd));
		}
	});

	it.each([
		['NO_BETA', 'β', (v: number, _g: number, b: number) => v + 0 * b],
		['NO_GAMMA', 'γ', (v: number, g: number, b: number) => v + b + 0 * g],
	] as const)(
		'leaves out %s’s operand when LayerNormConfig says so (no %s)',
		(flag, _name, apply) => {
			const x = Float32Array.from({ length: 64 }, (_, i) =>
				Math.fround(Math.sin(i * 0.9) * 2 + i / 32),
			);
			const gm = Float32Array.from({ length: 16 }, (_, i) => Math.fround(1.5 - i / 16));
			const bt = Float32Array.from({ length: 16 }, (_, i) => Math.fround(i / 8 - 0.75));
			const trace = runKernel(
				program('numerics/layernorm.cpp'),
				{
					x,
					gm,
					bt,
					y: new Float32Array(64),
					m: new Float32Array(8),
					v: new Float32Array(8),
					q: new Float32Array(48),
					a: new Float32Array(8),
					r: new Float32Array(8),
				},
				{ defines: { [flag]: 'true' } },
			);
			const q = [...new Float32Array(output(trace, 'q').buffer)];
			const f = Math.fround;
			for (let r = 0; r < 3; r++) {
				const row = [...x.subarray(r * 16, r * 16 + 10)];
				const mu = row.reduce((s, v) => s + v, 0) / row.length;
				const variance = row.reduce((s, v) => s + (v - mu) ** 2, 0) / row.length;
				const rstd = 1 / Math.sqrt(variance + f(0.01));
				const scaled = (e: number, i: number) =>
					flag === 'NO_GAMMA' ? (e - mu) * rstd : (e - mu) * rstd * gm[i]!;
				expect(q.slice(r * 16, r * 16 + 10), `row ${r}`).toEqual(
					row.map((e, i) => f(apply(scaled(e, i), gm[i]!, bt[i]!))),
				);
			}
		},
	);
});

describe('GetTPipePtr and event_t through the interpreter', () => {
	const kernel = (head: string) => `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
${head}
    AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
    GetTPipePtr()->InitBuffer(q, 1, 256);
    event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3));
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(e);
    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
    q.FreeTensor(t);
}
`;

	it('hands out the kernel’s TPipe, so InitBuffer through it gives the queue its buffer', () => {
		const trace = runKernel(kernel('    AscendC::TPipe pipe;'), { x: new Uint16Array(16) });
		expect(trace.outcome, JSON.stringify(trace.diagnostics)).toBe('completed');
		expect(trace.steps.some((s) => s.call === 'pipe.InitBuffer' && s.result === 'true')).toBe(true);
	});

	it('is a null dereference when no TPipe was created', () => {
		const trace = runKernel(kernel(''), { x: new Uint16Array(16) });
		expect(trace.diagnostics.map((d) => d.code)).toContain('null-dereference');
	});
});

describe('Sort through the interpreter', () => {
	// Scores with ties (values repeat every 5) and indices that are not their positions.
	const s = Float32Array.from({ length: 64 }, (_, i) => ((i * 37) % 5) - 2 + (i % 3) * 0.5);
	const ix = Uint32Array.from({ length: 64 }, (_, i) => 1000 + i);
	const pairs = (trace: Trace) => {
		const view = new DataView(output(trace, 'd').buffer);
		return Array.from({ length: 64 }, (_, k) => [
			view.getFloat32(k * 8, true),
			view.getUint32(k * 8 + 4, true),
		]);
	};
	const expected = (groups: number) => {
		const size = 64 / groups;
		const out: number[][] = [];
		for (let g = 0; g < groups; g++) {
			const ids = Array.from({ length: size }, (_, i) => g * size + i);
			// Descending; on a tie the earlier input comes first.
			ids.sort((a, b) => (s[b]! !== s[a]! ? s[b]! - s[a]! : a - b));
			out.push(...ids.map((i) => [s[i]!, ix[i]!]));
		}
		return out;
	};

	it('sorts each 32-score repeat on its own into (score, index) pairs, ties in input order', () => {
		const trace = runKernel(program('numerics/sort.cpp'), { s, ix, d: new Float32Array(128) });
		expect(pairs(trace)).toEqual(expected(2));
	});

	it('sorts all 64 scores together with isFullSort', () => {
		const trace = runKernel(
			program('numerics/sort.cpp'),
			{ s, ix, d: new Float32Array(128) },
			{ defines: { FULL: '1' } },
		);
		expect(pairs(trace)).toEqual(expected(1));
	});
});

describe('Sort of region proposals on the inference AI Core', () => {
	it('writes each index into the label, then moves each 8-float proposal whole by its fifth element, 16 to a repeat', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR p, GM_ADDR ix, GM_ADDR d)
{
    AscendC::GlobalTensor<float> pGm, dGm;
    pGm.SetGlobalBuffer((__gm__ float *)p, 256);
    dGm.SetGlobalBuffer((__gm__ float *)d, 256);
    AscendC::GlobalTensor<uint32_t> iGm;
    iGm.SetGlobalBuffer((__gm__ uint32_t *)ix, 32);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto props = ub.Alloc<float, 256>();
    auto index = ub.Alloc<uint32_t, 32>();
    auto sorted = ub.Alloc<float, 256>();
    auto tmp = ub.Alloc<float, 256>();
    AscendC::DataCopy(props, pGm, 256);
    AscendC::DataCopy(index, iGm, 32);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Sort<float, false>(sorted, props, index, tmp, 2);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dGm, sorted, 256);
}
`;
		// Proposal j: [j, j + 0.25, j + 0.5, j + 0.75, score, label j, 0, 0]; index j is 700 + j,
		// and its 32 bits replace the label (ProposalConcat at position 5).
		const ix = Uint32Array.from({ length: 32 }, (_, j) => 700 + j);
		const asFloat = (u: number) => new Float32Array(Uint32Array.of(u).buffer)[0]!;
		const score = (j: number) => ((j * 11) % 7) - 3;
		const p = Float32Array.from({ length: 256 }, (_, i) => {
			const j = i >> 3;
			const e = i & 7;
			return e < 4 ? j + e / 4 : e === 4 ? score(j) : e === 5 ? j : 0;
		});
		const trace = runKernel(
			source,
			{ p, ix, d: new Float32Array(256) },
			{ product: 'atlas-inference-aicore' },
		);
		const d = [...new Float32Array(output(trace, 'd').buffer)];
		const want: number[] = [];
		for (let g = 0; g < 2; g++) {
			const ids = Array.from({ length: 16 }, (_, i) => g * 16 + i);
			ids.sort((a, b) => (score(b) !== score(a) ? score(b) - score(a) : a - b));
			for (const j of ids) {
				const record = [...p.subarray(j * 8, j * 8 + 8)];
				record[5] = asFloat(ix[j]!);
				want.push(...record);
			}
		}
		expect(d).toEqual(want);
	});
});

describe('LocalTensor built at an address (static tensors without an allocator)', () => {
	it('two tensors at the same UB address see the same bytes, and Copy moves them with its strides', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y)
{
    AscendC::GlobalTensor<int32_t> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ int32_t *)x, 512);
    yGm.SetGlobalBuffer((__gm__ int32_t *)y, 512);
    AscendC::LocalTensor<int32_t> src = AscendC::LocalTensor<int32_t>(AscendC::TPosition::VECIN, 0, 512);
    AscendC::LocalTensor<int32_t> same(AscendC::TPosition::VECCALC, 0, 512);
    AscendC::LocalTensor<int32_t> dst = AscendC::LocalTensor<int32_t>(AscendC::TPosition::VECOUT, 2048, 512);
    AscendC::DataCopy(src, xGm, 512);
    AscendC::PipeBarrier<PIPE_ALL>();
    uint64_t mask = 64;
    AscendC::Copy(dst, same, mask, 8, {1, 1, 8, 8});
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, dst, 512);
}
`;
		const x = Int32Array.from({ length: 512 }, (_, i) => i * i - 70000);
		const trace = runKernel(source, { x, y: new Int32Array(512) });
		expect([...new Int32Array(output(trace, 'y').buffer)]).toEqual([...x]);
	});

	it('reports a tensor built at an address that is not 32-byte aligned when it is used', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    AscendC::GlobalTensor<half> xGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, 16);
    AscendC::LocalTensor<half> t(AscendC::TPosition::VECIN, 40, 16);
    AscendC::DataCopy(t, xGm, 16);
}
`;
		const trace = runKernel(source, { x: new Uint16Array(16) });
		expect(trace.diagnostics.find((d) => d.code === 'address-unaligned')?.messages.en).toMatch(
			/address 40 in UB/,
		);
	});
});

describe('the sort pipeline (Concat, Sort, MrgSort, Extract) on A2', () => {
	// 128 scores with many ties (values repeat every 7) and indices that are not positions.
	const s = Float32Array.from({ length: 128 }, (_, i) => ((i * 53) % 7) - 3 + (i % 2) * 0.5);
	const ix = Uint32Array.from({ length: 128 }, (_, i) => 5000 + ((i * 97) % 128));
	const inputs = () => ({
		s,
		ix,
		v: new Float32Array(128),
		i2: new Uint32Array(128),
		n: new Uint32Array(8),
	});
	/** Positions of one list (32 positions from `start`) in descending order, ties by position. */
	const sortedList = (start: number) =>
		Array.from({ length: 32 }, (_, i) => start + i).sort((a, b) =>
			s[b] !== s[a] ? s[b]! - s[a]! : a - b,
		);

	it('merges four sorted 32-score lists into one descending list, ties by list then position', () => {
		const trace = runKernel(program('numerics/sort-merge.cpp'), inputs());
		// All 128 positions sorted at once: a tie keeps list order, and lists are position ranges.
		const all = Array.from({ length: 128 }, (_, i) => i).sort((a, b) =>
			s[b] !== s[a] ? s[b]! - s[a]! : a - b,
		);
		expect([...new Float32Array(output(trace, 'v').buffer)]).toEqual(all.map((i) => s[i]));
		expect([...new Uint32Array(output(trace, 'i2').buffer)]).toEqual(all.map((i) => ix[i]));
		// GetSortLen<half>(32): 32 pairs of 8 bytes are 128 halves.
		expect(new Uint32Array(output(trace, 'n').buffer)[4]).toBe(128);
	});

	it('stops at the first exhausted list when isExhaustedSuspension is set, and counts what it took', () => {
		const trace = runKernel(program('numerics/sort-merge.cpp'), inputs(), {
			defines: { EXHAUSTED: '1' },
		});
		const lists = [0, 32, 64, 96].map(sortedList);
		const heads = [0, 0, 0, 0];
		const want: number[] = [];
		for (;;) {
			let best = 0;
			for (let q = 1; q < 4; q++)
				if (s[lists[q]![heads[q]!]!]! > s[lists[best]![heads[best]!]!]!) best = q;
			want.push(lists[best]![heads[best]!]!);
			if (++heads[best]! === 32) break;
		}
		const v = [...new Float32Array(output(trace, 'v').buffer)];
		expect(v.slice(0, want.length)).toEqual(want.map((i) => s[i]));
		expect([...new Uint32Array(output(trace, 'n').buffer)].slice(0, 4)).toEqual(heads);
		expect(heads.reduce((a, b) => a + b, 0)).toBe(want.length);
	});
});

describe('the sort pipeline on the inference AI Core (region proposals)', () => {
	it('carries each uint32_t index through y1 and label of half proposals, and merges by score', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR s, GM_ADDR ix, GM_ADDR v, GM_ADDR i2, GM_ADDR p)
{
    AscendC::GlobalTensor<half> sGm, vGm, pGm;
    AscendC::GlobalTensor<uint32_t> iGm, i2Gm;
    sGm.SetGlobalBuffer((__gm__ half *)s, 64);
    iGm.SetGlobalBuffer((__gm__ uint32_t *)ix, 64);
    vGm.SetGlobalBuffer((__gm__ half *)v, 64);
    i2Gm.SetGlobalBuffer((__gm__ uint32_t *)i2, 64);
    pGm.SetGlobalBuffer((__gm__ half *)p, 512);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto value = ub.Alloc<half, 64>();
    auto index = ub.Alloc<uint32_t, 64>();
    auto tmp = ub.Alloc<half, 512>();
    auto sorted = ub.Alloc<half, 512>();
    auto merged = ub.Alloc<half, 512>();
    auto outV = ub.Alloc<half, 64>();
    auto outI = ub.Alloc<uint32_t, 64>();
    AscendC::LocalTensor<half> concat;
    AscendC::DataCopy(value, sGm, 64);
    AscendC::DataCopy(index, iGm, 64);
    AscendC::Duplicate(tmp, (half)0, 512);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Concat(concat, value, tmp, 4);
    AscendC::Sort<half, false>(sorted, concat, index, tmp, 4);
    uint32_t off = AscendC::GetSortOffset<half>(16);
    AscendC::MrgSortSrcList<half> list(sorted[0], sorted[off], sorted[2 * off], sorted[3 * off]);
    const uint16_t lengths[4] = {16, 16, 16, 16};
    uint32_t sortedNum[4];
    AscendC::MrgSort<half>(merged, list, lengths, sortedNum, 0b1111, 1);
    AscendC::Extract(outV, outI, merged, 4);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(vGm, outV, 64);
    AscendC::DataCopy(i2Gm, outI, 64);
    AscendC::DataCopy(pGm, merged, 512);
}
`;
		const scores = Array.from({ length: 64 }, (_, i) => ((i * 29) % 9) - 4 + (i % 4) * 0.25);
		const s = new Float16Array(scores);
		// Indices above 16 bits, so both halves of each matter.
		const ix = Uint32Array.from({ length: 64 }, (_, i) => 0x00030000 + i * 0x10001);
		const trace = runKernel(
			source,
			{ s, ix, v: new Uint16Array(64), i2: new Uint32Array(64), p: new Uint16Array(512) },
			{ product: 'atlas-inference-aicore' },
		);
		const order = Array.from({ length: 64 }, (_, i) => i).sort((a, b) =>
			s[b] !== s[a] ? s[b]! - s[a]! : a - b,
		);
		expect([...new Uint16Array(output(trace, 'v').buffer)]).toEqual(
			order.map((i) => halfBits([s[i]!])[0]),
		);
		expect([...new Uint32Array(output(trace, 'i2').buffer)]).toEqual(order.map((i) => ix[i]));
		// Proposal k of the merged list: score at element 4, the index's halves at 1 and 5.
		const p = new Uint16Array(output(trace, 'p').buffer);
		order.forEach((i, k) => {
			expect([p[k * 8 + 1], p[k * 8 + 4], p[k * 8 + 5]]).toEqual([
				ix[i]! & 0xffff,
				halfBits([s[i]!])[0],
				ix[i]! >>> 16,
			]);
		});
	});
});

describe('Sort32 and the basic MrgSort (MrgSort4Info) on A2', () => {
	it('merges eight sorted lists into two with repeatTimes = 2, each group of four on its own', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR s, GM_ADDR ix, GM_ADDR d)
{
    AscendC::GlobalTensor<float> sGm, dGm;
    AscendC::GlobalTensor<uint32_t> iGm;
    sGm.SetGlobalBuffer((__gm__ float *)s, 256);
    iGm.SetGlobalBuffer((__gm__ uint32_t *)ix, 256);
    dGm.SetGlobalBuffer((__gm__ float *)d, 512);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto value = ub.Alloc<float, 256>();
    auto index = ub.Alloc<uint32_t, 256>();
    auto work = ub.Alloc<float, 512>();
    auto merged = ub.Alloc<float, 512>();
    AscendC::DataCopy(value, sGm, 256);
    AscendC::DataCopy(index, iGm, 256);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Sort32<float>(work, value, index, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::MrgSort4Info params;
    params.elementLengths[0] = 32;
    params.elementLengths[1] = 32;
    params.elementLengths[2] = 32;
    params.elementLengths[3] = 32;
    params.ifExhaustedSuspension = false;
    params.validBit = 0b1111;
    params.repeatTimes = 2;
    AscendC::MrgSortSrcList<float> list;
    list.src1 = work[0];
    list.src2 = work[64];
    list.src3 = work[128];
    list.src4 = work[192];
    AscendC::MrgSort<float>(merged, list, params);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dGm, merged, 512);
}
`;
		const s = Float32Array.from({ length: 256 }, (_, i) => ((i * 71) % 13) - 6 + (i % 3) * 0.25);
		const ix = Uint32Array.from({ length: 256 }, (_, i) => 90000 + i * 3);
		const trace = runKernel(source, { s, ix, d: new Float32Array(512) });
		const view = new DataView(output(trace, 'd').buffer);
		const got = Array.from({ length: 256 }, (_, k) => [
			view.getFloat32(k * 8, true),
			view.getUint32(k * 8 + 4, true),
		]);
		const want: number[][] = [];
		for (const start of [0, 128]) {
			const ids = Array.from({ length: 128 }, (_, i) => start + i);
			ids.sort((a, b) => (s[b] !== s[a] ? s[b]! - s[a]! : a - b));
			want.push(...ids.map((i) => [s[i]!, ix[i]!]));
		}
		expect(got).toEqual(want);
	});
});

describe('aclrtSetDeviceSatMode through a host program', () => {
	const stdout = (product: RunRequest['product']) =>
		run({ source: program('numerics/sat-mode.cpp'), product, mode: 'npu' })
			.log.filter((l) => l.channel === 'stdout')
			.map((l) => l.text);
	// x + y per element, as half bits: 49152 + 32i + 49152 overflows, -49152 - 49152 too, NaN + y
	// is NaN, 1 + 49152 rounds back to 49152 (0x7a00).
	const infNan = ['7c00', 'fc00', '7e00', '7a00', ...Array<string>(12).fill('7c00')];
	const saturated = ['7bff', 'fbff', '0000', '7a00', ...Array<string>(12).fill('7bff')];

	it('saturates kernels on streams created after it on A2, while the older default stream keeps Inf/NaN', () => {
		const out = stdout('atlas-a2');
		// Default Inf/NaN (1); saturation set (0); Inf/NaN accepted; 5 is ACL_ERROR_RT_PARAM_INVALID.
		expect(out[0]).toBe('before 1 set 0 after 0 infnan 0 bad 107000');
		expect(out[1]).toBe(`default ${infNan.join(' ')}`);
		expect(out[2]).toBe(`created ${saturated.join(' ')}`);
	});

	it('refuses the Inf/NaN mode on the inference AI Core, which only saturates', () => {
		const out = stdout('atlas-inference-aicore');
		// ACL_ERROR_RT_FEATURE_NOT_SUPPORT is 207000; both streams saturate.
		expect(out[0]).toBe('before 0 set 0 after 0 infnan 207000 bad 107000');
		expect(out[1]).toBe(`default ${saturated.join(' ')}`);
		expect(out[2]).toBe(`created ${saturated.join(' ')}`);
	});
});

describe('the region-proposal basic APIs on the inference AI Core', () => {
	it('ProposalConcat, RpSort16, MrgSort4 and ProposalExtract give the scores in descending order', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR s, GM_ADDR d, GM_ADDR l)
{
    AscendC::GlobalTensor<float> sGm, dGm, lGm;
    sGm.SetGlobalBuffer((__gm__ float *)s, 64);
    dGm.SetGlobalBuffer((__gm__ float *)d, 64);
    lGm.SetGlobalBuffer((__gm__ float *)l, 64);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto score = ub.Alloc<float, 64>();
    auto label = ub.Alloc<float, 64>();
    auto work = ub.Alloc<float, 512>();
    auto merged = ub.Alloc<float, 512>();
    auto outS = ub.Alloc<float, 64>();
    auto outL = ub.Alloc<float, 64>();
    AscendC::DataCopy(score, sGm, 64);
    AscendC::Duplicate(work, 0.0f, 512);
    AscendC::CreateVecIndex(label, 0.0f, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::ProposalConcat(work, score, 4, 4);
    AscendC::ProposalConcat(work, label, 4, 5);
    AscendC::RpSort16(work, work, 4);
    uint16_t lengths[4] = {16, 16, 16, 16};
    uint32_t q = 128;
    AscendC::MrgSortSrcList<float> list(work[0], work[q], work[2 * q], work[3 * q]);
    AscendC::MrgSort4Info info(lengths, false, 15, 1);
    AscendC::MrgSort4(merged, list, info);
    AscendC::ProposalExtract(outS, merged, 4, 4);
    AscendC::ProposalExtract(outL, merged, 4, 5);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dGm, outS, 64);
    AscendC::DataCopy(lGm, outL, 64);
}
`;
		const s = Float32Array.from({ length: 64 }, (_, i) => ((i * 41) % 11) - 5 + (i % 5) * 0.125);
		const trace = runKernel(
			source,
			{ s, d: new Float32Array(64), l: new Float32Array(64) },
			{ product: 'atlas-inference-aicore' },
		);
		const order = Array.from({ length: 64 }, (_, i) => i).sort((a, b) =>
			s[b] !== s[a] ? s[b]! - s[a]! : a - b,
		);
		expect([...new Float32Array(output(trace, 'd').buffer)]).toEqual(order.map((i) => s[i]));
		// The labels were the positions (CreateVecIndex), so they name where each score came from.
		expect([...new Float32Array(output(trace, 'l').buffer)]).toEqual(order);
	});
});

describe('Sort with SortConfig on A2', () => {
	it('leaves dst as it was, since that form has a body only on Ascend 950PR/950DT', () => {
		const source = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR s, GM_ADDR d)
{
    AscendC::GlobalTensor<float> sGm, dGm;
    sGm.SetGlobalBuffer((__gm__ float *)s, 32);
    dGm.SetGlobalBuffer((__gm__ float *)d, 32);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto src = ub.Alloc<float, 32>();
    auto dst = ub.Alloc<float, 32>();
    AscendC::DataCopy(src, sGm, 32);
    AscendC::Duplicate(dst, 7.0f, 32);
    AscendC::PipeBarrier<PIPE_ALL>();
    static constexpr AscendC::SortConfig config = {AscendC::SortType::MERGE_SORT, true};
    AscendC::Sort<float, false, config>(dst, src, 32);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dGm, dst, 32);
}
`;
		const s = Float32Array.from({ length: 32 }, (_, i) => (i * 13) % 32);
		const trace = runKernel(source, { s, d: new Float32Array(32) });
		expect([...new Float32Array(output(trace, 'd').buffer)]).toEqual(Array<number>(32).fill(7));
		expect(trace.diagnostics.map((d) => d.code)).toContain('api-form-empty-on-product');
	});
});

describe('misuse of the sort family', () => {
	const kernel = (body: string) => `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 2048);
    AscendC::LocalTensor<float> t = q.AllocTensor<float>();
${body}
}
`;

	it('prints MrgSort’s own validBit assert in CPU debug and stops the core', () => {
		const trace = run({
			source: kernel(`    uint16_t lengths[4] = {32, 32, 0, 0};
    uint32_t sortedNum[4];
    AscendC::MrgSort<float>(t[256], AscendC::MrgSortSrcList<float>(t, t[64], t, t), lengths, sortedNum, 0b101, 1);`),
			product: 'atlas-a2',
			mode: 'cpu',
		});
		expect(trace.outcome).toBe('abort');
		expect(trace.log.map((l) => l.text).join('\n')).toContain(
			'Failed to check validBit value in MrgSort, its valid value is 3 / 7 / 15',
		);
		const d = trace.diagnostics.find((x) => x.code === 'param-value-invalid')!;
		expect(d.messages.en).toContain('validBit is 5');
		expect(d.messages.zh).toContain('只能取 3 / 7 / 15');
	});

	it('stops ProposalConcat on A2, whose reference does not list it', () => {
		const trace = run({
			source: kernel('    AscendC::ProposalConcat(t, t[256], 1, 4);'),
			product: 'atlas-a2',
			mode: 'npu',
		});
		const d = trace.diagnostics.find((x) => x.code === 'api-not-on-product')!;
		expect(d.messages.en).toContain('`ProposalConcat` is not available on Atlas A2');
	});

	it('reports a Sort repeatTime above 255 with its range', () => {
		const trace = run({
			source: kernel(
				'    AscendC::LocalTensor<uint32_t> ix = t[128].ReinterpretCast<uint32_t>();\n    AscendC::Sort<float, false>(t[256], t, ix, t[384], 300);',
			),
			product: 'atlas-a2',
			mode: 'npu',
		});
		const d = trace.diagnostics.find((x) => x.code === 'param-out-of-range')!;
		expect(d.messages.en).toContain('repeatTime is 300, outside its range 0 ~ 255');
	});
});
