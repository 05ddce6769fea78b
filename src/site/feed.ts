/**
 * The RSS feed of each language, `/{lang}/rss.xml`: every case written in that language, newest
 * first by the day it was added or last verified. A re-verified case gets a new item id, so
 * feed readers show it again as updated.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import type { Lang } from '../cases/schema.ts';
import { absoluteUrl, SITE, type SiteConfig } from './site-config.ts';

/** The path of `lang`'s feed. */
export function feedPath(lang: Lang): string {
	return `/${lang}/rss.xml`;
}

/** What the feed says about one case. */
export interface FeedCase {
	slug: string;
	title: string;
	summary: string;
	/** The component as the page names it, used as the item's category. */
	component: string;
	added?: string;
	verified?: string;
}

const UPDATED: Readonly<Record<Lang, string>> = { zh: '更新：', en: 'Updated: ' };

/** The day a case last changed: verified when given, else added (undefined: not yet dated). */
export function lastChanged(c: Pick<FeedCase, 'added' | 'verified'>): string | undefined {
	return c.verified ?? c.added;
}

/**
 * The feed items of `cases` in `lang`, newest first; undated cases last; ties by slug, so the
 * order is stable.
 */
export function feedItems(
	cases: readonly FeedCase[],
	lang: Lang,
	site: SiteConfig = SITE,
): RSSFeedItem[] {
	return [...cases]
		.sort(
			(a, b) =>
				(lastChanged(b) ?? '').localeCompare(lastChanged(a) ?? '') || a.slug.localeCompare(b.slug),
		)
		.map((c) => {
			const link = absoluteUrl(`/${lang}/cases/${c.slug}/`, site);
			const day = lastChanged(c);
			const updated = c.added !== undefined && day !== undefined && day > c.added;
			const item: RSSFeedItem = {
				title: updated ? `${UPDATED[lang]}${c.title}` : c.title,
				link,
				description: c.summary,
				categories: [c.component],
			};
			if (day !== undefined) {
				item.pubDate = new Date(`${day}T00:00:00Z`);
				// Not the link alone: a re-verified case is a new item for feed readers.
				item.customData = `<guid isPermaLink="false">${link}#${day}</guid>`;
			}
			return item;
		});
}
