import { describe, expect, it } from 'vitest';
import { linkBase, PUBLIC_SITE_URL } from './link-base.ts';

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
