/**
 * Structured data (schema.org in JSON-LD) for search engines: a `TechArticle` per case whose
 * `about` names the error codes and APIs it explains, a `DefinedTerm` per error code, and how
 * to embed either safely in a page.
 */
import type { Lang } from '../cases/schema.ts';
import { HTML_LANG } from '../i18n/lang.ts';
import { SITE, type SiteConfig } from './site-config.ts';

/** One schema.org object as JSON-LD. */
export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * `data` as the text of a `<script type="application/ld+json">`. `<` is escaped so no string in
 * the data can close the element; the browser never runs a JSON-LD block (it is data, so a
 * strict script-src CSP does not apply to it).
 */
export function jsonLdText(data: JsonLd | readonly JsonLd[]): string {
	return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The site as the publisher of its pages. */
function publisher(lang: Lang, site: SiteConfig): JsonLd {
	return { '@type': 'Organization', name: site.name[lang], url: site.url };
}

/** The term set error codes belong to. */
function codeSet(lang: Lang): JsonLd {
	return { '@type': 'DefinedTermSet', name: lang === 'zh' ? 'CANN 错误码' : 'CANN error codes' };
}

/** An error code a page quotes: its code page's id, the text that named it, and that page. */
export interface CodeTerm {
	/** The code page's id, which is also its `termCode` (`207007`, `drv-7`). */
	code: string;
	/** The code as the text prints it (`207007`, `7` after `drvRetCode=`). */
	printed: string;
	/** The absolute URL of its code page. */
	url: string;
}

/** What a case page is, for {@link techArticleLd}. */
export interface TechArticleFacts {
	url: string;
	lang: Lang;
	title: string;
	description: string;
	image: string;
	published?: string;
	modified?: string;
	/** The component, as the page names it. */
	section: string;
	/** Error codes the case's log lines quote (`207007`, `EE1023`, `0x7020019`). */
	codes: readonly CodeTerm[];
	apis: readonly string[];
	keywords: readonly string[];
}

/** A case page as a `TechArticle` whose `about` names its error codes and APIs. */
export function techArticleLd(facts: TechArticleFacts, site: SiteConfig = SITE): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'TechArticle',
		headline: facts.title,
		description: facts.description,
		inLanguage: HTML_LANG[facts.lang],
		url: facts.url,
		mainEntityOfPage: facts.url,
		image: [facts.image],
		...(facts.published ? { datePublished: facts.published } : {}),
		...(facts.modified ? { dateModified: facts.modified } : {}),
		articleSection: facts.section,
		keywords: facts.keywords.join(', '),
		about: [
			...facts.codes.map((term) => ({
				'@type': 'DefinedTerm',
				name: term.printed,
				termCode: term.code,
				url: term.url,
				inDefinedTermSet: codeSet(facts.lang),
			})),
			...facts.apis.map((api) => ({ '@type': 'Thing', name: api })),
		],
		author: publisher(facts.lang, site),
		publisher: publisher(facts.lang, site),
		isPartOf: { '@type': 'WebSite', name: site.name[facts.lang], url: site.url },
	};
}

/** What an error-code page is, for {@link definedTermLd}. */
export interface DefinedTermFacts {
	url: string;
	lang: Lang;
	/** The code as printed (`EE1023`, `507035`). */
	code: string;
	/** Its symbolic name, when it has one (`ACL_ERROR_RT_NO_EVENT_RESOURCE`). */
	name?: string;
	/** What it means, one line. */
	description: string;
}

/** An error-code page as a `DefinedTerm` in the CANN error-code set. */
export function definedTermLd(facts: DefinedTermFacts): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'DefinedTerm',
		name: facts.name ? `${facts.code} ${facts.name}` : facts.code,
		termCode: facts.code,
		description: facts.description,
		inLanguage: HTML_LANG[facts.lang],
		url: facts.url,
		inDefinedTermSet: codeSet(facts.lang),
	};
}

/** The home page as the `WebSite`. */
export function websiteLd(
	lang: Lang,
	url: string,
	description: string,
	site: SiteConfig = SITE,
): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'WebSite',
		name: site.name[lang],
		description,
		inLanguage: HTML_LANG[lang],
		url,
	};
}
