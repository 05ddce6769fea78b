import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE, SITE_ENV, absoluteUrl, resolveSiteConfig } from './site-config.ts';

describe('the site configuration', () => {
	it('uses the project defaults when no variable is set', () => {
		expect(resolveSiteConfig({})).toEqual(DEFAULT_SITE);
	});

	it('takes the public URL, repository and branch from the environment, normalised', () => {
		const site = resolveSiteConfig({
			[SITE_ENV.url]: 'https://mirror.example.cn',
			[SITE_ENV.repository]: 'https://git.example.cn/team/casebook/',
			[SITE_ENV.branch]: 'intranet',
		});
		expect(site.url).toBe('https://mirror.example.cn/');
		expect(site.repository).toBe('https://git.example.cn/team/casebook');
		expect(site.branch).toBe('intranet');
		expect(absoluteUrl('/zh/cases/x/', site)).toBe('https://mirror.example.cn/zh/cases/x/');
	});

	it('refuses a site URL that is not http(s), or that has a path, naming the variable', () => {
		expect(() => resolveSiteConfig({ [SITE_ENV.url]: 'casebook.example.org' })).toThrow(
			'CASEBOOK_SITE_URL must be an absolute http(s) URL',
		);
		expect(() => resolveSiteConfig({ [SITE_ENV.url]: 'ftp://casebook.example.org/' })).toThrow(
			'CASEBOOK_SITE_URL must be an absolute http(s) URL',
		);
		expect(() => resolveSiteConfig({ [SITE_ENV.url]: 'https://example.org/casebook/' })).toThrow(
			'the site is served from the root',
		);
		expect(() => resolveSiteConfig({ [SITE_ENV.repository]: 'github' })).toThrow(
			'CASEBOOK_REPO_URL must be an absolute http(s) URL',
		);
	});
});
