/**
 * What a case page tells search engines and link previews: an article with the day it was added
 * and last verified, the case's social image (page-cards.ts, one for both languages), and a
 * `TechArticle` whose `about` names the error codes its log lines quote and its APIs. A page
 * showing the other language's text (a missing translation) points its canonical link at that
 * original instead.
 */
import { codeUrl } from '../codes/code-url.ts';
import type { Lang } from '../i18n/lang.ts';
import type { CodeDirectory } from '../triage/code-directory.ts';
import { findCodes } from '../triage/find-codes.ts';
import { COMPONENT_NAME } from '../i18n/ui.ts';
import { caseCard } from './page-cards.ts';
import { slugAndLangOf, type SiteCase } from './cases.ts';
import { pageCard, type PageMeta } from './page-meta.ts';
import { socialImagePath } from './social-image.ts';
import { absoluteUrl } from './site-config.ts';
import { techArticleLd, type CodeTerm } from './structured-data.ts';

/**
 * The error codes quoted by a case's signature samples (found in `directory`), each once, in
 * order, with their code pages in `lang`.
 */
export function caseCodes(
	c: Pick<SiteCase, 'facts'>,
	directory: CodeDirectory,
	lang: Lang,
): CodeTerm[] {
	const codes = new Map<string, CodeTerm>();
	for (const signature of c.facts.signatures) {
		for (const sample of signature.samples) {
			for (const { entry, token } of findCodes(sample, directory)) {
				if (codes.has(entry.code)) continue;
				const url = absoluteUrl(codeUrl(entry.code, lang));
				codes.set(entry.code, { code: entry.code, printed: token, url });
			}
		}
	}
	return [...codes.values()];
}

/** The {@link PageMeta} of case `c` rendered at `path`; `directory` finds the codes it quotes. */
export function casePageMeta(c: SiteCase, path: string, directory: CodeDirectory): PageMeta {
	const { facts, entry, lang } = c;
	const contentLang = slugAndLangOf(entry.id)[1];
	if (c.fallback) return { copyOf: `/${contentLang}/cases/${c.slug}/` };
	const section = COMPONENT_NAME[facts.component]![lang];
	const card = caseCard(
		facts,
		Object.fromEntries(Object.entries(c.pages).map(([l, page]) => [l, page.data])),
	);
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
			codes: caseCodes(c, directory, lang),
			apis: facts.apis,
			keywords: entry.data.keywords,
		}),
	};
}
