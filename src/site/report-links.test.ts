import { describe, expect, it } from 'vitest';
import { MAX_ISSUE_URL_CHARS, editFileUrl, reportIssueUrl } from './report-links.ts';

const target = {
	repository: 'https://github.com/owner/casebook',
	lang: 'zh' as const,
	pageUrl: 'https://casebook.example.org/zh/cases/acl-resource-leak/',
	title: '内存持续上涨',
};

function form(url: string) {
	const parsed = new URL(url);
	return {
		path: `${parsed.origin}${parsed.pathname}`,
		title: parsed.searchParams.get('title') ?? '',
		body: parsed.searchParams.get('body') ?? '',
	};
}

describe('the report link', () => {
	it('opens a new issue prefilled with the page, its language and its title', () => {
		const issue = form(reportIssueUrl(target));
		expect(issue.path).toBe('https://github.com/owner/casebook/issues/new');
		expect(issue.title).toBe('[页面问题] 内存持续上涨');
		expect(issue.body).toContain(
			'**页面**: https://casebook.example.org/zh/cases/acl-resource-leak/',
		);
		expect(issue.body).toContain('**语言**: 中文 (zh)');
		expect(issue.body).not.toContain('复现链接');
	});

	it('carries the reproduction share link, and is written in English on English pages', () => {
		const shareUrl = `${target.pageUrl.replace('/zh/', '/en/')}#w=repro-frame-leak&s=abc_-`;
		const issue = form(
			reportIssueUrl({ ...target, lang: 'en', title: 'Memory keeps rising', shareUrl }),
		);
		expect(issue.title).toBe('[Page report] Memory keeps rising');
		expect(issue.body).toContain(`**Reproduction**: ${shareUrl}`);
		expect(issue.body).toContain('**Language**: English (en)');
	});

	it('asks the reader to paste a share link too long for an address instead of breaking the form', () => {
		const shareUrl = `${target.pageUrl}#s=${'A'.repeat(MAX_ISSUE_URL_CHARS)}`;
		const url = reportIssueUrl({ ...target, shareUrl });
		expect(url.length).toBeLessThanOrEqual(MAX_ISSUE_URL_CHARS);
		expect(form(url).body).toContain('复现链接太长');
	});
});

describe('the edit link', () => {
	it('opens the file on the branch in the web editor, keeping path slashes', () => {
		expect(
			editFileUrl('https://github.com/owner/casebook/', 'release/1.0', 'content/cases/a b/zh.mdx'),
		).toBe('https://github.com/owner/casebook/edit/release/1.0/content/cases/a%20b/zh.mdx');
	});
});
