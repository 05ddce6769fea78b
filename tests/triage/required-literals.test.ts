import { describe, expect, it } from 'vitest';
import { requiredLiterals } from '../../src/triage/index.ts';

describe('finding the plain text every match of a pattern contains', () => {
	it.each([
		[
			'current size is \\d+, max buffer number in same queue position is \\d+',
			[', max buffer number in same queue position is '],
		],
		['EE1023\\): Alloc Event resource failed', ['EE1023): Alloc Event resource failed']],
		['\\[drvEventIdAlloc \\d+\\] error\\.', ['[drvEventIdAlloc ']],
		['Event id alloc error, .*retCode=0x7020019', ['Event id alloc error, ']],
		['rtStreamCreate\\w*:ErrCode=207005', [':ErrCode=207005']],
		['EL0004\\b.{0,60}Failed to allocate memory', ['Failed to allocate memory']],
		['hwts is busy|hwts busy', ['hwts is busy', 'hwts busy']],
	])('reads %s', (source, literals) => {
		expect(requiredLiterals(source)).toEqual(literals);
	});

	it('drops a character a quantifier makes optional', () => {
		expect(requiredLiterals('colou?r scheme')).toEqual(['r scheme']);
		expect(requiredLiterals('abcx{0,2}def')).toEqual(['abc']);
	});

	it('reads Chinese text as literal characters', () => {
		expect(requiredLiterals('休眠失败\\d')).toEqual(['休眠失败']);
	});

	it('gives up rather than guess when a branch has no literal', () => {
		expect(requiredLiterals('foo bar|\\d+')).toBeUndefined();
		expect(requiredLiterals('(?:alpha|beta) gamma')).toEqual([' gamma']);
		expect(requiredLiterals('^\\w+$')).toBeUndefined();
	});

	it('never yields a literal that a matching string lacks', () => {
		const cases: [string, string][] = [
			['a+bc', 'aaabc'],
			['x(?:yz)?w', 'xw'],
			['[abc]def', 'bdef'],
			['ab?c', 'ac'],
			['\\(PID:\\s*\\d+', '(PID: 12'],
		];
		for (const [source, text] of cases) {
			expect(new RegExp(source, 'u').test(text)).toBe(true);
			const literals = requiredLiterals(source);
			if (literals) expect(literals.some((literal) => text.includes(literal))).toBe(true);
		}
	});
});
