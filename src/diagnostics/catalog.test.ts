import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Diagnostic } from '../sim/trace.ts';
import {
	BUFFER_LIMIT_CASE,
	CONSTRUCT_ADVICE,
	CONSTRUCTS,
	DIAGNOSTICS,
	KERNEL_DIAGNOSTICS,
	LANG_DIAGNOSTICS,
	SUBJECT_TABLES,
	SUBJECTS,
	constructParams,
	diagnosticUrl,
	isDiagnosticCode,
	makeDiagnostic,
	placeholdersOf,
	templateSegments,
	type DiagnosticCode,
} from './index.ts';

const CASES_DIR = fileURLToPath(new URL('../../content/cases/', import.meta.url));
const CJK = /[\u4e00-\u9fff]/;
const rows = Object.values(DIAGNOSTICS);

describe('the diagnostics catalog', () => {
	it('gives every code a subject-first kebab-case name that belongs to one subject only', () => {
		let count = 0;
		for (const subject of SUBJECTS) {
			for (const code of Object.keys(SUBJECT_TABLES[subject])) {
				count++;
				expect(code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)+$/);
				expect(DIAGNOSTICS[code as DiagnosticCode].subject, code).toBe(subject);
			}
		}
		expect(rows.length).toBe(count);
		expect(count).toBeGreaterThan(60);
	});

	it('has a message and a hint in Chinese and in English for every code', () => {
		for (const row of rows) {
			for (const text of [row.message, row.hint]) {
				expect(CJK.test(text.zh), `${row.code} zh: ${text.zh}`).toBe(true);
				expect(CJK.test(text.en), `${row.code} en: ${text.en}`).toBe(false);
				expect(text.en.length, row.code).toBeGreaterThan(10);
				expect(text.zh.length, row.code).toBeGreaterThan(4);
			}
		}
	});

	it('uses the same placeholders in both languages of every message and hint', () => {
		for (const row of rows) {
			for (const text of [row.message, row.hint]) {
				expect(placeholdersOf(text.zh).sort(), row.code).toEqual(placeholdersOf(text.en).sort());
			}
		}
	});

	it('names only cases that exist under content/cases/', () => {
		const named = rows.filter((row) => row.case);
		expect(named.length).toBeGreaterThan(0);
		for (const row of named) {
			expect(existsSync(`${CASES_DIR}${row.case}/case.yaml`), `${row.code} → ${row.case}`).toBe(
				true,
			);
		}
	});

	it('links the per-position buffer limit to its case page', () => {
		expect(BUFFER_LIMIT_CASE).toBe('alloc-tensor-queue-position-limit');
		expect(KERNEL_DIAGNOSTICS['tque-buffer-limit'].case).toBe(BUFFER_LIMIT_CASE);
		expect(KERNEL_DIAGNOSTICS['tposition-buffer-count'].case).toBe(BUFFER_LIMIT_CASE);
	});

	it('marks the silent round-down as a warning and a full queue as an error', () => {
		expect(DIAGNOSTICS['datacopy-round-down'].severity).toBe('warning');
		expect(DIAGNOSTICS['que-depth-exceeded'].severity).toBe('error');
	});

	it('types every diagnostic a run reports with a catalog code', () => {
		expectTypeOf<Diagnostic['code']>().toEqualTypeOf<DiagnosticCode>();
		expect(isDiagnosticCode('tque-buffer-limit')).toBe(true);
		expect(isDiagnosticCode('tque-buffer-limits')).toBe(false);
		expect(isDiagnosticCode('constructor')).toBe(false);
	});
});

