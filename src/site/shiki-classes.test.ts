import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { CODE_THEMES } from './code-themes.ts';
import { shikiClassesCss, shikiClassesTransformer } from './shiki-classes.ts';

// Programs in the languages the pages' Markdown fences use, so every token kind appears.
const SAMPLES: Array<[string, string]> = [
	['cpp', '#include <cstdio>\n// comment\nint main() { const char *s = "x"; return 0x1f + 2.5; }'],
	[
		'bash',
		'export ASCEND_GLOBAL_LOG_LEVEL=1 # comment\nmsprof --application="./main" | grep -n "ERROR"',
	],
	['yaml', 'products: [atlas-a2]\nsignatures:\n  - id: x # note\n    pattern: "^a+$"'],
	['json', '{"matches": [{"case": "x", "lines": [1, 2], "ok": true, "none": null}]}'],
	['diff', '-  aclrtFree(p);\n+  if (p) aclrtFree(p);'],
	['python', 'import torch\n@decorator\ndef f(x: int) -> str:\n    return f"{x!r}"  # c'],
	['text', 'EZ9999: Inner Error!'],
];

describe('highlighted code without inline styles', () => {
	it('replaces every style attribute with classes the stylesheet defines', async () => {
		const highlighter = await createHighlighter({
			themes: [CODE_THEMES.light, CODE_THEMES.dark],
			langs: SAMPLES.map(([lang]) => lang).filter((lang) => lang !== 'text'),
		});
		const css = await shikiClassesCss();
		const defined = new Set([...css.matchAll(/^\.([\w-]+)\{/gm)].map((m) => m[1]));
		for (const [lang, code] of SAMPLES) {
			const html = highlighter.codeToHtml(code, {
				lang,
				themes: CODE_THEMES,
				defaultColor: false,
				transformers: [shikiClassesTransformer()],
			});
			expect(html, lang).not.toContain('style=');
			const used = [...html.matchAll(/\b(sh[ld]-[0-9a-f]+)\b/g)].map((m) => m[1]);
			expect(used.length, lang).toBeGreaterThan(0);
			for (const cls of used) expect(defined, `${lang}: .${cls}`).toContain(cls);
		}
	});

	it('gives each class the colour variable it stands for', async () => {
		const css = await shikiClassesCss();
		expect(css).toContain('.shl-0e1116{--shiki-light:#0e1116}');
		expect(css).toMatch(/^\.shd-[0-9a-f]+\{--shiki-dark:#[0-9a-f]+\}$/m);
	});

	it('stops the build on a declaration it has no class for, naming it', () => {
		const transformer = shikiClassesTransformer();
		const root = {
			type: 'root' as const,
			children: [
				{
					type: 'element' as const,
					tagName: 'span',
					properties: { style: 'text-shadow: 0 0 2px red' },
					children: [],
				},
			],
		};
		expect(() => transformer.root!.call({} as never, root)).toThrow(/text-shadow: 0 0 2px red/);
	});
});
