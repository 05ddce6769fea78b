/**
 * The Content-Security-Policy of every built page, read from the HTML (no browser, so it covers
 * every page rather than a sample): the policy is there with its fixed directives and without
 * 'unsafe-inline' or 'unsafe-eval', every inline script and style is allowed by its hash, and no
 * element carries a `style` or `on…` attribute (the policy would refuse both).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES } from '../../src/site/csp.ts';
import { DIST_DIR, pageKinds } from './page-kinds.ts';

function fileOf(path: string): string {
	return join(DIST_DIR, path.endsWith('/') ? `${path}index.html` : path);
}

function policyOf(html: string): string | undefined {
	return /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1];
}

/** What is wrong with one page's policy and inline content, as readable lines. */
function problemsOf(html: string): string[] {
	const policy = policyOf(html);
	if (policy === undefined) return ['no content-security-policy meta element'];
	const problems: string[] = [];
	for (const directive of CSP_DIRECTIVES) {
		if (!policy.includes(directive)) problems.push(`missing "${directive}"`);
	}
	for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'"]) {
		if (policy.includes(unsafe)) problems.push(`allows ${unsafe}`);
	}
	const hash = (text: string) =>
		`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
	for (const [, tag, attributes, body] of html.matchAll(
		/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g,
	)) {
		if (/\bsrc=/.test(attributes!) || /type="application\/(?:ld\+)?json"/.test(attributes!)) {
			continue;
		}
		if (!policy.includes(hash(body!))) {
			problems.push(`inline <${tag}> not allowed by hash: ${JSON.stringify(body!.slice(0, 80))}`);
		}
	}
	for (const [attribute] of html.matchAll(/<[a-z][\w-]*\s[^>]*?\s(?:style|on[a-z]+)=/g)) {
		problems.push(`inline attribute: ${attribute.slice(0, 80)}`);
	}
	return problems;
}

describe('the Content-Security-Policy of every built page', () => {
	const pages = pageKinds().flatMap((kind) => kind.pages);

	it('finds the built pages', () => {
		expect(pages.length).toBeGreaterThan(10);
	});

	it('carries the policy, allows every inline script and style by hash, and has no inline attributes', () => {
		const problems = pages.flatMap((path) =>
			problemsOf(readFileSync(fileOf(path), 'utf8')).map((problem) => `${path}: ${problem}`),
		);
		expect(problems).toEqual([]);
	});

	it('refuses an inline script that is not the site’s own (regression guard for the checker)', () => {
		const page = readFileSync(fileOf(pages[0]!), 'utf8');
		const tampered = page.replace('</head>', '<script>alert(1)</script></head>');
		expect(problemsOf(tampered).join('\n')).toContain('not allowed by hash');
	});
});
