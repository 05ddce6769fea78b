/**
 * Triage against its peer, side by side in one run: `casebook explain` versus `grep -E -f` with
 * the registry's own patterns, on the same files. Times are CPU time (user + system, from the
 * shell's `times` for the processes, `process.cpuUsage()` in process), not wall time: on a
 * shared machine the wall time is mostly waiting for a core. grep's output goes to a pipe that
 * is read: GNU grep writing to /dev/null stops at the first match, as `-q` does, which made an
 * earlier version of this row compare a whole scan with a first match.
 *
 * Rows, each with both times: (1) the matcher alone in process ÷ grep on the 10 MB log of
 * triage.ts; (2) the CLI ÷ grep as processes on a 100 MB log (ten copies of it), where start-up
 * no longer decides the ratio; this row carries the goal (≤ 3× grep); (3) the same as
 * processes on the 10 MB log, and Node's start-up alone, as information (`node -e ""` alone was
 * 3.3× grep's whole run on 10 MB, so that ratio measured start-up). The CLI timed is the one
 * `npm pack` ships: bundled by scripts/bundle-cli.ts with its prebuilt registry, run from a
 * folder laid out like the installed package but without the case files. The patterns are
 * JavaScript regular expressions; the few constructs POSIX ERE lacks are rewritten (`\d` →
 * `[0-9]`, `\s` → `[[:space:]]`, `(?:` → `(`), GNU grep understands `\w` and `\b`; a pattern that
 * still cannot be expressed, or whose ERE form misses one of its own samples, is left out and
 * counted. A pattern with a large bounded repeat (`.{0,200}`) makes GNU grep's DFA large; a
 * row without those patterns shows how much of grep's time they take.
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
 * Bundles the CLI (into lib/cli/, as prepack does) and copies `bin/`, `lib/` and the error-code
 * index (`content/codes/`, which explain reads) into `dir`: an installed package's layout
 * without sources or case files. Returns its `bin/casebook.mjs`.
 */
function packedCli(dir: string): string {
	const bundle = spawnSync(process.execPath, ['scripts/bundle-cli.ts'], { encoding: 'utf8' });
	if (bundle.status !== 0) throw new Error(`scripts/bundle-cli.ts failed: ${bundle.stderr}`);
	mkdirSync(join(dir, 'lib'), { recursive: true });
	cpSync('bin', join(dir, 'bin'), { recursive: true });
	cpSync('lib/cli', join(dir, 'lib/cli'), { recursive: true });
	cpSync('content/codes', join(dir, 'content/codes'), { recursive: true });
	return join(dir, 'bin/casebook.mjs');
}

/**
 * Whether `ere` has a bounded repeat with an upper bound of 100 or more (`.{0,200}`): GNU grep's
 * DFA grows with the bound, so one such pattern can decide grep's whole time.
 */
export function hasLargeBoundedRepeat(ere: string): boolean {
	return [...ere.matchAll(/\{(\d*),(\d+)\}/g)].some((m) => Number(m[2]) >= 100);
}

