/**
 * The matcher: runs the signatures, in registry order, over the records of a log and explains
 * every claim — which signature, which case, which 1-based lines matched the pattern and each
 * `also` pattern — and every refusal (an `unless` pattern vetoed it). Signatures marked `hint`
 * give hints (possible causes), never matches. Lines known to be harmless are marked with their
 * reason and never claimed (harmless is per record: a collapsed line can hold both kinds). Every code the log quotes is listed with its lines; codes on lines
 * no match explains are also reported as notes with what they mean. The result ends in a
 * diagnosis: the likely root cause first, then what followed. Pure: same text, same result.
 */
import {
	CodeDirectory as CodeDirectoryClass,
	type CodeDirectory,
	type DirectoryEntry,
} from './code-directory.ts';
import {
	compileSignatures,
	type CompiledPattern,
	type CompiledSignature,
} from './compile-signatures.ts';
import { diagnose, type CaseClaim, type CodeFinding, type Diagnosis } from './diagnose.ts';
import { ReportHeads } from './error-report.ts';
import { findCodes } from './find-codes.ts';
import { HARMLESS_LINES, LEVEL_RULES, type HarmlessRule } from './harmless-lines.ts';
import type { Localized } from './localized.ts';
import type { LogRecord } from './log-record.ts';
import { LogIndex } from './log-index.ts';
import { recordTime } from './log-time.ts';
import type { SignatureEntry } from './signature-entry.ts';

/** One pattern of a signature and the lines it matched. */
export interface Evidence {
	role: 'pattern' | 'also';
	pattern: string;
	lines: number[];
}

/** A claimed case: the signature, its case, and the lines that prove it. */
export interface TriageMatch {
	signature: string;
	case: string;
	module: string;
	anchor: string;
	/** Every line that matched the pattern or an `also` pattern, ascending, 1-based. */
	lines: number[];
	evidence: Evidence[];
}

/** A signature whose pattern matched but an `unless` pattern refused the claim. */
export interface TriageVeto {
	signature: string;
	case: string;
	/** The `unless` pattern that matched. */
	unless: string;
	lines: number[];
}

/** A known code the log quotes on lines no match explains. */
export interface TriageNote {
	code: string;
	name?: string;
	kind: DirectoryEntry['kind'];
	meaning: Localized;
	lines: number[];
	/** Cases whose signature samples quote this code, or that the index links it to. */
	cases: string[];
	/** False for a screen code the index lacks (no page to link). */
	hasPage: boolean;
}

/** A code the log quotes, wherever it is (the `codes` of `casebook explain --json`). */
export interface TriageCode {
	code: string;
	name?: string;
	kind: DirectoryEntry['kind'];
	meaning: Localized;
	lines: number[];
	hasPage: boolean;
	explained: readonly string[];
	/** The call a framework wrapper says failed with it. */
	call?: string;
}

/** Lines of one harmless kind, with why they are harmless and where that is shown. */
export interface TriageHarmless {
	rule: string;
	reason: Localized;
	source: string;
	lines: number[];
}

/** What a caller may add to a match. */
export interface TriageOptions {
	/** The error-code index; without it only screen codes are recognised (by module letter). */
	codes?: CodeDirectory;
	/** Harmless-line rules; the built-in table by default. */
	harmless?: readonly HarmlessRule[];
}

/** What triage found in one log. */
export interface TriageResult {
	/** How many lines the pasted text has. */
	lineCount: number;
	/** Cases the log proves, ordered by the line where the proof starts, then registry order. */
	matches: TriageMatch[];
	/** Cases the log fits without proving them (signatures marked `hint`), same order; none a match proves. */
	hints: TriageMatch[];
	vetoes: TriageVeto[];
	notes: TriageNote[];
	/** Every code the log quotes outside harmless lines, in order of first appearance. */
	codes: TriageCode[];
	/** Harmless lines, by rule. */
	harmless: TriageHarmless[];
	/** The likely root cause first, then what followed. */
	diagnosis: Diagnosis;
}

