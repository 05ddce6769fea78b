/**
 * Triage against its peer, side by side in one run: `casebook explain` on the 10 MB log of
 * triage.ts versus `grep -E -f` with the registry's own patterns on the same file, both as the
 * processes a user would start (so the CLI's start-up and registry loading count). The CLI timed
 * is the one `npm pack` ships: bundled by scripts/bundle-cli.ts with its prebuilt registry, run
 * from a folder laid out like the installed package but without the case files, so it cannot
 * fall back to reading them. The checkout's start-up (TypeScript sources, case files read on
 * each run) and Node's own start-up are rows of information beside it. The patterns
 * are JavaScript regular expressions; the few constructs POSIX ERE lacks are rewritten (`\d` →
 * `[0-9]`, `\s` → `[[:space:]]`, `(?:` → `(`), GNU grep understands `\w` and `\b`; a pattern that
 * still cannot be expressed is left out and counted. Goal: ≤ 3× grep.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry } from '../../src/cases/cases-fs.ts';
import { compileSignatures, matchLog } from '../../src/triage/index.ts';
import { readCorpus } from '../../tests/triage/corpus-fs.ts';
import { median, ratioRow, type Bench } from './bench-row.ts';
import { bigLog } from './triage.ts';

const RUNS = 3;

/**
 * Bundles the CLI (into lib/cli/, as prepack does) and copies `bin/` and `lib/` into `dir`:
 * an installed package's layout without sources or case files. Returns its `bin/casebook.mjs`.
 */
function packedCli(dir: string): string {
	const bundle = spawnSync(process.execPath, ['scripts/bundle-cli.ts'], { encoding: 'utf8' });
	if (bundle.status !== 0) throw new Error(`scripts/bundle-cli.ts failed: ${bundle.stderr}`);
	mkdirSync(join(dir, 'lib'), { recursive: true });
	cpSync('bin', join(dir, 'bin'), { recursive: true });
	cpSync('lib/cli', join(dir, 'lib/cli'), { recursive: true });
	return join(dir, 'bin/casebook.mjs');
}

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
		const packed = packedCli(join(dir, 'package'));
		const explain = (bin: string, file: string) =>
			timeProcess(process.execPath, [bin, 'explain', file], [0, 1]);
		const explainMs = explain(packed, logFile);
		const startupMs = explain(packed, emptyFile);
		const checkoutStartupMs = explain('bin/casebook.mjs', emptyFile);
		const nodeMs = timeProcess(process.execPath, ['-e', ''], [0]);
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
				name: 'casebook explain on an empty log (start-up: Node, the bundle, the prebuilt registry)',
				value: startupMs,
				unit: 'ms',
			},
			{
				name: 'the same from the checkout (TypeScript sources, case files read)',
				value: checkoutStartupMs,
				unit: 'ms',
			},
			ratioRow(
				'Node start-up alone ÷ grep -E on the 10 MB log (the floor of the first ratio)',
				{ label: 'node -e ""', value: nodeMs, unit: 'ms' },
				{ label: 'grep -E', value: grepMs, unit: 'ms' },
			),
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
