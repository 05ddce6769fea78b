/**
 * The signature registry as the site builds it: the case collections of Astro (the same files
 * and schemas the CLI reads through cases-fs.ts) turned into a Registry. Build time only.
 */
import { getCollection } from 'astro:content';
import { buildRegistry, type Registry } from '../../cases/registry.ts';
import type { Localized } from '../../cases/schema.ts';
import { slugAndLangOf } from '../../site/cases.ts';

/** The registry of every case in content/cases, with case titles in the languages that exist. */
export async function getSiteRegistry(): Promise<Registry> {
	const [facts, pages] = await Promise.all([getCollection('caseFacts'), getCollection('cases')]);
	const titles = new Map<string, Partial<Localized>>();
	for (const page of pages) {
		const [slug, lang] = slugAndLangOf(page.id);
		titles.set(slug, { ...titles.get(slug), [lang]: page.data.title });
	}
	return buildRegistry(
		facts.map((fact) => ({ slug: fact.id, facts: fact.data, titles: titles.get(fact.id) ?? {} })),
	);
}
