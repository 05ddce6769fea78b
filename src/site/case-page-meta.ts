/**
 * What a case page tells search engines and link previews: an article with the day it was added
 * and last verified, a social image with its first error line and component, and a
 * `TechArticle` whose `about` names the error codes its log lines quote and its APIs. A page
 * showing the other language's text (a missing translation) points its canonical link at that
 * original instead.
 */
import { findCodes } from '../triage/find-codes.ts';
import { COMPONENT_NAME } from '../i18n/ui.ts';
import { slugAndLangOf, type SiteCase } from './cases.ts';
import { pageCard, type PageMeta } from './page-meta.ts';
import { socialImagePath } from './social-image.ts';
import { absoluteUrl } from './site-config.ts';
import { techArticleLd } from './structured-data.ts';

/** The error codes quoted by a case's signature samples, each once, in order. */
export function caseCodes(c: Pick<SiteCase, 'facts'>): string[] {
	const codes = new Set<string>();
	for (const signature of c.facts.signatures) {
		for (const sample of signature.samples) {
			for (const hit of findCodes(sample)) codes.add(hit.known.code);
		}
	}
	return [...codes];
}

/** The {@link PageMeta} of case `c` rendered at `path`. */
export function casePageMeta(c: SiteCase, path: string): PageMeta {
	const { facts, entry, lang } = c;
	const contentLang = slugAndLangOf(entry.id)[1];
	if (c.fallback) return { copyOf: `/${contentLang}/cases/${c.slug}/` };
	const section = COMPONENT_NAME[facts.component]![lang];
	// A case with no log line (nothing is printed when it happens) shows its symptom instead.
	const line = facts.signatures[0]?.samples[0] ?? entry.data.symptom;
	const card = { line, label: section };
	const published = facts.added;
	const modified = facts.verified ?? facts.added;
	return {
		languages: c.available,
		article: {
			...(published ? { published } : {}),
			...(modified ? { modified } : {}),
			section,
			tags: facts.apis,
		},
		card,
		jsonLd: techArticleLd({
			url: absoluteUrl(path),
			lang,
			title: entry.data.title,
			description: entry.data.summary,
			image: absoluteUrl(socialImagePath(pageCard(lang, entry.data.title, card))),
			...(published ? { published } : {}),
			...(modified ? { modified } : {}),
			section,
			codes: caseCodes(c),
			apis: facts.apis,
			keywords: entry.data.keywords,
		}),
	};
}
