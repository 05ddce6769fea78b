/**
 * `npm run bench`: runs every `scripts/bench/*.ts` (or the topics named on the command line),
 * prints one table, and exits 1 if any row misses its budget. Targets are checked here, never
 * in timed tests.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchRow } from './bench/bench-row.ts';

const dir = fileURLToPath(new URL('./bench/', import.meta.url));
const wanted = process.argv.slice(2);
const topics = readdirSync(dir)
	.filter((f) => f.endsWith('.ts') && f !== 'bench-row.ts') // helpers live in bench/lib/
	.map((f) => f.replace(/\.ts$/, ''))
	.filter((t) => wanted.length === 0 || wanted.includes(t))
	.sort();

let failed = 0;
for (const topic of topics) {
	const module = (await import(pathToFileURL(`${dir}${topic}.ts`).href)) as { default: Bench };
	let rows: BenchRow[];
	try {
		rows = await module.default();
	} catch (error) {
		console.error(`✗ ${topic}: ${(error as Error).stack ?? error}`);
		failed++;
		continue;
	}
	console.log(`\n${topic}`);
	for (const row of rows) {
		const { max, min } = row.budget ?? {};
		const ok = (max === undefined || row.value <= max) && (min === undefined || row.value >= min);
		if (!ok) failed++;
		const budget =
			max !== undefined ? ` (budget ≤ ${max})` : min !== undefined ? ` (budget ≥ ${min})` : '';
		const value = Number.isInteger(row.value)
			? row.value.toLocaleString('en')
			: row.value.toFixed(3);
		const detail = row.detail ? ` — ${row.detail}` : '';
		console.log(`  ${ok ? '✓' : '✗'} ${row.name}: ${value} ${row.unit}${budget}${detail}`);
	}
}
if (failed > 0) {
	console.error(`\n${failed} benchmark row(s) missed their budget.`);
	process.exit(1);
}
