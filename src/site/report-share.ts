/**
 * The browser's part of the "report a problem" link: the page carries the issue link with a
 * slot where a reproduction's share link goes (built by report-links.ts), and the page script
 * fills the slot as the reader changes the reproduction. Kept tiny: it ships on every case page.
 */

/** Longest issue link made; past this, browsers and the host refuse the address. */
export const MAX_ISSUE_URL_CHARS = 8000;

/** The text standing for the share link in a report link template (unchanged by URL encoding). */
export const SHARE_URL_SLOT = 'CASEBOOK_SHARE_URL';

/** A page's report link with room for a share link, and the one to use when that is too long. */
export interface ReportTemplate {
	/** The issue link whose body holds {@link SHARE_URL_SLOT}. */
	withShare: string;
	/** The issue link whose body asks the reader to paste the share link instead. */
	shareTooLong: string;
}

/** The report link carrying `shareUrl`, or the paste-it-yourself one when it would be too long. */
export function withShareUrl(template: ReportTemplate, shareUrl: string): string {
	const url = template.withShare.replace(SHARE_URL_SLOT, encodeURIComponent(shareUrl));
	return url.length <= MAX_ISSUE_URL_CHARS ? url : template.shareTooLong;
}
