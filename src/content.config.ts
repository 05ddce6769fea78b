/**
 * Content collections. A case is a folder `content/cases/<slug>/` holding `case.yaml` (the
 * language-neutral facts: signatures, scenarios, products, sources) and one `<lang>.mdx` per
 * translation, so a missing translation is a missing file you can see in the folder listing.
 * The error-code index is one JSON file per family of codes plus one Markdown explanation per
 * code and language, so several writers can add explanations without touching the tables.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { checkedCaseFactsSchema } from './cases/case-apis.ts';
import { casePageSchema } from './cases/schema.ts';
import { codeFamilySchema, explanationSchema } from './codes/schema.ts';
import { CASES_DIR, CODES_DIR } from './site/content-dir.ts';

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

/** `content/codes/<family>.json` → id `<family>`: the official rows of one family of codes. */
const codeFamilies = defineCollection({
	loader: glob({
		pattern: '*.json',
		base: CODES_DIR,
		generateId: ({ entry }) => entry.replace(/\.json$/, ''),
	}),
	schema: codeFamilySchema,
});

/** `content/codes/explained/<CODE>.<lang>.md` → id `<CODE>/<lang>`: our explanation of one code. */
const codeExplanations = defineCollection({
	loader: glob({
		pattern: '*.{zh,en}.md',
		base: `${CODES_DIR}/explained`,
		generateId: ({ entry }) => entry.replace(/\.(zh|en)\.md$/, '/$1'),
	}),
	schema: explanationSchema,
});

export const collections = { cases, caseFacts, codeFamilies, codeExplanations };
