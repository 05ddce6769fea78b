/**
 * The social card of a case: one image for its pages in both languages (the Chinese title with
 * the English one under it, the first log line its signatures quote, else the symptom, and the
 * component), so a case costs one drawing, not one per language. The case pages and the glyph
 * test both build it here, so the test checks exactly what the build draws.
 */
import { LANGS, type CaseFacts, type CasePage, type Lang } from '../cases/schema.ts';
import { COMPONENT_NAME } from '../i18n/ui.ts';
import type { PageCard } from './page-meta.ts';

/** The card of the case with `facts`, written in the languages of `pages`. */
export function caseCard(
	facts: Pick<CaseFacts, 'component' | 'signatures'>,
	pages: Partial<Record<Lang, Pick<CasePage, 'title' | 'symptom'>>>,
): PageCard {
	const [first, second] = LANGS.flatMap((lang) => pages[lang] ?? []);
	if (!first) throw new Error('a case card needs the case written in at least one language');
	const component = COMPONENT_NAME[facts.component];
	return {
		title: first.title,
		...(second ? { subtitle: second.title } : {}),
		// A case with no log line (nothing is printed when it happens) shows its symptom instead.
		line: facts.signatures[0]?.samples[0] ?? first.symptom,
		...(component ? { label: LANGS.map((lang) => component[lang]).join(' · ') } : {}),
		bothLanguages: true,
	};
}
