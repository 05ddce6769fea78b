import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../src/cases/cases-fs.ts';
import {
	HARMLESS_LINES,
	isHarmless,
	LogIndex,
	linkLogLines,
	matchLog,
	readLog,
	type SignatureEntry,
	type TriageResult,
} from '../../src/triage/index.ts';
import { readCorpus } from './corpus-fs.ts';

const registry = await loadRegistry();
const corpus = readCorpus();

/** Matching as the definition says it, with no shortcuts: every record, every regex. */
function naive(text: string, entries: readonly SignatureEntry[]) {
	// Harmless records are never evidence (see harmless-lines.ts).
	const records = readLog(text).filter(
		(record) => !HARMLESS_LINES.some((rule) => isHarmless(record, rule)),
	);
	const linesOf = (source: string) => [
		...new Set(
			records
				.filter((record) => new RegExp(source, 'u').test(record.text))
				.map((record) => record.line),
		),
	];
	const claims: { signature: string; lines: number[] }[] = [];
	const proven = new Set<string>();
	const hinted: { entry: SignatureEntry; claim: { signature: string; lines: number[] } }[] = [];
	for (const entry of entries) {
		const own = linesOf(entry.pattern);
		if (own.length === 0) continue;
		const also = entry.also.map(linesOf);
		if (also.some((lines) => lines.length === 0)) continue;
		if (entry.unless.some((source) => linesOf(source).length > 0)) continue;
		const claim = {
			signature: entry.id,
			lines: [...new Set([...own, ...also.flat()])].sort((a, b) => a - b),
		};
		if (entry.hint) hinted.push({ entry, claim });
		else {
			claims.push(claim);
			proven.add(entry.case);
		}
	}
	// A hint for a case a match proves is not offered (see match-log.ts).
	for (const { entry, claim } of hinted) if (!proven.has(entry.case)) claims.push(claim);
	return claims.sort((a, b) => a.signature.localeCompare(b.signature));
}

function claims(result: TriageResult) {
	return [...result.matches, ...result.hints]
		.map((match) => ({ signature: match.signature, lines: match.lines }))
		.sort((a, b) => a.signature.localeCompare(b.signature));
}

describe('matching through the line index', () => {
	it('finds exactly what reading every record would find, on every corpus log', () => {
		for (const log of corpus) {
			expect(claims(matchLog(log.text, registry.signatures)), log.file).toEqual(
				naive(log.text, registry.signatures),
			);
		}
	});

	it('finds exactly what reading every record would find, on logs shuffled from corpus lines and noise', () => {
		const pool = [
			...corpus.flatMap((log) => log.text.split('\n')),
			'[INFO] RUNTIME(1,a):2025-01-01-00:00:00.000.000 [x.cc:1]1 ok',
			'\x1b[31mcurrent size is 4, max buffer\x1b[0m number in same queue position is 4',
			'',
		];
		const line = fc.constantFrom(...pool);
		const prefix = fc.constantFrom('', '[rank0]: ', '12:', '(Worker_TP1 pid=9) ', '> ');
		const joiner = fc.constantFrom('\n', '\r\n', ' ');
		fc.assert(
			fc.property(fc.array(fc.tuple(prefix, line, joiner), { maxLength: 12 }), (parts) => {
				const text = parts.map(([p, l, j]) => `${p}${l}${j}`).join('');
				expect(claims(matchLog(text, registry.signatures))).toEqual(
					naive(text, registry.signatures),
				);
			}),
			{ numRuns: 300 },
		);
	});

	it('counts lines as the pasted text has them, with or without a final line break', () => {
		expect(new LogIndex('a\nb').lineCount).toBe(2);
		expect(new LogIndex('a\nb\n').lineCount).toBe(2);
		expect(new LogIndex('a\r\n\r\nb').lineCount).toBe(3);
		expect(new LogIndex('').lineCount).toBe(0);
		expect(new LogIndex('a\r\nb').lineText(0)).toBe('a');
	});
});

describe('linking log lines to permalinks', () => {
	it('links each line a signature pattern matched to that signature permalink', () => {
		const text =
			'noise\n[ERROR][Core_0][k.h:730][AllocEventID][1] current size is 4, max buffer number in same queue position is 4';
		const links = linkLogLines(text, registry.signatures);
		expect([...links.keys()]).toEqual([2]);
		expect(links.get(2)).toEqual({
			signature: 'ascendc-queue-position-limit-current-size',
			case: 'alloc-tensor-queue-position-limit',
			href: '/e/ascendc-queue-position-limit-current-size/',
		});
	});
});
