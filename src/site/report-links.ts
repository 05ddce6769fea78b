/**
 * "Edit this page" and "report a problem" links: the page's source file in the repository's web
 * editor, and a new-issue form prefilled with the page's address, its language and, when the
 * reader changed a reproduction, the share link of that state. The repository is a GitHub-style
 * host (`/edit/<branch>/<file>`, `/issues/new?title=&body=`). Pages are built with these; in the
 * browser, report-share.ts fills a template's share slot.
 */
import type { Lang } from '../cases/schema.ts';
import { SHARE_URL_SLOT, withShareUrl, type ReportTemplate } from './report-share.ts';

export { MAX_ISSUE_URL_CHARS } from './report-share.ts';

/** What a problem report is about. */
export interface ReportTarget {
	/** The repository's web address, e.g. `https://github.com/owner/name`. */
	repository: string;
	lang: Lang;
	/** The page's absolute URL. */
	pageUrl: string;
	/** The page title. */
	title: string;
	/** The share link of the reproduction as the reader left it, if they changed it. */
	shareUrl?: string;
}

const WORDS = {
	zh: {
		titlePrefix: '[页面问题]',
		page: '页面',
		language: '语言',
		languageName: '中文 (zh)',
		repro: '复现链接',
		reproTooLong:
			'复现链接太长，放不进这个表单：请在复现组件里点“分享”，再把地址栏里的链接粘贴到这里。',
		question: '哪里不对或已经过时？',
		prompt: '（请描述问题。手头有真实日志、CANN 版本或产品型号的话，也请一并贴上。）',
	},
	en: {
		titlePrefix: '[Page report]',
		page: 'Page',
		language: 'Language',
		languageName: 'English (en)',
		repro: 'Reproduction',
		reproTooLong:
			'The reproduction link is too long for this form: press “Share” in the reproduction and paste the link from the address bar here.',
		question: 'What is wrong or out of date?',
		prompt:
			'(Describe the problem. A real log, the CANN version or the product you saw it on help too.)',
	},
} as const satisfies Record<Lang, Record<string, string>>;

function issueUrl(repository: string, title: string, body: string): string {
	const query = new URLSearchParams({ title, body });
	return `${repository.replace(/\/+$/, '')}/issues/new?${query}`;
}

function issueBody(target: ReportTarget, repro: string | undefined): string {
	const w = WORDS[target.lang];
	const lines = [`**${w.page}**: ${target.pageUrl}`, `**${w.language}**: ${w.languageName}`];
	if (repro !== undefined) lines.push(`**${w.repro}**: ${repro}`);
	lines.push('', `**${w.question}**`, '', w.prompt);
	return lines.join('\n');
}

/** The report link of a page with a slot for a share link (see report-share.ts). */
export function reportTemplate(target: Omit<ReportTarget, 'shareUrl'>): ReportTemplate {
	const w = WORDS[target.lang];
	const title = `${w.titlePrefix} ${target.title}`;
	return {
		withShare: issueUrl(target.repository, title, issueBody(target, SHARE_URL_SLOT)),
		shareTooLong: issueUrl(target.repository, title, issueBody(target, w.reproTooLong)),
	};
}

/**
 * The new-issue link for `target`. A share link that would make the address too long is
 * replaced by a note asking the reader to paste it.
 */
export function reportIssueUrl(target: ReportTarget): string {
	if (target.shareUrl === undefined) {
		const w = WORDS[target.lang];
		return issueUrl(
			target.repository,
			`${w.titlePrefix} ${target.title}`,
			issueBody(target, undefined),
		);
	}
	return withShareUrl(reportTemplate(target), target.shareUrl);
}

/** The web editor of `file` (a path from the repository root) on `branch`. */
export function editFileUrl(repository: string, branch: string, file: string): string {
	const segments = (text: string) => text.split('/').map(encodeURIComponent).join('/');
	return `${repository.replace(/\/+$/, '')}/edit/${segments(branch)}/${segments(file)}`;
}
