/**
 * The matcher: runs the signatures, in registry order, over the records of a log and explains
 * every claim — which signature, which case, which 1-based lines matched the pattern and each
 * `also` pattern — and every refusal (an `unless` pattern vetoed it). Signatures marked `hint`
 * give hints (possible causes), never matches. Codes quoted on lines no match explains are
 * reported with what they mean. Pure: same text, same result.
 */
import {
	compileSignatures,
	type CompiledPattern,
	type CompiledSignature,
} from './compile-signatures.ts';
import type { KnownCode } from './error-codes.ts';
import { findCodes, type CodeHit } from './find-codes.ts';
import type { LogRecord } from './log-record.ts';
import { LogIndex } from './log-index.ts';
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
export interface TriageNote extends KnownCode {
	kind: CodeHit['kind'];
	lines: number[];
	/** Cases whose signature samples quote this code (related reading, not a claim). */
	cases: string[];
}

/** What triage found in one log. */
export interface TriageResult {
	/** How many lines the pasted text has. */
	lineCount: number;
	/** Cases the log proves, ordered by the line where the proof starts, then registry order. */
	matches: TriageMatch[];
	/** Cases the log fits without proving them (signatures marked `hint`), same order. */
	hints: TriageMatch[];
	vetoes: TriageVeto[];
	notes: TriageNote[];
}

/** Signatures as entries or already compiled (compile once when matching many logs). */
export type Signatures = readonly SignatureEntry[] | readonly CompiledSignature[];

function compiled(signatures: Signatures): readonly CompiledSignature[] {
	const first = signatures[0];
	if (first === undefined || 'entry' in first) return signatures as readonly CompiledSignature[];
	return compileSignatures(signatures as readonly SignatureEntry[]);
}

/** Lines (1-based, ascending, unique) of records matching `pattern`; empty when none. */
function matchingLines(pattern: CompiledPattern, log: LogIndex): number[] {
	const records = pattern.literals ? log.recordsContaining(pattern.literals) : log.allRecords();
	const lines: number[] = [];
	for (const record of records) {
		if (pattern.regex.test(record.text) && lines[lines.length - 1] !== record.line) {
			lines.push(record.line);
		}
	}
	return lines;
}

function union(lists: readonly (readonly number[])[]): number[] {
	return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Matches a log against signatures; see the module comment for what the result explains. */
export function matchLog(text: string, signatures: Signatures): TriageResult {
	const log = new LogIndex(text);
	const matches: TriageMatch[] = [];
	const hints: TriageMatch[] = [];
	const vetoes: TriageVeto[] = [];
	const firstLine = new Map<TriageMatch, number>();
	const ready = compiled(signatures);
	for (const signature of ready) {
		const { entry } = signature;
		const patternLines = matchingLines(signature.pattern, log);
		if (patternLines.length === 0) continue;
		const evidence: Evidence[] = [{ role: 'pattern', pattern: entry.pattern, lines: patternLines }];
		let complete = true;
		for (const also of signature.also) {
			const lines = matchingLines(also, log);
			if (lines.length === 0) {
				complete = false;
				break;
			}
			evidence.push({ role: 'also', pattern: also.source, lines });
		}
		if (!complete) continue;
		const veto = signature.unless
			.map((unless) => ({ unless, lines: matchingLines(unless, log) }))
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
	hints.sort(byFirstLine);
	return {
		lineCount: log.lineCount,
		matches,
		hints,
		vetoes,
		notes: explainCodes(log.recordsWithCodeMarkers(), matches, ready),
	};
}

/** Notes for codes on lines no match claimed, leaving out codes a matched signature's samples quote. */
function explainCodes(
	records: readonly LogRecord[],
	matches: readonly TriageMatch[],
	signatures: readonly CompiledSignature[],
): TriageNote[] {
	const claimedLines = new Set(matches.flatMap((match) => match.lines));
	const matchedIds = new Set(matches.map((match) => match.signature));
	const casesByCode = new Map<string, Set<string>>();
	const coveredCodes = new Set<string>();
	for (const { entry } of signatures) {
		for (const sample of entry.samples ?? []) {
			for (const hit of findCodes(sample)) {
				const cases = casesByCode.get(hit.known.code) ?? new Set<string>();
				cases.add(entry.case);
				casesByCode.set(hit.known.code, cases);
				if (matchedIds.has(entry.id)) coveredCodes.add(hit.known.code);
			}
		}
	}
	const notes = new Map<string, TriageNote>();
	for (const record of records) {
		if (claimedLines.has(record.line)) continue;
		for (const hit of findCodes(record.text)) {
			const code = hit.known.code;
			if (coveredCodes.has(code)) continue;
			const note = notes.get(code);
			if (note) {
				if (note.lines[note.lines.length - 1] !== record.line) note.lines.push(record.line);
			} else {
				notes.set(code, {
					...hit.known,
					kind: hit.kind,
					lines: [record.line],
					cases: [...(casesByCode.get(code) ?? [])].sort(),
				});
			}
		}
	}
	return [...notes.values()];
}
