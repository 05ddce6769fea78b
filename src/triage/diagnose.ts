/**
 * Turns what triage found into a diagnosis: the likely root cause first — a case when one
 * matched, otherwise the first specific error in time — then the errors after it, which are
 * most often its consequences or the same failure reported again further up the stack.
 *
 * A matched case leads even when the log also quotes codes: a case is a proven cause with its
 * fix, a code only says what failed. When several cases match (two ranks' logs pasted
 * together, a capture error after an out-of-memory), the one whose lines state the earliest
 * time leads, as with code events. A case also accounts for the codes the index ties to the
 * codes on its lines (`507035` and the `EZ9999` printed after it are one error), so they are
 * not listed again as a later event.
 *
 * Codes are grouped into error events: codes on one line or in one error report (a headline and
 * its continuation and TraceBack lines) belong together, and so do codes the index ties to each
 * other (`207007` ↔ `0x7020019`). A group's representative is its most
 * telling code (a specific aclError before a screen code before an internal number; codes that
 * only say "inner error" last). Events are ordered by the time their lines state when both
 * state one, otherwise by line.
 */
import type { DirectoryEntry } from './code-directory.ts';

/** One code found in the log, with the lines that quote it. */
export interface CodeFinding {
	entry: DirectoryEntry;
	/** 1-based lines, ascending. */
	lines: number[];
	/** Microseconds of the earliest time its lines state (or inherit from an earlier code line). */
	time?: number;
	/** The API call a wrapper says failed with it. */
	call?: string;
	/** Headline lines of the error reports its lines belong to (see error-report.ts). */
	reports?: number[];
}

/** A matched case as the diagnosis needs it. */
export interface CaseClaim {
	case: string;
	signature: string;
	anchor: string;
	lines: readonly number[];
	/** Codes the case accounts for (quoted on its lines, in its samples, or linked to it). */
	codes: readonly string[];
}

/** Microseconds of the earliest time stated by the codes on a claim's lines, if any. */
function claimTime(claim: CaseClaim, findings: readonly CodeFinding[]): number | undefined {
	const lines = new Set(claim.lines);
	const times = findings
		.filter((finding) => finding.time !== undefined && finding.lines.some((l) => lines.has(l)))
		.map((finding) => finding.time!);
	return times.length > 0 ? Math.min(...times) : undefined;
}

/** A claim's codes and the codes of the log the index ties to them (directly or through one). */
function withTiedCodes(
	claim: CaseClaim,
	findings: readonly CodeFinding[],
	relatedOf: RelatedCodes,
): string[] {
	const own = new Set(claim.codes);
	const tied = new Set<string>();
	for (const code of own) {
		for (const other of relatedOf(code)) {
			tied.add(other);
			for (const further of relatedOf(other)) tied.add(further);
		}
	}
	for (const finding of findings) {
		if (finding.entry.related.some((other) => own.has(other))) tied.add(finding.entry.code);
	}
	return [
		...claim.codes,
		...findings
			.map((finding) => finding.entry.code)
			.filter((code) => tied.has(code) && !own.has(code)),
	];
}

/** One item of a diagnosis. */
export type DiagnosisItem =
	| {
			kind: 'case';
			case: string;
			signature: string;
			anchor: string;
			lines: number[];
			codes: string[];
	  }
	| {
			kind: 'code';
			/** The representative code of the event. */
			code: string;
			/** Every code of the event, representative first. */
			codes: string[];
			lines: number[];
			call?: string;
			generic: boolean;
	  };

/** The diagnosis: the likely root cause and what followed. */
export interface Diagnosis {
	root?: DiagnosisItem;
	/** Everything else, in order: other cases, then later error events, generic ones last. */
	then: DiagnosisItem[];
}

/** Representative order by kind (lower first). */
const KIND_RANK: Readonly<Record<DirectoryEntry['kind'], number>> = {
	acl: 0,
	hccl: 1,
	screen: 2,
	inner: 3,
	ts: 4,
	drv: 5,
	// torch_npu's own code comes last: the CANN code beside it says more.
	pta: 6,
};

function rank(finding: CodeFinding): number {
	return (finding.entry.generic ? 10 : 0) + KIND_RANK[finding.entry.kind];
}