/** `pattern` as POSIX ERE for GNU grep, or null when it uses something ERE cannot say. */
export function toEre(pattern: string): string | null {
	if (/\(\?[=!<]|\\[pPkK]|\(\?<\w/.test(pattern)) return null;
	return pattern.replace(/\(\?:/g, '(').replace(/\\d/g, '[0-9]').replace(/\\s/g, '[[:space:]]');
}

/**
 * The median CPU time (user + system, ms) of `command args`, its output read through a pipe:
 * the shell runs it and prints its children's times (`times`, second line).
 */
function timeProcess(command: string, args: string[], okCodes: number[]): number {
	const samples: number[] = [];
	const script = '"$@" | cat >/dev/null; s=${PIPESTATUS[0]}; times >&2; exit $s';
	for (let i = 0; i < RUNS + 1; i++) {
		const result = spawnSync('bash', ['-c', script, 'bash', command, ...args], {
			encoding: 'utf8',
			stdio: ['ignore', 'ignore', 'pipe'],
		});
		if (!okCodes.includes(result.status ?? -1)) {
			throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
		}
		const children = result.stderr.trim().split('\n').at(-1) ?? '';
		const [user, system] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
			(m) => (Number(m[1]) * 60 + Number(m[2])) * 1000,
		);
		if (user === undefined || system === undefined) throw new Error(`no times in "${children}"`);
		if (i > 0) samples.push(user + system); // the first run warms the file cache
	}
	return median(samples);
}

/** The median CPU time (user + system, ms) of `run` in this process. */
function cpuMs(run: () => void): number {
	run();
	const samples: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const start = process.cpuUsage();
		run();
		const used = process.cpuUsage(start);
		samples.push((used.user + used.system) / 1000);
	}
	return median(samples);
}

const bench: Bench = async () => {
	const registry = await loadRegistry();
	const dir = mkdtempSync(join(tmpdir(), 'casebook-triage-peers-'));
	try {
		const logFile = join(dir, 'big.log');
		writeFileSync(logFile, bigLog(readCorpus().map((entry) => entry.text)));
		// A pattern counts when its ERE form still finds every one of its signature's own samples.
		const patterns = registry.signatures.map((s, i) => {
			const ere = toEre(s.pattern);
			if (ere === null || s.samples.length === 0) return ere;
			const samplesFile = join(dir, `samples-${i}.log`);
			writeFileSync(samplesFile, `${s.samples.join('\n')}\n`);
			const check = spawnSync('grep', ['-c', '-E', '-e', ere, samplesFile], { encoding: 'utf8' });
			return Number(check.stdout.trim()) === s.samples.length ? ere : null;
		});
		const usable = patterns.filter((p): p is string => p !== null);
		const patternFile = join(dir, 'patterns.txt');
		writeFileSync(patternFile, `${usable.join('\n')}\n`);
		const cheap = usable.filter((ere) => !hasLargeBoundedRepeat(ere));
		const cheapFile = join(dir, 'patterns-cheap.txt');
		writeFileSync(cheapFile, `${cheap.join('\n')}\n`);
		const emptyFile = join(dir, 'empty.log');
		writeFileSync(emptyFile, '\n');
		const text = readFileSync(logFile, 'utf8');
		const largeFile = join(dir, 'large.log');
		writeFileSync(largeFile, Array.from({ length: 10 }, () => text).join('\n'));
		const grep = (file: string, patterns = patternFile) =>
			timeProcess('grep', ['-E', '-f', patterns, file], [0, 1]);
		const grepMs = grep(logFile);
		const grepLargeMs = grep(largeFile);
		const grepCheapLargeMs = grep(largeFile, cheapFile);
		const packed = packedCli(join(dir, 'package'));
		const explain = (bin: string, file: string) =>
			timeProcess(process.execPath, [bin, 'explain', file, '--max-bytes', '128m'], [0, 1]);
		const explainMs = explain(packed, logFile);
		const explainLargeMs = explain(packed, largeFile);
		const startupMs = explain(packed, emptyFile);
		const checkoutStartupMs = explain('bin/casebook.mjs', emptyFile);
		const nodeMs = timeProcess(process.execPath, ['-e', ''], [0]);
		const signatures = compileSignatures(registry.signatures);
		const matchMs = cpuMs(() => matchLog(text, signatures));
		const grepSide = (value: number) => ({ label: 'grep -E', value, unit: 'ms CPU' });
		return [
			ratioRow(
				'10 MB log, matching in process: matchLog ÷ grep -E -f (the registry patterns), CPU time',
				{ label: 'matchLog', value: matchMs, unit: 'ms CPU' },
				grepSide(grepMs),
			),
			ratioRow(
				'100 MB log: casebook explain ÷ grep -E -f, both as processes, CPU time',
				{ label: 'casebook explain', value: explainLargeMs, unit: 'ms CPU' },
				grepSide(grepLargeMs),
				{ max: 3 },
			),
			ratioRow(
				`100 MB log: casebook explain ÷ grep -E -f without the ${usable.length - cheap.length} pattern(s) with a bounded repeat of 100 or more, CPU time (information: grep's DFA grows with the bound)`,
				{ label: 'casebook explain', value: explainLargeMs, unit: 'ms CPU' },
				grepSide(grepCheapLargeMs),
			),
			ratioRow(
				'10 MB log: casebook explain ÷ grep -E -f, both as processes, CPU time',
				{ label: 'casebook explain', value: explainMs, unit: 'ms CPU' },
				grepSide(grepMs),
			),
			{
				name: 'casebook explain on an empty log (start-up: Node, the bundle, the prebuilt registry)',
				value: startupMs,
				unit: 'ms CPU',
			},
			{
				name: 'the same from the checkout (TypeScript sources, case files read)',
				value: checkoutStartupMs,
				unit: 'ms CPU',
			},
			ratioRow(
				'Node start-up alone ÷ grep -E on the 10 MB log, CPU time',
				{ label: 'node -e ""', value: nodeMs, unit: 'ms CPU' },
				grepSide(grepMs),
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
