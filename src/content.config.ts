/**
 * Content collections. A case is a folder `content/cases/<slug>/` holding `case.yaml` (the
 * language-neutral facts: signatures, scenarios, products, sources) and one `<lang>.mdx` per
 * translation, so a missing translation is a missing file you can see in the folder listing.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { checkedCaseFactsSchema } from './cases/case-apis.ts';
import { casePageSchema } from './cases/schema.ts';
import { CASES_DIR } from './site/content-dir.ts';

const base = CASES_DIR;

/** `<slug>/<lang>.mdx` → id `<slug>/<lang>`. */
const cases = defineCollection({
	loader: glob({
		pattern: '*/{zh,en}.mdx',
		base,
		generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
	}),
	schema: casePageSchema,
});

/** `<slug>/case.yaml` → id `<slug>`. */
const caseFacts = defineCollection({
	loader: glob({
		pattern: '*/case.yaml',
		base,
		generateId: ({ entry }) => entry.replace(/\/case\.yaml$/, ''),
	}),
	schema: checkedCaseFactsSchema,
});

export const collections = { cases, caseFacts };
