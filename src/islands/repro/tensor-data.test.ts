import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import { compareElements, formatElement, readElements, tensorChoices } from './tensor-data.ts';

/** z = x + y over 64 floats on one block; x and y get the ramp fill (i mod 128) / 16. */
const KERNEL = readFileSync(
	new URL('../../../tests/programs/numerics/add-float.cpp', import.meta.url),
	'utf8',
);

function snapshotAt(at: number | 'end') {
	const trace = run({
		source: KERNEL,
		product: 'atlas-a2',
		mode: 'npu',
		snapshot: at,
		gmBytes: 4096,
	});
	expect(trace.outcome).toBe('completed');
	return { trace, snapshot: trace.memory! };
}

describe('the Data panel’s reading of a run’s memory', () => {
	it('lists the GM buffers typed as their GlobalTensors read them, and the LocalTensors', () => {
		const { snapshot } = snapshotAt('end');
		const choices = tensorChoices(snapshot);
		const z = choices.find((c) => c.label === 'GM z')!;
		expect(z).toMatchObject({ dtype: 'float', size: 1024 });
		expect(choices.some((c) => c.label.startsWith('buf') && c.label.includes('core 0'))).toBe(true);
		expect(readElements(snapshot, z, 'float', 0, 4)).toEqual([0, 0.125, 0.25, 0.375]);
	});

	it('shows memory as it was after the chosen step, before the kernel wrote z', () => {
		const { trace } = snapshotAt('end');
		const addStep = trace.steps.find((s) => s.call.startsWith('Add'))!.step;
		const { snapshot } = snapshotAt(addStep - 1);
		const z = tensorChoices(snapshot).find((c) => c.label === 'GM z')!;
		// Not written yet: z still holds its ramp fill.
		expect(readElements(snapshot, z, 'float', 0, 3)).toEqual([0, 0.0625, 0.125]);
	});

	it('names the first mismatch with an expected file and counts the others', () => {
		const { snapshot } = snapshotAt('end');
		const z = tensorChoices(snapshot).find((c) => c.label === 'GM z')!;
		const expected = Float32Array.from({ length: 64 }, (_, i) => i / 8);
		expected[5] = 0.7;
		expected[9] = 2;
		const bytes = new Uint8Array(expected.buffer);
		expect(compareElements(snapshot, z, 'float', bytes)).toEqual({
			compared: 64,
			mismatches: 2,
			first: { index: 5, actual: 0.625, expected: Math.fround(0.7) },
		});
		expect(compareElements(snapshot, z, 'float', bytes, { rtol: 0.2, atol: 0 })?.mismatches).toBe(
			1,
		);
		expect(compareElements(snapshot, z, 'float', bytes.subarray(0, 10))?.lengthNote).toBe(
			'partial',
		);
	});

	it('writes each value as briefly as its type distinguishes it', () => {
		expect(formatElement(Math.fround(3.2), 'float')).toBe('3.2');
		expect(formatElement(0.0999755859375, 'half')).toBe('0.1');
		expect(formatElement(1.0009765625, 'half')).toBe('1.001');
		expect(formatElement(1.0009765625, 'float')).toBe('1.0009766');
		expect(formatElement(3.203125, 'bfloat16_t')).toBe('3.2');
		expect(formatElement(-7, 'int8_t')).toBe('-7');
		expect(formatElement(Infinity, 'half')).toBe('inf');
	});
});
