/**
 * The CLI against hostile programs, files and logs, as child processes the way a user runs it:
 * `node --max-old-space-size=512 bin/casebook.mjs …`. Every run exits with one of the documented
 * codes (never a signal, never Node's out-of-memory abort), reports the diagnostic it should,
 * and stays under the memory ceiling stated in docs/cli-sim.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Each test starts the CLI from the checkout as child processes; at a load of 25 on 2 cores one
// start took 15 s, so two of them passed vitest's 30 s default. Memory and exit codes are what
// these tests check; the time of a run is the bench's (scripts/bench/hostile.ts).
vi.setConfig({ testTimeout: 180_000 });
import { BOMBS } from './bombs.ts';

/** The resident-memory ceiling of a run under the default limits (docs/cli-sim.md). */
const CEILING_MIB = 768;

/** Heap the children may grow to; the ceiling must hold with room to spare. */
const OLD_SPACE_MIB = 512;

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'bin/casebook.mjs');
const reporter = join(root, 'tests/abuse/report-rss.mjs');
const dir = mkdtempSync(join(tmpdir(), 'casebook-abuse-'));

/** Peak resident memory of every child run, reported at the end. */
const peaks: Array<[string, number]> = [];

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
	const rows = peaks.map(([name, mib]) => `  ${name}: ${Math.round(mib)} MiB`).join('\n');
	console.log(`CLI children, peak resident memory of each run:\n${rows}`);
});

/** A child run of the CLI: its exit, its output and its peak resident memory. */
function casebook(args: string[], input?: string) {
	const result = spawnSync(
		process.execPath,
		[`--max-old-space-size=${OLD_SPACE_MIB}`, '--import', reporter, cli, ...args],
		{ encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, input, timeout: 600_000 },
	);
	const rss = /casebook-maxrss-kb (\d+)/.exec(result.stderr ?? '');
	return {
		status: result.status,
		signal: result.signal,
		stdout: result.stdout ?? '',
		stderr: (result.stderr ?? '').replace(/\ncasebook-maxrss-kb \d+\n$/, ''),
		rssMiB: rss ? Number(rss[1]) / 1024 : Number.NaN,
	};
}

/** Checks what every child run must keep: a documented exit, no signal, under the ceiling. */
function checkExit(run: ReturnType<typeof casebook>, codes: readonly number[]): void {
	peaks.push([expect.getState().currentTestName ?? '?', run.rssMiB]);
	expect(run.signal, run.stderr).toBeNull();
	expect(codes, run.stderr.slice(-2000)).toContain(run.status);
	expect(run.rssMiB).toBeLessThan(CEILING_MIB);
}

const EXIT_OF_OUTCOME: Record<string, number> = {
	completed: 0,
	error: 1,
	hang: 1,
	abort: 1,
	rejected: 3,
};

describe('casebook sim on hand-written bombs, default limits', () => {
	for (const bomb of BOMBS) {
		it(`${bomb.name}: ends with ${bomb.code || 'no limit reached'}, under ${CEILING_MIB} MiB`, () => {
			const file = join(dir, `${bomb.name}.cpp`);
			writeFileSync(file, bomb.source);
			const run = casebook(['sim', file, '--json', ...(bomb.flags ?? [])]);
			checkExit(
				run,
				bomb.outcomes.map((o) => EXIT_OF_OUTCOME[o]!),
			);
			const json = JSON.parse(run.stdout) as {
				outcome: string;
				diagnostics: Array<{ code: string; hint?: string }>;
			};
			expect(bomb.outcomes).toContain(json.outcome);
			if (bomb.code) expect(json.diagnostics.map((d) => d.code)).toContain(bomb.code);
			expect(json.diagnostics.some((d) => d.code.startsWith('internal'))).toBe(false);
		}, 600_000);
	}
});

describe('casebook sim on hostile files and names', () => {
	it('reads at most the source limit of /dev/zero and refuses it', () => {
		const run = casebook(['sim', '/dev/zero']);
		checkExit(run, [3]);
		expect(run.stdout).toContain('[source-too-large]');
	});

	it('refuses a directory and a missing file as unreadable', () => {
		checkExit(casebook(['sim', dir]), [2]);
		checkExit(casebook(['sim', join(dir, 'missing.cpp')]), [2]);
	});

	it('prints a file name with a newline and an escape sequence quoted', () => {
		const evil = join(dir, 'evil\n\u001b[2J.cpp');
		writeFileSync(evil, 'int main() { return x; }\n');
		const run = casebook(['sim', evil]);
		checkExit(run, [3]);
		expect(run.stdout).toContain(JSON.stringify(evil));
		expect(run.stdout).not.toContain('\u001b');
	});

	it('escapes control characters the program prints', () => {
		const file = join(dir, 'escapes.cpp');
		writeFileSync(file, 'int main() { printf("\\x1b[2J\\x07 bell\\n"); return 0; }\n');
		const run = casebook(['sim', file]);
		checkExit(run, [0]);
		expect(run.stdout).toContain('\\x1b[2J\\x07 bell');
	});

	it('runs a file named like an option when it is given as a path', () => {
		const sub = join(dir, 'sub');
		mkdirSync(sub, { recursive: true });
		const file = join(sub, '--help.cpp');
		writeFileSync(file, 'int main() { return 0; }\n');
		checkExit(casebook(['sim', file]), [0]);
	});

	it('rejects binary garbage as a program without crashing', () => {
		const file = join(dir, 'garbage.cpp');
		const bytes = new Uint8Array(1 << 20);
		for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
		writeFileSync(file, bytes);
		checkExit(casebook(['sim', file]), [3]);
	});

	it('refuses bad limit values with the flag and what it needs', () => {
		const run = casebook(['sim', 'x.cpp', '--max-memory', 'lots']);
		checkExit(run, [2]);
		expect(run.stderr).toContain('--max-memory needs a size such as 512m or 2g, not "lots".');
	});
});

describe('casebook explain on garbage and huge logs', () => {
	it('matches 10 MB of binary garbage: nothing found, exit 1', () => {
		const file = join(dir, 'garbage.log');
		const bytes = new Uint8Array(10 << 20);
		for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 40503) & 0xff;
		writeFileSync(file, bytes);
		checkExit(casebook(['explain', file, '--json']), [1]);
	}, 120_000);

	it('reads only the first 16 MiB of /dev/zero, and says so', () => {
		const run = casebook(['explain', '/dev/zero']);
		checkExit(run, [1]);
		expect(run.stderr).toContain('is larger than 16 MiB; only its first 16 MiB were matched');
	}, 120_000);

	it('matches 16 MiB of empty lines from standard input', () => {
		checkExit(casebook(['explain', '-'], '\n'.repeat(16 << 20)), [1]);
	}, 120_000);

	it('still finds the case in a real line buried in 10 MB of noise', () => {
		const noise = 'INFO nothing to see here, just a line of noise 0123456789\n'.repeat(180_000);
		const line =
			'[ERROR] RUNTIME(234708,acltest_host):2024-07-18-00:06:16.749.330 [api_c.cc:716]234708 rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019\n';
		const file = join(dir, 'buried.log');
		writeFileSync(file, noise + line + noise);
		const run = casebook(['explain', file, '--json']);
		checkExit(run, [0]);
		expect(JSON.parse(run.stdout).matches[0].case).toBe('acl-event-id-exhausted');
	}, 120_000);
});
