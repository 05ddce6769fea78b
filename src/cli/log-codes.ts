/**
 * The error codes a simulated run's log quotes, each once with its code page and the log lines
 * that name it: what `casebook sim` prints after the log, so a failing run leads straight to
 * the code's explanation, as triage does for a pasted log.
 */
import { codeUrl } from '../codes/code-url.ts';
import { loadCodeTable } from '../codes/codes-fs.ts';
import { toCodesJson } from '../codes/codes-json.ts';
import { CodeDirectory } from '../triage/code-directory.ts';
import { findCodes } from '../triage/find-codes.ts';
import type { Lang } from '../triage/localized.ts';

/** One code a log quotes. */
export interface LogCode {
	/** The code page's id (`507035`, `EE1023`). */
	code: string;
	/** Its page, in the chosen language. */
	url: string;
	/** The 1-based log lines that name it. */
	lines: number[];
}

/** The codes `log` quotes that have a page, in the order they first appear. */
export function logCodes(
	log: readonly string[],
	directory: CodeDirectory,
	lang: Lang,
	baseUrl: string,
): LogCode[] {
	const found = new Map<string, LogCode>();
	log.forEach((text, index) => {
		for (const { entry } of findCodes(text, directory)) {
			if (!entry.hasPage) continue;
			const known = found.get(entry.code);
			if (known) {
				if (!known.lines.includes(index + 1)) known.lines.push(index + 1);
			} else {
				found.set(entry.code, {
					code: entry.code,
					url: codeUrl(entry.code, lang, baseUrl),
					lines: [index + 1],
				});
			}
		}
	});
	return [...found.values()];
}

let loading: Promise<CodeDirectory> | undefined;

/** The code index of the checkout (or package) as triage reads it, loaded once. */
export function codeDirectory(): Promise<CodeDirectory> {
	loading ??= loadCodeTable().then((table) => CodeDirectory.fromEntries(toCodesJson(table).codes));
	return loading;
}
