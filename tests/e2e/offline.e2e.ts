/**
 * Offline use, in a real browser: a reader opens one case page while online, the network goes
 * away (`context.setOffline(true)`), and the page they opened still loads, search still finds
 * cases, and the reproduction still runs (the simulator worker and its chunks come from the
 * service worker's cache).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget } from './repro-widget.ts';

const CASE_PAGE = '/zh/cases/alloc-tensor-queue-position-limit/';

/** Waits until the service worker is active, controls the page and has kept the page itself. */
async function waitUntilKept(page: Page): Promise<void> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const kept = await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
			if (!navigator.serviceWorker.controller) return false;
			return (await caches.match(location.href.split('#')[0]!)) !== undefined;
		});
		if (kept) return;
		if (Date.now() > deadline) throw new Error('the service worker did not keep the page in 30 s');
		await page.waitForTimeout(250);
	}
}

describeInBrowser('after one visit the site works offline', () => {
	const page = usePage();

	it('reloads the visited case page, searches and runs its reproduction with no network', async () => {
		await page().goto(`${baseURL()}${CASE_PAGE}`);
		await waitUntilKept(page());
		await page().context().setOffline(true);
		try {
			await page().reload();
			await expect(page().locator('h1').innerText()).resolves.not.toBe('');

			const widget = await new Widget(page(), page().locator('.repro').first(), 'zh').ready();
			expect(await widget.run()).not.toBe('');
			await expect(widget.logText()).resolves.not.toBe('');

			await page().goto(`${baseURL()}/zh/`);
			await page().locator('#home-search-input').fill('AllocTensor');
			const first = page().locator('#home-search-results a').first();
			await first.waitFor({ timeout: 15_000 });
			await expect(first.getAttribute('href')).resolves.toContain('/zh/cases/');
		} finally {
			await page().context().setOffline(false);
		}
	});

	it('says the browser is offline for a page never opened, rather than showing a stale one', async () => {
		await page().goto(`${baseURL()}/en/cases/acl-resource-leak/`);
		await waitUntilKept(page());
		await page().context().setOffline(true);
		try {
			const response = await page()
				.goto(`${baseURL()}/en/cases/suspend-hwts-busy/`)
				.catch(() => null);
			expect(response?.ok() ?? false).toBe(false);
		} finally {
			await page().context().setOffline(false);
		}
	});
});
