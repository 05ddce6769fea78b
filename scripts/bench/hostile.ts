/**
 * Hostile programs through `casebook sim`, as child processes a user would start: the two
 * programs of issue 19 (a loop of failing `aclrtMalloc(1ULL << 40)`, `static char a[2000000000]`)
 * and a bomb of each other kind. Rows give the wall time (information: absolute times do not
 * hold on a shared machine) and the peak resident memory, whose budget is the ceiling stated in
 * docs/cli-sim.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOMBS } from '../../tests/abuse/bombs.ts';
import type { Bench, BenchRow } from './bench-row.ts';

/** Resident-memory ceiling of a CLI run under the default limits, MiB (docs/cli-sim.md). */
const CEILING_MIB = 768;

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bombs measured: the two, and the heaviest of the others. */
const MEASURED = [
	'issue-malloc-loop',
	'issue-static-array',
	'static-array-filled',
	'device-allocation-leak',
	'output-flood',
	'gm-flood',
	'ten-megabyte-source',
];

const bench: Bench = async () => {
	const dir = mkdtempSync(join(tmpdir(), 'casebook-bench-'));
	const rows: BenchRow[] = [];
	try {
		for (const name of MEASURED) {
			const bomb = BOMBS.find((b) => b.name === name)!;
			const file = join(dir, `${name}.cpp`);
			writeFileSync(file, bomb.source);
			const started = performance.now();
			const result = spawnSync(
				process.execPath,
				[
					'--import',
					join(root, 'tests/abuse/report-rss.mjs'),
					join(root, 'bin/casebook.mjs'),
					'sim',
					file,
					...(bomb.flags ?? []),
				],
				{ encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
			);
			const seconds = (performance.now() - started) / 1000;
			const rss = Number(/casebook-maxrss-kb (\d+)/.exec(result.stderr)?.[1] ?? Number.NaN) / 1024;
			rows.push({ name: `${name}: wall time (exit ${result.status})`, value: seconds, unit: 's' });
			rows.push({
				name: `${name}: peak resident memory`,
				value: Math.round(rss),
				unit: 'MiB',
				budget: { max: CEILING_MIB },
			});
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	return rows;
};

export default bench;
