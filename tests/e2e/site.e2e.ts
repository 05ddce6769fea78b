/**
 * The site in a real browser: home pages, the case page sections, the language switch, theme,
 * search in both languages, and axe on every built page (the 3,000 error-code pages sampled).
 */
import { expect, it } from 'vitest';
import { axeViolations, baseURL, describeInBrowser, usePage } from './browser.ts';
import { builtPages } from './built-pages.ts';

const CASE = 'alloc-tensor-queue-position-limit';

/**
 * The code pages axe checks: one of each kind and state (explained or not, with a reproduction,
 * an internal number, a GE page…) in both languages, instead of all of them.
 */
const SAMPLE_CODE_PAGES = [
	'507035',
	'207001',
	'EE1023',
	'EE4004',
	'E10001',
	'0x7020023',
	'ts-0x31',
	'drv-7',
	'hccl-4',
	'100002',
].flatMap((code) => [`/zh/codes/${code}/`, `/en/codes/${code}/`]);

/** Built pages to check one by one: every page but the code pages, which are sampled. */
function pagesToCheck(): string[] {
	const codePage = /^\/(?:zh|en)\/codes\/[^/]+\/$/;
	return [...builtPages().filter((path) => !codePage.test(path)), ...SAMPLE_CODE_PAGES];
}

describeInBrowser('the home page', () => {
	const page = usePage();

	it('lists the cases grouped by component in Chinese, with a one-line symptom each', async () => {
		await page().goto(`${baseURL()}/zh/`);
		await expect(page().locator('html').getAttribute('lang')).resolves.toBe('zh-CN');
		await expect(page().getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
			'昇腾案例集',
		);
		const card = page().locator('.case-card', {
			has: page().locator(`a[href="/zh/cases/${CASE}/"]`),
		});
		await expect(card.count()).resolves.toBe(1);
		await expect(card.locator('.case-card__symptom').textContent()).resolves.toMatch(/\S/);
		await expect(page().getByRole('heading', { name: 'Ascend C 算子' }).count()).resolves.toBe(1);
	});

	it('lists the same cases in English under /en/', async () => {
		await page().goto(`${baseURL()}/en/`);
		await expect(page().locator('html').getAttribute('lang')).resolves.toBe('en');
		await expect(page().locator(`a[href="/en/cases/${CASE}/"]`).count()).resolves.toBe(1);
		await expect(page().getByRole('heading', { name: 'Ascend C kernels' }).count()).resolves.toBe(
			1,
		);
	});

	it('filters the cases by product and component', async () => {
		await page().goto(`${baseURL()}/en/`);
		const cards = page().locator('.case-card:visible');
		const all = await cards.count();
		await page().getByLabel('Component', { exact: true }).selectOption('system');
		const system = await cards.count();
		expect(system).toBeLessThan(all);
		await page().getByLabel('Component', { exact: true }).selectOption('ascend-c');
		await expect(
			page().locator(`.case-card:visible a[href="/en/cases/${CASE}/"]`).count(),
		).resolves.toBe(1);
		await page().getByLabel('Component', { exact: true }).selectOption('');
		await page().getByLabel('Product', { exact: true }).selectOption('atlas-training');
		await expect(cards.count()).resolves.toBeGreaterThan(0);
	});
});

describeInBrowser('the root page', () => {
	const page = usePage({ locale: 'en-US' });
	it('sends an English-speaking reader to /en/', async () => {
		await page().goto(`${baseURL()}/`);
		await page().waitForURL(`${baseURL()}/en/`);
	});
});

describeInBrowser('the root page without scripts', () => {
	const page = usePage({ javaScriptEnabled: false });
	it('offers plain links to both languages', async () => {
		await page().goto(`${baseURL()}/`);
		await expect(page().locator('a[href="/zh/"]').count()).resolves.toBe(1);
		await expect(page().locator('a[href="/en/"]').count()).resolves.toBe(1);
	});
});

