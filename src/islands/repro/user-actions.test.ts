import { describe, expect, it } from 'vitest';
import type { Trace, TraceStep } from '../../sim/trace.ts';
import { appendAction } from './user-actions.ts';

function trace(steps: Array<Pick<TraceStep, 'actor' | 'time'>>): Trace {
	return {
		outcome: 'hang',
		log: [],
		diagnostics: [],
		steps: steps.map((s, i) => ({ ...s, step: i + 1, call: 'c', args: [], result: '' })),
		series: [],
		leaks: [],
	};
}

describe('an action the reader adds happens at the current virtual time', () => {
	it('waits from the last user action to now, then acts', () => {
		const t = trace([
			{ actor: 'user', time: 0 },
			{ actor: 'host:18401', time: 40_000 },
			{ actor: 'user', time: 50_000 },
			{ actor: 'host:18401', time: 120_000 },
		]);
		expect(
			appendAction([{ do: 'run' }], [], { do: 'signal', signal: 'SIGINT' }, t, 120_000),
		).toEqual([
			{ do: 'wait', ms: 70 },
			{ do: 'signal', signal: 'SIGINT' },
		]);
	});

	it('adds no wait when now is not after the last action', () => {
		const t = trace([{ actor: 'user', time: 5_000 }]);
		expect(appendAction([{ do: 'run' }], [], { do: 'suspend' }, t, 5_000)).toEqual([
			{ do: 'suspend' },
		]);
	});

	it('starts a plain-run scenario with the run it implies', () => {
		expect(appendAction([], [], { do: 'suspend' }, undefined, undefined)).toEqual([
			{ do: 'run' },
			{ do: 'suspend' },
		]);
	});

	it('keeps actions added earlier', () => {
		expect(
			appendAction([{ do: 'run' }], [{ do: 'suspend' }], { do: 'run' }, undefined, undefined),
		).toEqual([{ do: 'suspend' }, { do: 'run' }]);
	});
});
