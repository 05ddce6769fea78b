/**
 * The interpreter against peers, side by side in one run: the same C++ loop in src/lang, in
 * JSCPP (a C++ interpreter written in JavaScript, npm `JSCPP`), and the equivalent plain
 * JavaScript loop as the limit no interpreter on this engine can beat. Each is timed at two loop
 * counts and compared on the cost of one more iteration (the slope), so start-up costs (parsing,
 * JSCPP's own set-up) do not blur the ratio; the runners take turns, round after round, so a
 * change in the machine's load falls on all of them; one row compares the same program end to end.
 * Goal: ≥ 100× JSCPP.
 */
import JSCPP from 'JSCPP';
import { run } from '../../src/lang/index.ts';
import { median, ratioRow, type Bench, type BenchRow } from './bench-row.ts';

/** One loop in C++ that both interpreters run as written (JSCPP has no `%lld`, so `int`). */
function loopProgram(iterations: number): string {
	return `#include <cstdio>
int main() {
    int sum = 0;
    for (int i = 0; i < ${iterations}; i++) {
        sum += i % 7;
    }
    printf("%d\\n", sum);
    return 0;
}
`;
}

/** What the loop prints, to check every runner really ran it. */
function expected(iterations: number): string {
	let sum = 0;
	for (let i = 0; i < iterations; i++) sum += i % 7;
	return String(sum);
}

function timed(runs: number, once: () => string, want: string): number {
	const samples: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		const out = once();
		samples.push(performance.now() - start);
		if (out.trim() !== want) throw new Error(`the loop printed "${out.trim()}", not ${want}`);
	}
	return median(samples);
}

function casebook(iterations: number): string {
	const result = run({ source: loopProgram(iterations), product: 'atlas-a2', mode: 'npu' });
	if (result.outcome !== 'completed') throw new Error(`src/lang: ${result.outcome}`);
	return result.log
		.filter((line) => line.channel === 'stdout')
		.map((line) => line.text)
		.join('\n');
}

function jscpp(iterations: number): string {
	let out = '';
	JSCPP.run(loopProgram(iterations), '', { stdio: { write: (s: string) => (out += s) } });
	return out;
}

function plainJs(iterations: number): string {
	let sum = 0;
	for (let i = 0; i < iterations; i++) sum = (sum + (i % 7)) | 0;
	return String(sum);
}

interface Runner {
	label: string;
	once(iterations: number): string;
	/** Two loop counts, large enough that the slope dominates noise. */
	counts: [number, number];
}

const RUNNERS: Runner[] = [
	{ label: 'src/lang', once: casebook, counts: [100_000, 1_000_000] },
	{ label: 'JSCPP', once: jscpp, counts: [10_000, 60_000] },
	{ label: 'plain JavaScript', once: plainJs, counts: [1_000_000, 50_000_000] },
];

/** Rounds of measurement; each round times every runner once, so load changes hit all alike. */
const ROUNDS = 5;

interface Measured {
	/** Nanoseconds per extra iteration (median over the rounds). */
	nsPerIteration: number;
	/** Time of the smaller count (median). */
	smallMs: number;
}

function measureInterleaved(runners: readonly Runner[]): Measured[] {
	const slopes = runners.map(() => [] as number[]);
	const smalls = runners.map(() => [] as number[]);
	for (const runner of runners) runner.once(runner.counts[0]); // warm-up
	for (let round = 0; round < ROUNDS; round++) {
		runners.forEach((runner, i) => {
			const [small, large] = runner.counts;
			const smallMs = timed(1, () => runner.once(small), expected(small));
			const largeMs = timed(1, () => runner.once(large), expected(large));
			slopes[i]!.push(((largeMs - smallMs) * 1e6) / (large - small));
			smalls[i]!.push(smallMs);
		});
	}
	return runners.map((_, i) => ({
		nsPerIteration: median(slopes[i]!),
		smallMs: median(smalls[i]!),
	}));
}

const bench: Bench = async () => {
	const [ours, peer, limit] = measureInterleaved(RUNNERS) as [Measured, Measured, Measured];
	// End to end, the same program and count in both interpreters (JSCPP's small count).
	const same = RUNNERS[1]!.counts[0];
	const oursSameMs = timed(3, () => casebook(same), expected(same));
	const rows: BenchRow[] = [
		ratioRow(
			'loop iteration: JSCPP ÷ src/lang (times faster than JSCPP)',
			{ label: 'src/lang', value: ours.nsPerIteration, unit: 'ns/iter' },
			{ label: 'JSCPP', value: peer.nsPerIteration, unit: 'ns/iter' },
			{ min: 100 },
			true,
		),
		ratioRow(
			'loop iteration: src/lang ÷ plain JavaScript (times slower than the limit)',
			{ label: 'src/lang', value: ours.nsPerIteration, unit: 'ns/iter' },
			{ label: 'plain JS', value: limit.nsPerIteration, unit: 'ns/iter' },
		),
		ratioRow(
			`the same ${same.toLocaleString('en')}-iteration program end to end: JSCPP ÷ src/lang`,
			{ label: 'src/lang', value: oursSameMs, unit: 'ms' },
			{ label: 'JSCPP', value: peer.smallMs, unit: 'ms' },
			undefined,
			true,
		),
	];
	return rows;
};

export default bench;
