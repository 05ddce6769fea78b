import { describe, expect, it } from 'vitest';
import { hreflangLinks, languagePaths } from './page-meta.ts';
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
