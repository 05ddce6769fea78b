import { describe, expect, it } from 'vitest';
import { highlightCpp, markLines } from './highlight.ts';

describe('highlightCpp', () => {
	it('renders one line span per source line in a pre the site styles as code', async () => {
		const html = await highlightCpp('int a = 1;\nint b = 2;\nint c = 3;');
		expect(html).toMatch(/^<pre class="[^"]*\bastro-code\b[^"]*"[^>]*data-language="cpp"/);
		expect(html.match(/<span class="line">/g)).toHaveLength(3);
		// Colours travel as classes: the Content-Security-Policy refuses style attributes.
		expect(html).toMatch(/class="shl-[0-9a-f]+ shd-[0-9a-f]+"/);
		expect(html).not.toContain('style=');
	});

	it('returns the same HTML for the same program without highlighting it again', async () => {
		const code = 'void f() {}';
		expect(await highlightCpp(code)).toBe(await highlightCpp(code));
	});
});

describe('markLines', () => {
	it('marks exactly the given 1-based lines', async () => {
		const html = markLines(await highlightCpp('a();\nb();\nc();'), new Set([2]), 'diff-added');
		const lines = html.match(/<span class="line[^"]*">/g) ?? [];
		expect(lines).toEqual([
			'<span class="line">',
			'<span class="line diff-added">',
			'<span class="line">',
		]);
	});
});
