/**
 * `casebook sim PATH… [-I DIR]… [-D NAME[=VALUE]]… [-U NAME]… [--input NAME=FILE]…
 * [--output-dir DIR] [--product ID] [--mode npu|cpu|sanitizer] [--json] [--lang zh|en]
 * [--base-url URL] [--max-steps N] [--blocks N] [--gm-bytes N] [--cann V] [--actions LIST]
 * [--env NAME=VALUE]… [--devices N] [--ranks N]`: runs a C++ program (an Ascend C kernel, an
 * AscendCL host program, or a project of both in several files) in the simulator and prints
 * what a terminal user would see: the program's output and the log lines, then the diagnostics
 * as `file:line:col: error: message [code]` in the chosen language, each with its hint and the
 * link to its anchor on the diagnostics reference page. Error codes the log quotes are listed
 * with their code pages.
 */
import { basename } from 'node:path';
import { readProgram, ProgramReadError } from './program-files-fs.ts';
import { actionSchema, type Action } from '../cases/schema.ts';
import { diagnosticUrl } from '../diagnostics/diagnostic-url.ts';
import { MAX_RANKS, run, sourceTooLargeTrace } from '../lang/index.ts';
import {
	DEFAULT_LIMITS,
	LIMIT_KEYS,
	LIMITS,
	parseLimitValue,
	type LimitKey,
	type RunLimits,
} from '../sim/limits.ts';
import { PRODUCT_IDS, isProductId, type ProductId } from '../sim/product-id.ts';
import { isRunMode, RUN_MODES, type RunMode, type RunRequest } from '../sim/run-request.ts';
import type { Diagnostic, LogLine, Outcome, Trace } from '../sim/trace.ts';
import type { Lang } from '../triage/localized.ts';
import { streamSink, writeLines, type ReportSink } from './output-fs.ts';
import { printableName, readBounded } from './read-input-fs.ts';
import { linkBase, PUBLIC_SITE_URL } from './link-base.ts';
import { codeDirectory, logCodes, type LogCode } from './log-codes.ts';
import { applyDataOptions, SIM_DATA_USAGE, splitDataOptions, writeOutputs } from './sim-data-fs.ts';

/** Exit codes of `casebook sim` (also in docs/cli-sim.md). */
export const SIM_EXIT = { completed: 0, failed: 1, usage: 2, rejected: 3 } as const;

/** Default product when `--product` is not given. */
export const DEFAULT_PRODUCT: ProductId = 'atlas-a2';

/** The `--help` lines of the limits, from the table. */
function limitUsage(): string {
	return LIMIT_KEYS.map((key) => {
		const row = LIMITS[key];
		const arg = row.unit === 'bytes' ? 'SIZE' : 'N';
		const shown = row.unit === 'bytes' ? sizeText(row.default) : String(row.default);
		return `  ${`${row.flag} ${arg}`.padEnd(24)}${row.about.en} (default ${shown})`;
	}).join('\n');
}

/** A size as the flags accept it back: `256m`, `2m`, `4096`. */
function sizeText(bytes: number): string {
	for (const [suffix, scale] of [
		['g', 1 << 30],
		['m', 1 << 20],
		['k', 1 << 10],
	] as const) {
		if (bytes % scale === 0) return `${bytes / scale}${suffix}`;
	}
	return String(bytes);
}

