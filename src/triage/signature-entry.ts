/**
 * A signature as the matcher sees it: the case-file signature plus the slug of its case.
 * `src/cases/registry.ts` builds these from the case files; `/signatures.json` serves them.
 */

/** One error signature of one case. Patterns are JavaScript regex sources, compiled with `u`. */
export interface SignatureEntry {
	/** Stable id; the permalink is `/e/<id>/`. */
	id: string;
	/** The case slug. */
	case: string;
	/** The log module that prints the line (`RUNTIME`, `TSCH`, `cpu-debug`…). */
	module: string;
	/** Must match one record. */
	pattern: string;
	/** Each must match some record of the same log. */
	also: readonly string[];
	/** If any matches some record of the log, the signature is not claimed. */
	unless: readonly string[];
	/** The case section the permalink opens. */
	anchor: string;
	/** CANN versions that print this form, when it differs between versions. */
	versions?: string;
	/** True when the line fits the case without proving it: reported as a hint, never a match. */
	hint?: boolean;
	/** Lines the signature was written from; codes they quote count as covered by the case. */
	samples?: readonly string[];
}
