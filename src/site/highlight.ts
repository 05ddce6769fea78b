/**
 * Build-time C++ highlighting for programs shown on pages (FixDiff, Repro, the playground).
 * Highlighting is most of a case page's build time, and each program appears several times
 * (both languages, the diff and the widget), so each distinct program is highlighted once per
 * build and the HTML reused; line marks for the diff are added to the cached HTML.
 */
import { createHighlighter, type Highlighter } from 'shiki';
import { CODE_THEMES } from './code-themes.ts';

let highlighter: Promise<Highlighter> | undefined;
const cache = new Map<string, string>();

/** Most distinct programs kept; a build of a thousand cases has about two thousand. */
const MAX_CACHED = 10_000;

function load(): Promise<Highlighter> {
	highlighter ??= createHighlighter({
		themes: [CODE_THEMES.light, CODE_THEMES.dark],
		langs: ['cpp'],
	});
	return highlighter;
}

/** `code` as Shiki HTML in both themes, in a `<pre class="astro-code" data-language="cpp">`. */
export async function highlightCpp(code: string): Promise<string> {
	const cached = cache.get(code);
	if (cached !== undefined) return cached;
	const html = (await load()).codeToHtml(code, {
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
		],
	});
	if (cache.size >= MAX_CACHED) cache.clear();
	cache.set(code, html);
	return html;
}

/** Adds `className` to the given 1-based lines of highlighted HTML from {@link highlightCpp}. */
export function markLines(html: string, lines: ReadonlySet<number>, className: string): string {
	if (lines.size === 0) return html;
	let line = 0;
	return html.replace(/<span class="line">/g, (whole) =>
		lines.has(++line) ? `<span class="line ${className}">` : whole,
	);
}