const USAGE = `Usage: casebook sim PATH… [options]

Runs a C++ program in the Ascend simulator: main() as a host process if the program has one,
otherwise every __global__ kernel with synthetic GM buffers. Prints the program's output and the
log lines, the error codes the log quotes with their pages, then the diagnostics.

PATH is a source file or a directory; several may be given. Every source file (.cpp .cc .c .cxx
.asc) is compiled and linked with the others (a host main.cpp and a kernel file, say);
#include "x.h" looks in the including file's directory, then among the given files, then in each
-I DIR. Other files given (or found in a directory) are the data the program may read.

Options:
  -I DIR            also look for #include "…" headers in DIR (repeatable)
  --tiling F=V,…    tiling field values of an operator-framework kernel (GET_TILING_DATA)
  --tiling-key K    the tiling key TILING_KEY_IS compares with (default: the smallest tested)
  --product ID      ${PRODUCT_IDS.join(', ')}
                    (default ${DEFAULT_PRODUCT})
  --mode MODE       npu: what the device does (exceptions, hangs, silent corruption);
                    cpu: the CPU twin (checks abort); sanitizer: an msSanitizer run
                    (memcheck reports) (default npu)
  --json            print {"outcome","log":[…],"codes":[{code,url,lines}],
                    "diagnostics":[{code,severity,message,line,column,url}],
                    "calls":{API name: count},"resources":{"peaks":[…],"held":[…]},…}
  --lang zh|en      language of the diagnostics (default zh); JSON carries both in "messages"
  --base-url URL    where the diagnostic and case links point (default: \$CASEBOOK_LOCAL_URL if
                    set, else the public site, \$CASEBOOK_SITE_URL or ${PUBLIC_SITE_URL})
  --blocks N        blocks per kernel when there is no main (default 1)
  --gm-bytes N      bytes of each synthetic GM buffer when there is no main (default 1048576)
  --cann V          CANN version, e.g. 8.0.RC2 (picks log wording)
  --actions LIST    user actions, e.g. "run; wait 50; signal SIGTERM; run" (run, wait MS,
                    signal SIGINT|SIGTERM|SIGSEGV|SIGABRT|SIGKILL, suspend, npu-smi info;
                    default: run)
${SIM_DATA_USAGE}
  --ranks N         each run starts N processes of the program, the ranks of one job on one
                    server: rank r gets RANK_ID=r, RANK_SIZE=N and DEVICE_ID=r (1 to ${MAX_RANKS})
  --env NAME=VALUE  environment of the program's processes (repeatable), e.g.
                    ASCEND_RT_VISIBLE_DEVICES=1, HCCL_EXEC_TIMEOUT=600, HCCL_ENTRY_LOG_ENABLE=1
  --devices N       physical devices of the server (default: the product's devices per server)
  -h, --help        show this help

Limits (a run that reaches one stops, or keeps only part of its output, with a diagnostic that
names the limit and its flag; SIZE takes k, m or g, e.g. --max-memory 1g):
${limitUsage()}

Exit status:
  0  completed: the program ran to the end without an error
  1  the program failed: error (an API returned an error code), hang or abort, or it reached
     a limit that stops it (steps, memory, call depth)
  2  bad usage or unreadable file
  3  rejected: the program could not be interpreted (syntax error, unsupported construct, too
     large or too deeply nested)`;

/** The parsed command line. */
export interface SimOptions {
	/** The first PATH (shown with single-file diagnostics). */
	file: string;
	/** Every PATH, in order. */
	paths: string[];
	includeDirs: string[];
	tiling?: Record<string, number>;
	tilingKey?: number;
	product: ProductId;
	mode: RunMode;
	json: boolean;
	lang: Lang;
	/** Prefix of the printed links; empty (not given) means the configured public site. */
	baseUrl: string;
	/** Limits given on the command line; the rest take their defaults. */
	limits: Partial<RunLimits>;
	blocks?: number;
	gmBytes?: number;
	cann?: string;
	actions?: Action[];
	/** Processes per `run` (the ranks of one job). */
	ranks?: number;
	env?: Record<string, string>;
	devices?: number;
}

/**
 * Reads an action list such as `run; wait 50; signal SIGTERM; run; suspend`, checked against
 * the case schema's action shape; returns an error message for anything else.
 */
export function parseActions(text: string): Action[] | { error: string } {
	const actions: Action[] = [];
	for (const part of text
		.split(';')
		.map((p) => p.trim())
		.filter((p) => p.length > 0)) {
		const [verb, arg, ...extra] = part.split(/\s+/);
		// `npu-smi info` reads as the command a user types; `npu-smi` alone too.
		const npuSmi = verb === 'npu-smi' && (arg === undefined || arg === 'info');
		const candidate =
			verb === 'wait'
				? { do: 'wait', ms: Number(arg) }
				: verb === 'signal'
					? { do: 'signal', signal: arg }
					: { do: verb };
		const parsed = actionSchema.safeParse(candidate);
		if (
			!parsed.success ||
			extra.length > 0 ||
			(verb !== 'wait' && verb !== 'signal' && arg && !npuSmi)
		) {
			return {
				error: `--actions: cannot read "${part}"; use run, wait MS, signal SIGINT|SIGTERM|SIGSEGV|SIGABRT|SIGKILL, suspend or npu-smi info.`,
			};
		}
		actions.push(parsed.data);
	}
	return actions;
}

