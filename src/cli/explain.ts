/**
 * `casebook explain [FILE|-] [--json] [--lang zh|en] [--base-url URL]`: matches a log against
 * the case signatures and the error-code index and prints a diagnosis — the likely root cause
 * first (a case, otherwise the first error in time), then what followed, then the lines known
 * to be harmless — followed by the evidence. `casebook explain --code CODE` prints one code's
 * entry instead. Exit 0 when a case matched (or the code exists), 1 when none did (or the code
 * is unknown), 2 on bad usage or unreadable input.
 */
import { readFile } from 'node:fs/promises';
import { loadRegistry } from '../cases/cases-fs.ts';
import { LOCAL_URL_ENV, linkBase, PUBLIC_SITE_URL } from './link-base.ts';
import type { Registry } from '../cases/registry.ts';
import { codeUrl } from '../codes/code-url.ts';
import { DEFAULT_CODES_DIR, loadCodeTable, loadExplanations } from '../codes/codes-fs.ts';
import { toCodesJson } from '../codes/codes-json.ts';
import type { CodeTable } from '../codes/code-table.ts';
import { caseUrl } from '../triage/case-url.ts';
import { CodeDirectory } from '../triage/code-directory.ts';
import type { DiagnosisItem } from '../triage/diagnose.ts';
import type { Lang } from '../triage/localized.ts';
import { matchLog, type TriageMatch, type TriageResult } from '../triage/match-log.ts';
import { normalizeLine } from '../triage/normalize-line.ts';
import { splitLines } from '../triage/read-log.ts';
import { stripPrefixes } from '../triage/strip-prefixes.ts';

/** Exit codes of `casebook explain`. */
export const EXPLAIN_EXIT = { matched: 0, noMatch: 1, usage: 2 } as const;

/** Lines quoted per match in the human output; the rest are counted. */
const QUOTED_LINES_PER_MATCH = 5;
/** Quoted lines are cut at this many characters. */
const MAX_QUOTE_LENGTH = 200;

const USAGE = `Usage: casebook explain [FILE|-] [--json] [--lang zh|en] [--base-url URL]
       casebook explain --code CODE [--json] [--lang zh|en] [--base-url URL]

Reads a log (a plog, device log, CPU-debug output or console output, with or without torch_npu
and vLLM prefixes) and prints a diagnosis: the likely root cause first (a known case, otherwise
the first error in time), then the errors that followed, then lines known to be harmless, each
with a link to its case or code page. Reads standard input when FILE is "-" or omitted (and
input is piped). With --code, prints the entry of one error code in any spelling (507035,
EE1023, ee1023, 0x7020023, 117571619, ACL_ERROR_RT_NO_EVENT_RESOURCE).

Options:
  --code CODE       print one code's entry (official text, meaning, related codes, page)
  --json            machine-readable output: {"matches","hints","notes","codes","harmless",
                    "diagnosis"} for a log, the /codes.json entry for --code
  --lang zh|en      language of the links and messages (default zh)
  --base-url URL    where links point (default: ${LOCAL_URL_ENV} if set, else
                    ${PUBLIC_SITE_URL})
  -h, --help        show this help

Exit status: 0 a case matched (or the code exists), 1 nothing matched (or no such code),
2 bad usage or unreadable input.`;

/** The parsed command line. */
export interface ExplainOptions {
	file?: string;
	code?: string;
	json: boolean;
	lang: Lang;
	baseUrl: string;
	help: boolean;
}

