/**
 * The social cards of the content pages, each one image for both languages (the Chinese title
 * with the English one under it), since drawing is the dearest part of a cold build: a case's
 * card, and an error-code family's, which every code page of the family shares (a code's own
 * page title and meaning line reach link previews as text, in og:title and og:description).
 * The pages and the glyph test both build cards here, so the test checks what the build draws.
 */
import { LANGS, type CaseFacts, type CasePage, type Lang } from '../cases/schema.ts';
import { COMPONENT_NAME } from '../i18n/ui.ts';
import type { PageCard } from './page-meta.ts';

/**
 * The card of the case with `facts`, written in the languages of `pages`: its titles, the first
 * log line its signatures quote and its component.
 */
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

/** What a family card reads from an error-code family (its file in content/codes/). */
export interface CodeFamilyCardSource {
	title: Readonly<Record<Lang, string>>;
	/** The module that prints the family's codes (`AscendCL`, `HCCL`…). */
	module: string;
}

/** The card every code page of `family` shows: the family's titles and module. */
export function codeFamilyCard(family: CodeFamilyCardSource): PageCard {
	return {
		title: family.title.zh,
		subtitle: family.title.en,
		label: family.module,
		bothLanguages: true,
	};
}
