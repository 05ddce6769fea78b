/**
 * `casebook api [NAME] [--json] [--lang zh|en] [--base-url URL]`: one API of the catalog (its
 * signatures, preconditions, cost, error codes, diagnostics, per-product limits, doc text and
 * links), or with no name the list of every API by group. A name may be an alias
 * (`aclrtMallocCached`) or a member (`TQue::AllocTensor`). Exit 0 when found, 1 for an unknown
 * name (with the nearest name), 2 on bad usage.
 */
import {
	API_FIELD_TEXT,
	apiEntries,
	apiEntry,
	catalogGroups,
	findApi,
	limitValuesText,
	suggestApi,
	type ApiEntry,
} from '../api/index.ts';
import type { Lang } from '../triage/localized.ts';
import { LOCAL_URL_ENV, linkBase, PUBLIC_SITE_URL } from './link-base.ts';

/** Exit codes of `casebook api`. */
export const API_EXIT = { found: 0, unknown: 1, usage: 2 } as const;

const USAGE = `Usage: casebook api [NAME] [--json] [--lang zh|en] [--base-url URL]

Prints one API of the simulator's catalog: its signatures, what it needs, what it costs in
virtual time, the error codes it returns, its diagnostics, the per-product limits that apply,
what it does and where it is documented. Without NAME, lists every API by group.

Options:
  --json            print the entry (or the list of entries) as JSON
  --lang zh|en      language of the text and links (default zh)
  --base-url URL    where links point (default: ${LOCAL_URL_ENV} if set, else ${PUBLIC_SITE_URL})
  -h, --help        show this help

Exit status: 0 found, 1 unknown API, 2 bad usage.`;

/** The parsed command line. */
export interface ApiOptions {
	name?: string;
	json: boolean;
	lang: Lang;
	baseUrl?: string;
	help: boolean;
}

/** Parses the arguments after `api`; returns an error message for bad usage. */
export function parseApiArgs(argv: readonly string[]): ApiOptions | { error: string } {
	const options: ApiOptions = { json: false, lang: 'zh', help: false };
	const names: string[] = [];
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const eq = arg.indexOf('=');
		const [flag, inline] =
			arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
		const value = () => inline ?? argv[++i];
		if (flag === '--json') options.json = true;
		else if (flag === '-h' || flag === '--help') options.help = true;
		else if (flag === '--lang') {
			const lang = value();
			if (lang !== 'zh' && lang !== 'en')
				return { error: `--lang must be "zh" or "en", not ${lang ? `"${lang}"` : 'nothing'}.` };
			options.lang = lang;
		} else if (flag === '--base-url') {
			const url = value();
			if (!url || !URL.canParse(url))
				return { error: `--base-url needs an absolute URL, not ${url ? `"${url}"` : 'nothing'}.` };
			options.baseUrl = url;
		} else if (arg.startsWith('-')) return { error: `unknown option "${arg}".` };
		else names.push(arg);
	}
	if (names.length > 1) return { error: `give one API name, not ${names.length}.` };
	if (names[0] !== undefined) options.name = names[0];
	return options;
}

const MORE = { zh: { more: '说明', none: '无' }, en: { more: 'Details', none: 'none' } } as const;

/** One entry as the terminal shows it. */
export function formatEntry(entry: ApiEntry, lang: Lang): string {
	const w = { ...API_FIELD_TEXT[lang], ...MORE[lang] };
	const lines = [`${entry.name}  (${entry.groupTitle[lang]})`, ''];
	for (const sig of entry.signatures) lines.push(`    ${sig}`);
	lines.push('', entry.doc[lang], '');
	const field = (label: string, value: string) => lines.push(`${label}: ${value}`);
	if (entry.aliases.length > 0) field(w.aliases, entry.aliases.join(', '));
	if (entry.out.length > 0) field(w.out, entry.out.join(', '));
	field(w.requires, entry.requires.map((r) => r.text[lang]).join(lang === 'zh' ? '；' : '; '));
	field(w.cost, entry.cost.text[lang]);
	field(
		w.errors,
		entry.errors.length > 0 ? entry.errors.map((e) => `${e.name} (${e.code})`).join(', ') : w.none,
	);
	if (entry.diagnostics.length > 0) {
		lines.push(`${w.diagnostics}:`);
		for (const d of entry.diagnostics) lines.push(`  ${d.code}  ${d.url[lang]}`);
	}
	if (entry.limits.length > 0) {
		lines.push(`${w.limits}:`);
		for (const l of entry.limits) lines.push(`  ${l.text[lang]}: ${limitValuesText(l, lang)}`);
	}
	field(w.source, entry.source);
	field(w.more, entry.url[lang]);
	return lines.join('\n');
}

/** The list of every API, one line each under its group's title. */
function formatList(lang: Lang): string {
	const lines: string[] = [];
	for (const { group, rows } of catalogGroups()) {
		if (rows.length === 0) continue;
		lines.push(`${group.title[lang]} (${group.id})`);
		for (const row of rows) {
			const aliases = row.aliases.length > 0 ? `  [${row.aliases.join(', ')}]` : '';
			lines.push(`  ${row.name}${aliases}`);
		}
	}
	return lines.join('\n');
}

/** Runs `casebook api` with the arguments after `api`; resolves to the exit code. */
export async function apiCommand(argv: readonly string[]): Promise<number> {
	const options = parseApiArgs(argv);
	if ('error' in options) {
		console.error(`casebook api: ${options.error}\n\n${USAGE}`);
		return API_EXIT.usage;
	}
	if (options.help) {
		console.log(USAGE);
		return API_EXIT.found;
	}
	const base = linkBase(options.baseUrl);
	if (options.name === undefined) {
		console.log(
			options.json ? JSON.stringify(apiEntries(base), null, 2) : formatList(options.lang),
		);
		return API_EXIT.found;
	}
	const row = findApi(options.name);
	if (!row) {
		const near = suggestApi(options.name);
		const hint = near ? ` Did you mean "${near}"?` : '';
		if (options.json)
			console.log(
				JSON.stringify({ error: 'unknown-api', name: options.name, suggestion: near ?? null }),
			);
		console.error(
			`casebook api: no API named "${options.name}" in the catalog.${hint} "casebook api" lists them all.`,
		);
		return API_EXIT.unknown;
	}
	const entry = apiEntry(row, base);
	console.log(options.json ? JSON.stringify(entry, null, 2) : formatEntry(entry, options.lang));
	return API_EXIT.found;
}
