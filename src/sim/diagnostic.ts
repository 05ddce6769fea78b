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

/** Templates split once into text and placeholder names (odd indices are names). */
const splitTemplates = new Map<string, readonly string[]>();

/** Fills `{name}` placeholders; a missing value is shown as `{name}` so the gap is visible. */
export function fillTemplate(
	template: string,
	values: Readonly<Record<string, string | number>>,
): string {
	// A loop that fails a million times fills the same few templates a million times.
	let parts = splitTemplates.get(template);
	if (!parts) {
		parts = template.split(/\{(\w+)\}/);
		if (splitTemplates.size < 4096) splitTemplates.set(template, parts);
	}
	let out = parts[0]!;
	for (let i = 1; i < parts.length; i += 2) {
		const name = parts[i]!;
		out += (name in values ? String(values[name]) : `{${name}}`) + parts[i + 1]!;
	}
	return out;
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
	if (entry.case) diagnostic.case = entry.case;
	return diagnostic;
}
