/**
 * The one place that turns a C++ program into Shiki HTML for pages: both themes, in a
 * `<pre class="astro-code" data-language="cpp">` so the site's code styles apply.
 */
import { createHighlighter, type Highlighter } from 'shiki';
import { CODE_THEMES } from './code-themes.ts';
import { shikiClassesTransformer } from './shiki-classes.ts';

let highlighter: Promise<Highlighter> | undefined;

/** Highlights `code` (loads the highlighter on first use). */
export async function renderCpp(code: string): Promise<string> {
	highlighter ??= createHighlighter({
		themes: [CODE_THEMES.light, CODE_THEMES.dark],
		langs: ['cpp'],
	});
	return (await highlighter).codeToHtml(code, {
		lang: 'cpp',
		themes: CODE_THEMES,
		defaultColor: false,
		transformers: [
			{
				pre(node) {
					this.addClassToHast(node, 'astro-code');
					node.properties['data-language'] = 'cpp';
				},
			},
			shikiClassesTransformer(),
		],
	});
}
