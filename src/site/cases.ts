/**
 * The cases as the site sees them: each case's language-neutral facts joined with its page in
 * the requested language (or, when that translation is missing, the other one, flagged).
 * Astro-only (uses astro:content); the CLI reads the same files through src/cases/cases-fs.ts.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { CaseFacts, Lang } from '../cases/schema.ts';
import { otherLang } from '../i18n/lang.ts';

/** One case in one language, ready for a page. */
export interface SiteCase {
	slug: string;
	lang: Lang;
	facts: CaseFacts;
	entry: CollectionEntry<'cases'>;
	/** True when `entry` is in the other language because this one is missing. */
	fallback: boolean;
	/** Languages this case is written in. */
	available: Lang[];
	/** The case's page in each language it is written in. */
	pages: Partial<Record<Lang, CollectionEntry<'cases'>>>;
}

/** The case slug and language of a page entry id `<slug>/<lang>` (see content.config.ts). */
export function slugAndLangOf(pageId: string): [slug: string, lang: Lang] {
	return pageId.split('/') as [string, Lang];
}

/** Every case in `lang`, sorted by component then title. */
export async function getSiteCases(lang: Lang): Promise<SiteCase[]> {
	const [facts, pages] = await Promise.all([getCollection('caseFacts'), getCollection('cases')]);
	const bySlug = new Map<string, Map<Lang, CollectionEntry<'cases'>>>();
	for (const page of pages) {
		const [slug, pageLang] = slugAndLangOf(page.id);
		if (!bySlug.has(slug)) bySlug.set(slug, new Map());
		bySlug.get(slug)!.set(pageLang, page);
	}
	const cases: SiteCase[] = [];
	for (const fact of facts) {
		const translations = bySlug.get(fact.id);
		if (!translations || translations.size === 0) {
			throw new Error(
				`content/cases/${fact.id}/ has case.yaml but no zh.mdx or en.mdx; write at least one.`,
			);
		}
		const entry = translations.get(lang) ?? translations.get(otherLang(lang))!;
		cases.push({
			slug: fact.id,
			lang,
			facts: fact.data,
			entry,
			fallback: !translations.has(lang),
			available: [...translations.keys()],
			pages: Object.fromEntries(translations),
		});
	}
	for (const slug of bySlug.keys()) {
		if (!facts.some((f) => f.id === slug)) {
			throw new Error(`content/cases/${slug}/ has a page but no case.yaml; add the case facts.`);
		}
	}
	return cases.sort(
		(a, b) =>
			a.facts.component.localeCompare(b.facts.component) ||
			a.entry.data.title.localeCompare(b.entry.data.title, lang === 'zh' ? 'zh-CN' : 'en'),
	);
}
