/**
 * The props of the reproduction island: plain serialisable data that the server wrapper
 * (`src/components/Repro.astro`) and the playground page build from the case files. Astro sends
 * them to the browser as JSON, so nothing here may hold functions or class instances.
 */
import type { Action, Lang, Outcome, Scenario } from '../../cases/schema.ts';
import type { ProductId } from '../../sim/product-id.ts';
import type { RunMode, RunRequest } from '../../sim/run-request.ts';
import { machineFields, type MachineFields } from '../../cases/scenario-request.ts';
import type { Diagnostic, LogLine } from '../../sim/trace.ts';
import type { WidgetFile } from './project-files.ts';

/** Which of a scenario's two programs. */
export type Variant = 'faulty' | 'fixed';

/** One program of a scenario: its file name (for backtraces) and its text. */
export interface ProgramSource {
	file: string;
	source: string;
	/** The program's further files (headers, a kernel file, data), when it has several. */
	files?: WidgetFile[];
}

/** A scenario of a case, with both programs read in and its label in the page's language. */
export interface ScenarioData {
	/** `<case-slug>/<scenario-id>`. */
	key: string;
	caseSlug: string;
	caseTitle: string;
	label: string;
	faulty: ProgramSource;
	fixed: ProgramSource;
	product: ProductId;
	mode: RunMode;
	cann?: string;
	/** The scenario's machine beyond the product: devices, ranks, environment, limits. */
	devices?: number;
	/** Processes each run starts, as the ranks of one job (1 when absent). */
	ranks?: number;
	env?: Record<string, string>;
	limits?: Scenario['limits'];
	/** A smaller step budget (a scenario whose faulty kernel never ends). */
	maxSteps?: number;
	/** Other programs the actions start (`run` with `program:`), by file name. */
	programs?: Record<string, string>;
	actions: Action[];
	expect: Record<Variant, Outcome>;
}

/**
 * The request fields of a scenario's machine (CANN, devices, environment, limits, the other
 * programs), for every run of it: the recorded one and the widget's.
 */
export function scenarioMachine(
	scenario: ScenarioData,
): MachineFields & Pick<RunRequest, 'programs'> {
	const fields: MachineFields & Pick<RunRequest, 'programs'> = machineFields(scenario);
	if (scenario.programs) fields.programs = scenario.programs;
	return fields;
}

/** The output of the faulty program recorded at build time, for the first frame. */
export interface RecordedRun {
	outcome: Outcome;
	log: LogLine[];
	diagnostics: Diagnostic[];
}

/**
 * A log line's link (from the triage library): to the case that explains the line, or to the
 * page of an error code the line quotes.
 */
export interface LogLink {
	/** Index into the trace's log. */
	line: number;
	/** The case, for a case link. */
	caseSlug?: string;
	/** The code id (`507035`, `EE1023`), for a code link. */
	code?: string;
	href: string;
	title: string;
}

/** Props of the island. */
export interface ReproIslandProps {
	lang: Lang;
	/** One scenario on a case page; every scenario of every case in the playground. */
	scenarios: ScenarioData[];
	/** Key of the scenario shown first. */
	initial: string;
	/** The faulty run of the initial scenario, recorded at build time. */
	recorded?: RecordedRun;
	/** Product display names, by id, in the page's language. */
	productNames: Record<ProductId, string>;
	/** The playground shows a scenario picker and keeps the share state in the address bar. */
	playground?: boolean;
	/** Anchor id of the widget, unique on the page. */
	id: string;
	/** Heading level of the panels (diagnostics, buffer map…): one below the widget's title. */
	headingLevel?: 2 | 3 | 4;
}
