/**
 * `casebook check PATH… [--products all|ID,…] [--modes npu,cpu,sanitizer] [--format text|json|sarif|github]
 * [--fail-on error|warning] [--lang zh|en] [--base-url URL] [--max-steps N] [--blocks N]
 * [--gm-bytes N] [--cann V]`: runs one program on every product and mode asked for (all by
 * default) and reports the matrix of outcomes, the resource headroom across products and the
 * findings, for a terminal, a script, code scanning or a CI log. Exit 0 clean, 1 a run failed or
 * a finding is at or above `--fail-on`, 2 bad usage or unreadable program, 3 the program could
 * not be interpreted on some run.
 */
import { readFileSync } from 'node:fs';
import { runCheck } from '../check/check-run.ts';
import { CHECK_MODES, isCheckMode, unavailableModes, type CheckMode } from '../check/check-mode.ts';
import { checkVerdict } from '../check/check-verdict.ts';
import { distinctFindings } from '../check/distinct-findings.ts';
import { FINDING_SEVERITIES, type FindingSeverity } from '../check/finding.ts';
import { sourceTooLarge } from '../check/source-limit.ts';
import { PRODUCT_IDS, isProductId, type ProductId } from '../sim/product-id.ts';
import type { Lang } from '../triage/localized.ts';
import { CheckProgramError, readCheckProgram } from './check-program-fs.ts';
import { formatCheckText, type TextOptions } from './check-text.ts';
import { linkBase, PUBLIC_SITE_URL } from './link-base.ts';
import { PACKAGE_ROOT } from './package-root.ts';

/** Exit codes of `casebook check` (also in docs/cli-check.md). */
export const CHECK_EXIT = { clean: 0, findings: 1, usage: 2, rejected: 3 } as const;

/** The output formats. */
export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;

/** One of {@link CHECK_FORMATS}. */
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** The help's note on modes the simulator does not have yet, if any. */
const NOT_YET = unavailableModes(CHECK_MODES)
	.map((m) => `\n                        ${m} is not simulated yet: its cells say "not available"`)
	.join('');

const USAGE = `Usage: casebook check PATH… [options]

Runs a C++ program (an Ascend C kernel or an AscendCL host program) in the simulator on every
product and mode, and prints the matrix (product × mode → completed, or the rule that failed
with file:line), how close each counted resource came to its limit on each product, and the
findings. Made for editors and CI: catch on one machine what fails on another product.

Options:
  --products all|ID,…   products to run on (default all): ${PRODUCT_IDS.join(', ')}
  --modes M,…           modes to run in (default all: ${CHECK_MODES.join(', ')})${NOT_YET}
  --format F            text (default), json, sarif (SARIF 2.1.0 for code scanning) or github
                        (one workflow annotation per finding)
  --fail-on S           error (default) or warning: the lowest severity that fails the check
  --lang zh|en          language of the report and of the pages it links to (default zh)
  --base-url URL        where the links point (default: \$CASEBOOK_LOCAL_URL if set, else the
                        public site, \$CASEBOOK_SITE_URL or ${PUBLIC_SITE_URL})
  --max-steps N         stop each run after N loop iterations and calls (default 2000000)
  --blocks N            blocks per kernel when there is no main (default 1)
  --gm-bytes N          bytes of each synthetic GM buffer when there is no main (default 1048576)
  --cann V              CANN version, e.g. 8.0.RC2 (default: each product's own)
  -h, --help            show this help

Exit status:
  0  clean: every run completed and no finding is at or above --fail-on
  1  a run failed (error code, hang or abort), or a finding is at or above --fail-on
  2  bad usage, an unreadable or too large program, or none of the modes asked for can
     be run yet
  3  rejected: the program could not be interpreted on some run`;

/** The parsed command line. */
export interface CheckOptions {
	paths: string[];
	products: ProductId[];
	modes: CheckMode[];
	format: CheckFormat;
	failOn: FindingSeverity;
	lang: Lang;
	/** Prefix of the printed links; empty (not given) means the configured public site. */
	baseUrl: string;
	maxSteps?: number;
	blocks?: number;
	gmBytes?: number;
	cann?: string;
}

function quoted(v: string | undefined): string {
	return v === undefined ? 'nothing' : `"${v}"`;
}

/** Reads a comma list of names, each checked against `known`; `all` for every one. */
function parseList<T extends string>(
	flag: string,
	value: string | undefined,
	known: readonly T[],
	isKnown: (v: string) => v is T,
): T[] | { error: string } {
	if (value === 'all') return [...known];
	const items = (value ?? '').split(',').map((v) => v.trim());
	const bad = items.find((v) => !isKnown(v));
	if (!value || bad !== undefined) {
		return {
			error: `${flag} takes all or a comma list of ${known.join(', ')}; ${quoted(bad ?? value)} is not one.`,
		};
	}
	// Matrix order is the simulator's order, whatever order they were given in.
	return known.filter((k) => items.includes(k));
}

