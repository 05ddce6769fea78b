/**
 * What a run reports about the user's program: a finding with a stable code from the catalog,
 * its text in both languages and the place in the program. Plain data, so it crosses a worker
 * boundary or becomes JSON unchanged.
 */
import type { Localized } from '../triage/localized.ts';
import type { DiagnosticCode } from './catalog.ts';
import type { Severity } from './entry.ts';

export type { Severity };

/** A place in the program, 1-based as an editor shows it. */
export interface DiagnosticSpan {
	line: number;
	column: number;
	/** The file, when the program has several (a path among its files). */
	file?: string;
}

/** A finding about the user's program, with a stable code from the catalog (style.md #8). */
export interface Diagnostic {
	/** Subject-first stable code, e.g. `que-depth-exceeded`; also its anchor on the reference page. */
	code: DiagnosticCode;
	severity: Severity;
	/** The message in English: the text of logs, golden files and `message` in `--lang en` JSON. */
	message: string;
	/** The message in each language, Chinese first. */
	messages: Localized;
	/** What to do about it, in English. */
	hint: string;
	/** What to do about it, in each language. */
	hints: Localized;
	line: number;
	column: number;
	/** The file, when the program has several (a path among its files). */
	file?: string;
	/** Slug of the case page that explains it, when there is one. */
	case?: string;
}
