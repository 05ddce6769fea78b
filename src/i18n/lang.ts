/**
 * Languages and localized paths. Routes are `/zh/…` and `/en/…`; a page's counterpart in the
 * other language has the same path after the language segment.
 */
import { LANGS, type Lang } from '../cases/schema.ts';

export { LANGS, type Lang };

/** The language readers get when nothing says otherwise. */
export const DEFAULT_LANG: Lang = 'zh';

/** BCP 47 tag for `<html lang>`. */
export const HTML_LANG: Readonly<Record<Lang, string>> = { zh: 'zh-CN', en: 'en' };

/** The language's own name, for the switch. */
export const LANG_NAME: Readonly<Record<Lang, string>> = { zh: '中文', en: 'English' };

/** Whether `value` is a site language. */
export function isLang(value: string | undefined): value is Lang {
	return value !== undefined && (LANGS as readonly string[]).includes(value);
}

/** The other language of a two-language site. */
export function otherLang(lang: Lang): Lang {
	return lang === 'zh' ? 'en' : 'zh';
}

/** The language of a path like `/en/cases/x/`, or undefined for `/` and `/e/…`. */
export function langOfPath(pathname: string): Lang | undefined {
	const first = pathname.split('/')[1];
	return isLang(first) ? first : undefined;
}

/** `pathname` moved to `lang` (`/zh/cases/x/` → `/en/cases/x/`); other paths get the home page. */
export function switchLangPath(pathname: string, lang: Lang): string {
	const current = langOfPath(pathname);
	if (!current) return `/${lang}/`;
	return `/${lang}${pathname.slice(current.length + 1)}`;
}
