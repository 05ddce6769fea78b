/**
 * Diagnostic catalogs: every diagnostic the simulator or interpreter can report has an entry
 * with a stable code, a message template, a hint and (where one exists) a case page.
 * Each folder keeps its own catalog; this helper turns an entry plus values into a Diagnostic.
 */
import type { Diagnostic, Severity, SourceSpan } from './trace.ts';

/** One catalog entry. `{name}` placeholders in message and hint are filled from values. */
export interface CatalogEntry {
	severity: Severity;
	message: string;
	hint: string;
	case?: string;
}

/** A catalog: code → entry. Codes are subject-first kebab-case, e.g. `que-depth-exceeded`. */
export type Catalog = Readonly<Record<string, CatalogEntry>>;

/** Fills `{name}` placeholders; a missing value is shown as `{name}` so the gap is visible. */
export function fillTemplate(
	template: string,
	values: Readonly<Record<string, string | number>>,
): string {
	return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
		name in values ? String(values[name]) : whole,
	);
}

/** Builds the diagnostic `code` of `catalog` at `span`. */
export function makeDiagnostic(
	catalog: Catalog,
	code: string,
	span: SourceSpan,
	values: Readonly<Record<string, string | number>> = {},
): Diagnostic {
	const entry = catalog[code];
	if (!entry) {
		return {
			code: 'internal-unknown-diagnostic',
			severity: 'error',
			message: `internal error: no catalog entry for diagnostic "${code}"`,
			line: span.line,
			column: span.column,
		};
	}
	const diagnostic: Diagnostic = {
		code,
		severity: entry.severity,
		message: fillTemplate(entry.message, values),
		hint: fillTemplate(entry.hint, values),
		line: span.line,
		column: span.column,
	};
	if (span.file) diagnostic.file = span.file;
	if (entry.case) diagnostic.case = entry.case;
	return diagnostic;
}
