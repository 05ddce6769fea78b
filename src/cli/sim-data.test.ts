import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simCommand } from './sim.ts';
import { splitDataOptions } from './sim-data-fs.ts';

let dir: string | undefined;

afterEach(async () => {
	vi.restoreAllMocks();
	if (dir) await rm(dir, { recursive: true, force: true });
	dir = undefined;
});

function capture(): { out: string[]; err: string[] } {
	const out: string[] = [];
	const err: string[] = [];
	vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
	vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
	return { out, err };
}

/** A float kernel `z[i] = x[i] * 2 + y[i]` over 64 elements, one block. */
const AXPY_KERNEL = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void axpy(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * 64 * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    AscendC::LocalTensor<float> a = buf.Get<float>();
    AscendC::LocalTensor<float> b = a[64];
    AscendC::LocalTensor<float> c = a[128];
    AscendC::DataCopy(a, xGm, 64);
    AscendC::DataCopy(b, yGm, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(c, a, SCALE, 64);
    AscendC::Add(c, c, b, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(zGm, c, 64);
}
`;

async function workspace(): Promise<string> {
	dir = await mkdtemp(join(tmpdir(), 'casebook-sim-data-'));
	await writeFile(join(dir, 'axpy.cpp'), AXPY_KERNEL);
	return dir;
}

function floats(values: number[]): Uint8Array {
	return new Uint8Array(new Float32Array(values).buffer);
}

async function readFloats(file: string): Promise<Float32Array> {
	const bytes = await readFile(file);
	return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

describe('casebook sim data options', () => {
	it('split from the rest of the command line, with glued and separate -D/-U and = forms', () => {
		const split = splitDataOptions([
			'k.cpp',
			'--input',
			'x=x.bin',
			'--input=y=y.bin',
			'-DSCALE=2.0f',
			'-D',
			'USE_FAST',
			'-UASCENDC_CPU_DEBUG',
			'--fill',
			'random:9',
			'--output-dir=out',
			'--json',
		]);
		expect(split).toEqual({
			data: {
				inputs: [
					{ name: 'x', file: 'x.bin' },
					{ name: 'y', file: 'y.bin' },
				],
				outputDir: 'out',
				fill: { kind: 'random', seed: 9 },
				defines: { SCALE: '2.0f', USE_FAST: '1' },
				undefines: ['ASCENDC_CPU_DEBUG'],
			},
			rest: ['k.cpp', '--json'],
		});
	});

	it('name the malformed option', () => {
		expect(splitDataOptions(['--input', 'x.bin'])).toEqual({
			error: '--input needs NAME=FILE, not "x.bin".',
		});
		expect(splitDataOptions(['--fill', 'noise'])).toEqual({
			error: '--fill must be zeros, ramp or random[:SEED], not "noise".',
		});
		expect(splitDataOptions(['-D', '1X'])).toEqual({
			error: '-D needs NAME or NAME=VALUE, not "1X".',
		});
		expect(splitDataOptions(['--output-dir'])).toEqual({
			error: '--output-dir needs a directory.',
		});
	});

	it('bind input files to the GM parameters by name and write every GM buffer to DIR/NAME.bin', async () => {
		const d = await workspace();
		const x = Array.from({ length: 64 }, (_, i) => i * 0.5 - 7);
		const y = Array.from({ length: 64 }, (_, i) => 100 - i * 3);
		await writeFile(join(d, 'x.bin'), floats(x));
		await writeFile(join(d, 'y.bin'), floats(y));
		const { err } = capture();
		const code = await simCommand([
			join(d, 'axpy.cpp'),
			'--product',
			'atlas-a2',
			'--input',
			`x=${join(d, 'x.bin')}`,
			'--input',
			`y=${join(d, 'y.bin')}`,
			'-DSCALE=2.0f',
			'--output-dir',
			join(d, 'out'),
		]);
		expect(err.join('\n')).not.toMatch(/error/);
		expect(code).toBe(0);
		const z = await readFloats(join(d, 'out', 'z.bin'));
		// z = x * 2 + y, each step rounded to float (all values here are exact in float).
		expect([...z.subarray(0, 64)]).toEqual(x.map((v, i) => v * 2 + y[i]!));
		// The inputs come back unchanged, and z is as long as the buffer a kernel-only run gives it.
		expect([...(await readFloats(join(d, 'out', 'x.bin')))]).toEqual(x);
		expect(z.length).toBe((1 << 20) / 4);
	});

	it('fill parameters without an input as --fill says, the same data for the same seed', async () => {
		const d = await workspace();
		capture();
		const run = async (out: string, ...fill: string[]): Promise<Float32Array> => {
			await simCommand([
				join(d, 'axpy.cpp'),
				'--product',
				'atlas-a2',
				'-D',
				'SCALE=1.0f',
				...fill,
				'--output-dir',
				join(d, out),
			]);
			return readFloats(join(d, out, 'x.bin'));
		};
		const ramp = await run('ramp');
		expect([...ramp.subarray(0, 4)]).toEqual([0, 0.0625, 0.125, 0.1875]);
		expect(ramp[130]).toBe(2 / 16);
		const zeros = await run('zeros', '--fill', 'zeros');
		expect(zeros.every((v) => v === 0)).toBe(true);
		const a = await run('a', '--fill', 'random:5');
		const b = await run('b', '--fill', 'random:5');
		const c = await run('c', '--fill', 'random:6');
		expect([...a.subarray(0, 64)]).toEqual([...b.subarray(0, 64)]);
		expect([...a.subarray(0, 64)]).not.toEqual([...c.subarray(0, 64)]);
		expect(a.subarray(0, 64).every((v) => v >= -1 && v < 1)).toBe(true);
	});

	it('fail with exit 2 naming an input file that cannot be read', async () => {
		const d = await workspace();
		const { err } = capture();
		const code = await simCommand([
			join(d, 'axpy.cpp'),
			'--input',
			`x=${join(d, 'missing.bin')}`,
			'-DSCALE=1',
		]);
		expect(code).toBe(2);
		expect(err.join('\n')).toContain(`cannot read --input x=${join(d, 'missing.bin')}: ENOENT`);
	});

	it('make an undefined macro an error the program reports, and -U remove a predefined one', async () => {
		const d = await workspace();
		const { out } = capture();
		// Without -D SCALE the kernel does not compile: SCALE names nothing.
		expect(await simCommand([join(d, 'axpy.cpp'), '--product', 'atlas-a2'])).toBe(3);
		await writeFile(
			join(d, 'debug.cpp'),
			`extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
#ifdef ASCENDC_CPU_DEBUG
    printf("cpu debug\\n");
#else
    printf("device\\n");
#endif
}
`,
		);
		out.length = 0;
		await simCommand([join(d, 'debug.cpp'), '--mode', 'cpu', '--product', 'atlas-a2']);
		expect(out.join('\n')).toContain('cpu debug');
		out.length = 0;
		await simCommand([
			join(d, 'debug.cpp'),
			'--mode',
			'cpu',
			'--product',
			'atlas-a2',
			'-U',
			'ASCENDC_CPU_DEBUG',
		]);
		expect(out.join('\n')).toContain('device');
	});
});

describe('the Defines field', () => {
	it('reads NAME, NAME=VALUE, -DNAME=VALUE and -UNAME items and names the rest', async () => {
		const { parseDefineList } = await import('../sim/define-list.ts');
		expect(
			parseDefineList('  DTYPE_X=half -DSCALE=2.0f FAST -UASCENDC_CPU_DEBUG 1BAD -U=x '),
		).toEqual({
			defines: { DTYPE_X: 'half', SCALE: '2.0f', FAST: '1' },
			undefines: ['ASCENDC_CPU_DEBUG'],
			bad: ['1BAD', '-U=x'],
		});
	});
});
