/**
 * How the interpreter reports: a diagnostic of the language table (src/diagnostics/language.ts)
 * at a place in the program, and the control-flow object that stops a run at one.
 */
import {
	LANG_DIAGNOSTICS,
	makeDiagnostic,
	type DiagnosticParams,
	type LangCode,
} from '../diagnostics/index.ts';
import type { Diagnostic, SourceSpan } from '../sim/trace.ts';

export type { LangCode };

/** Builds diagnostic `code` at `span`, with `{name}` placeholders filled from `values`. */
export function langDiagnostic(
	code: LangCode,
	span: SourceSpan,
	values: DiagnosticParams = {},
): Diagnostic {
	return makeDiagnostic(LANG_DIAGNOSTICS, code, span, values);
}

/**
 * Thrown inside the interpreter to stop at a diagnostic; caught at the run boundary, never
 * escapes `run()`. Carries no stack on purpose (it is control flow, not a bug).
 */
export class LangStop {
	readonly diagnostic: Diagnostic;
	constructor(diagnostic: Diagnostic) {
		this.diagnostic = diagnostic;
	}
}
