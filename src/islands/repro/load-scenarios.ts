/**
 * Build-time data for the reproduction island (Astro-only: reads content collections and the
 * program files through src/site/scenario-files.ts). Turns case scenarios into island props and
 * records the faulty run with the real interpreter, so the first frame shows real output.
 */
import { getCollection, getEntry } from 'astro:content';
import { actionsFor } from '../../cases/scenario-actions.ts';
import type { Lang } from '../../cases/schema.ts';
import { run } from '../../lang/index.ts';
import { PRODUCT_BASES } from '../../sim/product.ts';
import { PRODUCT_IDS, type ProductId } from '../../sim/product-id.ts';
import type { RunRequest } from '../../sim/run-request.ts';
import { loadScenarioFiles, type ScenarioFiles } from '../../site/scenario-files.ts';
import { scenarioMachine, type RecordedRun, type ScenarioData } from './repro-props.ts';

/** Most log lines of the recorded run sent with the page; the rest appear on Run. */
export const MAX_RECORDED_LOG_LINES = 200;

/** Product names in `lang`, by id. */
export function productNames(lang: Lang): Record<ProductId, string> {
	return Object.fromEntries(PRODUCT_IDS.map((id) => [id, PRODUCT_BASES[id].name[lang]])) as Record<
		ProductId,
		string
	>;
}

async function caseTitle(slug: string, lang: Lang): Promise<string> {
	const page =
		(await getEntry('cases', `${slug}/${lang}`)) ??
		(await getEntry('cases', `${slug}/${lang === 'zh' ? 'en' : 'zh'}`));
	return page?.data.title ?? slug;
}

/** One scenario of one case as island data. */
export async function loadScenario(slug: string, id: string, lang: Lang): Promise<ScenarioData> {
	const files = await loadScenarioFiles(slug, id);
	return toScenarioData(slug, files, await caseTitle(slug, lang), lang);
}

/** Every scenario of every case, cases in slug order, as island data. */
export async function loadAllScenarios(lang: Lang): Promise<ScenarioData[]> {
	const facts = (await getCollection('caseFacts')).sort((a, b) => (a.id < b.id ? -1 : 1));
	const out: ScenarioData[] = [];
	for (const fact of facts) {
		const title = await caseTitle(fact.id, lang);
		for (const scenario of fact.data.scenarios) {
			const files = await loadScenarioFiles(fact.id, scenario.id);
			out.push(toScenarioData(fact.id, files, title, lang));
		}
	}
	return out;
}

function toScenarioData(
	slug: string,
	{ scenario, faulty, fixed, extra, programs }: ScenarioFiles,
	caseTitle: string,
	lang: Lang,
): ScenarioData {
	const program = (file: string, source: string, files: ScenarioFiles['extra']['faulty']) =>
		files.length > 0 ? { file, source, files } : { file, source };
	const data: ScenarioData = {
		key: `${slug}/${scenario.id}`,
		caseSlug: slug,
		caseTitle,
		label: scenario.label[lang],
		faulty: program(scenario.faulty, faulty, extra.faulty),
		fixed: program(scenario.fixed, fixed, extra.fixed),
		product: scenario.product,
		mode: scenario.mode,
		actions: scenario.actions,
		expect: scenario.expect,
	};
	if (scenario.cann) data.cann = scenario.cann;
	if (scenario.ranks !== undefined) data.ranks = scenario.ranks;
	if (scenario.devices !== undefined) data.devices = scenario.devices;
	if (scenario.env) data.env = scenario.env;
	if (scenario.limits) data.limits = scenario.limits;
	if (scenario.maxSteps !== undefined) data.maxSteps = scenario.maxSteps;
	if (Object.keys(programs).length > 0) data.programs = programs;
	return data;
}

/** Recorded runs by request: both languages' pages (and the playground) show the same run. */
const recordedRuns = new Map<string, RecordedRun>();

/**
 * Runs the faulty program of `scenario` with the real interpreter, as the widget would. Runs are
 * deterministic, so each distinct request is run once per build.
 */
export function recordFaultyRun(scenario: ScenarioData): RecordedRun {
	const request: RunRequest = {
		source: scenario.faulty.source,
		fileName: scenario.faulty.file,
		...(scenario.faulty.files ? { files: scenario.faulty.files } : {}),
		product: scenario.product,
		mode: scenario.mode,
		...scenarioMachine(scenario),
		actions: actionsFor(scenario, 'faulty'),
	};
	const key = JSON.stringify(request);
	let recorded = recordedRuns.get(key);
	if (!recorded) {
		const trace = run(request);
		recorded = {
			outcome: trace.outcome,
			log: trace.log.slice(0, MAX_RECORDED_LOG_LINES),
			diagnostics: trace.diagnostics,
		};
		recordedRuns.set(key, recorded);
	}
	return recorded;
}
