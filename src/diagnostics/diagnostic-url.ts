/**
 * Where a diagnostic is explained: its anchor on the reference page of one language,
 * `/zh/diagnostics/#<code>`. The code itself is the anchor, so links never go stale.
 */
import type { Lang } from '../triage/localized.ts';

/** The reference page of one language. */
export function diagnosticsPage(lang: Lang, baseUrl = ''): string {
	return `${baseUrl.replace(/\/+$/, '')}/${lang}/diagnostics/`;
}

/** The anchor of `code` on the reference page of `lang`; a base URL makes it absolute. */
export function diagnosticUrl(code: string, lang: Lang, baseUrl = ''): string {
	return `${diagnosticsPage(lang, baseUrl)}#${code}`;
}
