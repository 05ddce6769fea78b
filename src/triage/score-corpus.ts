/**
 * Scores triage on a labelled corpus: precision and recall over (log, case) claims, plus every
 * disagreement spelled out, so a failing test says which log and which case went wrong.
 */
import type { TriageResult } from './match-log.ts';

/** What one corpus log must produce. */
export interface CorpusExpectation {
	/** Case slugs that must be claimed, and no others. */
	cases: readonly string[];
	/** Per case, lines that must be among the lines it reports. */
	lines?: Readonly<Record<string, readonly number[]>>;
	/** Case slugs that must be given as hints (possible causes). */
	hints?: readonly string[];
	/** Codes that must be explained in the notes. */
	codes?: readonly string[];
	/** Harmless-line rules that must mark some line (and no line may be claimed for them). */
	harmless?: readonly string[];
	/** What the diagnosis must put first: a case slug or a code id. */
	root?: string;
	why?: string;
}

/** A corpus log with its expectation and what triage returned. */
export interface CorpusOutcome {
	file: string;
	expected: CorpusExpectation;
	result: TriageResult;
}

/** The scores and the disagreements behind them. */
export interface CorpusScore {
	truePositives: number;
	falsePositives: number;
	falseNegatives: number;
	/** 1 when nothing was claimed wrongly (and 1 when nothing was claimed at all). */
	precision: number;
	/** 1 when every expected case was claimed (and 1 when none was expected). */
	recall: number;
	/** One sentence per disagreement, naming the file. */
	problems: string[];
}

/** Scores outcomes; see {@link CorpusScore}. */
export function scoreCorpus(outcomes: readonly CorpusOutcome[]): CorpusScore {
	let truePositives = 0;
	let falsePositives = 0;
	let falseNegatives = 0;
	const problems: string[] = [];
	for (const { file, expected, result } of outcomes) {
		const claimed = new Set(result.matches.map((match) => match.case));
		for (const slug of claimed) {
			if (expected.cases.includes(slug)) {
				truePositives++;
			} else {
				falsePositives++;
				const by = result.matches.filter((match) => match.case === slug);
				problems.push(
					`${file}: claimed ${slug} wrongly (signature ${by.map((m) => m.signature).join(', ')} on line ${by.flatMap((m) => m.lines).join(', ')})`,
				);
			}
		}
		for (const slug of expected.cases) {
			if (!claimed.has(slug)) {
				falseNegatives++;
				problems.push(`${file}: missed ${slug}`);
				continue;
			}
			const reported = new Set(
				result.matches.filter((match) => match.case === slug).flatMap((match) => match.lines),
			);
			const missing = (expected.lines?.[slug] ?? []).filter((line) => !reported.has(line));
			if (missing.length > 0) {
				problems.push(`${file}: ${slug} does not report line ${missing.join(', ')}`);
			}
		}
		const hinted = new Set(result.hints.map((hint) => hint.case));
		for (const slug of expected.hints ?? []) {
			if (!hinted.has(slug)) problems.push(`${file}: no hint for ${slug}`);
		}
		// A hint is offered to a reader as a possible cause: one not expected is a wrong lead too.
		for (const slug of hinted) {
			if (!(expected.hints ?? []).includes(slug)) problems.push(`${file}: hinted ${slug} wrongly`);
		}
		const explained = new Set(result.notes.map((note) => note.code));
		const unexplained = (expected.codes ?? []).filter((code) => !explained.has(code));
		if (unexplained.length > 0) {
			problems.push(`${file}: code ${unexplained.join(', ')} not explained`);
		}
		const marked = new Set(result.harmless.map((item) => item.rule));
		const unmarked = (expected.harmless ?? []).filter((rule) => !marked.has(rule));
		if (unmarked.length > 0)
			problems.push(`${file}: harmless rule ${unmarked.join(', ')} not applied`);
		if (expected.root !== undefined) {
			const root = result.diagnosis.root;
			const got = root === undefined ? 'nothing' : root.kind === 'case' ? root.case : root.code;
			if (got !== expected.root) {
				problems.push(`${file}: the diagnosis leads with ${got}, not ${expected.root}`);
			}
		}
	}
	const claims = truePositives + falsePositives;
	const expectedClaims = truePositives + falseNegatives;
	return {
		truePositives,
		falsePositives,
		falseNegatives,
		precision: claims === 0 ? 1 : truePositives / claims,
		recall: expectedClaims === 0 ? 1 : truePositives / expectedClaims,
		problems,
	};
}
