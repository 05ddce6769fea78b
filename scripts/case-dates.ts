/**
 * Fills `added` and `verified` in each `content/cases/<slug>/case.yaml` from git history: added
 * is the day of the first commit that touched the case's folder, verified the day of the last
 * one (a case not committed yet gets today for both). Without `--write` it prints what it would
 * set; with it, it rewrites those two lines and leaves the rest of the file as it is.
 *
 *   node scripts/case-dates.ts [--write] [slug…]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const CASES = 'content/cases';

/** Commit days (`YYYY-MM-DD`) of `dir`, oldest first. */
function commitDays(dir: string): string[] {
	const out = execFileSync('git', ['log', '--reverse', '--format=%as', '--', dir], {
		encoding: 'utf8',
	});
	return out.split('\n').filter((line) => /^\d{4}-\d{2}-\d{2}$/.test(line));
}

/** `yaml` with the top-level `key: value` line set (replaced, or added at the end). */
export function setTopLevel(yaml: string, key: string, value: string): string {
	const line = new RegExp(`^${key}:.*$`, 'm');
	if (line.test(yaml)) return yaml.replace(line, `${key}: ${value}`);
	return `${yaml.replace(/\n*$/, '\n')}${key}: ${value}\n`;
}

const args = process.argv.slice(2);
const write = args.includes('--write');
const wanted = args.filter((a) => !a.startsWith('--'));
const today = new Date().toISOString().slice(0, 10);
for (const slug of readdirSync(CASES).sort()) {
	const file = join(CASES, slug, 'case.yaml');
	if (!existsSync(file) || (wanted.length > 0 && !wanted.includes(slug))) continue;
	const days = commitDays(join(CASES, slug));
	const added = days[0] ?? today;
	const verified = days.at(-1) ?? today;
	console.log(`${slug}: added ${added}, verified ${verified}`);
	if (write) {
		const yaml = readFileSync(file, 'utf8');
		writeFileSync(file, setTopLevel(setTopLevel(yaml, 'added', added), 'verified', verified));
	}
}
