/**
 * `/codes.json`: the whole index for tools, one object per code with its family, names, every
 * spelling, the template, the one-line meaning in both languages, related codes, cases, page
 * URLs and source links. Triage in the browser reads the same file, so the shape is versioned.
 */
import type { CodeTable } from './code-table.ts';
import { codeUrl } from './code-url.ts';
import type { CodeKind, CodeLang } from './schema.ts';
import { resolveSource } from './source-link.ts';

/** Bump when a field changes meaning or disappears (adding fields keeps the version). */
export const CODES_JSON_VERSION = 1;

/** One code in `/codes.json`. */
export interface CodesJsonEntry {
	code: string;
	kind: CodeKind;
	family: string;
	module: string;
	category: string;
	name?: string;
	aliases?: string[];
	/** Every spelling a log or a reader may use, the id included. */
	spellings: string[];
	template?: string;
	/** One line in each language: our explanation's summary, or the official words. */
	summary: Record<CodeLang, string>;
	/** Languages with a full explanation (empty: not yet explained). */
	explained: CodeLang[];
	/** True for codes that only say something inside failed (E*9***, 50000x, 507000). */
	generic: boolean;
	related: string[];
	cases: string[];
	/** Repository-relative programs that make the simulator produce the code. */
	programs: string[];
	url: Record<CodeLang, string>;
	sources: string[];
}

/** The document. */
export interface CodesJson {
	version: number;
	count: number;
	families: {
		family: string;
		kind: CodeKind;
		module: string;
		title: Record<CodeLang, string>;
		count: number;
	}[];
	codes: CodesJsonEntry[];
}

/** Builds the document; `baseUrl` makes the page URLs absolute. */
export function toCodesJson(table: CodeTable, baseUrl = ''): CodesJson {
	const families = new Map(table.families.map((family) => [family.family, family]));
	const codes = table.entries().map((entry): CodesJsonEntry => {
		const family = families.get(entry.family)!;
		const out: CodesJsonEntry = {
			code: entry.code,
			kind: entry.kind,
			family: entry.family,
			module: entry.module,
			category: entry.category,
			spellings: table.spellings(entry),
			summary: { zh: table.brief(entry, 'zh'), en: table.brief(entry, 'en') },
			explained: table.explainedIn(entry.code),
			generic: table.isGeneric(entry),
			related: table.relatedIds(entry.code),
			cases: entry.cases ?? [],
			programs: (entry.programs ?? []).map((program) => program.file),
			url: { zh: codeUrl(entry.code, 'zh', baseUrl), en: codeUrl(entry.code, 'en', baseUrl) },
			sources: entry.sources
				.map((ref) => resolveSource(family, ref)?.url)
				.filter((url): url is string => url !== undefined),
		};
		if (entry.name) out.name = entry.name;
		if (entry.aliases) out.aliases = entry.aliases;
		if (entry.template) out.template = entry.template;
		return out;
	});
	return {
		version: CODES_JSON_VERSION,
		count: codes.length,
		families: table.families.map((family) => ({
			family: family.family,
			kind: family.kind,
			module: family.module,
			title: family.title,
			count: family.codes.length,
		})),
		codes,
	};
}
