/**
 * `casebook sim FILE [--product ID] [--mode npu|cpu] [--json] [--max-steps N] [--blocks N]
 * [--gm-bytes N] [--cann V] [--actions LIST]`: runs a C++ program (an Ascend C kernel or an AscendCL host
 * program) in the simulator and prints what a terminal user would see: the program's output and
 * the log lines, then the diagnostics as `file:line:col: error: message`.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { actionSchema, type Action } from '../cases/schema.ts';
import { run } from '../lang/index.ts';
import { PRODUCT_IDS, isProductId, type ProductId } from '../sim/product-id.ts';
import type { RunMode, RunRequest } from '../sim/run-request.ts';
import type { Diagnostic, Outcome, Trace } from '../sim/trace.ts';

/** Exit codes of `casebook sim` (also in docs/cli-sim.md). */
export const SIM_EXIT = { completed: 0, failed: 1, usage: 2, rejected: 3 } as const;

/** Default product when `--product` is not given. */
export const DEFAULT_PRODUCT: ProductId = 'atlas-a2';

const USAGE = `Usage: casebook sim FILE [options]

Runs a C++ program in the Ascend simulator: main() as a host process if the program has one,
otherwise every __global__ kernel with synthetic GM buffers. Prints the program's output and the
log lines, then the diagnostics.

Options:
  --product ID      ${PRODUCT_IDS.join(', ')}
                    (default ${DEFAULT_PRODUCT})
  --mode npu|cpu    NPU (violations hang) or CPU debug (checks abort) (default npu)
  --json            print {"outcome","log":[…],"diagnostics":[{code,severity,message,line,column}],
                    "calls":{API name: count},…}
  --max-steps N     stop after N loop iterations and calls (default 2000000)
  --blocks N        blocks per kernel when there is no main (default 1)
  --gm-bytes N      bytes of each synthetic GM buffer when there is no main (default 1048576)
  --cann V          CANN version, e.g. 8.0.RC2 (picks log wording)
  --actions LIST    user actions, e.g. "run; wait 50; signal SIGTERM; run" (run, wait MS,
                    signal SIGINT|SIGTERM|SIGSEGV|SIGABRT|SIGKILL, suspend; default: run)
  -h, --help        show this help

Exit status:
  0  completed: the program ran to the end without an error
  1  the program failed: error (an API returned an error code), hang or abort
  2  bad usage or unreadable file
  3  rejected: the program could not be interpreted (syntax error, unsupported construct)`;

/** The parsed command line. */
export interface SimOptions {
	file: string;
	product: ProductId;
	mode: RunMode;
	json: boolean;
	maxSteps?: number;
	blocks?: number;
	gmBytes?: number;
	cann?: string;
	actions?: Action[];
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
		const candidate =
			verb === 'wait'
				? { do: 'wait', ms: Number(arg) }
				: verb === 'signal'
					? { do: 'signal', signal: arg }
					: { do: verb };
		const parsed = actionSchema.safeParse(candidate);
		if (!parsed.success || extra.length > 0 || (verb !== 'wait' && verb !== 'signal' && arg)) {
			return {
				error: `--actions: cannot read "${part}"; use run, wait MS, signal SIGINT|SIGTERM|SIGSEGV|SIGABRT|SIGKILL or suspend.`,
			};
		}
		actions.push(parsed.data);
	}
	return actions;
}

