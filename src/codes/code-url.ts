/**
 * The URLs of the error-code index: `/{lang}/codes/` and `/{lang}/codes/{CODE}/` (stable
 * forever, like case slugs), and `/codes.json` for tools. Relative unless a base URL is given.
 */
import type { CodeLang } from './schema.ts';

/** The path of the machine-readable table. */
export const CODES_JSON_PATH = '/codes.json';

function trimBase(baseUrl: string): string {
	return baseUrl.replace(/\/+$/, '');
}

/** The page of one code in one language: `/zh/codes/EE1023/`. */
export function codeUrl(id: string, lang: CodeLang, baseUrl = ''): string {
	return `${trimBase(baseUrl)}/${lang}/codes/${id}/`;
}

/** The index page of one language, optionally filtered to one family: `/en/codes/#family=rts-ee`. */
export function codesIndexUrl(lang: CodeLang, family?: string, baseUrl = ''): string {
	return `${trimBase(baseUrl)}/${lang}/codes/${family ? `#family=${encodeURIComponent(family)}` : ''}`;
}
