/**
 * Triage against generated garbage logs: real signature lines buried in noise, control
 * characters, lone surrogates, NULs, colour codes, every kind of line break, lines of a
 * megabyte, and 10 MB logs. `matchLog` never throws, and every match it reports names a case of
 * the registry and lines that exist.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../src/cases/cases-fs.ts';
import { matchLog } from '../../src/triage/index.ts';

const registry = await loadRegistry();
const samples = registry.signatures.flatMap((s) => s.samples ?? []);
const cases = new Set(registry.signatures.map((s) => s.case));

/** One line of a hostile log. */
const line = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(...samples) },
	{ weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
	{ weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(fc.constantFrom(...samples), fc.nat(), fc.string({ maxLength: 20 }))
			.map(([s, at, noise]) => {
				const i = at % Math.max(1, s.length);
				return s.slice(0, i) + noise + s.slice(i);
			}),
	},
	{
		weight: 1,
		arbitrary: fc.constantFrom(
			'\u001b[31m[ERROR]\u001b[0m',
			'\u0000\u0000\u0000',
			'\uD800\uDC00\uDFFF',
			'[ERROR] RUNTIME(1,x):',
			'ErrCode=207007',
			'EE1023 EZ9999 EL0004',
			'(',
			'[',
			'\\',
			'.*+?^${}()|[]\\'.repeat(50),
		),
	},
	{ weight: 1, arbitrary: fc.nat({ max: 1 << 16 }).map((n) => 'x'.repeat(n)) },
);

/** A whole log: lines joined by any line break. */
const hostileLog = fc
	.tuple(fc.array(line, { maxLength: 60 }), fc.constantFrom('\n', '\r\n', '\r', '\n\n', ' '))
	.map(([lines, eol]) => lines.join(eol));

/** Checks what a match result claims against the text it came from. */
function checkResult(text: string): void {
	const result = matchLog(text, registry.signatures);
	const lineCount = text.split(/\r\n|\r|\n/).length;
	for (const m of [...result.matches, ...result.hints]) {
		expect(cases.has(m.case)).toBe(true);
		for (const n of m.lines) {
			expect(n).toBeGreaterThanOrEqual(1);
			expect(n).toBeLessThanOrEqual(lineCount);
		}
	}
}

describe('generated garbage logs', () => {
	it('are matched without a throw and with real line numbers, 4,000 of them', () => {
		fc.assert(
			fc.property(hostileLog, (text) => checkResult(text)),
			{ numRuns: 4_000, seed: 1919 },
		);
	}, 120_000);

	it('include 10 MB of mixed noise and 10 MB in one line', () => {
		const noise = fc.sample(line, { numRuns: 2_000, seed: 5 }).join('\n');
		let big = '';
		while (big.length < 10 * (1 << 20)) big += `${noise}\n`;
		checkResult(big);
		checkResult(big.replace(/\r?\n|\r/g, ' '));
	}, 120_000);
});