/** A directory with no codes: only screen codes are recognised, by their module letter. */
const EMPTY_DIRECTORY: CodeDirectory = new CodeDirectoryClass([]);

/** Signatures as entries or already compiled (compile once when matching many logs). */
export type Signatures = readonly SignatureEntry[] | readonly CompiledSignature[];

function compiled(signatures: Signatures): readonly CompiledSignature[] {
	const first = signatures[0];
	if (first === undefined || 'entry' in first) return signatures as readonly CompiledSignature[];
	return compileSignatures(signatures as readonly SignatureEntry[]);
}

/** Lines (1-based, ascending, unique) of records matching `pattern`, harmless records left out. */
function matchingLines(
	pattern: CompiledPattern,
	log: LogIndex,
	harmless: ReadonlySet<LogRecord>,
): number[] {
	const records = pattern.literals ? log.recordsContaining(pattern.literals) : log.allRecords();
	const lines: number[] = [];
	for (const record of records) {
		if (harmless.has(record)) continue;
		if (pattern.regex.test(record.text) && lines[lines.length - 1] !== record.line) {
			lines.push(record.line);
		}
	}
	return lines;
}

/**
 * The harmless records of the log, and the same by rule with their lines (rules that found
 * nothing are left out). A record, not a line, is harmless: a pasted line whose newlines were
 * lost can hold a harmless record and a real error side by side.
 */
function findHarmless(
	log: LogIndex,
	rules: readonly HarmlessRule[],
): { records: Set<LogRecord>; byRule: TriageHarmless[] } {
	const records = new Set<LogRecord>();
	const byRule: TriageHarmless[] = [];
	for (const rule of rules) {
		const lines: number[] = [];
		for (const record of log.recordsContaining(rule.literals)) {
			if (!isHarmless(record, rule)) continue;
			records.add(record);
			if (lines[lines.length - 1] !== record.line) lines.push(record.line);
		}
		if (lines.length > 0) {
			byRule.push({ rule: rule.id, reason: rule.reason, source: rule.source, lines });
		}
	}
	return { records, byRule };
}

/**
 * The lines harmless by their level (LEVEL_RULES): every record of the line is informational by
 * one rule, none is harmless by a pattern already, and no signature, hint or code claims the line.
 */
function informationalLines(
	log: LogIndex,
	harmless: ReadonlySet<LogRecord>,
	claimed: ReadonlySet<number>,
): TriageHarmless[] {
	const byRule: TriageHarmless[] = [];
	for (const rule of LEVEL_RULES) {
		const lines: number[] = [];
		for (const record of log.recordsContaining(rule.literals)) {
			const line = record.line;
			if (claimed.has(line) || lines[lines.length - 1] === line) continue;
			const records = log.recordsOf(line - 1);
			if (records.every((r) => !harmless.has(r) && rule.covers(r))) lines.push(line);
		}
		if (lines.length > 0)
			byRule.push({ rule: rule.id, reason: rule.reason, source: rule.source, lines });
	}
	return byRule;
}

/** Whether one record is a harmless line of `rule` (its level, when stated, must fit). */
export function isHarmless(record: LogRecord, rule: HarmlessRule): boolean {
	if (rule.levels && record.level && !rule.levels.includes(record.level)) return false;
	return (
		rule.literals.some((literal) => record.text.includes(literal)) && rule.pattern.test(record.text)
	);
}

