/**
 * Links log lines to signature permalinks, for log views that want each error line to lead to
 * its case the same way the triage page does (the playground's log, for instance).
 */
import { permalink } from './case-url.ts';
import { matchLog, type Signatures } from './match-log.ts';

/** A log line's link: the signature whose pattern matched it, and its permalink. */
export interface LineLink {
	signature: string;
	case: string;
	href: string;
}

/**
 * The permalink of each line (1-based) that a claimed or hinted signature's own pattern matched;
 * the first such signature in match order wins. Lines matched only as `also` evidence get none.
 */
export function linkLogLines(text: string, signatures: Signatures): Map<number, LineLink> {
	const links = new Map<number, LineLink>();
	const result = matchLog(text, signatures);
	for (const match of [...result.matches, ...result.hints]) {
		const own = match.evidence.find((item) => item.role === 'pattern');
		for (const line of own?.lines ?? []) {
			if (!links.has(line)) {
				links.set(line, {
					signature: match.signature,
					case: match.case,
					href: permalink(match.signature),
				});
			}
		}
	}
	return links;
}
