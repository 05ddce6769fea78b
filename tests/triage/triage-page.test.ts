import { describe, expect, it } from 'vitest';
import {
	buildExcerpt,
	CONTEXT_LINES,
	WHOLE_LOG_MAX_LINES,
} from '../../src/islands/triage/log-excerpt.ts';
import { readLogHash } from '../../src/islands/triage/log-hash.ts';
import { fill, triageStrings } from '../../src/islands/triage/strings.ts';
import { matchLog, type SignatureEntry } from '../../src/triage/index.ts';

const BOOM: SignatureEntry = {
	id: 'boom',
	case: 'c',
	module: 'M',
	pattern: 'BOOM',
	also: [],
	unless: [],
	anchor: 'symptom',
};

describe('the #log= fragment', () => {
	it('gives the URL-encoded log back as text', () => {
		const log = '[ERROR] RUNTIME(1,a):x 报错 & 100%\nnext';
		expect(readLogHash(`#log=${encodeURIComponent(log)}`)).toBe(log);
	});

	it('keeps a malformed escape as typed instead of failing', () => {
		expect(readLogHash('#log=100%zz')).toBe('100%zz');
	});

	it('ignores other fragments', () => {
		expect(readLogHash('#L12')).toBeUndefined();
		expect(readLogHash('')).toBeUndefined();
	});
});

describe('the lines the results show', () => {
	it('shows a short log whole, marking the matched line', () => {
		const text = 'a\nBOOM\nc';
		const rows = buildExcerpt(text, matchLog(text, [BOOM]));
		expect(rows).toEqual([
			{ kind: 'line', number: 1, text: 'a' },
			{ kind: 'line', number: 2, text: 'BOOM', mark: 'match' },
			{ kind: 'line', number: 3, text: 'c' },
		]);
	});

	it('shows only the marked lines of a long log, with context and counted gaps', () => {
		const lines = Array.from({ length: WHOLE_LOG_MAX_LINES * 2 }, (_, i) => `line ${i + 1}`);
		lines[99] = 'BOOM';
		const text = lines.join('\n');
		const rows = buildExcerpt(text, matchLog(text, [BOOM]));
		expect(rows[0]).toEqual({ kind: 'gap', count: 100 - CONTEXT_LINES - 1 });
		expect(rows.filter((row) => row.kind === 'line')).toHaveLength(2 * CONTEXT_LINES + 1);
		expect(rows.at(-1)).toEqual({ kind: 'gap', count: lines.length - 100 - CONTEXT_LINES });
	});
});

describe('the triage page strings', () => {
	it('exist in both languages with the same placeholders', () => {
		const zh = triageStrings('zh');
		const en = triageStrings('en');
		for (const key of Object.keys(zh) as (keyof typeof zh)[]) {
			const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
			expect(names(zh[key]), key).toEqual(names(en[key]));
		}
		expect(fill(en.gap, { n: 3 })).toBe('3 lines skipped');
	});
});