function union(lists: readonly (readonly number[])[]): number[] {
	return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Matches a log against signatures; see the module comment for what the result explains. */
export function matchLog(
	text: string,
	signatures: Signatures,
	options: TriageOptions = {},
): TriageResult {
	const log = new LogIndex(text);
	const harmless = findHarmless(log, options.harmless ?? HARMLESS_LINES);
	const harmlessLines = harmless.records;
	const matches: TriageMatch[] = [];
	const hints: TriageMatch[] = [];
	const vetoes: TriageVeto[] = [];
	const firstLine = new Map<TriageMatch, number>();
	const ready = compiled(signatures);
	for (const signature of ready) {
		const { entry } = signature;
		const patternLines = matchingLines(signature.pattern, log, harmlessLines);
		if (patternLines.length === 0) continue;
		const evidence: Evidence[] = [{ role: 'pattern', pattern: entry.pattern, lines: patternLines }];
		let complete = true;
		for (const also of signature.also) {
			const lines = matchingLines(also, log, harmlessLines);
			if (lines.length === 0) {
				complete = false;
				break;
			}
			evidence.push({ role: 'also', pattern: also.source, lines });
		}
		if (!complete) continue;
		const veto = signature.unless
			.map((unless) => ({ unless, lines: matchingLines(unless, log, harmlessLines) }))
			.find((found) => found.lines.length > 0);
		if (veto) {
			vetoes.push({
				signature: entry.id,
				case: entry.case,
				unless: veto.unless.source,
				lines: veto.lines,
			});
			continue;
		}
		const match: TriageMatch = {
			signature: entry.id,
			case: entry.case,
			module: entry.module,
			anchor: entry.anchor,
			lines: union(evidence.map((item) => item.lines)),
			evidence,
		};
		firstLine.set(match, patternLines[0]!);
		(entry.hint ? hints : matches).push(match);
	}
	// Stable sort: by where the proof starts in the log, then registry order.
	const byFirstLine = (a: TriageMatch, b: TriageMatch) => firstLine.get(a)! - firstLine.get(b)!;
	matches.sort(byFirstLine);
	// A hint only offers a case the log does not prove; once a signature proves it, the hint
	// would say the same thing again as a mere possibility.
	const proven = new Set(matches.map((match) => match.case));
	const openHints = hints.filter((hint) => !proven.has(hint.case)).sort(byFirstLine);
	const findings = findAllCodes(log, harmlessLines, options.codes);
	const claimed = new Set([
		...[...matches, ...hints].flatMap((match) => match.lines),
		...findings.flatMap((finding) => finding.lines),
	]);
	harmless.byRule.push(...informationalLines(log, harmlessLines, claimed));
	const covered = coveredCodes(matches, ready, options.codes);
	return {
		lineCount: log.lineCount,
		matches,
		hints: openHints,
		vetoes,
		notes: explainCodes(findings, matches, covered.bySample, covered.casesByCode),
		codes: findings.map(toTriageCode),
		harmless: harmless.byRule,
		diagnosis: diagnose(
			caseClaims(matches, findings, covered),
			findings,
			(code) => options.codes?.get(code)?.related ?? [],
		),
	};
}

function toTriageCode(finding: CodeFinding): TriageCode {
	const { entry } = finding;
	const out: TriageCode = {
		code: entry.code,
		kind: entry.kind,
		meaning: entry.summary,
		lines: finding.lines,
		hasPage: entry.hasPage,
		explained: entry.explained,
	};
	if (entry.name) out.name = entry.name;
	if (finding.call) out.call = finding.call;
	return out;
}

/**
 * Every code the log quotes outside harmless lines, in order of first appearance, each with
 * the earliest time its lines state (a line without a time takes the time of the last code
 * line before it that had one).
 */
function findAllCodes(
	log: LogIndex,
	harmless: ReadonlySet<LogRecord>,
	directory: CodeDirectory | undefined,
): CodeFinding[] {
	const found = new Map<string, CodeFinding>();
	const codes = directory ?? EMPTY_DIRECTORY;
	const reports = new ReportHeads(log);
	let lastTime: number | undefined;
	for (const record of log.recordsWithCodeMarkers()) {
		if (harmless.has(record)) continue;
		const hits = findCodes(record.text, codes);
		if (hits.length === 0) continue;
		const time = recordTime(record.text) ?? lastTime;
		if (time !== undefined) lastTime = time;
		const head = reports.headOf(record.line);
		for (const hit of hits) {
			const finding = found.get(hit.entry.code);
			if (finding) {
				if (finding.lines[finding.lines.length - 1] !== record.line)
					finding.lines.push(record.line);
				if (!finding.reports!.includes(head)) finding.reports!.push(head);
				if (time !== undefined && (finding.time === undefined || time < finding.time))
					finding.time = time;
				if (hit.call && !finding.call) finding.call = hit.call;
			} else {
				const fresh: CodeFinding = { entry: hit.entry, lines: [record.line], reports: [head] };
				if (time !== undefined) fresh.time = time;
				if (hit.call) fresh.call = hit.call;
				found.set(hit.entry.code, fresh);
			}
		}
	}
	return [...found.values()];
}

/** Codes the samples of matched signatures quote, and the cases whose samples quote each code. */
function coveredCodes(
	matches: readonly TriageMatch[],
	signatures: readonly CompiledSignature[],
	directory: CodeDirectory | undefined,
): {
	bySample: Set<string>;
	casesByCode: Map<string, Set<string>>;
	byCase: Map<string, Set<string>>;
} {
	const matchedIds = new Set(matches.map((match) => match.signature));
	const casesByCode = new Map<string, Set<string>>();
	const bySample = new Set<string>();
	const byCase = new Map<string, Set<string>>();
	const codes = directory ?? EMPTY_DIRECTORY;
	for (const { entry } of signatures) {
		for (const sample of entry.samples ?? []) {
			for (const hit of findCodes(sample, codes)) {
				const code = hit.entry.code;
				const cases = casesByCode.get(code) ?? new Set<string>();
				cases.add(entry.case);
				casesByCode.set(code, cases);
				if (matchedIds.has(entry.id)) {
					bySample.add(code);
					const own = byCase.get(entry.case) ?? new Set<string>();
					own.add(code);
					byCase.set(entry.case, own);
				}
			}
		}
	}
	return { bySample, casesByCode, byCase };
}

/** One claim per matched case (its first signature), with the codes it accounts for. */
function caseClaims(
	matches: readonly TriageMatch[],
	findings: readonly CodeFinding[],
	covered: ReturnType<typeof coveredCodes>,
): CaseClaim[] {
	const claims = new Map<string, CaseClaim & { lines: number[]; codes: string[] }>();
	for (const match of matches) {
		const claim = claims.get(match.case);
		if (claim) {
			claim.lines = [...new Set([...claim.lines, ...match.lines])].sort((a, b) => a - b);
		} else {
			claims.set(match.case, {
				case: match.case,
				signature: match.signature,
				anchor: match.anchor,
				lines: [...match.lines],
				codes: [],
			});
		}
	}
	for (const claim of claims.values()) {
		const onLines = new Set(claim.lines);
		const own = covered.byCase.get(claim.case) ?? new Set<string>();
		claim.codes = findings
			.filter(
				(finding) =>
					own.has(finding.entry.code) ||
					finding.entry.cases.includes(claim.case) ||
					finding.lines.some((line) => onLines.has(line)),
			)
			.map((finding) => finding.entry.code);
	}
	return [...claims.values()];
}

/** Notes for codes on lines no match claimed, leaving out codes a matched signature's samples quote. */
function explainCodes(
	findings: readonly CodeFinding[],
	matches: readonly TriageMatch[],
	covered: ReadonlySet<string>,
	casesByCode: ReadonlyMap<string, ReadonlySet<string>>,
): TriageNote[] {
	const claimedLines = new Set(matches.flatMap((match) => match.lines));
	const notes: TriageNote[] = [];
	for (const finding of findings) {
		const { entry } = finding;
		if (covered.has(entry.code)) continue;
		const lines = finding.lines.filter((line) => !claimedLines.has(line));
		if (lines.length === 0) continue;
		const note: TriageNote = {
			code: entry.code,
			kind: entry.kind,
			meaning: entry.summary,
			lines,
			cases: [...new Set([...(casesByCode.get(entry.code) ?? []), ...entry.cases])].sort(),
			hasPage: entry.hasPage,
		};
		if (entry.name) note.name = entry.name;
		notes.push(note);
	}
	return notes;
}
