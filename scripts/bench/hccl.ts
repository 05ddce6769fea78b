/**
 * HCCL ranks: the faulty program of the hccl-notify-wait-timeout case (8 ranks, 10 AllReduce
 * steps, one rank skipping one) and its fixed twin, each as one `run()` from source to trace,
 * as the CLI and the widget's worker run it (issue 16: an 8-rank run stays under 1 s in Node).
 * An absolute budget (1 s) with ten times headroom: the issue states it so, and no peer runs ranks.
 */
import { readFileSync } from 'node:fs';
import { run } from '../../src/lang/index.ts';
import { median, type Bench } from './bench-row.ts';

const DIR = new URL('../../content/cases/hccl-notify-wait-timeout/', import.meta.url);

function timed(file: string): { ms: number; passes: number; outcome: string } {
	const source = readFileSync(new URL(file, DIR), 'utf8');
	const start = performance.now();
	const trace = run({
		source,
		fileName: file,
		product: 'atlas-a2',
		mode: 'npu',
		ranks: 8,
		env: { HCCL_ENTRY_LOG_ENABLE: '1' },
	});
	const ms = performance.now() - start;
	return { ms, passes: trace.hccl?.passes ?? 1, outcome: trace.outcome };
}

const bench: Bench = async () => {
	const rows = [];
	for (const file of ['skip-step-faulty.cpp', 'skip-step-fixed.cpp']) {
		timed(file); // warm-up
		const runs = [timed(file), timed(file), timed(file)];
		rows.push({
			name: `8 ranks × 10 AllReduce steps, ${file} (source to trace)`,
			value: Math.round(median(runs.map((r) => r.ms))),
			unit: 'ms',
			budget: { max: 1000 },
			detail: `${runs[0]!.outcome}, ${runs[0]!.passes} passes until the ranks agree`,
		});
	}
	return rows;
};

export default bench;
