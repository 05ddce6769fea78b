import { describe, expect, it } from 'vitest';
import type { TraceStep } from '../../sim/trace.ts';
import { entriesUnder, stateAfter } from './machine-state.ts';

const step = (n: number, changes: TraceStep['changes']): TraceStep => ({
	step: n,
	time: n,
	actor: 'core:0',
	call: 'c',
	args: [],
	result: '',
	changes,
});

const steps = [
	step(1, [{ path: 'buf/VECIN/0', value: { state: 'free' } }]),
	step(2, [
		{ path: 'buf/VECIN/0', value: { state: 'allocated' } },
		{ path: 'mem/device', value: 64 },
	]),
	step(3, [{ path: 'buf/VECIN/0', value: null }]),
];

describe('step-through folds state deltas', () => {
	it('is empty before the first step', () => {
		expect(stateAfter(steps, 0).size).toBe(0);
	});

	it('shows the latest value of each path after a step', () => {
		expect([...stateAfter(steps, 2)]).toEqual([
			['buf/VECIN/0', { state: 'allocated' }],
			['mem/device', 64],
		]);
	});

	it('drops a path whose change is null', () => {
		expect(stateAfter(steps, 3).has('buf/VECIN/0')).toBe(false);
	});

	it('clamps a step count past the end', () => {
		expect(stateAfter(steps, 99)).toEqual(stateAfter(steps, 3));
	});

	it('lists entries under a prefix with the prefix removed', () => {
		expect(entriesUnder(stateAfter(steps, 2), 'buf/')).toEqual([
			['VECIN/0', { state: 'allocated' }],
		]);
	});
});