/** Parses the arguments after `sim`: options, `{ help: true }` or an error message. */
export function parseSimArgs(
	argv: readonly string[],
): SimOptions | { help: true } | { error: string } {
	let file: string | undefined;
	let product: ProductId = DEFAULT_PRODUCT;
	let mode: RunMode = 'npu';
	let json = false;
	const numbers: Partial<Record<'maxSteps' | 'blocks' | 'gmBytes', number>> = {};
	let cann: string | undefined;
	let actions: Action[] | undefined;
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
			case '--json':
				json = true;
				break;
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
				if (v !== 'npu' && v !== 'cpu')
					return {
						error: `--mode must be "npu" or "cpu", not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				mode = v;
				break;
			}
			case '--max-steps':
			case '--blocks':
			case '--gm-bytes': {
				const v = value();
				const n = v === undefined ? Number.NaN : Number(v);
				if (!Number.isInteger(n) || n < 1)
					return {
						error: `${flag} needs a positive whole number, not ${v === undefined ? 'nothing' : `"${v}"`}.`,
					};
				numbers[flag === '--max-steps' ? 'maxSteps' : flag === '--blocks' ? 'blocks' : 'gmBytes'] =
					n;
				break;
			}
			case '--actions': {
				const v = value();
				const parsedActions = parseActions(v ?? '');
				if ('error' in parsedActions) return parsedActions;
				actions = parsedActions;
				break;
			}
			case '--cann': {
				const v = value();
				if (!v) return { error: '--cann needs a version, e.g. 8.0.RC2.' };
				cann = v;
				break;
			}
			default:
				if (flag.startsWith('-') && flag !== '-') return { error: `unknown option "${flag}".` };
				if (file !== undefined) return { error: `only one FILE, got "${file}" and "${arg}".` };
				file = arg;
		}
	}
	if (file === undefined) return { error: 'FILE is missing.' };
	const options: SimOptions = { file, product, mode, json, ...numbers };
	if (cann) options.cann = cann;
	if (actions) options.actions = actions;
	return options;
}

/** The exit code for an outcome. */
export function exitCodeFor(outcome: Outcome): number {
	if (outcome === 'completed') return SIM_EXIT.completed;
	if (outcome === 'rejected') return SIM_EXIT.rejected;
	return SIM_EXIT.failed;
}

/** One diagnostic the way compilers print them: `file:line:col: error: message`, then the hint. */
export function formatDiagnostic(file: string, d: Diagnostic): string {
	const lines = [`${file}:${d.line}:${d.column}: ${d.severity}: ${d.message} [${d.code}]`];
	if (d.hint) lines.push(`  hint: ${d.hint}`);
	if (d.case) lines.push(`  see: /en/cases/${d.case}/`);
	return lines.join('\n');
}

/** The human-readable report of a run. */
export function formatTrace(file: string, trace: Trace): string {
	const out: string[] = [];
	for (const line of trace.log) out.push(line.text);
	for (const leak of trace.leaks) {
		const at = leak.span ? ` (line ${leak.span.line})` : '';
		out.push(`leak: pid ${leak.pid} ${leak.kind} ${leak.detail}${at}`);
	}
	if (trace.diagnostics.length > 0 && out.length > 0) out.push('');
	for (const d of trace.diagnostics) out.push(formatDiagnostic(file, d));
	out.push(`${out.length > 0 ? '\n' : ''}outcome: ${trace.outcome}`);
	return out.join('\n');
}

/**
 * The `--json` report: the fields the design promises (outcome, log, diagnostics, and `calls`:
 * each API as the program called it → how many times), plus leaks and the step count.
 */
export function traceJson(trace: Trace): object {
	return {
		outcome: trace.outcome,
		log: trace.log.map((l) => l.text),
		diagnostics: trace.diagnostics.map((d) => ({
			code: d.code,
			severity: d.severity,
			message: d.message,
			line: d.line,
			column: d.column,
			...(d.hint ? { hint: d.hint } : {}),
			...(d.case ? { case: d.case } : {}),
		})),
		leaks: trace.leaks,
		calls: trace.calls,
		steps: trace.steps.length,
	};
}

/** Runs `casebook sim` with the arguments after `sim`; resolves to the exit code. */
export async function simCommand(argv: readonly string[]): Promise<number> {
	const parsed = parseSimArgs(argv);
	if ('help' in parsed) {
		console.log(USAGE);
		return SIM_EXIT.completed;
	}
	if ('error' in parsed) {
		console.error(`casebook sim: ${parsed.error}\n\n${USAGE}`);
		return SIM_EXIT.usage;
	}
	let source: string;
	try {
		source = await readFile(parsed.file, 'utf8');
	} catch (error) {
		console.error(
			`casebook sim: cannot read ${parsed.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
		);
		return SIM_EXIT.usage;
	}
	const request: RunRequest = {
		source,
		fileName: basename(parsed.file),
		product: parsed.product,
		mode: parsed.mode,
	};
	if (parsed.maxSteps !== undefined) request.maxSteps = parsed.maxSteps;
	if (parsed.blocks !== undefined) request.blocks = parsed.blocks;
	if (parsed.gmBytes !== undefined) request.gmBytes = parsed.gmBytes;
	if (parsed.cann !== undefined) request.cann = parsed.cann;
	if (parsed.actions !== undefined) request.actions = parsed.actions;
	const trace = run(request);
	if (parsed.json) console.log(JSON.stringify(traceJson(trace), null, 2));
	else console.log(formatTrace(parsed.file, trace));
	return exitCodeFor(trace.outcome);
}
