/**
 * The program the widget runs for a scenario's variant: the code as edited, its file name, its
 * further files (headers, a kernel file, data) as edited, the scenario's actions with the
 * reader's added ones, and the scenario's machine (CANN version, devices, environment, limits,
 * the other programs it starts). A Run adds the product and mode; "Check all products" runs it
 * on every one.
 */
import { actionsFor } from '../../cases/scenario-actions.ts';
import type { Action } from '../../cases/schema.ts';
import type { CheckProgram } from '../../check/check-run.ts';
import { extraProgramFiles, type WidgetFile } from './project-files.ts';
import { scenarioMachine, type ScenarioData, type Variant } from './repro-props.ts';

/**
 * The program of `scenario`'s `variant` with `source` as its code, `added` actions and `files`
 * after the first (the scenario's own when not given).
 */
export function programOf(
	scenario: ScenarioData,
	variant: Variant,
	source: string,
	added: readonly Action[],
	files: readonly WidgetFile[] = scenario[variant].files ?? [],
): CheckProgram {
	const program: CheckProgram = {
		source,
		fileName: scenario[variant].file,
		...scenarioMachine(scenario),
		actions: [...actionsFor(scenario, variant), ...added],
	};
	const extra = extraProgramFiles([{ path: scenario[variant].file, text: '' }, ...files]);
	if (extra.length > 0) program.files = extra;
	return program;
}
