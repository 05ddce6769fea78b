/**
 * The site's Content-Security-Policy, given to Astro's `security.csp` (astro.config.mjs). Astro
 * adds the hashes of every script and style it bundles or inlines, so nothing inline runs or
 * applies unless it is one of ours:
 * - `default-src 'self'`: pages, scripts, styles, fetches, fonts and images come from the site;
 * - `object-src 'none'`, `base-uri 'none'`: no plugins, no `<base>` to re-point relative URLs;
 * - `worker-src 'self'`: the simulator and triage workers and the service worker, from the site;
 * - `'wasm-unsafe-eval'` in script-src: Pagefind's search runs WebAssembly (it compiles
 *   wasm only; JavaScript `eval` stays refused);
 * - `form-action 'self'`, `img-src 'self' data:` (small inline icons in stylesheets).
 * No directive has 'unsafe-inline': highlighted code carries classes, not style attributes
 * (src/site/shiki-classes.ts), and the editor's styles live in constructed stylesheets inside its
 * shadow root (src/islands/repro/code-editor.ts), which style-src does not govern.
 */
import { createHash } from 'node:crypto';
import { THEME_SCRIPT } from './theme-script.ts';

/** `'sha256-…'` of an inline script's exact text, as CSP compares it. */
export function cspHash(text: string): `sha256-${string}` {
	return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** Directives every page carries besides script-src and style-src (which Astro writes). */
export const CSP_DIRECTIVES = [
	"default-src 'self'",
	"object-src 'none'",
	"base-uri 'none'",
	"worker-src 'self'",
	"img-src 'self' data:",
	"form-action 'self'",
] as const;

/** The `security.csp` setting of astro.config.mjs. */
export const CSP_CONFIG = {
	directives: [...CSP_DIRECTIVES],
	scriptDirective: {
		resources: ["'self'", "'wasm-unsafe-eval'"],
		hashes: [cspHash(THEME_SCRIPT)],
	},
};