/** Parses the arguments after `check`: options, `{ help: true }` or an error message. */
export function parseCheckArgs(
	argv: readonly string[],
): CheckOptions | { help: true } | { error: string } {
	const options: CheckOptions = {
		paths: [],
		products: [...PRODUCT_IDS],
		modes: [...CHECK_MODES],
		format: 'text',
		failOn: 'error',
		lang: 'zh',
		baseUrl: '',
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
		const flag = eq > 0 ? arg.slice(0, eq) : arg;
		const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
		const value = (): string | undefined => inline ?? argv[++i];
		switch (flag) {
			case '-h':
			case '--help':
				return { help: true };
			case '--products': {
				const list = parseList(flag, value(), PRODUCT_IDS, isProductId);
				if ('error' in list) return list;
				options.products = list;
				break;
			}
			case '--modes': {
				const list = parseList(flag, value(), CHECK_MODES, isCheckMode);
				if ('error' in list) return list;
				options.modes = list;
				break;
			}
			case '--format': {
				const v = value();
				if (!(CHECK_FORMATS as readonly string[]).includes(v ?? ''))
					return {
						error: `--format must be one of ${CHECK_FORMATS.join(', ')}, not ${quoted(v)}.`,
					};
				options.format = v as CheckFormat;
				break;
			}
			case '--fail-on': {
				const v = value();
				if (!(FINDING_SEVERITIES as readonly string[]).includes(v ?? ''))
					return { error: `--fail-on must be "error" or "warning", not ${quoted(v)}.` };
				options.failOn = v as FindingSeverity;
				break;
			}
			case '--lang': {
				const v = value();
				if (v !== 'zh' && v !== 'en')
					return { error: `--lang must be "zh" or "en", not ${quoted(v)}.` };
				options.lang = v;
				break;
			}
			case '--base-url': {
				const v = value();
				if (v === undefined || !URL.canParse(v))
					return {
						error: `--base-url needs an absolute URL such as https://casebook.example.org, not ${quoted(v)}.`,
					};
				options.baseUrl = v;
				break;
			}
			case '--max-steps':
			case '--blocks':
			case '--gm-bytes': {
				const v = value();
				const n = v === undefined ? Number.NaN : Number(v);
				if (!Number.isInteger(n) || n < 1)
					return { error: `${flag} needs a positive whole number, not ${quoted(v)}.` };
				options[flag === '--max-steps' ? 'maxSteps' : flag === '--blocks' ? 'blocks' : 'gmBytes'] =
					n;
				break;
			}
			case '--cann': {
				const v = value();
				if (!v) return { error: '--cann needs a version, e.g. 8.0.RC2.' };
				options.cann = v;
				break;
			}
			default:
				if (flag.startsWith('-') && flag !== '-') return { error: `unknown option "${flag}".` };
				options.paths.push(arg);
		}
	}
	if (options.paths.length === 0) return { error: 'PATH is missing.' };
	const missing = unavailableModes(options.modes);
	if (missing.length === options.modes.length)
		return {
			error: `the simulator has no ${missing.join(', ')} mode yet, so nothing would run; ask for one of ${CHECK_MODES.filter((m) => !missing.includes(m)).join(', ')} too.`,
		};
	return options;
}

/** The version code scanning shows for the tool: the package's. */
function packageVersion(): string {
	try {
		const pkg = JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as {
			version?: string;
		};
		return pkg.version ?? '0.0.0';
	} catch {
		return '0.0.0';
	}
}

/** Runs `casebook check` with the arguments after `check`; resolves to the exit code. */
export async function checkCommand(argv: readonly string[]): Promise<number> {
	const parsed = parseCheckArgs(argv);
	if ('help' in parsed) {
		console.log(USAGE);
		return CHECK_EXIT.clean;
	}
	if ('error' in parsed) {
		console.error(`casebook check: ${parsed.error}\n\n${USAGE}`);
		return CHECK_EXIT.usage;
	}
	let onDisk;
	try {
		onDisk = await readCheckProgram(parsed.paths);
	} catch (error) {
		if (!(error instanceof CheckProgramError)) throw error;
		console.error(`casebook check: ${error.message}`);
		return CHECK_EXIT.usage;
	}
	const tooLarge = sourceTooLarge(onDisk.program.source, parsed.lang, 'cli');
	if (tooLarge) {
		console.error(`casebook check: ${parsed.paths.join(' ')}: ${tooLarge}`);
		return CHECK_EXIT.usage;
	}
	const program = { ...onDisk.program };
	if (parsed.maxSteps !== undefined) program.maxSteps = parsed.maxSteps;
	if (parsed.blocks !== undefined) program.blocks = parsed.blocks;
	if (parsed.gmBytes !== undefined) program.gmBytes = parsed.gmBytes;
	if (parsed.cann !== undefined) program.cann = parsed.cann;
	const report = runCheck({ program, products: parsed.products, modes: parsed.modes });
	const options: TextOptions = {
		lang: parsed.lang,
		baseUrl: linkBase(parsed.baseUrl),
		file: parsed.paths.join(' '),
		displayPath: onDisk.displayPath,
	};
	switch (parsed.format) {
		case 'text':
			console.log(formatCheckText(report, options));
			break;
		case 'json': {
			const { checkJson } = await import('./check-json.ts');
			console.log(JSON.stringify(checkJson(report, options), null, 2));
			break;
		}
		case 'sarif': {
			// The SARIF builder loads only when SARIF is asked for.
			const { checkSarif } = await import('./check-sarif.ts');
			console.log(JSON.stringify(checkSarif(report, options, packageVersion()), null, 2));
			break;
		}
		case 'github': {
			const { githubAnnotation } = await import('./check-github.ts');
			for (const f of distinctFindings(report.cells)) console.log(githubAnnotation(f, options));
			break;
		}
	}
	return CHECK_EXIT[checkVerdict(report.cells, parsed.failOn)];
}
