/**
 * `casebook explain [FILE|-] [--json] [--lang zh|en] [--base-url URL]`: matches a log against
 * the case signatures and prints the matching cases with the lines that prove them.
 * Exit 0 when a case matched, 1 when none did, 2 on bad usage or unreadable input.
 */
import { readFile } from 'node:fs/promises';
import { loadRegistry } from '../cases/cases-fs.ts';
import { LOCAL_URL_ENV, linkBase, PUBLIC_SITE_URL } from './link-base.ts';
import type { Registry } from '../cases/registry.ts';
import { caseUrl } from '../triage/case-url.ts';
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

Matches a log (a plog, device log, CPU-debug output or console output) against the error
signatures of the cases and prints the matching cases with the lines that matched.
Reads standard input when FILE is "-" or omitted (and input is piped).

Options:
  --json            print {"matches":[{"case","signature","lines","url"}],"notes":[…]}
  --lang zh|en      language of the case links and messages (default zh)
  --base-url URL    where case links point (default: ${LOCAL_URL_ENV} if set, else
                    ${PUBLIC_SITE_URL})
  -h, --help        show this help

Exit status: 0 a case matched, 1 nothing matched, 2 bad usage or unreadable input.`;

/** The parsed command line. */
export interface ExplainOptions {
	file?: string;
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
	const result = matchLog(text, registry.signatures);
	console.log(
		options.json
			? JSON.stringify(toJson(result, options), null, 2)
			: formatHuman(result, registry, text, options),
	);
	return result.matches.length > 0 ? EXPLAIN_EXIT.matched : EXPLAIN_EXIT.noMatch;
}

/**
 * The `--json` shape: `{"matches":[{case,signature,lines,url}],"hints":[…same…],
 * "notes":[{code,name,meaning,lines,cases}]}`.
 */
export function toJson(result: TriageResult, options: Pick<ExplainOptions, 'lang' | 'baseUrl'>) {
	const claim = (match: TriageMatch) => ({
		case: match.case,
		signature: match.signature,
		lines: match.lines,
		url: caseUrl(match.case, match.anchor, options.lang, options.baseUrl),
	});
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
	};
}

const WORDS = {
	zh: {
		matched: (n: number) => `匹配到 ${n} 个错误特征：`,
		none: '没有匹配到已知案例。',
		signature: '特征',
		line: (n: number) => `第 ${n} 行`,
		more: (n: number) => `…另有 ${n} 行`,
		same: (n: number) => `（另有 ${n} 行相同，仅 pid、时间或地址不同）`,
		hints: '可能相关（日志与案例相符，但不足以确定原因）：',
		notes: '日志中的其他错误码：',
		related: '相关案例',
	},
	en: {
		matched: (n: number) => `${n} error signature${n === 1 ? '' : 's'} matched:`,
		none: 'No known case matched.',
		signature: 'signature',
		line: (n: number) => `line ${n}`,
		more: (n: number) => `… and ${n} more line${n === 1 ? '' : 's'}`,
		same: (n: number) =>
			`(and ${n} more line${n === 1 ? '' : 's'} differing only in pid, time or address)`,
		hints: 'Possibly related (the log fits the case but does not prove it):',
		notes: 'Other error codes in the log:',
		related: 'related case',
	},
} as const;

function quote(line: string): string {
	const trimmed = line.trim();
	return trimmed.length > MAX_QUOTE_LENGTH ? `${trimmed.slice(0, MAX_QUOTE_LENGTH)}…` : trimmed;
}

/** The human output: each match with its title, signature, quoted lines and case URL. */
export function formatHuman(
	result: TriageResult,
	registry: Registry,
	text: string,
	options: Pick<ExplainOptions, 'lang' | 'baseUrl'>,
): string {
	const words = WORDS[options.lang];
	const lines = splitLines(text);
	const out: string[] = [];
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
	if (result.notes.length > 0) {
		out.push('', words.notes);
		for (const note of result.notes) {
			const name = note.name ? ` ${note.name}` : '';
			const at = note.lines.slice(0, QUOTED_LINES_PER_MATCH).map(words.line).join(', ');
			out.push(`  ${note.code}${name} (${at}): ${note.meaning[options.lang]}`);
			for (const slug of note.cases) {
				out.push(
					`    ${words.related}: ${caseUrl(slug, 'symptom', options.lang, options.baseUrl)}`,
				);
			}
		}
	}
	return out.join('\n');
}
