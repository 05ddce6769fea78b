/** Runs one variant of a case scenario as the case files describe it (Node only). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CASES_DIR, type LoadedCase } from '../../src/cases/cases-fs.ts';
import { actionsFor, type Variant } from '../../src/cases/scenario-actions.ts';
import { machineFields, otherPrograms } from '../../src/cases/scenario-request.ts';
import { run } from '../../src/lang/index.ts';
import type { Trace } from '../../src/sim/trace.ts';

/** One scenario of a loaded case. */
export type Scenario = LoadedCase['facts']['scenarios'][number];

/**
 * The trace of `variant` of `scenario` of case `slug`: its program, product, mode, machine
 * (CANN, devices, environment, limits), the other programs it starts, and its actions.
 */
export function runScenario(slug: string, scenario: Scenario, variant: Variant): Trace {
	const file = scenario[variant];
	const read = (path: string) => readFileSync(join(DEFAULT_CASES_DIR, slug, path), 'utf8');
	const files = (scenario.files?.[variant] ?? []).map((path) => ({ path, text: read(path) }));
	const others = otherPrograms(scenario, variant);
	return run({
		source: read(file),
		fileName: file,
		...(files.length > 0 ? { files } : {}),
		product: scenario.product,
		mode: scenario.mode,
		...machineFields(scenario),
		...(others.length > 0
			? { programs: Object.fromEntries(others.map((name) => [name, read(name)])) }
			: {}),
		actions: actionsFor(scenario, variant),
	});
}
