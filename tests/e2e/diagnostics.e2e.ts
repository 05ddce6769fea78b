/**
 * The diagnostics reference pages and the links into them, in a real browser: every code of the
 * catalog has its anchor on both pages, a code typed in the site search finds it, the pages are
 * axe-clean with scripts and in dark mode, and a diagnostic in the widget (list and editor
 * tooltip) is shown in the page's language and links to its anchor.
 */
import { expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../src/diagnostics/index.ts';
import { axeViolations, baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget } from './repro-widget.ts';

const CODES = Object.keys(DIAGNOSTICS);
const BUFFER_CASE = 'alloc-tensor-queue-position-limit';
const CPU_SCENARIO = `${BUFFER_CASE}/queue-limit-cpu-debug`;

describeInBrowser('the diagnostics reference pages', () => {
	const page = usePage();

	for (const [lang, title, severity] of [
		['zh', '诊断代码', '错误'],
		['en', 'Diagnostic codes', 'error'],
	] as const) {
		it(`list every code of the catalog under its own anchor (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/diagnostics/`);
			await expect(page().getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
			const ids = await page()
				.locator('h3[id]')
				.evaluateAll((hs) => hs.map((h) => h.id));
			expect(ids.sort()).toEqual([...CODES].sort());
			const entry = page().locator('.diag', { has: page().locator('#tque-buffer-limit') });
			await expect(entry.locator('.severity').textContent()).resolves.toBe(severity);
			await expect(entry.locator(`a[href="/${lang}/cases/${BUFFER_CASE}/"]`).count()).resolves.toBe(
				1,
			);
		});

		it(`scrolls a linked anchor into view below the sticky header (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/diagnostics/#steps-exhausted`);
			const top = await page()
				.locator('#steps-exhausted')
				.evaluate((el) => el.getBoundingClientRect().top);
			const header = await page()
				.locator('.site-header')
				.evaluate((el) => el.getBoundingClientRect().bottom);
			expect(top).toBeGreaterThanOrEqual(header - 1);
			expect(top).toBeLessThan(400);
		});
	}

	it('shows the message template in the page language, with its placeholders', async () => {
		await page().goto(`${baseURL()}/zh/diagnostics/`);
		const template = page().locator('.diag', { has: page().locator('#que-depth-exceeded') });
		await expect(template.locator('.diag__template').innerText()).resolves.toBe(
			'对 {queue} 执行 EnQue 后队列里将有 {count} 个 Tensor，但队列深度只有 {depth}：队列满之前，每次 EnQue 都要先有一次 DeQue。',
		);
	});

	it('is linked from the footer of every page and from the playground', async () => {
		await page().goto(`${baseURL()}/zh/`);
		await expect(page().locator('footer a[href="/zh/diagnostics/"]').count()).resolves.toBe(1);
		await page().goto(`${baseURL()}/en/playground/`);
		await expect(page().locator('main a[href="/en/diagnostics/"]').count()).resolves.toBe(1);
	});

	it('switches language and stays on the diagnostics page', async () => {
		await page().goto(`${baseURL()}/zh/diagnostics/`);
		await page().locator('[data-lang-switch]').click();
		await page().waitForURL(`${baseURL()}/en/diagnostics/`);
	});
});

describeInBrowser('site search for a diagnostic code', () => {
	const page = usePage();
	for (const [lang, code] of [
		['zh', 'tque-buffer-limit'],
		['en', 'steps-exhausted'],
	] as const) {
		it(`finds ${code} and links its anchor on the ${lang} diagnostics page`, async () => {
			await page().goto(`${baseURL()}/${lang}/`);
			await page().locator('#home-search-input').fill(code);
			const results = page().locator('#home-search-results');
			await results.locator('a').first().waitFor({ timeout: 10_000 });
			const hrefs = await results
				.locator('a')
				.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
			expect(hrefs).toContain(`/${lang}/diagnostics/#${code}`);
		});
	}
});

describeInBrowser('accessibility of the diagnostics pages', () => {
	for (const colorScheme of ['light', 'dark'] as const) {
		const page = usePage({ colorScheme });
		for (const lang of ['zh', 'en']) {
			it(`has no axe violations on /${lang}/diagnostics/ with scripts running (${colorScheme})`, async () => {
				await page().goto(`${baseURL()}/${lang}/diagnostics/`);
				await page().waitForLoadState('networkidle');
				expect(await axeViolations(page())).toEqual([]);
			});
		}
	}
});

describeInBrowser('a diagnostic in the reproduction widget', () => {
	const page = usePage({ viewport: { width: 1280, height: 900 } });

	for (const [lang, words] of [
		['zh', '每个 TPosition 最多只能有 4 个缓冲区'],
		['en', 'allows at most 4 buffers per TPosition'],
	] as const) {
		it(`is listed in the page language and linked to its anchor (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/cases/${BUFFER_CASE}/`);
			const widget = await new Widget(
				page(),
				page().locator(`.repro[data-scenario="${CPU_SCENARIO}"]`),
				lang,
			).ready();
			await widget.run();
			const item = widget.root.locator('.repro-diagnostics li', {
				has: page().locator(`a[href="/${lang}/diagnostics/#tque-buffer-limit"]`),
			});
			await expect(item.innerText()).resolves.toContain(words);
			await item.locator(`a[href="/${lang}/diagnostics/#tque-buffer-limit"]`).click();
			await page().waitForURL(`${baseURL()}/${lang}/diagnostics/#tque-buffer-limit`);
			await expect(page().locator('#tque-buffer-limit').isVisible()).resolves.toBe(true);
		});
	}

	it('shows a tooltip over the underline with the message and the link to its anchor', async () => {
		await page().goto(`${baseURL()}/zh/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(
			page(),
			page().locator(`.repro[data-scenario="${CPU_SCENARIO}"]`),
			'zh',
		).ready();
		await widget.run();
		// The jump button scrolls the editor to the line (CodeMirror draws only visible lines).
		const item = widget.root.locator('.repro-diagnostics li.repro-diag-error').first();
		await item.locator('button').click();
		const mark = widget.root.locator('.cm-content .cm-repro-diag-error').first();
		await mark.hover();
		const tip = widget.root.locator('.cm-repro-diag-tips');
		await tip.waitFor({ timeout: 5_000 });
		await expect(tip.getAttribute('lang')).resolves.toBe('zh-CN');
		await expect(tip.locator('a[href^="/zh/diagnostics/#"]').first().textContent()).resolves.toBe(
			'这条诊断的说明',
		);
		await expect(tip.innerText()).resolves.toMatch(/[\u4e00-\u9fff]/);
	});
});
