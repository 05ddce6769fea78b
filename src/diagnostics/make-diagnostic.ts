/**
 * Turns a catalog row plus the call site's values into the {@link Diagnostic} a run records:
 * the message and hint are rendered in both languages at once, so every consumer (CLI, JSON,
 * widget, tests) reads finished text and picks its language.
 */
import type { DiagnosticCode } from './catalog.ts';
import type { Diagnostic, DiagnosticSpan } from './diagnostic.ts';
import type { DiagnosticEntry, DiagnosticParams } from './entry.ts';
import { LANG_DIAGNOSTICS } from './language.ts';
import { fillBoth } from './template.ts';

/**
 * Builds diagnostic `code` of `table` (one subject's table, so a kernel call site cannot name a
 * host code) at `span`, with `{name}` placeholders filled from `params`.
 */
export function makeDiagnostic<Code extends DiagnosticCode>(
	table: Readonly<Record<Code, DiagnosticEntry>>,
	code: Code,
	span: DiagnosticSpan,
	params: DiagnosticParams = {},
): Diagnostic {
	const entry: DiagnosticEntry | undefined = table[code];
	if (!entry) {
		// Only reachable through a cast; report it as the simulator's own bug, with a catalog code.
		return makeDiagnostic(LANG_DIAGNOSTICS, 'internal-error', span, {
			detail: `no catalog entry for diagnostic "${code}"`,
		});
	}
	const messages = fillBoth(entry.message, params);
	const hints = fillBoth(entry.hint, params);
	const diagnostic: Diagnostic = {
		code,
		severity: entry.severity,
		message: messages.en,
		messages,
		hint: hints.en,
		hints,
		line: span.line,
		column: span.column,
	};
	if (span.file) diagnostic.file = span.file;
	if (entry.case) diagnostic.case = entry.case;
	return diagnostic;
}
