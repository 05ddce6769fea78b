/**
 * `{name}` templates: the diagnostic catalog's messages and the interface string tables of the
 * islands share this one filler.
 */
import type { Lang, Localized } from '../triage/localized.ts';
import type { DiagnosticParams } from './entry.ts';

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{name}` placeholders; a missing value is shown as `{name}` so the gap is visible. */
export function fillTemplate(
	template: string,
	values: Readonly<Record<string, string | number>>,
): string {
	return template.replace(PLACEHOLDER, (whole, name: string) =>
		Object.hasOwn(values, name) ? String(values[name]) : whole,
	);
}

/** Fills the `lang` text of a row: a {@link Localized} value gives its `lang` text. */
export function fillIn(template: string, params: DiagnosticParams, lang: Lang): string {
	return template.replace(PLACEHOLDER, (whole, name: string) => {
		if (!Object.hasOwn(params, name)) return whole;
		const value = params[name]!;
		return typeof value === 'object' ? value[lang] : String(value);
	});
}

/** Fills both languages of a row's text. */
export function fillBoth(template: Localized, params: DiagnosticParams): Localized {
	return { zh: fillIn(template.zh, params, 'zh'), en: fillIn(template.en, params, 'en') };
}

/** The placeholder names of a template, in order of first appearance. */
export function placeholdersOf(template: string): string[] {
	return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}
