/**
 * The shape of one catalog row. A row is language-neutral apart from its two texts: the message
 * template and the hint, each written in Chinese and in English, with `{name}` placeholders that
 * the call site fills (the same names in both languages).
 */
import type { Localized } from '../triage/localized.ts';

/** How sure a diagnostic is: errors stop or reject a run, warnings and infos do not. */
export type Severity = 'error' | 'warning' | 'info';

/** One diagnostic of the catalog. */
export interface DiagnosticEntry {
	severity: Severity;
	/** What is wrong, quoting the bad value through placeholders. */
	message: Localized;
	/** How to fix it. */
	hint: Localized;
	/** Slug of the case page (`content/cases/<slug>/`) that explains it, when there is one. */
	case?: string;
}

/** A table of one subject: code → row. Codes are subject-first kebab-case, e.g. `tque-buffer-limit`. */
export type DiagnosticTable = Readonly<Record<string, DiagnosticEntry>>;

/**
 * Values for a row's placeholders. A number or a string (a name, a value, a line of code) reads
 * the same in both languages; words of prose come as {@link Localized} so each message gets its own.
 */
export type DiagnosticParams = Readonly<Record<string, string | number | Localized>>;