/** Parses the arguments after `explain`; returns an error message for bad usage. */
export function parseExplainArgs(argv: readonly string[]): ExplainOptions | { error: string } {
	const options: ExplainOptions = { json: false, lang: 'zh', baseUrl: '', help: false };
	const positional: string[] = [];
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const [flag, inline] = arg.startsWith('--') ? splitFlag(arg) : [arg, undefined];
		const value = (): string | undefined => inline ?? argv[++i];
		if (flag === '--json') options.json = true;
		else if (flag === '-h' || flag === '--help') options.help = true;
		else if (flag === '--lang') {
			const lang = value();
			if (lang !== 'zh' && lang !== 'en') {
				return {
					error: `--lang must be "zh" or "en", not ${lang === undefined ? 'nothing' : `"${lang}"`}.`,
				};
			}
			options.lang = lang;
		} else if (flag === '--code') {
			const code = value();
			if (code === undefined || code.trim() === '') {
				return { error: '--code needs a code, e.g. --code 507035 or --code EE1023.' };
			}
			options.code = code;
		} else if (flag === '--base-url') {
			const url = value();
			if (url === undefined || !URL.canParse(url)) {
				return {
					error: `--base-url needs an absolute URL such as https://casebook.example.org, not ${url === undefined ? 'nothing' : `"${url}"`}.`,
				};
			}
			options.baseUrl = url;
		} else if (arg !== '-' && arg.startsWith('-')) {
			return { error: `unknown option "${arg}".` };
		} else positional.push(arg);
	}
	if (positional.length > 1) {
		return { error: `give one log file (or "-" for standard input), not ${positional.length}.` };
	}
	if (options.code !== undefined && positional.length > 0) {
		return { error: 'give either --code CODE or a log file, not both.' };
	}
	if (positional[0] !== undefined) options.file = positional[0];
	return options;
}

function splitFlag(arg: string): [string, string | undefined] {
	const eq = arg.indexOf('=');
	return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}

async function readStdin(): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/** Runs `casebook explain` with the arguments after `explain`; resolves to the exit code. */
export async function explainCommand(argv: readonly string[]): Promise<number> {
	const options = parseExplainArgs(argv);
	if ('error' in options) {
		console.error(`casebook explain: ${options.error}\n\n${USAGE}`);
		return EXPLAIN_EXIT.usage;
	}
	if (options.help) {
		console.log(USAGE);
		return 0;
	}
	options.baseUrl = linkBase(options.baseUrl);
	let table: CodeTable;
	try {
		table = await loadCodeTable();
	} catch (error) {
		console.error(`casebook explain: the code index is broken:\n${(error as Error).message}`);
		return EXPLAIN_EXIT.usage;
	}
	if (options.code !== undefined) return explainCode(options.code, table, options);

	const fromStdin = options.file === undefined || options.file === '-';
	if (options.file === undefined && process.stdin.isTTY) {
		console.error(
			`casebook explain: give a log file, or pipe a log into standard input.\n\n${USAGE}`,
		);
		return EXPLAIN_EXIT.usage;
	}
	let text: string;
	try {
		text = fromStdin ? await readStdin() : await readFile(options.file!, 'utf8');
	} catch (error) {
		const what = fromStdin ? 'standard input' : `"${options.file}"`;
		console.error(`casebook explain: cannot read ${what}: ${(error as Error).message}`);
		return EXPLAIN_EXIT.usage;
	}
	let registry: Registry;
	try {
		registry = await loadRegistry();
	} catch (error) {
		console.error(`casebook explain: the case files are broken:\n${(error as Error).message}`);
		return EXPLAIN_EXIT.usage;
	}
	const codes = CodeDirectory.fromEntries(toCodesJson(table).codes);
	const result = matchLog(text, registry.signatures, { codes });
	console.log(
		options.json
			? JSON.stringify(toJson(result, options), null, 2)
			: formatHuman(result, registry, text, options),
	);
	return result.matches.length > 0 ? EXPLAIN_EXIT.matched : EXPLAIN_EXIT.noMatch;
}

