/**
 * Golden files for the interpreter (style.md #7): every `tests/golden/lang/*.txt` holds cases
 * of the form
 *
 *   ### title {product: atlas-a2, mode: cpu, blocks: 1, actions: run; wait 50; signal SIGINT}
 *   <C++ program, or `@program tests/programs/<file>.cpp`>
 *   ==>
 *   <expected outcome, log lines and diagnostics>
 *
 * A program of several files starts each with `@file path` (the first is the entry; sources are
 * compiled and linked, headers included, other files read as data). More options:
 * `tiling: FIELD=VALUE;…`, `tiling-key: K`, `include: DIR;…`. After `@program`, `@file` blocks add
 * further files to the referenced program.
 *
 * Run with UPDATE_GOLDEN=1 to rewrite the expected parts; review the diff.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isProductId } from '../sim/product-id.ts';
import type { Action, ProgramFile, RunRequest } from '../sim/run-request.ts';
import type { Trace } from '../sim/trace.ts';
import { run } from './run.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = `${root}tests/golden/lang/`;
const update = process.env['UPDATE_GOLDEN'] === '1';

/** Log lines kept in a golden file; longer logs are cut with a count. */
const MAX_LOG_LINES = 40;

interface GoldenCase {
	title: string;
	options: string;
	program: string;
	expected: string;
}

function parseGolden(text: string): GoldenCase[] {
	const cases: GoldenCase[] = [];
	const parts = text.split(/^### /m).slice(1);
	for (const part of parts) {
		const nl = part.indexOf('\n');
		const header = part.slice(0, nl);
		const body = part.slice(nl + 1);
		const m = /^(.*?)\s*(?:\{(.*)\})?\s*$/.exec(header)!;
		const [program, expected = ''] = body.split(/^==>\n/m);
		cases.push({
			title: m[1]!,
			options: m[2] ?? '',
			program: program!,
			expected: expected.trimEnd(),
		});
	}
	return cases;
}

function requestOf(c: GoldenCase): RunRequest {
	const opts = new Map<string, string>();
	for (const kv of c.options.split(/,\s*(?=[\w-]+:)/)) {
		const i = kv.indexOf(':');
		if (i > 0) opts.set(kv.slice(0, i).trim(), kv.slice(i + 1).trim());
	}
	const product = opts.get('product') ?? 'atlas-a2';
	if (!isProductId(product)) throw new Error(`unknown product ${product} in "${c.title}"`);
	const ref = /^@program (\S+)\s*$/m.exec(c.program);
	const source = ref ? readFileSync(`${root}${ref[1]}`, 'utf8') : c.program;
	const files = splitFiles(source);
	const request: RunRequest = {
		source: files ? files[0]!.text : source,
		fileName: files ? files[0]!.path : ref ? ref[1]!.split('/').pop()! : 'main.cpp',
		product,
		mode: opts.get('mode') === 'cpu' ? 'cpu' : 'npu',
	};
	if (files) request.files = files.slice(1);
	// `@program` followed by `@file` blocks: the referenced program plus those files (data, headers).
	const withProgram = ref ? splitFiles(c.program.replace(/^@program .*\n/m, '')) : undefined;
	if (withProgram) request.files = withProgram;
	if (opts.has('include')) request.includeDirs = opts.get('include')!.split(';');
	if (opts.has('tiling-key')) request.tilingKey = Number(opts.get('tiling-key'));
	if (opts.has('tiling')) {
		request.tiling = Object.fromEntries(
			opts
				.get('tiling')!
				.split(';')
				.map((kv) => kv.split('='))
				.map(([k, v]) => [k!.trim(), Number(v)]),
		);
	}
	if (opts.has('blocks')) request.blocks = Number(opts.get('blocks'));
	if (opts.has('max-steps')) request.maxSteps = Number(opts.get('max-steps'));
	if (opts.has('actions')) request.actions = parseActions(opts.get('actions')!);
	return request;
}

/** The `@file path` sections of a program, or undefined when it is one file. */
function splitFiles(text: string): ProgramFile[] | undefined {
	if (!/^@file /m.test(text)) return undefined;
	return text
		.split(/^@file /m)
		.slice(1)
		.map((part) => {
			const nl = part.indexOf('\n');
			return { path: part.slice(0, nl).trim(), text: part.slice(nl + 1) };
		});
}

function parseActions(text: string): Action[] {
	return text.split(';').map((a): Action => {
		const [verb, arg] = a.trim().split(/\s+/);
		if (verb === 'wait') return { do: 'wait', ms: Number(arg) };
		if (verb === 'signal') return { do: 'signal', signal: arg as 'SIGINT' };
		if (verb === 'suspend') return { do: 'suspend' };
		return { do: 'run' };
	});
}

/** The text a golden file stores for a trace. */
export function describeTrace(trace: Trace): string {
	const lines = [`outcome: ${trace.outcome}`];
	const log = trace.log.map((l) => `${l.channel}| ${l.text}`);
	lines.push(...log.slice(0, MAX_LOG_LINES));
	if (log.length > MAX_LOG_LINES) lines.push(`… ${log.length - MAX_LOG_LINES} more log lines`);
	for (const d of trace.diagnostics)
		lines.push(
			`${d.file ? `${d.file}:` : ''}${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`,
		);
	for (const l of trace.leaks) lines.push(`leak ${l.kind}: ${l.detail}`);
	return lines.join('\n');
}

const files = readdirSync(dir)
	.filter((f) => f.endsWith('.txt'))
	.sort();

for (const file of files) {
	const text = readFileSync(dir + file, 'utf8');
	const cases = parseGolden(text);
	describe(`golden ${file}`, () => {
		const actual = cases.map((c) => describeTrace(run(requestOf(c))));
		if (update) {
			const out = cases
				.map(
					(c, i) =>
						`### ${c.title}${c.options ? ` {${c.options}}` : ''}\n${c.program.trimEnd()}\n==>\n${actual[i]}\n`,
				)
				.join('\n');
			writeFileSync(dir + file, out);
		}
		cases.forEach((c, i) => {
			it(`${c.title} runs as recorded`, () => {
				expect(actual[i]).toBe(c.expected);
			});
		});
	});
}
