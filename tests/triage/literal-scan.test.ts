import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiteralScan } from '../../src/triage/literal-scan.ts';

/** The lines holding each literal, found the slow way: every line, every literal. */
function naive(text: string, literals: readonly string[]): number[][] {
	const lines = text.split('\n');
	return literals.map((literal) =>
		lines.flatMap((line, index) => (line.includes(literal) ? [index] : [])),
	);
}

describe('finding many literals in one pass', () => {
	it('finds every literal on the lines a search of each line finds it, overlapping ones included', () => {
		// A small alphabet makes literals overlap, nest and share suffixes often.
		const unit = fc.constantFrom('a', 'b', 'c', '错', '[', ']', '\n');
		const text = fc.array(unit, { maxLength: 200 }).map((units) => units.join(''));
		const literal = fc
			.array(fc.constantFrom('a', 'b', 'c', '错', '[', ']'), { minLength: 1, maxLength: 5 })
			.map((units) => units.join(''));
		fc.assert(
			fc.property(fc.uniqueArray(literal, { minLength: 1, maxLength: 8 }), text, (literals, t) => {
				const scan = new LiteralScan(literals);
				expect(scan.literals).toEqual(literals);
				expect(scan.lines(t)).toEqual(naive(t, literals));
			}),
			{ numRuns: 2_000 },
		);
	});

	it('finds a literal that ends inside a longer one, and one at the very end of the text', () => {
		const scan = new LiteralScan(['[ERROR] RUNTIME', 'ERROR', 'RUNTIME(', 'end']);
		expect(scan.lines('x\n[ERROR] RUNTIME(1)\nINFO\nthe end')).toEqual([[1], [1], [1], [3]]);
	});
});
