/**
 * The Shiki theme pair for every highlighted code block (Markdown fences, FixDiff, Repro). The
 * high-contrast GitHub themes keep every token, comments included, at WCAG AA contrast on the
 * site's code background in both colour schemes; the default GitHub themes do not.
 */
export const CODE_THEMES = {
	light: 'github-light-high-contrast',
	dark: 'github-dark-high-contrast',
} as const;
