import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock.ts';
import { Recorder } from '../recorder.ts';
import type { CallSite } from '../trace.ts';
import { ByteStore } from './byte-store.ts';
import { halfBits, halfValue } from './numeric-format.ts';
import { dtypeOf } from './dtype.ts';
import { gmPointer, readGm, writeGm } from './global-tensor.ts';
import { createKernelLaunch } from './kernel-launch.ts';
import { callKernelApi } from '../../api/call-api.ts';

const site: CallSite = { stack: [{ func: 'K::Compute(int)', line: 60 }] };

function core(mode: 'cpu' | 'npu' = 'npu') {
	const recorder = new Recorder(new VirtualClock());
	const launch = createKernelLaunch({
		product: 'atlas-a2',
		mode,
		blockDim: 1,
		recorder,
		pid: 1,
		kernelName: 'k',
		fileName: 'k.cpp',
	});
	return { core: launch.cores[0]!, launch, recorder };
}

describe('element encoding', () => {
	it('stores half as IEEE binary16, rounding to nearest even', () => {
		expect(halfBits(1)).toBe(0x3c00);
		expect(halfBits(-2)).toBe(0xc000);
		expect(halfBits(65504)).toBe(0x7bff);
		expect(halfBits(1e6)).toBe(0x7c00);
		expect(halfValue(halfBits(0.1))).toBeCloseTo(0.0999755859375, 12);
		expect(halfValue(halfBits(2 ** -24))).toBe(2 ** -24);
		expect(halfBits(1 + 2 ** -11)).toBe(0x3c00);
	});

	it('wraps integers and keeps bfloat16 to its 8 mantissa bits', () => {
		const store = new ByteStore();
		store.set(dtypeOf('int8_t')!, 0, 200);
		expect(store.get(dtypeOf('int8_t')!, 0)).toBe(-56);
		store.set(dtypeOf('bfloat16_t')!, 8, 1.00390625);
		expect(store.get(dtypeOf('bfloat16_t')!, 8)).toBe(1);
		store.set(dtypeOf('int64_t')!, 16, -5);
		expect(store.get(dtypeOf('int64_t')!, 16)).toBe(-5);
		expect(store.get(dtypeOf('float')!, 4096 * 100)).toBe(0);
	});
});

describe('kernel data', () => {
	it('add_custom computes z = x + y through VECIN, Add, VECOUT and back to GM', () => {
		const { core: c } = core();
		const x = { name: 'x', bytes: 64 };
		const y = { name: 'y', bytes: 64 };
		const z = { name: 'z', bytes: 64 };
		const pipe = c.createTPipe(site);
		const inX = c.createTQue(site, 'VECIN', 1, 'inX');
		const inY = c.createTQue(site, 'VECIN', 1, 'inY');
		const out = c.createTQue(site, 'VECOUT', 1, 'out');
		pipe.InitBuffer(site, inX, 1, 64);
		pipe.InitBuffer(site, inY, 1, 64);
		pipe.InitBuffer(site, out, 1, 64);
		const [xGm, yGm, zGm] = [x, y, z].map((b) => {
			const g = c.createGlobalTensor(site, 'half', `${b.name}Gm`);
			g.SetGlobalBuffer(site, gmPointer(b), 32);
			return g;
		}) as [
			ReturnType<typeof c.createGlobalTensor>,
			ReturnType<typeof c.createGlobalTensor>,
			ReturnType<typeof c.createGlobalTensor>,
		];
		for (let i = 0; i < 32; i++) {
			xGm.SetValue(site, i, i);
			yGm.SetValue(site, i, 0.5);
		}
		// The queues' EnQue/DeQue order the pipes (MTE2 → V → MTE3); without them the NPU's V
		// pipe would read UB before the copies land.
		inX.EnQue(
			site,
			(() => {
				const t = inX.AllocTensor(site, 'half');
				c.DataCopy(site, t, xGm, 32);
				return t;
			})(),
		);
		inY.EnQue(
			site,
			(() => {
				const t = inY.AllocTensor(site, 'half');
				c.DataCopy(site, t, yGm, 32);
				return t;
			})(),
		);
		const xl = inX.DeQue(site, 'half');
		const yl = inY.DeQue(site, 'half');
		const zl = out.AllocTensor(site, 'half');
		callKernelApi(c, { name: 'Add', args: [zl, xl, yl, 32], site });
		out.EnQue(site, zl);
		c.DataCopy(site, zGm, out.DeQue(site, 'half'), 32);
		expect([0, 1, 31].map((i) => zGm.GetValue(site, i))).toEqual([0.5, 1.5, 31.5]);
		expect(zl.GetValue(site, 2)).toBe(2.5);
	});

	it('DataCopy of a length that is not a multiple of 32 bytes leaves the tail uncopied', () => {
		const { core: c } = core();
		const buf = { name: 'x', bytes: 64 };
		writeGm(gmPointer(buf), new Uint8Array(64).fill(7));
		const pipe = c.createTPipe(site);
		const q = c.createTQue(site, 'VECIN', 1, 'q');
		pipe.InitBuffer(site, q, 1, 64);
		const g = c.createGlobalTensor(site, 'uint8_t', 'g');
		g.SetGlobalBuffer(site, gmPointer(buf), 64);
		const t = q.AllocTensor(site, 'uint8_t');
		c.DataCopy(site, t, g, 40);
		expect([t.GetValue(site, 31), t.GetValue(site, 32)]).toEqual([7, 0]);
	});

	it('Cast rounds to the destination integer type by the round mode; Duplicate and Muls fill and scale', () => {
		const { core: c } = core();
		const pipe = c.createTPipe(site);
		const buf = c.createTBuf(site, 'VECCALC', 'tmp');
		pipe.InitBuffer(site, buf, 256);
		const f = buf.Get(site, 'float', 8);
		const i = f.at(site, 8).ReinterpretCast(site, 'int32_t');
		callKernelApi(c, { name: 'Duplicate', args: [f, 2.5, 8], site });
		callKernelApi(c, { name: 'Muls', args: [f, f, -1, 8], site });
		callKernelApi(c, { name: 'Cast', args: [i, f, 'RoundMode::CAST_RINT', 8], site });
		expect(i.GetValue(site, 0)).toBe(-2);
		callKernelApi(c, { name: 'Cast', args: [i, f, 'RoundMode::CAST_FLOOR', 8], site });
		expect(i.GetValue(site, 7)).toBe(-3);
	});

	it('the host side reads kernel output back with readGm', () => {
		const { core: c } = core();
		const buf = { name: 'out', bytes: 32 };
		const g = c.createGlobalTensor(site, 'float', 'g');
		g.SetGlobalBuffer(site, gmPointer(buf), 8);
		g.SetValue(site, 1, 1.5);
		const view = new DataView(readGm(gmPointer(buf, 4), 4).buffer);
		expect(view.getFloat32(0, true)).toBe(1.5);
	});

	it('warns about a SetValue past the end of the tensor', () => {
		const { core: c, recorder } = core();
		const pipe = c.createTPipe(site);
		const q = c.createTQue(site, 'VECIN', 1, 'q');
		pipe.InitBuffer(site, q, 1, 32);
		q.AllocTensor(site, 'float').SetValue(site, 8, 1);
		expect(recorder.diagnostics.map((d) => d.code)).toEqual(['tensor-out-of-bounds']);
	});
});
