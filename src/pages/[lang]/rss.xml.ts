/**
 * `/{lang}/rss.xml`: new and re-verified cases in one language (see src/site/feed.ts), for feed
 * readers. Cases not yet translated into the language are left out of its feed.
 */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { HTML_LANG, LANGS, type Lang } from '../../i18n/lang.ts';
import { COMPONENT_NAME, t } from '../../i18n/ui.ts';
import { getSiteCases } from '../../site/cases.ts';
import { feedItems, feedPath } from '../../site/feed.ts';
import { SITE, absoluteUrl } from '../../site/site-config.ts';

export function getStaticPaths() {
	return LANGS.map((lang) => ({ params: { lang } }));
}

export async function GET(context: APIContext) {
	const lang = context.params.lang as Lang;
	const cases = (await getSiteCases(lang)).filter((c) => !c.fallback);
	const self = absoluteUrl(feedPath(lang));
	return rss({
		title: `${SITE.name[lang]} · ${t(lang, 'feedTitle')}`,
		description: t(lang, 'tagline'),
		site: absoluteUrl(`/${lang}/`),
		xmlns: { atom: 'http://www.w3.org/2005/Atom' },
		customData:
			`<language>${HTML_LANG[lang]}</language>` +
			`<atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
		items: feedItems(
			cases.map((c) => ({
				slug: c.slug,
				title: c.entry.data.title,
				summary: c.entry.data.summary,
				component: COMPONENT_NAME[c.facts.component]![lang],
				...(c.facts.added ? { added: c.facts.added } : {}),
				...(c.facts.verified ? { verified: c.facts.verified } : {}),
			})),
			lang,
		),
	});
}
