import { describe, expect, it } from 'vitest';
import { actionsEndTime, appendAction } from './user-actions.ts';

describe('an action the reader adds happens at the current virtual time', () => {
	it('counts only waits as time passing', () => {
		expect(
			actionsEndTime([
				{ do: 'run' },
				{ do: 'wait', ms: 100 },
				{ do: 'suspend' },
				{ do: 'wait', ms: 5 },
			]),
		).toBe(105_000);
	});

	it('while stepping, waits from the last action to the step being looked at, then acts', () => {
		expect(
			appendAction(
				[{ do: 'run' }, { do: 'wait', ms: 50 }, { do: 'signal', signal: 'SIGTERM' }],
				[],
				{ do: 'signal', signal: 'SIGINT' },
				120_000,
			),
		).toEqual([
			{ do: 'wait', ms: 70 },
			{ do: 'signal', signal: 'SIGINT' },
		]);
	});

	it('after a whole run, follows the last action directly', () => {
		expect(appendAction([{ do: 'run' }, { do: 'wait', ms: 100 }], [], { do: 'suspend' })).toEqual([
			{ do: 'suspend' },
		]);
	});

	it('adds no wait when the step is before the last action', () => {
		expect(
			appendAction([{ do: 'run' }, { do: 'wait', ms: 100 }], [], { do: 'suspend' }, 20_000),
		).toEqual([{ do: 'suspend' }]);
	});

	it('starts a plain-run scenario with the run it implies', () => {
		expect(appendAction([], [], { do: 'signal', signal: 'SIGINT' }, 3_000)).toEqual([
			{ do: 'run' },
			{ do: 'wait', ms: 3 },
			{ do: 'signal', signal: 'SIGINT' },
		]);
	});

	it('keeps actions added earlier and counts their waits', () => {
		expect(
			appendAction(
				[{ do: 'run' }],
				[{ do: 'wait', ms: 1000 }, { do: 'suspend' }],
				{ do: 'run' },
				1_500_000,
			),
		).toEqual([
			{ do: 'wait', ms: 1000 },
			{ do: 'suspend' },
			{ do: 'wait', ms: 500 },
			{ do: 'run' },
		]);
	});
});
