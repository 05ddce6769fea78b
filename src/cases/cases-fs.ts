/**
 * Node-only case loader for the CLI and tests: reads `content/cases/<slug>/case.yaml` and the
 * frontmatter of `<slug>/{zh,en}.mdx`, validates them with the schemas of `schema.ts`, and
 * fails with an error that names the file and the field. (The site reads the same files
 * through Astro's content collections, with the same schemas.)
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { buildRegistry, type Registry } from './registry.ts';
import { checkedCaseFactsSchema } from './case-apis.ts';
import { casePageSchema, LANGS, type CaseFacts, type CasePage, type Lang } from './schema.ts';

/** The case folder of this repository (or of the installed package). */
export const DEFAULT_CASES_DIR = fileURLToPath(new URL('../../content/cases/', import.meta.url));

/** One case read from disk. `pages` has the languages whose `.mdx` exists. */
export interface LoadedCase {
	slug: string;
	facts: CaseFacts;
	pages: Partial<Record<Lang, CasePage>>;
}

/** A case file that is missing, unreadable or does not fit the schema. */
export class CaseFileError extends Error {
	/** The file at fault. */
	readonly file: string;
	constructor(file: string, message: string) {
		super(`${file}: ${message}`);
		this.name = 'CaseFileError';
		this.file = file;
	}
}

/** Formats zod issues as `field.path: message` lines. */
function describeIssues(error: z.ZodError): string {
	return error.issues
		.map((issue) => {
			const path = issue.path.map(String).join('.');
			return `  ${path || '(top level)'}: ${issue.message}`;
		})
		.join('\n');
}

function parseYaml(file: string, text: string): unknown {
	try {
		return parse(text);
	} catch (error) {
		throw new CaseFileError(file, `is not valid YAML: ${(error as Error).message}`);
	}
}

/** The YAML frontmatter between the leading `---` fences of an MDX file. */
function frontmatter(file: string, text: string): unknown {
	const found = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/.exec(text);
	if (!found)
		throw new CaseFileError(file, 'has no frontmatter (a block between --- lines at the top)');
	return parseYaml(file, found[1]!);
}

function validate<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
	const result = schema.safeParse(data);
	if (!result.success) {
		throw new CaseFileError(file, `does not fit the case schema:\n${describeIssues(result.error)}`);
	}
	return result.data;
}

async function readOptional(file: string): Promise<string | undefined> {
	try {
		return await readFile(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw new CaseFileError(file, `cannot be read: ${(error as Error).message}`);
	}
}

/** Reads one case folder. */
export async function loadCase(dir: string, slug: string): Promise<LoadedCase> {
	const factsFile = join(dir, slug, 'case.yaml');
	const factsText = await readOptional(factsFile);
	if (factsText === undefined) throw new CaseFileError(factsFile, 'is missing');
	const facts = validate(factsFile, checkedCaseFactsSchema, parseYaml(factsFile, factsText));
	const pages: Partial<Record<Lang, CasePage>> = {};
	for (const lang of LANGS) {
		const pageFile = join(dir, slug, `${lang}.mdx`);
		const pageText = await readOptional(pageFile);
		if (pageText === undefined) continue;
		pages[lang] = validate(pageFile, casePageSchema, frontmatter(pageFile, pageText));
	}
	return { slug, facts, pages };
}

/** Reads every case folder of `dir` (folders holding a `case.yaml`), in slug order. */
export async function loadCases(dir: string = DEFAULT_CASES_DIR): Promise<LoadedCase[]> {
	let entries;
	try {
		entries = await readdir(dir, { withFileTypes: true });
	} catch (error) {
		throw new CaseFileError(dir, `cannot be read: ${(error as Error).message}`);
	}
	const slugs: string[] = [];
	for (const entry of entries) {
		if (!entry.isDirectory()) continue;
		if ((await readOptional(join(dir, entry.name, 'case.yaml'))) !== undefined)
			slugs.push(entry.name);
	}
	slugs.sort();
	return Promise.all(slugs.map((slug) => loadCase(dir, slug)));
}

/** Reads the cases of `dir` and builds the signature registry from them. */
export async function loadRegistry(dir: string = DEFAULT_CASES_DIR): Promise<Registry> {
	const cases = await loadCases(dir);
	return buildRegistry(
		cases.map(({ slug, facts, pages }) => ({
			slug,
			facts,
			titles: Object.fromEntries(Object.entries(pages).map(([lang, page]) => [lang, page.title])),
		})),
	);
}
