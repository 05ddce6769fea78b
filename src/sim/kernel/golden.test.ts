/**
 * Golden traces of the kernel simulator: each case in tests/golden/sim-kernel/*.txt is a header
 * (product, mode, blocks, cann, file), a kernel script (see kernel-script.ts), `==>`, and the
 * expected trace as text. Run with UPDATE_GOLDEN=1 to rewrite the expectations, then review the
 * diff.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock.ts';
import { describeChange } from '../facts/state-change.ts';
import { isProductId } from '../product-id.ts';
import { Recorder } from '../recorder.ts';
import type { RunMode } from '../run-request.ts';
import type { Trace } from '../trace.ts';
import { createKernelLaunch, type KernelRunResult, runOutcome } from './kernel-launch.ts';
import { parseKernelScript, runKernelScript } from './kernel-script.ts';

const dir = join(import.meta.dirname, '../../../tests/golden/sim-kernel');
const update = process.env.UPDATE_GOLDEN === '1';

interface GoldenCase {
	title: string;
	header: Record<string, string>;
	script: string;
	expected: string;
}

function parseGolden(text: string): GoldenCase[] {
	const cases: GoldenCase[] = [];
	for (const chunk of text.split(/^(?=# )/m)) {
		if (!chunk.startsWith('# ')) continue;
		const [head, expected = ''] = chunk.split(/^==>\s*$/m);
		const lines = head!.split('\n');
		const title = lines[0]!.slice(2).trim();
		const header: Record<string, string> = {};
		let i = 1;
		for (; i < lines.length; i++) {
			const m = /^(\w+):\s*(.*)$/.exec(lines[i]!);
			if (!m) break;
			header[m[1]!] = m[2]!.trim();
		}
		cases.push({ title, header, script: lines.slice(i).join('\n'), expected: expected.trim() });
	}
	return cases;
}

/** Renders a run as the text a golden file holds. */
export function renderRun(result: KernelRunResult, trace: Trace): string {
	const out: string[] = [];
	const stalled = result.stalled
		? ` (core ${result.stalled.blockIdx} stopped in ${result.stalled.call}: ${result.stalled.reason})`
		: '';
	out.push(`outcome: ${result.outcome}${stalled}`);
	out.push('steps:');
	for (const s of trace.steps) {
		const changes = (s.changes ?? []).map(describeChange).join('; ');
		const args = s.args.length > 0 ? ` ${s.args.join(', ')}` : '';
		out.push(
			`  ${s.step} t=${s.time} ${s.actor} L${s.span?.line ?? '?'} ${s.call}${args} -> ${s.result}${changes ? ` | ${changes}` : ''}`,
		);
	}
	if (trace.log.length > 0) {
		out.push('log:');
		for (const l of trace.log) out.push(`  [${l.channel}] ${l.text}`);
	}
	if (trace.diagnostics.length > 0) {
		out.push('diagnostics:');
		for (const d of trace.diagnostics)
			out.push(`  ${d.severity} ${d.code} ${d.line}:${d.column} ${d.message}`);
	}
	out.push('series:');
	for (const s of trace.series) {
		out.push(`  ${s.id} (limit ${s.limit}): ${s.points.map(([t, v]) => `${v}@${t}`).join(' ')}`);
	}
	return out.join('\n');
}

/** Runs one golden case. */
function runCase(c: GoldenCase): string {
	const product = c.header.product ?? 'atlas-training';
	if (!isProductId(product)) throw new Error(`unknown product ${product}`);
	const recorder = new Recorder(new VirtualClock());
	const file = c.header.file ?? 'kernel.cpp';
	const launch = createKernelLaunch({
		product,
		mode: (c.header.mode ?? 'cpu') as RunMode,
		...(c.header.cann ? { cann: c.header.cann } : {}),
		blockDim: Number(c.header.blocks ?? '1'),
		recorder,
		pid: Number(c.header.pid ?? '321674'),
		kernelName: c.header.kernel ?? 'kernel',
		fileName: file,
	});
	const script = parseKernelScript(c.script, file);
	const result = launch.run((core) =>
		runKernelScript(core, script, Number(c.header.gm ?? 1 << 20)),
	);
	return renderRun(result, recorder.finish(runOutcome(result.outcome)));
}

const files = readdirSync(dir)
	.filter((f) => f.endsWith('.txt'))
	.sort();

describe('golden kernel traces', () => {
	for (const name of files) {
		describe(name, () => {
			const path = join(dir, name);
			const text = readFileSync(path, 'utf8');
			const cases = parseGolden(text);
			if (update) {
				const rewritten = text.split(/^(?=# )/m).map((chunk) => {
					if (!chunk.startsWith('# ')) return chunk;
					const c = parseGolden(chunk)[0]!;
					const head = chunk.split(/^==>\s*$/m)[0]!.trimEnd();
					return `${head}\n\n==>\n\n${runCase(c)}\n\n`;
				});
				writeFileSync(path, rewritten.join('').trimEnd() + '\n');
			}
			for (const c of cases) {
				it(`${c.title} produces the recorded trace`, () => {
					expect(runCase(c)).toBe(
						parseGolden(readFileSync(path, 'utf8')).find((x) => x.title === c.title)!.expected,
					);
				});
			}
		});
	}
});
