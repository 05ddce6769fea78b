/** Runs one variant of a case scenario as the case files describe it (Node only). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CASES_DIR, type LoadedCase } from '../../src/cases/cases-fs.ts';
import { actionsFor, type Variant } from '../../src/cases/scenario-actions.ts';
import { run } from '../../src/lang/index.ts';
import type { Trace } from '../../src/sim/trace.ts';

/** One scenario of a loaded case. */
export type Scenario = LoadedCase['facts']['scenarios'][number];

/** The trace of `variant` of `scenario` of case `slug`: its program, product, mode, CANN, actions. */
export function runScenario(slug: string, scenario: Scenario, variant: Variant): Trace {
	const file = scenario[variant];
	const source = readFileSync(join(DEFAULT_CASES_DIR, slug, file), 'utf8');
	return run({
		source,
		fileName: file,
		product: scenario.product,
		mode: scenario.mode,
		...(scenario.cann ? { cann: scenario.cann } : {}),
		actions: actionsFor(scenario, variant),
	});
}