interface EventGroup {
	findings: CodeFinding[];
	lines: number[];
	first: number;
	time?: number;
	generic: boolean;
}

/** Earlier first: by stated time when both have one, otherwise by first line. */
function earlier(a: { time?: number; first: number }, b: { time?: number; first: number }): number {
	if (a.time !== undefined && b.time !== undefined && a.time !== b.time) return a.time - b.time;
	return a.first - b.first;
}

/** The codes the index ties to a code (both directions). */
export type RelatedCodes = (code: string) => readonly string[];

/**
 * Groups findings into error events (see the module comment). Codes are joined when the index
 * ties them directly or through one code the log does not quote (the task-scheduler 0x31 and
 * the public 507035 meet through the runtime's 0x715005e).
 */
function groupEvents(findings: readonly CodeFinding[], relatedOf: RelatedCodes): EventGroup[] {
	const parent = findings.map((_, index) => index);
	const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
	const join = (a: number, b: number) => {
		parent[find(a)] = find(b);
	};
	const byCode = new Map(findings.map((finding, index) => [finding.entry.code, index]));
	const byLine = new Map<number, number>();
	const byReport = new Map<number, number>();
	findings.forEach((finding, index) => {
		for (const other of finding.entry.related) {
			const at = byCode.get(other);
			if (at !== undefined) join(index, at);
			for (const further of relatedOf(other)) {
				const next = byCode.get(further);
				if (next !== undefined) join(index, next);
			}
		}
		for (const line of finding.lines) {
			const at = byLine.get(line);
			if (at === undefined) byLine.set(line, index);
			else join(index, at);
		}
		for (const head of finding.reports ?? []) {
			const at = byReport.get(head);
			if (at === undefined) byReport.set(head, index);
			else join(index, at);
		}
	});
	const groups = new Map<number, CodeFinding[]>();
	findings.forEach((finding, index) => {
		const root = find(index);
		groups.set(root, [...(groups.get(root) ?? []), finding]);
	});
	return [...groups.values()].map((members) => {
		members.sort((a, b) => rank(a) - rank(b) || a.lines[0]! - b.lines[0]!);
		const lines = [...new Set(members.flatMap((m) => m.lines))].sort((a, b) => a - b);
		const times = members.map((m) => m.time).filter((t): t is number => t !== undefined);
		const group: EventGroup = {
			findings: members,
			lines,
			first: lines[0]!,
			generic: members.every((m) => m.entry.generic),
		};
		if (times.length > 0) group.time = Math.min(...times);
		return group;
	});
}

/** Builds the diagnosis from the matched cases and the codes found outside them. */
export function diagnose(
	cases: readonly CaseClaim[],
	findings: readonly CodeFinding[],
	relatedOf: RelatedCodes = () => [],
): Diagnosis {
	const claims = cases.map((claim) => {
		const time = claimTime(claim, findings);
		return {
			...claim,
			codes: withTiedCodes(claim, findings, relatedOf),
			first: claim.lines[0]!,
			...(time === undefined ? {} : { time }),
		};
	});
	const accounted = new Set(claims.flatMap((claim) => claim.codes));
	const caseLines = new Set(cases.flatMap((claim) => claim.lines));
	const free = findings.filter(
		(finding) =>
			!accounted.has(finding.entry.code) && !finding.lines.every((line) => caseLines.has(line)),
	);
	const events = groupEvents(free, relatedOf).sort(
		(a, b) => Number(a.generic) - Number(b.generic) || earlier(a, b),
	);
	const caseItems: DiagnosisItem[] = claims.sort(earlier).map((claim) => ({
		kind: 'case',
		case: claim.case,
		signature: claim.signature,
		anchor: claim.anchor,
		lines: [...claim.lines],
		codes: [...claim.codes],
	}));
	const eventItems: DiagnosisItem[] = events.map((event) => {
		const call = event.findings.find((finding) => finding.call)?.call;
		const item: DiagnosisItem = {
			kind: 'code',
			code: event.findings[0]!.entry.code,
			codes: event.findings.map((finding) => finding.entry.code),
			lines: event.lines,
			generic: event.generic,
		};
		if (call) item.call = call;
		return item;
	});
	const items = [...caseItems, ...eventItems];
	const [root, ...then] = items;
	return root ? { root, then } : { then: [] };
}
