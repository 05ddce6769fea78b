import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../sim/trace.ts';
import { logRows, MAX_RENDERED_LOG_CHARS, MAX_RENDERED_LINE_CHARS } from './log-console.tsx';
import { stringsFor } from './strings.ts';

const t = stringsFor('en');
const lines = (n: number, width: number): LogLine[] =>
	Array.from({ length: n }, (_, i) => ({
		text: `${i}`.padEnd(width, 'x'),
		channel: 'stdout',
		time: i,
	}));

describe('the log view draws a bounded part of any log', () => {
	it('draws a short log whole, with the simulator’s gap where it dropped lines', () => {
		const rows = logRows(t, lines(10, 5), { count: 990, at: 5 });
		expect(rows.map((r) => ('gap' in r ? r.gap : r.line.text))).toEqual([
			'0xxxx',
			'1xxxx',
			'2xxxx',
			'3xxxx',
			'4xxxx',
			'… 990 lines in between were not kept (the simulator keeps the start and the end of a long log) …',
			'5xxxx',
			'6xxxx',
			'7xxxx',
			'8xxxx',
			'9xxxx',
		]);
	});

	it('elides the middle of a flood of long lines to stay within its character budget', () => {
		const rows = logRows(t, lines(2_000, 1_000));
		const drawn = rows.filter((r) => 'line' in r);
		const chars = drawn.reduce(
			(sum, r) => sum + Math.min(MAX_RENDERED_LINE_CHARS, 'line' in r ? r.line.text.length : 0),
			0,
		);
		expect(chars).toBeLessThanOrEqual(MAX_RENDERED_LOG_CHARS);
		const gap = rows.find((r) => 'gap' in r);
		expect(gap && 'gap' in gap && gap.gap).toBe(
			`… ${(2_000 - drawn.length).toLocaleString()} lines not shown here …`,
		);
		expect('line' in rows[0]! && rows[0].line.text.startsWith('0x')).toBe(true);
		const last = rows[rows.length - 1]!;
		expect('line' in last && last.line.text.startsWith('1999x')).toBe(true);
	});
});
