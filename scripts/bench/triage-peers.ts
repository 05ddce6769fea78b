/**
 * Triage against its peer, side by side in one run: `casebook explain` on the 10 MB log of
 * triage.ts versus `grep -E -f` with the registry's own patterns on the same file, both as the
 * processes a user would start (so the CLI's start-up and registry loading count). The patterns
 * are JavaScript regular expressions; the few constructs POSIX ERE lacks are rewritten (`\d` →
 * `[0-9]`, `\s` → `[[:space:]]`, `(?:` → `(`), GNU grep understands `\w` and `\b`; a pattern that
 * still cannot be expressed is left out and counted. Goal: ≤ 3× grep.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry } from '../../src/cases/cases-fs.ts';
import { compileSignatures, matchLog } from '../../src/triage/index.ts';
import { readCorpus } from '../../tests/triage/corpus-fs.ts';
import { median, ratioRow, type Bench } from './bench-row.ts';
import { bigLog } from './triage.ts';

const RUNS = 3;

/** `pattern` as POSIX ERE for GNU grep, or null when it uses something ERE cannot say. */
export function toEre(pattern: string): string | null {
	if (/\(\?[=!<]|\\[pPkK]|\(\?<\w/.test(pattern)) return null;
	return pattern.replace(/\(\?:/g, '(').replace(/\\d/g, '[0-9]').replace(/\\s/g, '[[:space:]]');
}

function timeProcess(command: string, args: string[], okCodes: number[]): number {
	const samples: number[] = [];
	for (let i = 0; i < RUNS + 1; i++) {
		const start = performance.now();
		const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
		const ms = performance.now() - start;
		if (!okCodes.includes(result.status ?? -1)) {
			throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
		}
		if (i > 0) samples.push(ms); // the first run warms the file cache
	}
	return median(samples);
}

const bench: Bench = async () => {
	const registry = await loadRegistry();
	const dir = mkdtempSync(join(tmpdir(), 'casebook-triage-peers-'));
	try {
		const logFile = join(dir, 'big.log');
		writeFileSync(logFile, bigLog(readCorpus().map((entry) => entry.text)));
		const patterns = registry.signatures.map((s) => toEre(s.pattern));
		const usable = patterns.filter((p): p is string => p !== null);
		const patternFile = join(dir, 'patterns.txt');
		writeFileSync(patternFile, `${usable.join('\n')}\n`);
		// The rewritten patterns must still find every signature's own samples.
		const samplesFile = join(dir, 'samples.log');
		const samples = registry.signatures.flatMap((s, i) => (patterns[i] ? s.samples : []));
		writeFileSync(samplesFile, `${samples.join('\n')}\n`);
		const check = spawnSync('grep', ['-c', '-E', '-f', patternFile, samplesFile], {
			encoding: 'utf8',
		});
		if (Number(check.stdout.trim()) !== samples.length) {
			throw new Error(`grep -E finds ${check.stdout.trim()} of ${samples.length} samples`);
		}
		const emptyFile = join(dir, 'empty.log');
		writeFileSync(emptyFile, '\n');
		const grepMs = timeProcess('grep', ['-E', '-f', patternFile, logFile], [0, 1]);
		const explain = (file: string) =>
			timeProcess(process.execPath, ['bin/casebook.mjs', 'explain', file], [0, 1]);
		const explainMs = explain(logFile);
		const startupMs = explain(emptyFile);
		const signatures = compileSignatures(registry.signatures);
		const text = readFileSync(logFile, 'utf8');
		matchLog(text, signatures);
		const matchMs = median(
			[0, 1, 2].map(() => {
				const start = performance.now();
				matchLog(text, signatures);
				return performance.now() - start;
			}),
		);
		return [
			ratioRow(
				'10 MB log: casebook explain ÷ grep -E -f (the registry patterns)',
				{ label: 'casebook explain', value: explainMs, unit: 'ms' },
				{ label: 'grep -E', value: grepMs, unit: 'ms' },
				{ max: 3 },
			),
			ratioRow(
				'10 MB log: matching alone, in process ÷ grep -E -f',
				{ label: 'matchLog', value: matchMs, unit: 'ms' },
				{ label: 'grep -E', value: grepMs, unit: 'ms' },
			),
			{
				name: 'casebook explain on an empty log (Node start-up, loading the case files)',
				value: startupMs,
				unit: 'ms',
			},
			{
				name: 'registry patterns grep -E can run',
				value: usable.length,
				unit: `of ${patterns.length}`,
			},
		];
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
};

export default bench;