describeInBrowser('a case page', () => {
	const page = usePage();

	for (const [lang, names] of [
		['zh', ['现象', '如何确认', '根因', '解决方法', '复现']],
		['en', ['Symptom', 'How to confirm', 'Root cause', 'Fix', 'Reproduce']],
	] as const) {
		it(`has every section with its stable anchor and a table of contents (${lang})`, async () => {
			await page().goto(`${baseURL()}/${lang}/cases/${CASE}/`);
			const anchors = ['symptom', 'confirm', 'root-cause', 'fix', 'reproduce'];
			for (const [i, id] of anchors.entries()) {
				const heading = page().locator(`h2#${id}`);
				await expect(heading.count()).resolves.toBe(1);
				await expect(heading.textContent()).resolves.toContain(names[i]);
				await expect(page().locator(`nav.toc a[href="#${id}"]`).count()).resolves.toBe(1);
			}
			await expect(page().locator('h2#sources').count()).resolves.toBe(1);
			await expect(
				page().locator('ol.sources a[href^="https://"]').count(),
			).resolves.toBeGreaterThan(0);
			await expect(page().locator('.case__meta .chip--component').count()).resolves.toBe(1);
		});
	}

	it('quotes the exact CPU-debug error line in the symptom', async () => {
		await page().goto(`${baseURL()}/zh/cases/${CASE}/`);
		const text = await page().locator('main').textContent();
		expect(text).toContain('current size is 4, max buffer number in same queue position is 4');
	});

	it('shows the faulty and fixed programs side by side in the fix section', async () => {
		await page().goto(`${baseURL()}/en/cases/${CASE}/`);
		const diff = page().locator('figure.fix-diff').first();
		await expect(diff.locator('.diff-removed').count()).resolves.toBeGreaterThan(0);
		await expect(diff.locator('.diff-added').count()).resolves.toBeGreaterThan(0);
	});

	it('switches language and stays on the same case', async () => {
		await page().goto(`${baseURL()}/zh/cases/${CASE}/`);
		await page().locator('[data-lang-switch]').click();
		await page().waitForURL(`${baseURL()}/en/cases/${CASE}/`);
		await expect(page().locator('html').getAttribute('lang')).resolves.toBe('en');
		await page().locator('[data-lang-switch]').click();
		await page().waitForURL(`${baseURL()}/zh/cases/${CASE}/`);
	});

	it('has a skip link that moves focus to the main content', async () => {
		await page().goto(`${baseURL()}/en/cases/${CASE}/`);
		await page().keyboard.press('Tab');
		const focused = await page().evaluate(() => document.activeElement?.textContent);
		expect(focused).toBe('Skip to content');
		await page().keyboard.press('Enter');
		await expect(page().evaluate(() => location.hash)).resolves.toBe('#main');
	});

	it('switches to the dark theme and remembers it', async () => {
		await page().goto(`${baseURL()}/en/cases/${CASE}/`);
		await page().getByLabel('Theme').selectOption('dark');
		await page().reload();
		await expect(page().locator('html').getAttribute('data-theme')).resolves.toBe('dark');
		const bg = await page().evaluate(() => getComputedStyle(document.body).backgroundColor);
		expect(bg).toBe('rgb(15, 18, 22)');
	});
});

describeInBrowser('a case page on a phone', () => {
	const page = usePage({ viewport: { width: 360, height: 740 } });
	it('fits 360 px without horizontal scrolling', async () => {
		for (const lang of ['zh', 'en']) {
			await page().goto(`${baseURL()}/${lang}/cases/${CASE}/`);
			const overflow = await page().evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow, `${lang} page scrolls sideways`).toBeLessThanOrEqual(0);
		}
	});
});

describeInBrowser('search', () => {
	const page = usePage();

	const search = async (lang: string, query: string) => {
		await page().goto(`${baseURL()}/${lang}/`);
		const box = page().locator('#home-search-input');
		await box.fill(query);
		const results = page().locator('#home-search-results');
		await results.locator('a').first().waitFor({ timeout: 10_000 });
		return results.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
	};

	// The design's examples; Pagefind's Chinese word splitting misses some of them on prose
	// alone, which the cases' keywords make up for.
	for (const [query, slug] of [
		['队列', CASE],
		['挂死', CASE],
		['泄漏', 'acl-resource-leak'],
		['内存泄漏', 'acl-resource-leak'],
		['事件', 'acl-event-id-exhausted'],
		['休眠', 'suspend-hwts-busy'],
		['信号', 'signal-handler-double-release'],
		['工作线程', 'acl-context-null-in-thread'],
	] as const) {
		it(`finds ${slug} from the Chinese query ${query}`, async () => {
			await expect(search('zh', query)).resolves.toContain(`/zh/cases/${slug}/`);
		});
	}

	it('finds a case from a bare error code', async () => {
		await expect(search('en', '207007')).resolves.toContain('/en/cases/acl-event-id-exhausted/');
	});

	it('finds the worker-thread case from its torch_npu message in English', async () => {
		await expect(search('en', 'The context is empty')).resolves.toContain(
			'/en/cases/acl-context-null-in-thread/',
		);
	});

	it('finds the case from an English query', async () => {
		await expect(search('en', 'AllocTensor')).resolves.toContain(`/en/cases/${CASE}/`);
	});

	it('finds the case from the verbatim error string', async () => {
		await expect(search('en', 'max buffer number in same queue position')).resolves.toContain(
			`/en/cases/${CASE}/`,
		);
	});
});

describeInBrowser('accessibility of every built page as served (code pages sampled)', () => {
	// Without scripts, so redirecting pages (/, /e/…) are checked as the fallback they show.
	const page = usePage({ stripScripts: true });
	const pages = pagesToCheck();

	it('finds built pages to check', () => {
		expect(pages.length).toBeGreaterThan(4);
	});

	for (const path of pages) {
		it(`has no axe violations on ${path}`, async () => {
			await page().goto(`${baseURL()}${path}`);
			expect(await axeViolations(page())).toEqual([]);
		});
	}
});

describeInBrowser('accessibility with scripts running', () => {
	const page = usePage();
	for (const path of ['/zh/', '/en/', `/zh/cases/${CASE}/`, `/en/cases/${CASE}/`]) {
		it(`has no axe violations on ${path} after scripts ran`, async () => {
			await page().goto(`${baseURL()}${path}`);
			await page().waitForLoadState('networkidle');
			expect(await axeViolations(page())).toEqual([]);
		});
	}
});

describeInBrowser('accessibility in the dark theme', () => {
	const page = usePage({ colorScheme: 'dark' });
	for (const path of ['/zh/', '/en/', `/zh/cases/${CASE}/`, `/en/cases/${CASE}/`]) {
		it(`has no axe violations on ${path} in dark mode`, async () => {
			await page().goto(`${baseURL()}${path}`);
			expect(await axeViolations(page())).toEqual([]);
		});
	}
});
