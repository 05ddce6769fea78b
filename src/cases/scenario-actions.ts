/**
 * Which user actions a scenario performs for one variant: actions marked `only: faulty` or
 * `only: fixed` belong to that variant alone (e.g. `kill -2` before suspend is the fix).
 */
import type { Action, Scenario } from './schema.ts';

/** The two programs of a scenario. */
export type Variant = 'faulty' | 'fixed';

/** The actions of `scenario` that apply to `variant`, in order. */
export function actionsFor(scenario: Pick<Scenario, 'actions'>, variant: Variant): Action[] {
	return scenario.actions.filter((action) => action.only === undefined || action.only === variant);
}
