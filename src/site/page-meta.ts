/**
 * What a page tells search engines and link previews beyond its title: the canonical URL,
 * absolute `hreflang` alternates with `x-default`, Open Graph locale and type, the social image
 * and structured data. Pages describe themselves with a {@link PageMeta} passed to Base.astro
 * (through SeoHead.astro); the builders here turn it into absolute URLs, tags and cards.
 */
import { DEFAULT_LANG, HTML_LANG, LANGS, switchLangPath, type Lang } from '../i18n/lang.ts';
import { t } from '../i18n/ui.ts';
import type { SocialCard } from './social-card.ts';
import { absoluteUrl, SITE, type SiteConfig } from './site-config.ts';
import type { JsonLd } from './structured-data.ts';

/** Open Graph locale of each language. */
export const OG_LOCALE: Readonly<Record<Lang, string>> = { zh: 'zh_CN', en: 'en_US' };

/** An article's dates and subject, for `article:*` tags; ISO dates (`2025-06-30`). */
export interface ArticleMeta {
	published?: string;
	modified?: string;
	/** The section it belongs to (a case's component, a code's family). */
	section?: string;
	tags?: readonly string[];
}

/** What a page's own social image shows (see {@link PageMeta.card}). */
export interface PageCard {
	/** Large; defaults to the page title. */
	title?: string;
	/** Smaller, under the title: the other language's title on a card for both languages. */
	subtitle?: string;
	/** The line a reader searches for (an error line, a code's message), in a code box. */
	line?: string;
	/** A short label above the title (the component, a code family). */
	label?: string;
	/**
	 * One image for the page in both languages (both site names on it), drawn once instead of
	 * once per language: for pages whose card reads the same in both, like an error code's.
	 */
	bothLanguages?: boolean;
}

/**
 * The social image a page in `lang` titled `title` gets: its own card when it gives one, else
 * the language's site card (the tagline), which every such page shares, so a page kind with
 * thousands of pages costs no drawing unless it asks for it.
 */
export function pageCard(lang: Lang, title: string, card?: PageCard): SocialCard {
	if (!card) return { title: t(lang, 'tagline'), lang };
	return {
		title: card.title ?? title,
		...(card.subtitle ? { subtitle: card.subtitle } : {}),
		...(card.line ? { line: card.line } : {}),
		...(card.label ? { label: card.label } : {}),
		...(card.bothLanguages ? {} : { lang }),
	};
}

/**
 * How a page describes itself to search engines and link previews (every field optional; a
 * page that passes nothing still gets a canonical link, hreflang, cards and an image).
 */
export interface PageMeta {
	/** Set for a case or code page: `og:type` becomes `article`, with these dates. */
	article?: ArticleMeta;
	/** The page's own social image; without it the page shares its language's site image. */
	card?: PageCard;
	/** Structured data (schema.org JSON-LD), one object or several. */
	jsonLd?: JsonLd | readonly JsonLd[];
	/** The languages this page is written in (default: all); hreflang lists only these. */
	languages?: readonly Lang[];
	/**
	 * Path of the page this one repeats (a missing translation showing the original): the
	 * canonical link points there and the page lists no alternates.
	 */
	copyOf?: string;
}

/** One `<link rel="alternate" hreflang>`. */
export interface HreflangLink {
	hreflang: string;
	href: string;
}

/** The page's path in each language it exists in, from its path and the other language's. */
export function languagePaths(
	path: string,
	lang: Lang,
	alternate: string | undefined,
	languages: readonly Lang[] = LANGS,
): Partial<Record<Lang, string>> {
	const paths: Partial<Record<Lang, string>> = {};
	for (const l of languages) paths[l] = l === lang ? path : (alternate ?? switchLangPath(path, l));
	return paths;
}

/**
 * Absolute hreflang alternates: one per language the page exists in, and `x-default` for
 * readers whose language is neither (the Chinese page, else the only one there is). None for a
 * page in one language only.
 */
export function hreflangLinks(
	paths: Partial<Record<Lang, string>>,
	site: SiteConfig = SITE,
): HreflangLink[] {
	const present = LANGS.filter((l) => paths[l] !== undefined);
	if (present.length < 2) return [];
	const links = present.map((l) => ({
		hreflang: HTML_LANG[l],
		href: absoluteUrl(paths[l]!, site),
	}));
	const fallback = paths[DEFAULT_LANG] ?? paths[present[0]!]!;
	links.push({ hreflang: 'x-default', href: absoluteUrl(fallback, site) });
	return links;
}
