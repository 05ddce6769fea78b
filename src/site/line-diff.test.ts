import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff.ts';

describe('diffLines', () => {
	it('reports nothing for identical programs', () => {
		const diff = diffLines('a\nb\nc', 'a\nb\nc');
		expect([...diff.removed]).toEqual([]);
		expect([...diff.added]).toEqual([]);
	});

	it('marks a replaced line as removed on the left and added on the right', () => {
		const diff = diffLines('a\nold\nc', 'a\nnew\nc');
		expect([...diff.removed]).toEqual([2]);
		expect([...diff.added]).toEqual([2]);
	});

	it('keeps later lines aligned after an insertion', () => {
		const diff = diffLines('a\nb\nc', 'a\nx\ny\nb\nc');
		expect([...diff.removed]).toEqual([]);
		expect([...diff.added]).toEqual([2, 3]);
	});

	it('ignores trailing whitespace differences', () => {
		const diff = diffLines('a  \nb', 'a\nb');
		expect(diff.removed.size + diff.added.size).toBe(0);
	});
});