/** `--code CODE`: one entry, as text or as its `/codes.json` object. */
async function explainCode(
	spelling: string,
	table: CodeTable,
	options: Pick<ExplainOptions, 'json' | 'lang' | 'baseUrl'>,
): Promise<number> {
	const entry = table.find(spelling);
	if (!entry) {
		const words = CODE_WORDS[options.lang];
		console.error(`casebook explain: ${words.unknown(spelling)}`);
		return EXPLAIN_EXIT.noMatch;
	}
	const json = toCodesJson(table, options.baseUrl).codes.find((c) => c.code === entry.code)!;
	if (options.json) {
		console.log(JSON.stringify(json, null, 2));
		return EXPLAIN_EXIT.matched;
	}
	const words = CODE_WORDS[options.lang];
	const explanation = (await loadExplanations(DEFAULT_CODES_DIR)).find(
		(item) => item.code === entry.code && item.lang === options.lang,
	);
	const out = [
		`${entry.code}${entry.name ? ` ${entry.name}` : ''}`,
		`  ${json.summary[options.lang]}`,
	];
	const family = table.families.find((f) => f.family === entry.family)!;
	out.push(
		`  ${words.family}: ${family.title[options.lang]} · ${entry.module} · ${entry.category}`,
	);
	if (entry.template) out.push(`  ${words.template}: ${entry.template}`);
	for (const example of entry.examples ?? []) out.push(`  ${words.example}: ${example}`);
	if (entry.maps) {
		out.push(
			`  ${words.maps}: ${entry.maps.code}${entry.maps.desc ? ` (${entry.maps.desc})` : ''}`,
		);
	}
	const related = table.relatedIds(entry.code);
	if (related.length > 0) out.push(`  ${words.related}: ${related.join(', ')}`);
	for (const slug of entry.cases ?? []) {
		out.push(`  ${words.case}: ${caseUrl(slug, 'symptom', options.lang, options.baseUrl)}`);
	}
	if (explanation) out.push('', plainMarkdown(explanation.body));
	else out.push('', `  ${words.notExplained}`);
	out.push('', `→ ${codeUrl(entry.code, options.lang, options.baseUrl)}`);
	console.log(out.join('\n'));
	return EXPLAIN_EXIT.matched;
}

