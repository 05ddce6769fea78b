/**
 * Triage benchmarks: precision and recall on the labelled corpus (tests/triage/corpus), and
 * the time to match a 10 MB log in Node (design.md's 0.5 s, shown as information; the budget is
 * the ratio to `grep -E` in triage-peers.ts).
 */
import { loadRegistry } from '../../src/cases/cases-fs.ts';
import { loadCodeDirectory } from '../../src/triage/code-directory-fs.ts';
import { compileSignatures, matchLog, scoreCorpus } from '../../src/triage/index.ts';
import { readCorpus } from '../../tests/triage/corpus-fs.ts';
import { median, type Bench } from './bench-row.ts';

/** Size of the timed log. */
const TARGET_BYTES = 10 * 1024 * 1024;
/** Timed runs after one warm-up; the median is reported. */
const RUNS = 5;

/**
 * A 10 MB log (and the peer comparison in triage-peers.ts reads the same one) that looks like a long training run: mostly INFO/WARNING plog lines with varying
 * pids, times and ids, torch_npu and vLLM prefixes, and every corpus log spliced in along the way
 * so the signatures have real work to do.
 */
export function bigLog(corpusTexts: readonly string[]): string {
	const parts: string[] = [];
	let size = 0;
	let n = 0;
	while (size < TARGET_BYTES) {
		const pid = 10_000 + (n % 977);
		const ms = String(n % 1000).padStart(3, '0');
		const time = `2025-04-29-18:${String(Math.floor(n / 6000) % 60).padStart(2, '0')}:${String(Math.floor(n / 100) % 60).padStart(2, '0')}.${ms}.${ms}`;
		let line: string;
		switch (n % 5) {
			case 0:
				line = `[INFO] RUNTIME(${pid},python3):${time} [stream.cc:412]${pid} Setup:stream setup, stream_id=${n % 2048}, sq_id=${n % 512}`;
				break;
			case 1:
				line = `(Worker_TP${n % 8} pid=${pid}) INFO 04-29 18:46:11 [model_runner.py:1120] step ${n}: loss=${(n % 97) / 10}`;
				break;
			case 2:
				line = `[rank${n % 8}]: [INFO] ASCENDCL(${pid},python3):${time} [acl_rt.cpp:88]${pid} aclrtMemcpyAsync: size=${n * 32}`;
				break;
			case 3:
				line = `[WARNING] GE(${pid},python3):${time} [graph_builder.cc:301]${pid} Build:op Add_${n} fallback to aicpu`;
				break;
			default:
				line = `[EVENT] PROFILING(${pid},python3):${time} [prof_mgr.cc:77]${pid} Report:task_id=${n}, hwts busy ratio=${n % 100}%`;
		}
		parts.push(line);
		size += line.length + 1;
		if (n % 5000 === 0) {
			const spliced = corpusTexts[(n / 5000) % corpusTexts.length]!;
			parts.push(spliced);
			size += spliced.length + 1;
		}
		n++;
	}
	return parts.join('\n');
}

function time(run: () => void): number {
	run();
	const samples: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const start = performance.now();
		run();
		samples.push(performance.now() - start);
	}
	return median(samples);
}

const bench: Bench = async () => {
	const registry = await loadRegistry();
	const codes = await loadCodeDirectory();
	const signatures = compileSignatures(registry.signatures);
	const corpus = readCorpus();
	const score = scoreCorpus(
		corpus.map((log) => ({
			file: log.file,
			expected: log.expected,
			result: matchLog(log.text, signatures, { codes }),
		})),
	);
	const log = bigLog(corpus.map((entry) => entry.text));
	const collapsed = log.replace(/\n/g, ' ');
	// Worst case: nothing but error logs, so every line is a candidate for some signature.
	const errorsOnly = `${corpus.map((entry) => entry.text).join('\n')}\n`.repeat(
		Math.ceil(TARGET_BYTES / corpus.reduce((sum, entry) => sum + entry.text.length + 1, 0)),
	);
	const lines = log.split('\n').length;
	return [
		{ name: 'corpus logs', value: corpus.length, unit: 'logs', budget: { min: 150 } },
		{ name: 'corpus precision', value: score.precision, unit: '', budget: { min: 1 } },
		{ name: 'corpus recall', value: score.recall, unit: '', budget: { min: 0.95 } },
		{
			name: `10 MB log (${lines.toLocaleString('en')} lines), Node`,
			value: time(() => matchLog(log, signatures, { codes })),
			unit: 'ms',
			// Information: the budget is the ratio to grep in triage-peers.ts.
		},
		{
			name: '10 MB of nothing but error logs (worst case), Node',
			value: time(() => matchLog(errorsOnly, signatures, { codes })),
			unit: 'ms',
		},
		{
			name: '10 MB log pasted as one collapsed line, Node',
			value: time(() => matchLog(collapsed, signatures, { codes })),
			unit: 'ms',
		},
	];
};

export default bench;
