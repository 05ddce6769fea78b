/**
 * Every reproduction scenario of the case files runs on the interpreter and reaches the
 * outcome the case promises, for its faulty and its fixed program.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { caseFactsSchema } from '../cases/schema.ts';
import { run } from './run.ts';

const casesDir = fileURLToPath(new URL('../../content/cases/', import.meta.url));

for (const slug of readdirSync(casesDir).sort()) {
	let facts;
	try {
		facts = caseFactsSchema.parse(parse(readFileSync(`${casesDir}${slug}/case.yaml`, 'utf8')));
	} catch {
		continue; // The case-file tests report invalid files.
	}
	describe(`case ${slug}`, () => {
		for (const scenario of facts.scenarios) {
			for (const variant of ['faulty', 'fixed'] as const) {
				it(`${scenario.id}: the ${variant} program ends ${scenario.expect[variant]}`, () => {
					const source = readFileSync(`${casesDir}${slug}/${scenario[variant]}`, 'utf8');
					const trace = run({
						source,
						fileName: scenario[variant],
						product: scenario.product,
						mode: scenario.mode,
						...(scenario.cann ? { cann: scenario.cann } : {}),
						actions: scenario.actions.filter((a) => !a.only || a.only === variant),
					});
					expect(trace.outcome).toBe(scenario.expect[variant]);
				});
			}
		}
	});
}
