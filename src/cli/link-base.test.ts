import { describe, expect, it } from 'vitest';
import { linkBase, PUBLIC_SITE_URL } from './link-base.ts';
import { DEFAULT_SITE } from '../site/site-config.ts';

describe('where printed links point', () => {
	it('uses --base-url first, then CASEBOOK_LOCAL_URL, then the public site', () => {
		const env = { CASEBOOK_LOCAL_URL: 'http://127.0.0.1:4321/' };
		expect(linkBase('https://intranet.example/', env)).toBe('https://intranet.example/');
		expect(linkBase(undefined, env)).toBe('http://127.0.0.1:4321/');
		expect(linkBase('', {})).toBe(PUBLIC_SITE_URL);
	});

	it('ignores a CASEBOOK_LOCAL_URL that is not an http URL, and says so', () => {
		const warnings: string[] = [];
		expect(
			linkBase(undefined, { CASEBOOK_LOCAL_URL: 'file:///tmp' }, (m) => warnings.push(m)),
		).toBe(PUBLIC_SITE_URL);
		expect(warnings.join('\n')).toContain('ignoring CASEBOOK_LOCAL_URL="file:///tmp"');
	});
});

describe('the public site the CLI links to', () => {
	it('is the site configuration’s: CASEBOOK_SITE_URL for a mirror, the project’s otherwise', () => {
		expect(linkBase(undefined, { CASEBOOK_SITE_URL: 'https://mirror.example.cn' })).toBe(
			'https://mirror.example.cn/',
		);
		expect(linkBase(undefined, {})).toBe(DEFAULT_SITE.url);
	});

	it('ignores a CASEBOOK_SITE_URL that is not a URL, and says which variable', () => {
		const warnings: string[] = [];
		expect(linkBase(undefined, { CASEBOOK_SITE_URL: 'casebook' }, (m) => warnings.push(m))).toBe(
			PUBLIC_SITE_URL,
		);
		expect(warnings.join('\n')).toContain('CASEBOOK_SITE_URL must be an absolute http(s) URL');
	});
});
