/**
 * Golden traces of the host simulator: one text file per topic in tests/golden/sim-host/, each
 * with sections `# title`, the scenario, `==>`, and the rendered trace. Run with UPDATE_GOLDEN=1
 * to rewrite them, then review the diff.
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../trace.ts';
import { KERNEL_COMPLETED } from './acl-runtime.ts';
import {
	at,
	eventIdExhausted,
	finish,
	newMachine,
	resourceLeak,
	signalHandlerDoubleRelease,
	suspendHwtsBusy,
} from './seed-scenarios.test-util.ts';
import { hostCalls } from './host-calls.test-util.ts';

const DIR = new URL('../../../tests/golden/sim-host/', import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === '1';

interface Section {
	title: string;
	scenario: string;
	run: () => Trace;
}

/** The trace as reviewable text: outcome, log, diagnostics, leaks, series, then the last steps. */
function render(trace: Trace): string {
	const out: string[] = [`outcome: ${trace.outcome}`, 'log:'];
	for (const l of trace.log) out.push(`  [${l.channel} @${l.time}] ${l.text}`);
	out.push('diagnostics:');
	for (const d of trace.diagnostics)
		out.push(`  ${d.severity} ${d.code} at ${d.line}:${d.column}: ${d.message}`);
	out.push(`leaks: ${trace.leaks.length}`);
	for (const l of trace.leaks.slice(0, 5)) out.push(`  ${l.kind} (pid ${l.pid}): ${l.detail}`);
	if (trace.leaks.length > 5) out.push(`  … ${trace.leaks.length - 5} more`);
	out.push('series:');
	for (const s of trace.series) {
		const values = s.points.map((p) => p[1]);
		out.push(
			`  ${s.id} (${s.unit}, limit ${s.limit}): ${s.points.length} points, peak ${Math.max(...values)}, last ${values[values.length - 1]}`,
		);
	}
	out.push(`steps: ${trace.steps.length}${trace.stepsTruncated ? ' (truncated)' : ''}, last 12:`);
	for (const s of trace.steps.slice(-12)) {
		const line = s.span ? ` @${s.span.line}` : '';
		out.push(
			`  #${s.step} t=${s.time} ${s.actor} ${s.call}(${s.args.join(', ')}) → ${s.result}${line}`,
		);
	}
	return out.join('\n');
}

function fileText(sections: readonly Section[]): string {
	return sections.map((s) => `# ${s.title}\n${s.scenario}\n==>\n${render(s.run())}\n`).join('\n');
}

const TOPICS: Record<string, Section[]> = {
	'acl-resource-leak': [
		{
			title: 'faulty: device memory runs out',
			scenario: "resourceLeak('faulty')",
			run: () => resourceLeak('faulty').trace,
		},
		{
			title: 'fixed: every block freed',
			scenario: "resourceLeak('fixed')",
			run: () => resourceLeak('fixed').trace,
		},
	],
	'acl-event-id-exhausted': [
		{
			title: 'faulty, CANN 6.0.1 (product default): the seed trio',
			scenario: "eventIdExhausted('faulty')",
			run: () => eventIdExhausted('faulty').trace,
		},
		{
			title: 'faulty, CANN 8.0.0: Event id alloc error / ErrCode=207007',
			scenario: "eventIdExhausted('faulty', '8.0.0')",
			run: () => eventIdExhausted('faulty', '8.0.0').trace,
		},
		{
			title: 'faulty, CANN 8.5.0: plus EE1023 on the screen',
			scenario: "eventIdExhausted('faulty', '8.5.0')",
			run: () => eventIdExhausted('faulty', '8.5.0').trace,
		},
		{
			title: 'fixed: one ACL_EVENT_SYNC event, reset each time',
			scenario: "eventIdExhausted('fixed')",
			run: () => eventIdExhausted('fixed').trace,
		},
	],
	'signal-handler-double-release': [
		{
			title: 'faulty: the SIGINT handler releases; the next run fails',
			scenario: "signalHandlerDoubleRelease('faulty')",
			run: () => signalHandlerDoubleRelease('faulty').trace,
		},
		{
			title: 'fixed: no handler; the next run succeeds',
			scenario: "signalHandlerDoubleRelease('fixed')",
			run: () => signalHandlerDoubleRelease('fixed').trace,
		},
	],
	'suspend-hwts-busy': [
		{
			title: 'faulty: suspend while the process runs',
			scenario: "suspendHwtsBusy('faulty')",
			run: () => suspendHwtsBusy('faulty').trace,
		},
		{
			title: 'fixed: kill -2 first, then suspend',
			scenario: "suspendHwtsBusy('fixed')",
			run: () => suspendHwtsBusy('fixed').trace,
		},
	],
	'kernel-failures': [
		{
			title: 'a vector-core exception and a hang on Atlas A2, reported at synchronize',
			scenario: 'launch exception → sync; launch hang → sync with 100 ms timeout → sync',
			run: () => {
				const machine = newMachine({ product: 'atlas-a2' });
				const p = machine.spawn({ name: 'add_npu' });
				const acl = hostCalls(p.acl);
				acl.aclInit(null, at(3));
				acl.aclrtSetDevice(0, at(4));
				const { stream } = acl.aclrtCreateStream(at(5));
				acl.launchKernel(
					stream,
					{
						name: 'add_custom',
						blocks: 8,
						outcome: { kind: 'exception', reason: 'ub address out of bounds' },
					},
					at(7),
				);
				acl.aclrtSynchronizeStream(stream, at(8));
				acl.launchKernel(
					stream,
					{
						name: 'add_custom',
						blocks: 8,
						outcome: { kind: 'hang', reason: 'AllocTensor never returns' },
					},
					at(10),
				);
				acl.aclrtSynchronizeStreamWithTimeout(stream, 100, at(11));
				acl.aclrtSynchronizeStream(stream, at(12));
				acl.launchKernel(
					stream,
					{ name: 'add_custom', blocks: 8, outcome: KERNEL_COMPLETED },
					at(14),
				);
				acl.aclrtSynchronizeStream(stream, at(15));
				acl.aclrtDestroyStream(stream, at(16));
				acl.aclrtResetDevice(0, at(17));
				acl.aclFinalize(at(18));
				p.returnFromMain(1, at(19));
				return finish(machine, 'error');
			},
		},
	],
};

describe('golden host traces (tests/golden/sim-host)', () => {
	for (const [topic, sections] of Object.entries(TOPICS)) {
		it(`${topic}.txt matches the simulator`, () => {
			const url = new URL(`${topic}.txt`, DIR);
			const actual = fileText(sections);
			if (UPDATE || !existsSync(url)) {
				mkdirSync(DIR, { recursive: true });
				writeFileSync(url, actual);
			}
			expect(actual).toBe(readFileSync(url, 'utf8'));
		});
	}
});
