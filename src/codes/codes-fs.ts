/**
 * Node-only loader of the error-code index for the CLI and tests: reads every
 * `content/codes/<family>.json` and the frontmatter of `content/codes/explained/<CODE>.<lang>.md`,
 * validates them with the schemas of `schema.ts`, and fails naming the file and the field. The
 * site reads the same files through Astro's content collections, with the same schemas.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { CodeTable, type ExplanationInfo } from './code-table.ts';
import {
	CODE_LANGS,
	codeFamilySchema,
	explanationSchema,
	type CodeFamily,
	type CodeLang,
	type Explanation,
} from './schema.ts';

/** The code folder of this repository. */
export const DEFAULT_CODES_DIR = fileURLToPath(new URL('../../content/codes/', import.meta.url));

/** A code file that is unreadable or does not fit its schema. */
export class CodeFileError extends Error {
	readonly file: string;
	constructor(file: string, message: string) {
		super(`${file}: ${message}`);
		this.name = 'CodeFileError';
		this.file = file;
	}
}

function describe(error: z.ZodError): string {
	return error.issues
		.map((issue) => `  ${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`)
		.join('\n');
}

function checked<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
	const result = schema.safeParse(data);
	if (!result.success)
		throw new CodeFileError(file, `does not fit the schema:\n${describe(result.error)}`);
	return result.data;
}

function jsonOf(file: string, text: string): unknown {
	try {
		return JSON.parse(text);
	} catch (error) {
		throw new CodeFileError(file, `is not valid JSON: ${(error as Error).message}`);
	}
}

function yamlOf(file: string, text: string): unknown {
	try {
		return parseYaml(text);
	} catch (error) {
		throw new CodeFileError(file, `is not valid YAML: ${(error as Error).message}`);
	}
}

/** An explanation file split into its frontmatter and its Markdown body. */
export interface ExplanationFile {
	code: string;
	lang: CodeLang;
	data: Explanation;
	body: string;
}

/** The file name of an explanation: `<CODE>.<lang>.md`. */
export const EXPLANATION_FILE = /^(.+)\.(zh|en)\.md$/;

/** Reads one explanation file. */
export async function readExplanation(dir: string, name: string): Promise<ExplanationFile> {
	const match = EXPLANATION_FILE.exec(name);
	const file = join(dir, name);
	if (!match) throw new CodeFileError(file, 'must be named <CODE>.zh.md or <CODE>.en.md');
	const text = await readFile(file, 'utf8');
	const found = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
	if (!found)
		throw new CodeFileError(file, 'has no frontmatter (a block between --- lines at the top)');
	return {
		code: match[1]!,
		lang: match[2] as CodeLang,
		data: checked(file, explanationSchema, yamlOf(file, found[1]!)),
		body: found[2]!,
	};
}

/** Every explanation file of `dir/explained`, in name order. */
export async function loadExplanations(
	dir: string = DEFAULT_CODES_DIR,
): Promise<ExplanationFile[]> {
	const folder = join(dir, 'explained');
	let names: string[];
	try {
		names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
	} catch {
		return [];
	}
	return Promise.all(names.map((name) => readExplanation(folder, name)));
}

/** Every family file of `dir`, in file-name order. */
export async function loadFamilies(dir: string = DEFAULT_CODES_DIR): Promise<CodeFamily[]> {
	let names: string[];
	try {
		names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
	} catch (error) {
		throw new CodeFileError(dir, `cannot be read: ${(error as Error).message}`);
	}
	return Promise.all(
		names.map(async (name) => {
			const file = join(dir, name);
			const family = checked(file, codeFamilySchema, jsonOf(file, await readFile(file, 'utf8')));
			if (`${family.family}.json` !== name) {
				throw new CodeFileError(
					file,
					`declares family "${family.family}"; name the file ${family.family}.json`,
				);
			}
			return family;
		}),
	);
}

/** The whole index: families plus which codes are explained in which language. */
export async function loadCodeTable(dir: string = DEFAULT_CODES_DIR): Promise<CodeTable> {
	const [families, explanations] = await Promise.all([loadFamilies(dir), loadExplanations(dir)]);
	const explained = new Map<string, Partial<Record<CodeLang, ExplanationInfo>>>();
	for (const item of explanations) {
		explained.set(item.code, {
			...explained.get(item.code),
			[item.lang]: { summary: item.data.summary },
		});
	}
	const table = new CodeTable(families, explained);
	for (const item of explanations) {
		if (!table.get(item.code)) {
			throw new CodeFileError(
				join(dir, 'explained', `${item.code}.${item.lang}.md`),
				`explains ${item.code}, which is in no family file`,
			);
		}
	}
	return table;
}

/** The languages of the site, re-exported for the CLI. */
export { CODE_LANGS };
