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

	it('refuses the math library on a product its reference page does not list', () => {
		const trace = runKernel(
			program('numerics/math-library.cpp'),
			{ x: new Float32Array(64), y: new Float32Array(5 * 64) },
			{ product: 'atlas-training' },
		);
		expect(trace.diagnostics.map((d) => d.code)).toContain('vector-dtype-unsupported');
		expect(trace.diagnostics.find((d) => d.code === 'vector-dtype-unsupported')?.message).toMatch(
			/Sigmoid.*float/,
		);
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
