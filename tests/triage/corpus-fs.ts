/**
 * Reads the triage corpus: `tests/triage/corpus/*.log` and `expectations.yaml` beside them.
 * Shared by the corpus test and `scripts/bench/triage.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { CorpusExpectation } from '../../src/triage/score-corpus.ts';

/** The corpus folder. */
export const CORPUS_DIR = fileURLToPath(new URL('./corpus/', import.meta.url));

/** One corpus log with what it must produce. */
export interface CorpusLog {
	file: string;
	text: string;
	expected: CorpusExpectation;
}

/** Every corpus log, in file-name order; throws when a log has no expectation or vice versa. */
export function readCorpus(): CorpusLog[] {
	const expectations = parse(readFileSync(`${CORPUS_DIR}expectations.yaml`, 'utf8')) as Record<
		string,
		CorpusExpectation
	>;
	const files = readdirSync(CORPUS_DIR)
		.filter((file) => file.endsWith('.log'))
		.sort();
	const unlisted = files.filter((file) => !(file in expectations));
	const missing = Object.keys(expectations).filter((file) => !files.includes(file));
	if (unlisted.length > 0 || missing.length > 0) {
		throw new Error(
			`tests/triage/corpus: logs without expectations: [${unlisted.join(', ')}]; ` +
				`expectations without logs: [${missing.join(', ')}]`,
		);
	}
	return files.map((file) => ({
		file,
		text: readFileSync(`${CORPUS_DIR}${file}`, 'utf8'),
		expected: expectations[file]!,
	}));
}
