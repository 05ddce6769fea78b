/**
 * The Content-Security-Policy, in a real browser. One page of every kind the build made (in both
 * languages where the kind has them), then what a reader does on them: a reproduction run with
 * its chart, an edit in the editor, a search, a triage, the playground and the `/` and `/e/`
 * redirects. Every test fails on any violation the browser reports (a `securitypolicyviolation`
 * event) and on any console error, which is where Chromium also says what it refused.
 */
import { expect, it, beforeEach, afterEach } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget } from './repro-widget.ts';
import { pageKinds } from './page-kinds.ts';

declare global {
	interface Window {
		__cspViolations?: string[];
	}
}

/** Collects violations and console errors of every document `page` shows. */
function watch(page: Page): { problems: string[] } {
	const state = { problems: [] as string[] };
	void page.addInitScript(() => {
		window.__cspViolations = [];
		document.addEventListener('securitypolicyviolation', (event) => {
			window.__cspViolations!.push(
				`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
			);
		});
	});
	page.on('console', (message) => {
		if (message.type() === 'error') state.problems.push(`console: ${message.text()}`);
	});
	return state;
}

async function violations(page: Page): Promise<string[]> {
	return page.evaluate(() => window.__cspViolations ?? []);
}

/**
 * A fresh page per test (see usePage) that fails the test on any violation reported in the
 * document it ends on and on any console error in any document it showed.
 */
function useWatchedPage(): () => Page {
	const page = usePage();
	let watched: { problems: string[] };
	beforeEach(() => {
		watched = watch(page());
	});
	afterEach(async () => {
		await expect(violations(page())).resolves.toEqual([]);
		expect(watched.problems).toEqual([]);
	});
	return page;
}

describeInBrowser('every page kind loads under the Content-Security-Policy', () => {
	const page = useWatchedPage();

	for (const kind of pageKinds()) {
		it(`${kind.kind} (${kind.sample}) reports no violation`, async () => {
			await page().goto(`${baseURL()}${kind.sample}`, { waitUntil: 'load' });
			if (kind.redirects) {
				await page().waitForURL((url) => url.pathname !== kind.sample.split('#')[0]);
			}
			await page().waitForLoadState('networkidle');
			// A redirect ends on its target, which must carry the policy as well.
			await expect(page().content()).resolves.toContain('http-equiv="content-security-policy"');
		});
	}
});

describeInBrowser('what a reader does stays within the policy', () => {
	const page = useWatchedPage();

	for (const lang of ['zh', 'en'] as const) {
		it(`runs a reproduction with its chart and edits the program (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/cases/acl-resource-leak/`);
			const widget = await new Widget(page(), page().locator('.repro').first(), lang).ready();
			expect(await widget.run()).not.toBe('');
			await widget.root.locator('.repro-metrics canvas').first().waitFor({ timeout: 20_000 });
			// The editor's own stylesheet applies inside its shadow root (no <style> element needed).
			const border = await widget.root
				.locator('.cm-editor')
				.evaluate((el) => getComputedStyle(el).borderTopStyle);
			expect(border).toBe('solid');
			await widget.root.locator('.cm-content').click();
			await page().keyboard.type('// edited\n');
			await expect(widget.code()).resolves.toContain('// edited');
		});

		it(`colours highlighted code through classes, with no style attribute (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/cases/alloc-tensor-queue-position-limit/`);
			const code = page().locator('pre.astro-code[data-language="cpp"]').first();
			const colours = await code
				.locator('span')
				.evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
			expect(colours).toBeGreaterThan(2);
			await expect(page().locator('[style]').count()).resolves.toBe(0);
		});

		it(`searches and finds a case (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/`);
			await page().locator('#home-search-input').fill('AllocTensor');
			const results = page().locator('#home-search-results a');
			await results.first().waitFor({ timeout: 10_000 });
			await expect(results.count()).resolves.toBeGreaterThan(0);
		});

		it(`triages a pasted log (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/triage/`);
			const log =
				'[ERROR][Core_0][kernel_tpipe.h:730][AllocEventID][321678] current size is 4, max buffer number in same queue position is 4';
			await page()
				.getByLabel(lang === 'zh' ? '日志' : 'Log', { exact: true })
				.fill(log);
			await page()
				.getByRole('button', { name: lang === 'zh' ? '诊断' : 'Diagnose' })
				.click();
			await page().locator('.triage__matches a').first().waitFor({ timeout: 10_000 });
		});

		it(`runs the playground (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/playground/`);
			const widget = await new Widget(page(), page().locator('.repro').first(), lang).ready();
			expect(await widget.run()).not.toBe('');
		});
	}

	it('sends / and /e/ permalinks on to a case page by script', async () => {
		await page().goto(`${baseURL()}/`);
		await page().waitForURL(`${baseURL()}/zh/`);
		const permalink = pageKinds().find((k) => k.kind === '/e/*');
		if (permalink) {
			await page().goto(`${baseURL()}${permalink.sample}`);
			await page().waitForURL(/\/zh\/cases\/[^/]+\/#/);
		}
	});
});
