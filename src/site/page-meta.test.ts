import { describe, expect, it } from 'vitest';
import { hreflangLinks, languagePaths, pageCard } from './page-meta.ts';
import { resolveSiteConfig } from './site-config.ts';

const site = resolveSiteConfig({ CASEBOOK_SITE_URL: 'https://casebook.example.org' });

describe('hreflang alternates', () => {
	it('are absolute, one per language, with x-default on the Chinese page', () => {
		const paths = languagePaths('/en/cases/x/', 'en', '/zh/cases/x/');
		expect(hreflangLinks(paths, site)).toEqual([
			{ hreflang: 'zh-CN', href: 'https://casebook.example.org/zh/cases/x/' },
			{ hreflang: 'en', href: 'https://casebook.example.org/en/cases/x/' },
			{ hreflang: 'x-default', href: 'https://casebook.example.org/zh/cases/x/' },
		]);
	});

	it('follow the page path into the other language when no alternate is given', () => {
		expect(languagePaths('/zh/triage/', 'zh', undefined)).toEqual({
			zh: '/zh/triage/',
			en: '/en/triage/',
		});
	});

	it('are left out for a page written in one language only', () => {
		const paths = languagePaths('/en/cases/x/', 'en', '/zh/cases/x/', ['en']);
		expect(hreflangLinks(paths, site)).toEqual([]);
	});
});

describe('page cards', () => {
	it('give a page without a card of its own its language’s shared site card', () => {
		expect(pageCard('en', 'Log triage')).toEqual(pageCard('en', 'Playground'));
		expect(pageCard('en', 'Log triage').lang).toBe('en');
	});

	it('default the title to the page title and can be one card for both languages', () => {
		expect(pageCard('zh', '标题', { line: 'EE1023' })).toEqual({
			title: '标题',
			line: 'EE1023',
			lang: 'zh',
		});
		const code = { title: 'EE1023', line: 'Alloc Notify resource failed.', bothLanguages: true };
		expect(pageCard('zh', '错误码 EE1023', code)).toEqual(
			pageCard('en', 'Error code EE1023', code),
		);
	});
});
