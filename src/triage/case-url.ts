/**
 * The URLs triage links to. Relative by default (`/zh/cases/<slug>/#symptom`); a base URL
 * (`https://example.org`) makes them absolute for the CLI.
 */
import type { Lang } from './localized.ts';

/** Removes trailing slashes so `base + '/…'` never doubles them. */
function trimBase(baseUrl: string): string {
	return baseUrl.replace(/\/+$/, '');
}

/** The case section a signature points at, in one language. */
export function caseUrl(slug: string, anchor: string, lang: Lang, baseUrl = ''): string {
	return `${trimBase(baseUrl)}/${lang}/cases/${slug}/#${anchor}`;
}

/** The language-neutral permalink of a signature: `/e/<id>/`. */
export function permalink(id: string, baseUrl = ''): string {
	return `${trimBase(baseUrl)}/e/${id}/`;
}

/** The triage page of one language, pre-filled with `log` through `#log=` when given. */
export function triageUrl(lang: Lang, log?: string, baseUrl = ''): string {
	const page = `${trimBase(baseUrl)}/${lang}/triage/`;
	return log === undefined ? page : `${page}#log=${encodeURIComponent(log)}`;
}