describe('the refused-construct phrases', () => {
	it('read in both languages with the same placeholders, the Chinese after 不支持', () => {
		for (const [id, row] of Object.entries(CONSTRUCTS)) {
			expect(placeholdersOf(row.zh), id).toEqual(placeholdersOf(row.en));
			expect(row.zh, id).toMatch(/^[\u4e00-\u9fff]/);
		}
		for (const [id, advice] of Object.entries(CONSTRUCT_ADVICE)) {
			expect(CJK.test(advice.zh), id).toBe(true);
			expect(CJK.test(advice.en), id).toBe(false);
		}
	});

	it('fill the construct and its advice into both languages of the diagnostic', () => {
		const d = makeDiagnostic(
			LANG_DIAGNOSTICS,
			'construct-unsupported',
			{ line: 3, column: 7 },
			constructParams('range-for-over', { text: 'v' }),
		);
		expect(d.messages).toEqual({
			zh: '模拟器的 C++ 子集不支持遍历 `v` 的基于范围的 for 循环',
			en: 'a range-based for loop over `v` is not supported by the simulator’s C++ subset',
		});
		expect(d.hints.zh).toContain('这里只有 C 数组可以作为范围');
		expect(d.hint).toContain('only C arrays can be ranges here; write an index loop');
	});
});

describe('a diagnostic made from the catalog', () => {
	it('carries the code, severity, place, case and its text in both languages', () => {
		const d = makeDiagnostic(
			KERNEL_DIAGNOSTICS,
			'tque-buffer-limit',
			{ line: 28, column: 9 },
			{
				call: 'q4.FreeTensor<half>',
				event: 'V_MTE2',
				limit: 4,
				position: 'VECIN',
				product: { zh: 'Atlas 训练系列产品', en: 'Atlas training series' },
			},
		);
		expect(d).toMatchObject({
			code: 'tque-buffer-limit',
			severity: 'error',
			line: 28,
			column: 9,
			case: BUFFER_LIMIT_CASE,
		});
		expect(d.message).toBe(d.messages.en);
		expect(d.messages.en).toContain('Atlas training series allows at most 4 buffers per TPosition');
		expect(d.messages.zh).toContain(
			'当前产品（Atlas 训练系列产品）每个 TPosition 最多只能有 4 个缓冲区',
		);
		expect(d.hints.zh).toContain('VECIN 上所有队列加起来最多用 4 个缓冲区');
	});

	it('shows a placeholder the call site did not fill, so the gap is visible', () => {
		const d = makeDiagnostic(LANG_DIAGNOSTICS, 'name-unknown', { line: 1, column: 1 });
		expect(d.messages.en).toBe('`{name}` is not declared');
	});

	it('reports a code missing from its table as the simulator’s own internal error', () => {
		const d = makeDiagnostic(KERNEL_DIAGNOSTICS, 'no-such-code' as 'que-depth-exceeded', {
			line: 2,
			column: 3,
		});
		expect(d.code).toBe('internal-error');
		expect(d.message).toContain('no catalog entry for diagnostic "no-such-code"');
		expect(d.line).toBe(2);
	});

	it('refuses a misspelt code or another subject’s code at compile time', () => {
		const span = { line: 1, column: 1 };
		// @ts-expect-error: a typo is not a code.
		makeDiagnostic(KERNEL_DIAGNOSTICS, 'que-depth-exceded', span);
		// @ts-expect-error: a language code is not in the kernel's table.
		makeDiagnostic(KERNEL_DIAGNOSTICS, 'parse-error', span);
	});
});

describe('diagnostic text for display', () => {
	it('splits backtick code and placeholders', () => {
		expect(templateSegments('`{type}` has no member `{name}`')).toEqual([
			{ code: true, parts: [{ param: 'type' }] },
			{ code: false, parts: [{ text: ' has no member ' }] },
			{ code: true, parts: [{ param: 'name' }] },
		]);
	});

	it('keeps a backtick without its pair as text', () => {
		expect(templateSegments('a `b` c ` d')).toEqual([
			{ code: false, parts: [{ text: 'a ' }] },
			{ code: true, parts: [{ text: 'b' }] },
			{ code: false, parts: [{ text: ' c ` d' }] },
		]);
	});

	it('links each code to its anchor on the page of one language', () => {
		expect(diagnosticUrl('call-unknown', 'zh')).toBe('/zh/diagnostics/#call-unknown');
		expect(diagnosticUrl('call-unknown', 'en', 'https://casebook.example.org/')).toBe(
			'https://casebook.example.org/en/diagnostics/#call-unknown',
		);
	});
});
