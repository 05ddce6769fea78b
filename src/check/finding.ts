/**
 * A finding of `casebook check`: a diagnostic a run reported about the program (an error or a
 * warning; infos only say how the simulator ran it), with the file it points into. Findings are
 * what the matrix lists per cell and what the SARIF and GitHub outputs carry.
 */
import type { DiagnosticCode } from '../diagnostics/catalog.ts';
import type { Localized } from '../triage/localized.ts';
import type { Diagnostic, Trace } from '../sim/trace.ts';

/** The severities a finding can have, from the gravest. */
export const FINDING_SEVERITIES = ['error', 'warning'] as const;

/** One of {@link FINDING_SEVERITIES}. */
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** A diagnostic about the program, in both languages, at a place in one of its files. */
export interface Finding {
	code: DiagnosticCode;
	severity: FindingSeverity;
	messages: Localized;
	hints: Localized;
	/** The file as the run named it (the request's file name, or a path among its files). */
	file: string;
	line: number;
	column: number;
	/** Slug of the case page that explains it, when there is one. */
	case?: string;
}

/** Whether `severity` is at or above `threshold` (`error` is above `warning`). */
export function atOrAbove(severity: FindingSeverity, threshold: FindingSeverity): boolean {
	return FINDING_SEVERITIES.indexOf(severity) <= FINDING_SEVERITIES.indexOf(threshold);
}

/**
 * The findings of one run: its error and warning diagnostics in the order reported, each once
 * per code and place (a loop that trips the same rule a thousand times is one finding), with
 * `file` the diagnostic's own file or else `fileName`.
 */
export function findingsOf(trace: Pick<Trace, 'diagnostics'>, fileName: string): Finding[] {
	const seen = new Set<string>();
	const out: Finding[] = [];
	for (const d of trace.diagnostics) {
		if (d.severity === 'info') continue;
		const finding = toFinding(d, d.severity, fileName);
		const key = `${finding.code}\u0000${finding.file}\u0000${finding.line}\u0000${finding.column}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push(finding);
	}
	return out;
}

function toFinding(d: Diagnostic, severity: FindingSeverity, fileName: string): Finding {
	const finding: Finding = {
		code: d.code,
		severity,
		messages: d.messages,
		hints: d.hints,
		file: d.file ?? fileName,
		line: d.line,
		column: d.column,
	};
	if (d.case) finding.case = d.case;
	return finding;
}
