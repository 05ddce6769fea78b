/**
 * Build-time access to a case's scenario and its program files, for components used inside a
 * case page (`<FixDiff scenario="…"/>`, `<Repro scenario="…"/>`). The case is the one whose page
 * is being rendered: its slug is the path segment after `/cases/`.
 */
import { getEntry } from 'astro:content';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allOtherPrograms } from '../cases/scenario-request.ts';
import type { Scenario } from '../cases/schema.ts';
import { CASES_DIR } from './content-dir.ts';

/** A scenario with the text of its two programs. */
export interface ScenarioFiles {
	slug: string;
	scenario: Scenario;
	faulty: string;
	fixed: string;
	/** Each variant's further files (`files:` in case.yaml), with their text. */
	extra: Record<'faulty' | 'fixed', Array<{ path: string; text: string }>>;
	/** The other programs the scenario's actions start, by file name. */
	programs: Record<string, string>;
}

/** The case slug in a page path like `/zh/cases/<slug>/`, if any. */
export function caseSlugOfPath(pathname: string): string | undefined {
	return /\/cases\/([a-z0-9-]+)\/?$/.exec(pathname)?.[1];
}

/** Loads scenario `id` of case `slug`; a wrong id fails the build with a message naming both. */
export async function loadScenarioFiles(slug: string, id: string): Promise<ScenarioFiles> {
	const facts = await getEntry('caseFacts', slug);
	if (!facts) throw new Error(`No case "${slug}" (content/cases/${slug}/case.yaml is missing).`);
	const scenario = facts.data.scenarios.find((s) => s.id === id);
	if (!scenario) {
		const known = facts.data.scenarios.map((s) => s.id).join(', ');
		throw new Error(
			`content/cases/${slug}: no scenario "${id}" in case.yaml (known scenarios: ${known}).`,
		);
	}
	// Builds run from the project root; bundling moves this module, so no import.meta.url here.
	const read = (file: string) => readFile(join(process.cwd(), CASES_DIR, slug, file), 'utf8');
	const [faulty, fixed] = await Promise.all([read(scenario.faulty), read(scenario.fixed)]);
	const readAll = (paths: readonly string[] = []) =>
		Promise.all(paths.map(async (path) => ({ path, text: await read(path) })));
	const extra = {
		faulty: await readAll(scenario.files?.faulty),
		fixed: await readAll(scenario.files?.fixed),
	};
	const programs: Record<string, string> = {};
	for (const name of allOtherPrograms(scenario)) programs[name] = await read(name);
	return { slug, scenario, faulty, fixed, extra, programs };
}