/** Limit names by their flag. */
const LIMIT_BY_FLAG = new Map<string, LimitKey>(LIMIT_KEYS.map((key) => [LIMITS[key].flag, key]));

/** Parses the arguments after `sim`: options, `{ help: true }` or an error message. */
export function parseSimArgs(
	argv: readonly string[],
): SimOptions | { help: true } | { error: string } {
	const paths: string[] = [];
	const includeDirs: string[] = [];
	let tiling: Record<string, number> | undefined;
	let tilingKey: number | undefined;
	let product: ProductId = DEFAULT_PRODUCT;
	let mode: RunMode = 'npu';
	let json = false;
	let lang: Lang = 'zh';
	let baseUrl = '';
	const numbers: Partial<Record<'blocks' | 'gmBytes', number>> = {};
	const limits: Partial<RunLimits> = {};
	let cann: string | undefined;
	let actions: Action[] | undefined;
	let ranks: number | undefined;
	let env: Record<string, string> | undefined;
	let devices: number | undefined;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
		// `-IDIR` is `-I DIR` (and `-DN=1` is `-D N=1`), as compilers take them.
		const glued = /^-[IDU]./.test(arg);
		const flag = glued ? arg.slice(0, 2) : eq > 0 ? arg.slice(0, eq) : arg;
		const inline = glued ? arg.slice(2) : eq > 0 ? arg.slice(eq + 1) : undefined;
		const value = (): string | undefined => inline ?? argv[++i];
		switch (flag) {
			case '-h':
			case '--help':
				return { help: true };
			case '--json':
				json = true;
				break;
			case '--lang': {
				const v = value();
				if (v !== 'zh' && v !== 'en')
					return {
						error: `--lang must be "zh" or "en", not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				lang = v;
				break;
			}
			case '--base-url': {
				const v = value();
				if (v === undefined || !URL.canParse(v))
					return {
						error: `--base-url needs an absolute URL such as https://casebook.example.org, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				baseUrl = v;
				break;
			}
			case '--product': {
				const v = value();
				if (v === undefined || !isProductId(v)) {
					return {
						error: `--product must be one of ${PRODUCT_IDS.join(', ')}, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				}
				product = v;
				break;
			}
			case '--mode': {
				const v = value();
				if (v === undefined || !isRunMode(v))
					return {
						error: `--mode must be one of ${RUN_MODES.join(', ')}, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				mode = v;
				break;
			}
			case '--blocks':
			case '--gm-bytes': {
				const v = value();
				const n = v === undefined ? Number.NaN : Number(v);
				if (!Number.isInteger(n) || n < 1)
					return {
						error: `${flag} needs a positive whole number, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				numbers[flag === '--blocks' ? 'blocks' : 'gmBytes'] = n;
				break;
			}
			case '--actions': {
				const v = value();
				const parsedActions = parseActions(v ?? '');
				if ('error' in parsedActions) return parsedActions;
				actions = parsedActions;
				break;
			}
			case '-I': {
				const v = value();
				if (!v) return { error: '-I needs a directory.' };
				includeDirs.push(v);
				break;
			}
			case '--tiling': {
				const v = value() ?? '';
				const pairs = v.split(',').map((p) => /^\s*(\w+)\s*=\s*(-?\d+(?:\.\d+)?)\s*$/.exec(p));
				if (!v || pairs.some((p) => !p))
					return {
						error: `--tiling needs FIELD=NUMBER pairs separated by commas, not ${v ? `"${v}"` : 'nothing'}.`,
					};
				tiling = { ...tiling, ...Object.fromEntries(pairs.map((p) => [p![1]!, Number(p![2])])) };
				break;
			}
			case '--tiling-key': {
				const v = value();
				const n = v === undefined ? Number.NaN : Number(v);
				if (!Number.isInteger(n) || n < 0)
					return {
						error: `--tiling-key needs a whole number, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				tilingKey = n;
				break;
			}
			case '--ranks': {
				const v = value();
				const n = v === undefined ? Number.NaN : Number(v);
				if (!Number.isInteger(n) || n < 1 || n > MAX_RANKS)
					return {
						error: `--ranks needs a whole number from 1 to ${MAX_RANKS}, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				ranks = n;
				break;
			}
			case '--env': {
				const v = value();
				const m = v === undefined ? null : /^([A-Za-z_]\w*)=(.*)$/s.exec(v);
				if (!m)
					return {
						error: `--env needs NAME=VALUE, e.g. ASCEND_RT_VISIBLE_DEVICES=1, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				env = { ...env, [m[1]!]: m[2]! };
				break;
			}
			case '--devices': {
				const v = value();
				const n = v === undefined ? Number.NaN : Number(v);
				if (!Number.isInteger(n) || n < 1 || n > 64)
					return {
						error: `--devices needs a whole number from 1 to 64, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				devices = n;
				break;
			}
			case '--cann': {
				const v = value();
				if (!v) return { error: '--cann needs a version, e.g. 8.0.RC2.' };
				cann = v;
				break;
			}
			default: {
				const key = LIMIT_BY_FLAG.get(flag);
				if (key) {
					const v = value();
					const n = v === undefined ? undefined : parseLimitValue(key, v);
					if (n === undefined) {
						const what =
							LIMITS[key].unit === 'bytes'
								? 'a size such as 512m or 2g'
								: 'a positive whole number';
						return {
							error: `${flag} needs ${what}, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
						};
					}
					limits[key] = n;
					break;
				}
				if (flag.startsWith('-') && flag !== '-') return { error: `unknown option "${flag}".` };
				paths.push(arg);
			}
		}
	}
	if (paths.length === 0) return { error: 'PATH is missing: give a source file or a directory.' };
	const options: SimOptions = {
		file: paths[0]!,
		paths,
		includeDirs,
		product,
		mode,
		json,
		lang,
		baseUrl,
		limits,
		...numbers,
	};
	if (tiling) options.tiling = tiling;
	if (tilingKey !== undefined) options.tilingKey = tilingKey;
	if (cann) options.cann = cann;
	if (actions) options.actions = actions;
	if (ranks !== undefined) options.ranks = ranks;
	if (env) options.env = env;
	if (devices !== undefined) options.devices = devices;
	return options;
}

/** The exit code for an outcome. */
export function exitCodeFor(outcome: Outcome): number {
	if (outcome === 'completed') return SIM_EXIT.completed;
	if (outcome === 'rejected') return SIM_EXIT.rejected;
	return SIM_EXIT.failed;
}

/** The words of the human output, per language. */
const WORDS = {
	zh: {
		severity: { error: '错误', warning: '警告', info: '提示' },
		colon: '：',
		hint: '建议',
		case: '案例',
		about: '说明',
		code: '错误码',
	},
	en: {
		severity: { error: 'error', warning: 'warning', info: 'info' },
		colon: ': ',
		hint: 'hint',
		case: 'case',
		about: 'see',
		code: 'code',
	},
} as const;

/** Where the printed links point: the language and an optional absolute base. */
export type LinkOptions = Pick<SimOptions, 'lang' | 'baseUrl'>;

/** The case page a diagnostic points to, in `lang`. */
export function casePage(slug: string, { lang, baseUrl }: LinkOptions): string {
	return `${baseUrl.replace(/\/+$/, '')}/${lang}/cases/${slug}/`;
}

/** What {@link formatDiagnostic} reads of a diagnostic (a finding of `casebook check` has it too). */
export type DiagnosticText = Pick<
	Diagnostic,
	'code' | 'severity' | 'line' | 'column' | 'messages' | 'hints' | 'case'
>;

/**
 * One diagnostic the way compilers print them, `file:line:col: error: message [code]`, then the
 * hint, the case page and the diagnostic's anchor on the reference page.
 */
export function formatDiagnostic(file: string, d: DiagnosticText, links: LinkOptions): string {
	const words = WORDS[links.lang];
	const lines = [
		`${file}:${d.line}:${d.column}: ${words.severity[d.severity]}${words.colon}${d.messages[links.lang]} [${d.code}]`,
		`  ${words.hint}${words.colon}${d.hints[links.lang]}`,
	];
	if (d.case) lines.push(`  ${words.case}${words.colon}${casePage(d.case, links)}`);
	lines.push(`  ${words.about}${words.colon}${diagnosticUrl(d.code, links.lang, links.baseUrl)}`);
	return lines.join('\n');
}

/**
/**
 * A log line as a terminal shows it: control characters the program printed are escaped (so
 * output cannot move the cursor or forge lines), and a line cut at the length cap says so.
 */
function shownLine(line: LogLine): string {
	// eslint-disable-next-line no-control-regex
	const text = line.text.replace(
		/[\u0000-\u0008\u000b-\u001f\u007f]/g,
		(c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
	);
	return line.cut ? `${text} … [${line.cut.toLocaleString('en-US')} more characters]` : text;
}

/**
 * The human-readable report of a run, line by line: the log, the leaks, the codes the log quotes
 * with their pages, the diagnostics. The leak lines and the last line, `outcome: …`, are the
 * same in both languages, for scripts that read them.
 */
export function* reportLines(
	file: string,
	trace: Trace,
	links: LinkOptions,
	codes: readonly LogCode[] = [],
): Generator<string> {
	const name = printableName(file);
	const gap = trace.dropped?.logLines;
	let any = false;
	for (let i = 0; i < trace.log.length; i++) {
		if (gap && i === gap.at) {
			yield `… ${gap.count.toLocaleString('en-US')} log lines dropped here (${LIMITS.maxLogLines.flag} keeps more) …`;
		}
		yield shownLine(trace.log[i]!);
		any = true;
	}
	for (const leak of trace.leaks) {
		const at = leak.span ? ` (line ${leak.span.line})` : '';
		yield `leak: pid ${leak.pid} ${leak.kind} ${leak.detail}${at}`;
		any = true;
	}
	const moreLeaks = trace.dropped?.leaks?.count;
	if (moreLeaks) yield `leak: … ${moreLeaks.toLocaleString('en-US')} more not listed`;
	if (codes.length > 0 && any) yield '';
	const words = WORDS[links.lang];
	for (const c of codes) {
		yield `${words.code} ${c.code}${words.colon}${c.url}`;
		any = true;
	}
	if (trace.diagnostics.length > 0 && any) yield '';
	for (const d of trace.diagnostics) {
		yield formatDiagnostic(d.file === undefined ? name : printableName(d.file), d, links);
	}
	if (any || trace.diagnostics.length > 0) yield '';
	yield `outcome: ${trace.outcome}`;
}

/** The human-readable report of a run as one string (for tests and small traces). */
export function formatTrace(
	file: string,
	trace: Trace,
	links: LinkOptions,
	codes: readonly LogCode[] = [],
): string {
	return [...reportLines(file, trace, links, codes)].join('\n');
}

/**
 * The `--json` report: the fields the design promises (outcome, log, diagnostics, `calls`: each
 * API as the program called it → how many times, and `resources`: peaks against the product's
 * limits and what was held at exit), plus leaks, the step count and what a cap summarised
 * (`dropped`). Each
 * diagnostic keeps `message` and `hint` (in the chosen language), adds both languages as
 * `messages` and `hints`, and the link to its anchor as `url` (and `caseUrl` when a case
 * explains it). `codes` lists the error codes the log quotes, each with its page and lines.
 */
export function traceJson(
	trace: Trace,
	links: LinkOptions,
	codes: readonly LogCode[] = [],
): object {
	return {
		outcome: trace.outcome,
		log: trace.log.map((l) => l.text),
		codes,
		diagnostics: trace.diagnostics.map((d) => ({
			code: d.code,
			severity: d.severity,
			message: d.messages[links.lang],
			line: d.line,
			column: d.column,
			...(d.file ? { file: d.file } : {}),
			hint: d.hints[links.lang],
			messages: d.messages,
			hints: d.hints,
			url: diagnosticUrl(d.code, links.lang, links.baseUrl),
			...(d.case ? { case: d.case, caseUrl: casePage(d.case, links) } : {}),
		})),
		leaks: trace.leaks,
		calls: trace.calls,
		resources: trace.resources ?? { peaks: [], held: [] },
		steps: trace.steps.length,
		...(trace.dropped ? { dropped: trace.dropped } : {}),
		// The ranks and their collectives (an end of null: the task never ended).
		...(trace.hccl ? { hccl: trace.hccl } : {}),
	};
}

/** Writes the `--json` report; the log array is written line by line, never as one string. */
async function writeJson(
	sink: ReportSink,
	trace: Trace,
	links: LinkOptions,
	codes: readonly LogCode[],
): Promise<void> {
	const marker = '\u0000log\u0000';
	const text = JSON.stringify({ ...traceJson(trace, links, codes), log: marker }, null, 2);
	const at = text.indexOf(JSON.stringify(marker));
	await sink.write(text.slice(0, at));
	if (trace.log.length === 0) await sink.write('[]');
	else {
		await sink.write('[\n');
		const last = trace.log.length - 1;
		await writeLines(
			sink,
			trace.log.map((l, i) => `    ${JSON.stringify(l.text)}${i < last ? ',' : ''}`),
		);
		await sink.write('  ]');
	}
	await sink.write(`${text.slice(at + JSON.stringify(marker).length)}\n`);
}

/**
 * Runs `casebook sim` with the arguments after `sim`; resolves to the exit code. The report goes
 * to `out` (standard output), errors to `err`.
 */
export async function simCommand(
	argv: readonly string[],
	out: ReportSink = streamSink(),
	err: (line: string) => void = (line) => console.error(line),
): Promise<number> {
	const split = splitDataOptions(argv);
	if ('error' in split) {
		err(`casebook sim: ${split.error}\n\n${USAGE}`);
		return SIM_EXIT.usage;
	}
	const parsed = parseSimArgs(split.rest);
	if ('help' in parsed) {
		await writeLines(out, [USAGE]);
		return SIM_EXIT.completed;
	}
	if ('error' in parsed) {
		err(`casebook sim: ${parsed.error}\n\n${USAGE}`);
		return SIM_EXIT.usage;
	}
	const maxSource = parsed.limits.maxSourceBytes ?? DEFAULT_LIMITS.maxSourceBytes;
	// A single file is read up to the limit first, so /dev/zero or a huge file is refused at once.
	// A device or a pipe has no size: `refused` says the read went past the limit all the same.
	let refused = false;
	let tooLarge: number | undefined;
	if (parsed.paths.length === 1) {
		try {
			const input = await readBounded(parsed.file, maxSource);
			if (input.truncated) [refused, tooLarge] = [true, input.size];
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code !== 'EISDIR') {
				err(
					`casebook sim: cannot read ${printableName(parsed.file)}: ${code ?? (error as Error).message}`,
				);
				return SIM_EXIT.usage;
			}
		}
	}
	let program;
	if (!refused) {
		try {
			// `--input NAME=FILE` is one of the program's files under NAME: a host program reads it
			// by that path, a kernel run without main takes it as the GM parameter NAME.
			program = await readProgram(parsed.paths, parsed.includeDirs, split.data.inputs);
		} catch (error) {
			if (!(error instanceof ProgramReadError)) throw error;
			err(`casebook sim: ${error.message}`);
			return SIM_EXIT.usage;
		}
	}
	parsed.baseUrl = linkBase(parsed.baseUrl);
	let trace: Trace;
	if (program === undefined) trace = sourceTooLargeTrace(tooLarge, maxSource);
	else {
		const single = program.files.length === 0 && program.includeDirs.length === 0;
		const request: RunRequest = {
			source: program.entry.text,
			fileName: single ? basename(parsed.file) : program.entry.path,
			product: parsed.product,
			mode: parsed.mode,
			runLimits: parsed.limits,
		};
		if (!single) {
			request.files = program.files;
			request.includeDirs = program.includeDirs;
		}
		if (parsed.blocks !== undefined) request.blocks = parsed.blocks;
		if (parsed.gmBytes !== undefined) request.gmBytes = parsed.gmBytes;
		if (parsed.cann !== undefined) request.cann = parsed.cann;
		if (parsed.tiling) request.tiling = parsed.tiling;
		if (parsed.tilingKey !== undefined) request.tilingKey = parsed.tilingKey;
		if (parsed.actions !== undefined) request.actions = parsed.actions;
		try {
			await applyDataOptions(request, split.data);
		} catch (error) {
			err(`casebook sim: ${(error as Error).message}`);
			return SIM_EXIT.usage;
		}
		if (parsed.ranks !== undefined) request.ranks = parsed.ranks;
		if (parsed.env !== undefined) request.env = parsed.env;
		if (parsed.devices !== undefined) request.deviceCount = parsed.devices;
		trace = run(request);
	}
	if (split.data.outputDir) {
		const files = await writeOutputs(split.data.outputDir, trace);
		err(`casebook sim: wrote ${files.length} file(s) to ${split.data.outputDir}`);
	}
	// A broken code index costs the links, not the run.
	const directory = await codeDirectory().catch(() => undefined);
	const codes = directory
		? logCodes(
				trace.log.map((line) => line.text),
				directory,
				parsed.lang,
				parsed.baseUrl,
			)
		: [];
	if (parsed.json) await writeJson(out, trace, parsed, codes);
	else await writeLines(out, reportLines(parsed.file, trace, parsed, codes));
	return exitCodeFor(trace.outcome);
}
