import { describe, expect, it } from 'vitest';
import { callKernelApi } from '../../api/call-api.ts';
import { VirtualClock } from '../clock.ts';
import { Recorder } from '../recorder.ts';
import type { CallSite } from '../trace.ts';
import { createKernelLaunch } from './kernel-launch.ts';
import type { MemoryAccess } from './memory-access.ts';
import { issuingPipe, type IssuingPipe } from './issuing-pipe.ts';

const site: CallSite = { stack: [{ func: 'k()', line: 1 }] };

describe('the pipe an access observer is told', () => {
	it('is MTE2 for GM → UB, V for vector compute, MTE3 for UB → GM, with each byte range', () => {
		const seen: Array<{ call: string; pipe: IssuingPipe; accesses: readonly MemoryAccess[] }> = [];
		const launch = createKernelLaunch({
			product: 'atlas-a2',
			mode: 'npu',
			blockDim: 1,
			recorder: new Recorder(new VirtualClock()),
			pid: 1,
			kernelName: 'k',
			fileName: 'k.cpp',
		});
		const result = launch.run((core) => {
			core.onAccess = (_site, call, accesses, pipe) => void seen.push({ call, pipe, accesses });
			const pipe = core.createTPipe(site, 'pipe');
			const buf = core.createTBuf(site, 'VECCALC', 'buf');
			pipe.InitBuffer(site, buf, 3 * 256);
			const t = buf.Get(site, 'float');
			const x = core.createGlobalTensor(site, 'float', 'xGm');
			x.SetGlobalBuffer(site, { buffer: { name: 'x', bytes: 4096 }, byteOffset: 0 }, 64);
			core.DataCopy(site, t, x.at(site, 0), 64);
			callKernelApi(core, { name: 'Add', args: [t.at(site, 128), t, t.at(site, 64), 64], site });
			core.DataCopy(site, x.at(site, 0), t.at(site, 128), 64);
		});
		expect(result.outcome).toBe('completed');
		expect(seen.map((s) => s.pipe)).toEqual(['PIPE_MTE2', 'PIPE_V', 'PIPE_MTE3']);
		const store = seen[2]!.accesses.find((a) => a.kind === 'write')!;
		expect(store).toMatchObject({ memory: 'GM', buffer: 'x', start: 0, end: 256 });
	});
});

describe('the pipe of the cube flow', () => {
	const access = (kind: 'read' | 'write', memory: MemoryAccess['memory']): MemoryAccess => ({
		role: kind === 'read' ? 'src' : 'dst',
		kind,
		memory,
		tensor: 't',
		start: 0,
		end: 512,
	});
	it('is MTE1 for L1 → L0A, M for Mmad, FIX for L0C → GM or L1, V for L0C → UB', () => {
		expect(issuingPipe([access('read', 'L1'), access('write', 'L0A')])).toBe('PIPE_MTE1');
		expect(
			issuingPipe([access('read', 'L0A'), access('read', 'L0B'), access('write', 'L0C')]),
		).toBe('PIPE_M');
		expect(issuingPipe([access('read', 'L0C'), access('write', 'GM')])).toBe('PIPE_FIX');
		expect(issuingPipe([access('read', 'L0C'), access('write', 'L1')])).toBe('PIPE_FIX');
		expect(issuingPipe([access('read', 'L0C'), access('write', 'UB')])).toBe('PIPE_V');
		expect(issuingPipe([access('read', 'GM'), access('write', 'L1')])).toBe('PIPE_MTE2');
		expect(issuingPipe([access('read', 'UB'), access('write', 'L1')])).toBe('PIPE_MTE3');
	});
});
