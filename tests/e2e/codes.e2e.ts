/**
 * The error-code index in a real browser: the index pages filter by family and module and open
 * a code from any spelling; a code page reads as a diagnosis page in both languages; site search
 * finds a code in every spelling; a reproduction link runs its program in the playground; the
 * triage page renders a diagnosis with code links and harmless lines; `/codes.json` for tools.
 */
import { expect, it } from 'vitest';
import { axeViolations, baseURL, describeInBrowser, usePage } from './browser.ts';

describeInBrowser('the code index page', () => {
	const page = usePage();

	it('lists every family and filters them by family, keeping the choice in the hash', async () => {
		await page().goto(`${baseURL()}/zh/codes/`);
		await expect(page().locator('h1').textContent()).resolves.toBe('错误码索引');
		const all = await page().locator('[data-code]:visible').count();
		expect(all).toBeGreaterThan(1300);
		await page().getByLabel('类别').selectOption('rts-ee');
		expect(page().url()).toContain('#family=rts-ee');
		const shown = await page().locator('[data-code]:visible').count();
		expect(shown).toBeGreaterThan(20);
		expect(shown).toBeLessThan(40);
		await expect(page().locator('[data-code="EE1023"]').isVisible()).resolves.toBe(true);
		await expect(page().locator('[data-code="507035"]').isVisible()).resolves.toBe(false);
	});

	it('filters by module and to explained codes only', async () => {
		await page().goto(`${baseURL()}/en/codes/#module=HCCL`);
		await expect(page().locator('[data-code="EI0002"]').isVisible()).resolves.toBe(true);
		await expect(page().locator('[data-code="507035"]').isVisible()).resolves.toBe(false);
		await page().getByLabel('Explained only').check();
		await expect(page().locator('[data-code="EI0002"]').isVisible()).resolves.toBe(true);
		await expect(page().locator('[data-code="EI0017"]').isVisible()).resolves.toBe(false);
	});

	for (const [spelling, id] of [
		['ee1023', 'EE1023'],
		['0x07020023', '0x7020023'],
		['117571619', '0x7020023'],
		['ACL_ERROR_RT_NO_EVENT_RESOURCE', '207007'],
	] as const) {
		it(`opens ${id} from the spelling ${spelling}`, async () => {
			await page().goto(`${baseURL()}/en/codes/`);
			await page().getByLabel('Look up a code').fill(spelling);
			await page().getByRole('button', { name: 'Open' }).click();
			await page().waitForURL(`**/en/codes/${id}/`);
		});
	}

	it('says so when a spelling names no code', async () => {
		await page().goto(`${baseURL()}/zh/codes/`);
		await page().getByLabel('按错误码查找').fill('EQ0000');
		await page().getByRole('button', { name: '打开' }).click();
		await expect(page().locator('[data-lookup-message]').textContent()).resolves.toContain(
			'EQ0000',
		);
	});
});

describeInBrowser('a code page', () => {
	const page = usePage();

	it('explains an explained code in Chinese: meaning, ranked causes, checks, fixes, official text', async () => {
		await page().goto(`${baseURL()}/zh/codes/507035/`);
		for (const id of ['meaning', 'causes', 'check', 'fix', 'official', 'related', 'sources']) {
			await expect(page().locator(`#${id}`).count(), id).resolves.toBe(1);
		}
		await expect(page().locator('#causes + ol li').count()).resolves.toBeGreaterThan(1);
		await expect(page().locator('main').textContent()).resolves.toContain(
			'The vector core execution is abnormal.',
		);
		const description = await page().locator('meta[name="description"]').getAttribute('content');
		expect(description).toContain('Vector Core');
	});

	it('marks a code that is not explained yet and still gives the template and family', async () => {
		await page().goto(`${baseURL()}/en/codes/EE4004/`);
		await expect(page().locator('.code-page__status').textContent()).resolves.toBe(
			'not yet explained',
		);
		await expect(page().locator('.code-page__pre').first().textContent()).resolves.toBe(
			'Failed to enable profiling. %s',
		);
	});

	it('switches language and stays on the same code', async () => {
		await page().goto(`${baseURL()}/zh/codes/EE1023/`);
		await page().getByRole('link', { name: 'English' }).click();
		await page().waitForURL('**/en/codes/EE1023/');
	});

	it('links its reproduction to the playground, which runs the program, shows the code and links it back', async () => {
		await page().goto(`${baseURL()}/en/codes/207001/`);
		const link = page().locator('[data-code-repro]').first();
		await link.click();
		await page().waitForURL('**/en/playground/#s=*');
		const log = page().getByRole('log', { name: 'Log' });
		await expect
			.poll(async () => (await log.textContent()) ?? '', { timeout: 30_000 })
			.toContain('207001');
		// The log line that quotes the code links back to its page.
		await log.locator('a.repro-log-code[href="/en/codes/207001/"]').first().waitFor();
	});
});

