/**
 * Kernel simulator throughput: the add_custom pipeline (CopyIn / Compute / CopyOut with double
 * buffering, ascend-facts A.11) driven through the kernel API on 8 cores, in both modes.
 * Reports simulated kernel API calls per second (each call records one trace step).
 */
import { VirtualClock } from '../../src/sim/clock.ts';
import { callKernelApi } from '../../src/api/call-api.ts';
import { createKernelLaunch, type CoreContext } from '../../src/sim/kernel/index.ts';
import { Recorder } from '../../src/sim/recorder.ts';
import type { CallSite } from '../../src/sim/trace.ts';
import { type BenchRow, median } from './bench-row.ts';

const TILE = 128;
const site = (func: string, line: number): CallSite => ({
	stack: [
		{ func: 'add_custom(unsigned char*, unsigned char*, unsigned char*)', line: 88 },
		{ func: 'KernelAdd::Process()', line: 37 },
		{ func, line },
	],
});
const S = {
	init: site('KernelAdd::Init()', 20),
	copyIn: site('KernelAdd::CopyIn(int)', 50),
	compute: site('KernelAdd::Compute(int)', 60),
	copyOut: site('KernelAdd::CopyOut(int)', 70),
};

function addCustom(core: CoreContext, tiles: number): void {
	const pipe = core.createTPipe(S.init, 'pipe');
	const inX = core.createTQue(S.init, 'VECIN', 2, 'inQueueX');
	const inY = core.createTQue(S.init, 'VECIN', 2, 'inQueueY');
	const outZ = core.createTQue(S.init, 'VECOUT', 2, 'outQueueZ');
	const gm = (name: string) => {
		const g = core.createGlobalTensor(S.init, 'half', `${name}Gm`);
		g.SetGlobalBuffer(
			S.init,
			{ buffer: { name, bytes: 1 << 26 }, byteOffset: core.blockIdx * tiles * TILE * 2 },
			tiles * TILE,
		);
		return g;
	};
	const [xGm, yGm, zGm] = [gm('x'), gm('y'), gm('z')];
	pipe.InitBuffer(S.init, inX, 2, TILE * 2);
	pipe.InitBuffer(S.init, inY, 2, TILE * 2);
	pipe.InitBuffer(S.init, outZ, 2, TILE * 2);
	for (let i = 0; i < tiles; i++) {
		const x = inX.AllocTensor(S.copyIn, 'half');
		const y = inY.AllocTensor(S.copyIn, 'half');
		core.DataCopy(S.copyIn, x, xGm.at(S.copyIn, i * TILE), TILE);
		core.DataCopy(S.copyIn, y, yGm.at(S.copyIn, i * TILE), TILE);
		inX.EnQue(S.copyIn, x);
		inY.EnQue(S.copyIn, y);
		const xi = inX.DeQue(S.compute, 'half');
		const yi = inY.DeQue(S.compute, 'half');
		const z = outZ.AllocTensor(S.compute, 'half');
		callKernelApi(core, { name: 'Add', args: [z, xi, yi, TILE], site: S.compute });
		outZ.EnQue(S.compute, z);
		inX.FreeTensor(S.compute, xi);
		inY.FreeTensor(S.compute, yi);
		const zo = outZ.DeQue(S.copyOut, 'half');
		core.DataCopy(S.copyOut, zGm.at(S.copyOut, i * TILE), zo, TILE);
		outZ.FreeTensor(S.copyOut, zo);
	}
}

function once(mode: 'cpu' | 'npu', tiles: number): { calls: number; ms: number } {
	const recorder = new Recorder(new VirtualClock());
	const launch = createKernelLaunch({
		product: 'atlas-training',
		mode,
		blockDim: 8,
		recorder,
		pid: 4242,
		kernelName: 'add_custom',
		fileName: 'add_custom.cpp',
	});
	const start = performance.now();
	const result = launch.run((core) => addCustom(core, tiles));
	const ms = performance.now() - start;
	if (result.outcome !== 'completed')
		throw new Error(`add_custom did not complete: ${result.outcome}`);
	return { calls: recorder.stepCount, ms };
}

export default async function bench(): Promise<BenchRow[]> {
	const rows: BenchRow[] = [];
	once('npu', 2000);
	once('cpu', 2000);
	for (const mode of ['npu', 'cpu'] as const) {
		const rates: number[] = [];
		for (let i = 0; i < 5; i++) {
			const { calls, ms } = once(mode, 2000);
			rates.push(calls / (ms / 1000));
		}
		rows.push({
			name: `kernel API calls per second (add_custom, 8 cores × 2000 tiles, ${mode})`,
			value: Math.round(median(rates)),
			unit: 'calls/s',
			// Illustrative floor, kept low because shared CI machines are noisy: a playground run of a
			// few thousand calls must feel instant.
			budget: { min: 50_000 },
		});
	}
	return rows;
}
