import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../src/cases/cases-fs.ts';
import { loadCodeDirectory } from '../../src/triage/code-directory-fs.ts';
import type { Registry } from '../../src/cases/registry.ts';
import {
	compileSignatures,
	matchLog,
	scoreCorpus,
	type CodeDirectory,
	type CompiledSignature,
} from '../../src/triage/index.ts';
import { readCorpus, type CorpusLog } from './corpus-fs.ts';

/** The five cases of the design; each must have positives and negatives in the corpus. */
const DESIGN_CASES = [
	'alloc-tensor-queue-position-limit',
	'acl-resource-leak',
	'acl-event-id-exhausted',
	'signal-handler-double-release',
	'suspend-hwts-busy',
];

let registry: Registry;
let signatures: CompiledSignature[];
let corpus: CorpusLog[];
let codes: CodeDirectory;

beforeAll(async () => {
	codes = await loadCodeDirectory();
	registry = await loadRegistry();
	signatures = compileSignatures(registry.signatures);
	corpus = readCorpus();
});

describe('the triage corpus', () => {
	it('has at least 150 logs, each with an expectation', () => {
		expect(corpus.length).toBeGreaterThanOrEqual(150);
	});

	it('says for every log what the diagnosis must lead with, when the log shows an error', () => {
		const unlabelled = corpus.filter(
			(log) =>
				log.expected.cases.length === 0 &&
				(log.expected.codes ?? []).length > 0 &&
				log.expected.root === undefined,
		);
		expect(unlabelled.map((log) => log.file)).toEqual([]);
	});

	it('has positives in several forms and look-alike negatives for every case of the design', () => {
		for (const slug of DESIGN_CASES) {
			const positives = corpus.filter((log) => log.expected.cases.includes(slug));
			expect(positives.length, `positives for ${slug}`).toBeGreaterThanOrEqual(4);
		}
		expect(corpus.filter((log) => log.expected.cases.length === 0).length).toBeGreaterThanOrEqual(
			20,
		);
	});

	it('covers every case of the design and only cases that exist', () => {
		const known = new Set(registry.signatures.map((entry) => entry.case));
		const expected = new Set(
			corpus.flatMap((log) => [...log.expected.cases, ...(log.expected.hints ?? [])]),
		);
		expect([...DESIGN_CASES, ...expected].filter((slug) => !known.has(slug))).toEqual([]);
	});

	it('is matched with 100% precision and 100% recall, with the expected lines and code notes', () => {
		const score = scoreCorpus(
			corpus.map((log) => ({
				file: log.file,
				expected: log.expected,
				result: matchLog(log.text, signatures, { codes }),
			})),
		);
		expect(score.problems).toEqual([]);
		expect(score.precision).toBe(1);
		expect(score.recall).toBe(1);
		expect(score.truePositives).toBeGreaterThanOrEqual(25);
	});
});

describe('the signatures of the case files', () => {
	it('each claim their own case on every one of their sample lines, read as a pasted log', () => {
		const problems: string[] = [];
		for (const entry of registry.signatures) {
			for (const sample of entry.samples) {
				const result = matchLog(sample, signatures);
				const found = [...result.matches, ...result.hints].some(
					(match) => match.signature === entry.id,
				);
				if (!found && entry.also.length === 0) problems.push(`${entry.id}: ${sample}`);
			}
		}
		expect(problems).toEqual([]);
	});

	it('never claim a case on a sample line of another case', () => {
		const problems: string[] = [];
		for (const entry of registry.signatures) {
			for (const sample of entry.samples) {
				for (const match of matchLog(sample, signatures).matches) {
					if (match.case !== entry.case)
						problems.push(`${match.signature} claims ${entry.id}'s sample`);
				}
			}
		}
		expect(problems).toEqual([]);
	});
});