describeInBrowser('search by error code', () => {
	const page = usePage();

	const search = async (lang: string, query: string) => {
		await page().goto(`${baseURL()}/${lang}/`);
		await page().locator('#home-search-input').fill(query);
		const results = page().locator('#home-search-results');
		await results.locator('a').first().waitFor({ timeout: 10_000 });
		return results.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
	};

	for (const [lang, query, id] of [
		['en', 'EE1023', 'EE1023'],
		['zh', 'ee1023', 'EE1023'],
		['en', '507035', '507035'],
		['zh', '0x7020023', '0x7020023'],
		['en', '117571619', '0x7020023'],
	] as const) {
		it(`finds the page of ${id} from ${query} (${lang})`, async () => {
			await expect(search(lang, query)).resolves.toContain(`/${lang}/codes/${id}/`);
		});
	}
});

describeInBrowser('the triage page reads a whole log', () => {
	const page = usePage();
	const LOG = [
		'[ERROR] APP(41,python):2026-03-03-03:03:03.030.030 [NPUCachingAllocator.cpp:1279]41 malloc:[PTA]:"Get a block from the existing pool failed. Try to free cached blocks and reallocate. This error log can be ignored."',
		'(EngineCore_DP0 pid=41) RuntimeError: ACL stream synchronize failed, error code:507035',
		'(EngineCore_DP0 pid=41) EZ9999: Inner Error!',
	].join('\n');

	it('puts the likely root cause first, links its code page and names the harmless line', async () => {
		await page().goto(`${baseURL()}/zh/triage/`);
		await page().getByLabel('日志', { exact: true }).fill(LOG);
		await page().getByRole('button', { name: '诊断' }).click();
		const root = page().locator('.triage__root');
		await root.locator('a[href="/zh/codes/507035/"]').waitFor({ timeout: 15_000 });
		await expect(root.locator('a[href="/zh/codes/EZ9999/"]').count()).resolves.toBe(1);
		const harmless = page().locator('.triage__harmless li');
		await expect(harmless.count()).resolves.toBe(1);
		await expect(harmless.textContent()).resolves.toContain('可以忽略');
		expect(await axeViolations(page())).toEqual([]);
	});
});

describeInBrowser('/codes.json', () => {
	it('serves every code with its family, spellings, summary in both languages and page URLs', async () => {
		const response = await fetch(`${baseURL()}/codes.json`);
		expect(response.headers.get('content-type') ?? '').toContain('json');
		const json = (await response.json()) as {
			version: number;
			count: number;
			codes: { code: string; spellings: string[]; url: { zh: string; en: string } }[];
		};
		expect(json.version).toBe(1);
		expect(json.count).toBeGreaterThan(1300);
		const inner = json.codes.find((code) => code.code === '0x7020023')!;
		expect(inner.spellings).toEqual(expect.arrayContaining(['0x07020023', '117571619']));
		expect(inner.url).toEqual({ zh: '/zh/codes/0x7020023/', en: '/en/codes/0x7020023/' });
	});
});

describeInBrowser('/signatures.json', () => {
	it('lists for each signature the codes its samples quote, with their pages', async () => {
		const response = await fetch(`${baseURL()}/signatures.json`);
		const json = (await response.json()) as {
			signatures: { case: string; codes: { code: string; urls: { zh: string } }[] }[];
		};
		const eventCodes = json.signatures
			.filter((entry) => entry.case === 'acl-event-id-exhausted')
			.flatMap((entry) => entry.codes);
		expect(eventCodes).toContainEqual(
			expect.objectContaining({
				code: '207007',
				urls: expect.objectContaining({ zh: '/zh/codes/207007/' }),
			}),
		);
	});
});

describeInBrowser('code pages with scripts running', () => {
	const page = usePage();
	for (const path of ['/zh/codes/', '/en/codes/', '/zh/codes/207007/', '/en/codes/EI0002/']) {
		it(`have no axe violations on ${path}`, async () => {
			await page().goto(`${baseURL()}${path}`);
			await page().waitForLoadState('networkidle');
			expect(await axeViolations(page())).toEqual([]);
		});
	}
});
