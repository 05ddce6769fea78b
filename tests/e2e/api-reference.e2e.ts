/**
 * The API reference pages and the editor's API help, in a real browser: every API of the catalog
 * has its anchor on its group's page in both languages, the index links each one, the site
 * search finds an API by name, the pages are axe-clean with scripts and in dark mode, and the
 * playground editor completes an API name and explains the API under the pointer in the page's
 * language.
 */
import { expect, it } from 'vitest';
import { API_CATALOG, apiAnchor, catalogGroups } from '../../src/api/index.ts';
import { axeViolations, baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget } from './repro-widget.ts';

describeInBrowser('the API reference pages', () => {
	const page = usePage();

	for (const lang of ['zh', 'en'] as const) {
		it(`give every API of the catalog its own anchor on its group's page (${lang})`, async () => {
			for (const { group, rows } of catalogGroups()) {
				if (rows.length === 0) continue;
				await page().goto(`${baseURL()}/${lang}/api/${group.id}/`);
				const ids = await page()
					.locator('section.api > h2[id]')
					.evaluateAll((hs) => hs.map((h) => h.id));
				expect(ids).toEqual(rows.map((r) => apiAnchor(r.name)));
			}
		});

		it(`list every API on the index, linked to its anchor (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/api/`);
			const hrefs = await page()
				.locator('.api-index__names a')
				.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
			expect(hrefs).toHaveLength(API_CATALOG.length);
			expect(hrefs).toContain(`/${lang}/api/acl-stream/#aclrtCreateStream`);
		});
	}

	it('shows the signature, doc text and per-product limits of aclrtCreateStream', async () => {
		await page().goto(`${baseURL()}/en/api/acl-stream/#aclrtCreateStream`);
		const entry = page().locator('section.api', { has: page().locator('#aclrtCreateStream') });
		await expect(entry.locator('.api__signature').first().innerText()).resolves.toBe(
			'aclError aclrtCreateStream(aclrtStream *stream)',
		);
		await expect(
			entry.locator('.api__limits tr', { hasText: 'Atlas training series' }).innerText(),
		).resolves.toMatch(/2048/);
		await page().goto(`${baseURL()}/zh/api/acl-memory/`);
		const malloc = page().locator('section.api', { has: page().locator('#aclrtMalloc') });
		await expect(malloc.innerText()).resolves.toContain('示意值');
	});

	it('is linked from the footer and keeps the page on a language switch', async () => {
		await page().goto(`${baseURL()}/zh/`);
		await expect(page().locator('footer a[href="/zh/api/"]').count()).resolves.toBe(1);
		await page().goto(`${baseURL()}/zh/api/ascendc-tque/`);
		await page().locator('[data-lang-switch]').click();
		await page().waitForURL(`${baseURL()}/en/api/ascendc-tque/`);
	});
});

describeInBrowser('site search for an API name', () => {
	const page = usePage();
	for (const [lang, name, group] of [
		['zh', 'aclrtCreateStream', 'acl-stream'],
		['en', 'aclrtMallocHost', 'acl-memory'],
	] as const) {
		it(`finds ${name} on the ${lang} API reference`, async () => {
			await page().goto(`${baseURL()}/${lang}/`);
			await page().locator('#home-search-input').fill(name);
			const results = page().locator('#home-search-results');
			await results.locator('a').first().waitFor({ timeout: 10_000 });
			const hrefs = await results
				.locator('a')
				.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
			expect(hrefs.some((h) => h.startsWith(`/${lang}/api/${group}/`))).toBe(true);
		});
	}
});

describeInBrowser('accessibility of the API reference pages', () => {
	for (const colorScheme of ['light', 'dark'] as const) {
		const page = usePage({ colorScheme });
		for (const path of ['/zh/api/', '/en/api/', '/zh/api/ascendc-tque/', '/en/api/acl-memory/']) {
			it(`has no axe violations on ${path} with scripts running (${colorScheme})`, async () => {
				await page().goto(`${baseURL()}${path}`);
				await page().waitForLoadState('networkidle');
				expect(await axeViolations(page())).toEqual([]);
			});
		}
	}
});

describeInBrowser('the editor explains and completes APIs', () => {
	const page = usePage({ viewport: { width: 1280, height: 900 } });

	for (const [lang, words, more] of [
		['zh', /创建一个 Stream/, '查看 API 参考'],
		['en', /stream/i, 'API reference'],
	] as const) {
		it(`shows the signature, doc text and limits of the API under the pointer (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/playground/`);
			const widget = await new Widget(page(), page().locator('.repro').first(), lang).ready();
			await widget.setCode('int main() {\n    aclrtStream s;\n    aclrtCreateStream(&s);\n');
			const name = widget.root.locator('.cm-line', { hasText: 'aclrtCreateStream(' });
			await name.hover({ position: { x: 60, y: 5 } });
			const tip = widget.root.locator('.cm-repro-api-tips');
			await tip.waitFor({ timeout: 10_000 });
			await expect(tip.locator('.cm-repro-api-sig').first().textContent()).resolves.toBe(
				'aclError aclrtCreateStream(aclrtStream *stream)',
			);
			await expect(tip.innerText()).resolves.toMatch(words);
			await expect(tip.innerText()).resolves.toMatch(/2048/);
			const link = tip.getByRole('link', { name: more });
			await expect(link.getAttribute('href')).resolves.toBe(
				`/${lang}/api/acl-stream/#aclrtCreateStream`,
			);
		});
	}

	it('completes an AscendCL name from its first letters and inserts it with Enter', async () => {
		await page().goto(`${baseURL()}/en/playground/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.setCode('int main() {\n    aclrtCreateStreamWithCon');
		const option = widget.root.locator('.cm-tooltip-autocomplete li', {
			hasText: 'aclrtCreateStreamWithConfig',
		});
		await option.waitFor({ timeout: 10_000 });
		// CodeMirror ignores Enter for its interactionDelay (75 ms) after the list opens, so that a
		// key already on its way is a line break; a reader sees the list first, and so does this.
		await new Promise((resolve) => setTimeout(resolve, 200));
		await page().keyboard.press('Enter');
		await expect(widget.code()).resolves.toContain('aclrtCreateStreamWithConfig');
	});
});