/** Markdown to terminal text: headings without their `{#anchor}`, the rest as written. */
function plainMarkdown(body: string): string {
	return body
		.trim()
		.split('\n')
		.map((line) =>
			line.replace(/^(#{2,})\s+(.*?)\s*\{#[\w-]+\}\s*$/, (_, __, title: string) => `【${title}】`),
		)
		.join('\n');
}

const CODE_WORDS = {
	zh: {
		unknown: (code: string) => `错误码索引里没有“${code}”。`,
		family: '类别',
		template: '模板',
		example: '示例',
		maps: '对外返回码',
		related: '相关错误码',
		case: '案例',
		notExplained: '（尚未详解：页面上有官方原文、类别和相关错误码。）',
	},
	en: {
		unknown: (code: string) => `no code "${code}" in the error-code index.`,
		family: 'family',
		template: 'template',
		example: 'example',
		maps: 'public code',
		related: 'related codes',
		case: 'case',
		notExplained: '(not explained yet: the page has the official text, family and related codes.)',
	},
} as const;

/**
 * The `--json` shape: `{"matches":[{case,signature,lines,url}],"hints":[…same…],
 * "notes":[{code,name,meaning,lines,cases}],"codes":[{code,name,kind,meaning,lines,url,explained}],
 * "harmless":[{line,rule,reason,source}],"diagnosis":{root,then}}`: one harmless entry per line,
 * so a record the rule covers over several lines gives one entry for each.
 */
export function toJson(result: TriageResult, options: Pick<ExplainOptions, 'lang' | 'baseUrl'>) {
	const claim = (match: TriageMatch) => ({
		case: match.case,
		signature: match.signature,
		lines: match.lines,
		url: caseUrl(match.case, match.anchor, options.lang, options.baseUrl),
	});
	const page = (code: string, hasPage: boolean) =>
		hasPage ? codeUrl(code, options.lang, options.baseUrl) : null;
	const hasPage = new Map(result.codes.map((code) => [code.code, code.hasPage]));
	const item = (entry: DiagnosisItem) =>
		entry.kind === 'case'
			? {
					kind: 'case',
					case: entry.case,
					signature: entry.signature,
					lines: entry.lines,
					codes: entry.codes,
					url: caseUrl(entry.case, entry.anchor, options.lang, options.baseUrl),
				}
			: {
					kind: 'code',
					code: entry.code,
					codes: entry.codes,
					lines: entry.lines,
					...(entry.call ? { call: entry.call } : {}),
					url: page(entry.code, hasPage.get(entry.code) ?? false),
				};
	return {
		matches: result.matches.map(claim),
		hints: result.hints.map(claim),
		notes: result.notes.map((note) => ({
			code: note.code,
			...(note.name ? { name: note.name } : {}),
			meaning: note.meaning[options.lang],
			lines: note.lines,
			cases: note.cases,
		})),
		codes: result.codes.map((code) => ({
			code: code.code,
			...(code.name ? { name: code.name } : {}),
			kind: code.kind,
			meaning: code.meaning[options.lang],
			lines: code.lines,
			url: page(code.code, code.hasPage),
			explained: code.explained.includes(options.lang),
			...(code.call ? { call: code.call } : {}),
		})),
		harmless: result.harmless.flatMap((item) =>
			item.lines.map((line) => ({
				line,
				rule: item.rule,
				reason: item.reason[options.lang],
				source: item.source,
			})),
		),
		diagnosis: {
			root: result.diagnosis.root ? item(result.diagnosis.root) : null,
			then: result.diagnosis.then.map(item),
		},
	};
}

const WORDS = {
	zh: {
		diagnosis: '诊断：',
		root: '最可能的根因',
		then: '随后的错误（多半由上面的问题引起，或是同一故障在上层的报告）：',
		harmless: '无害的行（不是问题所在）：',
		nothing: '日志里没有找到已知案例，也没有可识别的错误码。',
		matched: (n: number) => `匹配到 ${n} 个错误特征：`,
		none: '没有匹配到已知案例。',
		signature: '特征',
		line: (n: number) => `第 ${n} 行`,
		lineList: (lines: string) => `第 ${lines} 行`,
		more: (n: number) => `…另有 ${n} 行`,
		same: (n: number) => `（另有 ${n} 行相同，仅 pid、时间或地址不同）`,
		hints: '可能相关（日志与案例相符，但不足以确定原因）：',
		related: '相关案例',
		call: (call: string) => `由 ${call} 报出`,
		alsoCodes: '同一错误的其他码',
		source: '来源',
		noPage: '（索引中没有此码，按模块字母推断）',
	},
	en: {
		diagnosis: 'Diagnosis:',
		root: 'Likely root cause',
		then: 'Then (most often caused by the above, or the same failure reported further up):',
		harmless: 'Harmless lines (not the problem):',
		nothing: 'No known case and no recognised error code in this log.',
		matched: (n: number) => `${n} error signature${n === 1 ? '' : 's'} matched:`,
		none: 'No known case matched.',
		signature: 'signature',
		line: (n: number) => `line ${n}`,
		lineList: (lines: string) => `line ${lines}`,
		more: (n: number) => `… and ${n} more line${n === 1 ? '' : 's'}`,
		same: (n: number) =>
			`(and ${n} more line${n === 1 ? '' : 's'} differing only in pid, time or address)`,
		hints: 'Possibly related (the log fits the case but does not prove it):',
		related: 'related case',
		call: (call: string) => `raised by ${call}`,
		alsoCodes: 'other codes of the same error',
		source: 'source',
		noPage: '(not in the index; read from its module letter)',
	},
} as const;

function quote(line: string): string {
	const trimmed = line.trim();
	return trimmed.length > MAX_QUOTE_LENGTH ? `${trimmed.slice(0, MAX_QUOTE_LENGTH)}…` : trimmed;
}

function lineSpan(lines: readonly number[]): string {
	const shown = lines.slice(0, QUOTED_LINES_PER_MATCH).join(', ');
	return lines.length > QUOTED_LINES_PER_MATCH ? `${shown}, …` : shown;
}

/**
 * The human output: the diagnosis (every code of each event with its page and the cases that
 * quote it), the harmless lines, then each match with its quoted lines, and the hints.
 */
export function formatHuman(
	result: TriageResult,
	registry: Registry,
	text: string,
	options: Pick<ExplainOptions, 'lang' | 'baseUrl'>,
): string {
	const words = WORDS[options.lang];
	const lines = splitLines(text);
	const out: string[] = [];
	const caseTitle = (slug: string) =>
		registry.signatures.find((signature) => signature.case === slug)?.title?.[options.lang] ?? slug;
	const codeInfo = new Map(result.codes.map((code) => [code.code, code]));
	const casesOf = new Map(result.notes.map((note) => [note.code, note.cases]));
	const nameOf = (code: string) => {
		const name = codeInfo.get(code)?.name;
		return name ? ` ${name}` : '';
	};
	const pageOf = (code: string) =>
		codeInfo.get(code)?.hasPage
			? `→ ${codeUrl(code, options.lang, options.baseUrl)}`
			: words.noPage;
	const describeItem = (entry: DiagnosisItem, indent: string) => {
		if (entry.kind === 'case') {
			out.push(`${indent}${caseTitle(entry.case)} (${words.lineList(lineSpan(entry.lines))})`);
			out.push(`${indent}  → ${caseUrl(entry.case, entry.anchor, options.lang, options.baseUrl)}`);
			for (const code of entry.codes) {
				const info = codeInfo.get(code);
				if (info?.hasPage)
					out.push(`${indent}  ${code}: ${codeUrl(code, options.lang, options.baseUrl)}`);
			}
			return;
		}
		const info = codeInfo.get(entry.code)!;
		out.push(
			`${indent}${entry.code}${nameOf(entry.code)} (${words.lineList(lineSpan(entry.lines))}): ${info.meaning[options.lang]}`,
		);
		if (entry.call) out.push(`${indent}  ${words.call(entry.call)}`);
		out.push(`${indent}  ${pageOf(entry.code)}`);
		const others = entry.codes.filter((code) => code !== entry.code);
		if (others.length > 0) {
			out.push(`${indent}  ${words.alsoCodes}:`);
			for (const code of others) out.push(`${indent}    ${code}${nameOf(code)} ${pageOf(code)}`);
		}
		for (const slug of new Set(entry.codes.flatMap((code) => casesOf.get(code) ?? []))) {
			out.push(
				`${indent}  ${words.related}: ${caseUrl(slug, 'symptom', options.lang, options.baseUrl)}`,
			);
		}
	};
	out.push(words.diagnosis);
	const { root, then } = result.diagnosis;
	if (root) {
		out.push(`● ${words.root}:`);
		describeItem(root, '  ');
	} else out.push(`  ${words.nothing}`);
	if (then.length > 0) {
		out.push('', words.then);
		for (const entry of then) describeItem(entry, '  ');
	}
	if (result.harmless.length > 0) {
		out.push('', words.harmless);
		for (const item of result.harmless) {
			out.push(`  ${words.lineList(lineSpan(item.lines))}: ${item.reason[options.lang]}`);
			out.push(`    ${words.source}: ${item.source}`);
		}
	}
	out.push('');
	if (result.matches.length === 0) out.push(words.none);
	else out.push(words.matched(result.matches.length));
	const describe = (match: TriageMatch) => {
		const entry = registry.signatures.find((signature) => signature.id === match.signature);
		const title = entry?.title?.[options.lang] ?? match.case;
		out.push('', `● ${title}`, `  ${words.signature}: ${match.signature} (${match.module})`);
		// Lines that differ only in pid, time or address are quoted once, with the others counted.
		const groups = new Map<string, number[]>();
		for (const number of match.lines) {
			const key = normalizeLine(stripPrefixes(lines[number - 1] ?? '').text);
			groups.set(key, [...(groups.get(key) ?? []), number]);
		}
		const quoted = [...groups.values()].slice(0, QUOTED_LINES_PER_MATCH);
		for (const [number, ...same] of quoted) {
			const also = same.length > 0 ? ` ${words.same(same.length)}` : '';
			out.push(`  ${words.line(number!)}: ${quote(lines[number! - 1] ?? '')}${also}`);
		}
		const rest = match.lines.length - quoted.reduce((sum, group) => sum + group.length, 0);
		if (rest > 0) out.push(`  ${words.more(rest)}`);
		out.push(`  → ${caseUrl(match.case, match.anchor, options.lang, options.baseUrl)}`);
	};
	result.matches.forEach(describe);
	if (result.hints.length > 0) {
		out.push('', words.hints);
		result.hints.forEach(describe);
	}
	return out.join('\n');
}
