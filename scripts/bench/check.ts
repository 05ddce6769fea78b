/**
 * `casebook check` benchmark: a 300-line kernel checked on every product in every check mode, in
 * Node (design budget: 6 products × 3 modes in under 2 s). While the simulator lacks a mode (the
 * sanitizer), that mode's cells are not run, so the budget row is projected from the runs that
 * were (per-run time × 18) and says so. The command itself is timed too, end to end and its start-up
 * alone, to show how much of a CI step is Node loading the CLI rather than checking.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECK_MODES, isSimulated, runCheck } from '../../src/check/index.ts';
import { PRODUCT_IDS } from '../../src/sim/product-id.ts';
import { medianMs, type Bench, type BenchRow } from './bench-row.ts';
import { kernel300 } from './lib/kernel300.ts';

const casebook = fileURLToPath(new URL('../../bin/casebook.mjs', import.meta.url));

/** Runs of the design's budget: 6 products × 3 modes. */
const DESIGN_RUNS = 18;

const bench: Bench = async () => {
	const source = kernel300();
	const lines = source.split('\n').length;
	const request = {
		program: { source, fileName: 'kernel300.cpp' },
		products: PRODUCT_IDS,
		modes: CHECK_MODES,
	};
	runCheck(request);
	const checkMs = medianMs(() => runCheck(request), 5);
	const runs = PRODUCT_IDS.length * CHECK_MODES.filter(isSimulated).length;
	const projected = (checkMs / runs) * DESIGN_RUNS;

	const file = join(mkdtempSync(join(tmpdir(), 'casebook-bench-check-')), 'kernel300.cpp');
	writeFileSync(file, source);
	const node = process.execPath;
	const cliMs = medianMs(() => {
		execFileSync(node, [casebook, 'check', file, '--format', 'json'], { stdio: 'ignore' });
	}, 3);
	const startMs = medianMs(() => {
		execFileSync(node, [casebook, 'check', '--help'], { stdio: 'ignore' });
	}, 3);
	const rows: BenchRow[] = [
		{
			name: `check a ${lines}-line kernel: ${PRODUCT_IDS.length} products × ${CHECK_MODES.length} modes (${runs} runs), in Node`,
			value: checkMs,
			unit: 'ms',
			detail: `${(checkMs / runs).toFixed(1)} ms per run`,
		},
		{
			name: `check a ${lines}-line kernel: ${PRODUCT_IDS.length} products × 3 modes${runs === DESIGN_RUNS ? '' : ` (projected from ${runs} runs)`}`,
			value: runs === DESIGN_RUNS ? checkMs : projected,
			unit: 'ms',
			budget: { max: 2000 },
		},
		{
			name: `casebook check ${lines}-line kernel --format json, end to end (node bin/casebook.mjs)`,
			value: cliMs,
			unit: 'ms',
			detail: `of which start-up (check --help) ${startMs.toFixed(0)} ms, ${((startMs / cliMs) * 100).toFixed(0)} %`,
		},
	];
	return rows;
};

export default bench;
