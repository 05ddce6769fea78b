/**
 * The machine a scenario runs on, as run-request fields: CANN version, devices, ranks,
 * environment, limits and the variant's actions. Every runner of a scenario (tests, the page's recorded run,
 * the widget) builds its request from here, so they all run the same machine. Pure.
 */
import type { RunRequest } from '../sim/run-request.ts';
import { actionsFor, type Variant } from './scenario-actions.ts';
import type { Scenario } from './schema.ts';

/** What of a scenario decides its machine. */
export type ScenarioMachine = Pick<
	Scenario,
	'cann' | 'devices' | 'ranks' | 'env' | 'limits' | 'maxSteps'
>;

/** The run-request fields a scenario's machine sets. */
export type MachineFields = Pick<
	RunRequest,
	'cann' | 'deviceCount' | 'ranks' | 'env' | 'limits' | 'maxSteps'
>;

/** The request fields of `scenario`'s machine (no program, product or mode). */
export function machineFields(scenario: ScenarioMachine): MachineFields {
	const fields: MachineFields = {};
	if (scenario.cann) fields.cann = scenario.cann;
	if (scenario.devices !== undefined) fields.deviceCount = scenario.devices;
	if (scenario.ranks !== undefined && scenario.ranks > 1) fields.ranks = scenario.ranks;
	if (scenario.env && Object.keys(scenario.env).length > 0) fields.env = scenario.env;
	if (scenario.limits && Object.keys(scenario.limits).length > 0) fields.limits = scenario.limits;
	if (scenario.maxSteps !== undefined) fields.maxSteps = scenario.maxSteps;
	return fields;
}

/** The other programs `variant`'s actions start (`run` with `program:`), by file name. */
export function otherPrograms(scenario: Pick<Scenario, 'actions'>, variant: Variant): string[] {
	const names = new Set<string>();
	for (const action of actionsFor(scenario, variant))
		if (action.do === 'run' && action.program) names.add(action.program);
	return [...names];
}

/** Every other program any variant of `scenario` starts. */
export function allOtherPrograms(scenario: Pick<Scenario, 'actions'>): string[] {
	return [...new Set([...otherPrograms(scenario, 'faulty'), ...otherPrograms(scenario, 'fixed')])];
}
