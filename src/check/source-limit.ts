/**
 * How large a program a check takes. A check runs the program once per product and mode, and
 * the interpreter parses it anew each time, so a pasted log or a generated 10 MB file would keep
 * a CI step or the widget's worker busy for minutes; it is refused at once with a message
 * instead. The limit is the project's choice (illustrative, no Ascend source), well above real
 * kernels and host programs, which are tens of kilobytes.
 */
import { fillTemplate } from '../diagnostics/template.ts';
import type { Lang, Localized } from '../triage/localized.ts';

/** The most characters of source a check runs (illustrative). */
export const MAX_CHECK_SOURCE_CHARS = 1_000_000;

const TOO_LARGE: Localized = {
	zh: '程序有 {size} 个字符，超过检查上限 {limit}（检查会在每个产品、每种模式下各运行一次）。{advice}',
	en: 'The program has {size} characters, more than the {limit} a check takes (a check runs it once per product and mode). {advice}',
};

/** What to do instead, where the check was asked for. */
export const TOO_LARGE_ADVICE: Readonly<Record<'cli' | 'widget', Localized>> = {
	cli: {
		zh: '请检查其中较小的一部分，或用 casebook sim 只运行一次。',
		en: 'Check a smaller part, or run it once with casebook sim.',
	},
	widget: {
		zh: '请检查其中较小的一部分，或点“运行”只运行一次。',
		en: 'Check a smaller part, or press Run to run it once.',
	},
};

/** Why `source` is too large to check, in `lang`; undefined when it is not. */
export function sourceTooLarge(
	source: string,
	lang: Lang,
	where: keyof typeof TOO_LARGE_ADVICE,
): string | undefined {
	if (source.length <= MAX_CHECK_SOURCE_CHARS) return undefined;
	const number = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en');
	return fillTemplate(TOO_LARGE[lang], {
		advice: TOO_LARGE_ADVICE[where][lang],
		size: number.format(source.length),
		limit: number.format(MAX_CHECK_SOURCE_CHARS),
	});
}
