/**
 * The error-code index as the site builds it (Astro-only): the family files and explanations
 * of the content collections turned into one CodeTable, checked against the cases and the
 * program files, plus the playground link of every reproduction program. Loaded once per build.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkTable } from '../codes/check-table.ts';
import { playgroundCarries } from '../codes/code-program-request.ts';
import { CodeTable, type ExplanationInfo } from '../codes/code-table.ts';
import { toCodesJson } from '../codes/codes-json.ts';
import type { CodeLang, CodeProgram } from '../codes/schema.ts';
import { encodeShareState } from '../islands/repro/share-codec.ts';
import { SHARE_FORMAT_VERSION } from '../islands/repro/share-state.ts';
import { SHARE_HASH_KEY } from '../islands/repro/share-hash.ts';
import { CodeDirectory } from '../triage/code-directory.ts';

/** A program that reproduces a code, ready for the page. */
export interface SiteReproduction extends CodeProgram {
	source: string;
	/** `#s=…` for the playground, when a share link carries all the program needs. */
	hash?: string;
}

/** Everything the code pages need. */
export interface SiteCodes {
	table: CodeTable;
	/** Explanation entries by code id and language. */
	explanations: ReadonlyMap<string, Partial<Record<CodeLang, CollectionEntry<'codeExplanations'>>>>;
	reproductions: ReadonlyMap<string, SiteReproduction[]>;
	/** Case titles by slug and language, for the links. */
	caseTitles: ReadonlyMap<string, Partial<Record<CodeLang, string>>>;
	/** The table as triage reads it, to find the codes a text quotes. */
	directory: CodeDirectory;
}

let loading: Promise<SiteCodes> | undefined;

/** The index, loaded and checked once per build. */
export function getSiteCodes(): Promise<SiteCodes> {
	loading ??= load();
	return loading;
}

async function load(): Promise<SiteCodes> {
	const [families, explanationEntries, caseFacts, casePages] = await Promise.all([
		getCollection('codeFamilies'),
		getCollection('codeExplanations'),
		getCollection('caseFacts'),
		getCollection('cases'),
	]);
	const explanations = new Map<
		string,
		Partial<Record<CodeLang, CollectionEntry<'codeExplanations'>>>
	>();
	const infos = new Map<string, Partial<Record<CodeLang, ExplanationInfo>>>();
	for (const entry of explanationEntries) {
		const [code, lang] = entry.id.split('/') as [string, CodeLang];
		explanations.set(code, { ...explanations.get(code), [lang]: entry });
		infos.set(code, { ...infos.get(code), [lang]: { summary: entry.data.summary } });
	}
	const table = new CodeTable(
		families.sort((a, b) => (a.id < b.id ? -1 : 1)).map((family) => family.data),
		infos,
	);
	const root = process.cwd();
	const programs = new Set<string>();
	for (const entry of table.entries()) {
		for (const program of entry.programs ?? []) {
			if (existsSync(join(root, program.file))) programs.add(program.file);
		}
	}
	const problems = checkTable(table, {
		cases: new Set(caseFacts.map((fact) => fact.id)),
		programs,
	});
	for (const code of explanations.keys()) {
		if (!table.get(code))
			problems.push(
				`content/codes/explained/${code}.*.md explains a code that is in no family file`,
			);
	}
	if (problems.length > 0)
		throw new Error(`The error-code index is inconsistent:\n  ${problems.join('\n  ')}`);

	const caseTitles = new Map<string, Partial<Record<CodeLang, string>>>();
	for (const page of casePages) {
		const [slug, lang] = page.id.split('/') as [string, CodeLang];
		caseTitles.set(slug, { ...caseTitles.get(slug), [lang]: page.data.title });
	}
	// The playground restores a shared program into an existing scenario; any one will do.
	const firstFacts = caseFacts.sort((a, b) => (a.id < b.id ? -1 : 1))[0];
	const scenarioKey = firstFacts?.data.scenarios[0]
		? `${firstFacts.id}/${firstFacts.data.scenarios[0].id}`
		: undefined;
	const reproductions = new Map<string, SiteReproduction[]>();
	if (scenarioKey) {
		for (const entry of table.entries()) {
			const list: SiteReproduction[] = [];
			for (const program of entry.programs ?? []) {
				const source = await readFile(join(root, program.file), 'utf8');
				if (!playgroundCarries(program)) {
					list.push({ ...program, source });
					continue;
				}
				const payload = await encodeShareState({
					v: SHARE_FORMAT_VERSION,
					scenario: scenarioKey,
					variant: 'faulty',
					code: source,
					product: program.product,
					mode: program.mode,
					step: 0,
					actions: program.actions ?? [],
					...(program.ranks ? { ranks: program.ranks } : {}),
				});
				list.push({ ...program, source, hash: `#${SHARE_HASH_KEY}=${payload}` });
			}
			if (list.length > 0) reproductions.set(entry.code, list);
		}
	}
	const directory = CodeDirectory.fromJson(toCodesJson(table));
	return { table, explanations, reproductions, caseTitles, directory };
}
