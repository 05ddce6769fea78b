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

/** A run of a template: plain text or a placeholder. */
export type TemplatePart = { text: string } | { param: string };

/** A stretch of a template that is prose or, between backticks, code. */
export interface TemplateSegment {
	code: boolean;
	parts: TemplatePart[];
}

function partsOf(text: string): TemplatePart[] {
	const parts: TemplatePart[] = [];
	let last = 0;
	for (const m of text.matchAll(PLACEHOLDER)) {
		if (m.index > last) parts.push({ text: text.slice(last, m.index) });
		parts.push({ param: m[1]! });
		last = m.index + m[0].length;
	}
	if (last < text.length) parts.push({ text: text.slice(last) });
	return parts;
}

/**
 * A template (or a filled message) split for display: backtick-quoted stretches are code, `{name}`
 * are placeholders. A backtick without its pair stays text.
 */
export function templateSegments(template: string): TemplateSegment[] {
	const pieces = template.split('`');
	if (pieces.length % 2 === 0) {
		// An odd number of backticks: the last one has no pair and is text.
		const tail = pieces.splice(-2, 2).join('`');
		pieces.push(tail);
	}
	return pieces
		.map((piece, i) => ({ code: i % 2 === 1, parts: partsOf(piece) }))
		.filter((segment) => segment.parts.length > 0);
}

/** The text of a segment, placeholders written back as `{name}` (for filled messages). */
export function segmentText(segment: TemplateSegment): string {
	return segment.parts.map((part) => ('param' in part ? `{${part.param}}` : part.text)).join('');
}
