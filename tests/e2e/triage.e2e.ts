/**
 * Linking from error messages, in a real browser: paste a log on the triage page and follow the
 * match to the case, `#log=` pre-fill, the `/e/<id>/` permalinks in both languages and without
 * scripts, `/signatures.json`, and axe on the triage page after a match.
 */
import { expect, it } from 'vitest';
import { axeViolations, baseURL, describeInBrowser, usePage } from './browser.ts';

const CASE = 'alloc-tensor-queue-position-limit';
const LOG_LINE =
	'[ERROR][Core_0][/usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h:730][AllocEventID][321678] current size is 4, max buffer number in same queue position is 4';
const LOG = `[INFO] build finished\n${LOG_LINE}\n[ERROR][CORE_0][pid 321674] error happened! =========\n`;

interface RegistryJson {
	version: number;
	signatures: {
		id: string;
		case: string;
		module: string;
		pattern: string;
		anchor: string;
		permalink: string;
		urls: { zh: string; en: string };
	}[];
}

async function registry(): Promise<RegistryJson> {
	const response = await fetch(`${baseURL()}/signatures.json`);
	expect(response.headers.get('content-type') ?? '').toContain('json');
	return (await response.json()) as RegistryJson;
}

async function signatureOf(slug: string) {
	const entry = (await registry()).signatures.find((signature) => signature.case === slug);
	if (!entry) throw new Error(`/signatures.json has no signature for ${slug}`);
	return entry;
}

describeInBrowser('the signature registry', () => {
	it('lists every signature with its case, module, pattern, anchor and permalink', async () => {
		const { signatures } = await registry();
		expect(signatures.length).toBeGreaterThanOrEqual(5);
		for (const entry of signatures) {
			expect(entry.case).toMatch(/^[a-z0-9-]+$/);
			expect(entry.module).not.toBe('');
			expect(() => new RegExp(entry.pattern, 'u')).not.toThrow();
			expect(entry.permalink).toBe(`/e/${entry.id}/`);
			expect(entry.urls.zh).toBe(`/zh/cases/${entry.case}/#${entry.anchor}`);
		}
	});
});

describeInBrowser('the triage page', () => {
	const page = usePage();

	it('marks the matched line of a pasted log and links to the case section', async () => {
		await page().goto(`${baseURL()}/zh/triage/`);
		await page().getByLabel('日志', { exact: true }).fill(LOG);
		await page().getByRole('button', { name: '诊断' }).click();
		const link = page().locator(`.triage__matches a[href="/zh/cases/${CASE}/#symptom"]`);
		await link.waitFor();
		await expect(page().locator('.triage__line--match').first().textContent()).resolves.toContain(
			'max buffer number in same queue position is 4',
		);
		await expect(page().locator('#L2.triage__line--match').count()).resolves.toBe(1);
		await link.click();
		await page().waitForURL(`${baseURL()}/zh/cases/${CASE}/#symptom`);
		await expect(page().locator('#symptom').count()).resolves.toBe(1);
	});

	it("claims a worker thread's 107002 for the context-null case, in Chinese and in English", async () => {
		const log =
			'(allocate:torch_npu/csrc/core/npu/NPUCachingAllocator.cpp:2050 NPU error, error code is 107002\n[Error]: The context is empty.\n';
		for (const [lang, button] of [
			['zh', '诊断'],
			['en', 'Diagnose'],
		] as const) {
			await page().goto(`${baseURL()}/${lang}/triage/`);
			await page()
				.getByLabel(lang === 'zh' ? '日志' : 'Log', { exact: true })
				.fill(log);
			await page().getByRole('button', { name: button }).click();
			await page()
				.locator(`.triage__matches a[href="/${lang}/cases/acl-context-null-in-thread/#symptom"]`)
				.waitFor();
		}
	});

	it('pre-fills the box from #log= and matches it at once, in English', async () => {
		await page().goto(`${baseURL()}/en/triage/#log=${encodeURIComponent(LOG)}`);
		await page().locator(`.triage__matches a[href="/en/cases/${CASE}/#symptom"]`).waitFor();
		await expect(page().getByLabel('Log', { exact: true }).inputValue()).resolves.toBe(LOG);
	});

	it('keeps a log pasted before the page script loaded (regression: hydration wiped it)', async () => {
		await page().route('**/_astro/**', async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			await route.continue();
		});
		await page().goto(`${baseURL()}/zh/triage/`);
		await page().getByLabel('日志', { exact: true }).fill(LOG);
		await page().getByRole('button', { name: '诊断' }).click();
		await page().locator(`.triage__matches a[href="/zh/cases/${CASE}/#symptom"]`).waitFor();
		await expect(page().getByLabel('日志', { exact: true }).inputValue()).resolves.toBe(LOG);
	});

	it('matches a log file chosen with the file button', async () => {
		await page().goto(`${baseURL()}/en/triage/`);
		await expect.poll(() => page().getByLabel('Choose a log file').isEnabled()).toBe(true);
		await page()
			.getByLabel('Choose a log file')
			.setInputFiles({ name: 'plog.log', mimeType: 'text/plain', buffer: Buffer.from(LOG) });
		await page().locator(`.triage__matches a[href="/en/cases/${CASE}/#symptom"]`).waitFor();
		await expect(page().getByLabel('Log', { exact: true }).inputValue()).resolves.toBe(LOG);
	});

	it('shows log text as text, never as markup', async () => {
		await page().goto(`${baseURL()}/en/triage/`);
		const hostile = `<img src=x onerror="document.title='pwned'">\n${LOG_LINE}`;
		await page().getByLabel('Log', { exact: true }).fill(hostile);
		await page().getByRole('button', { name: 'Diagnose' }).click();
		await page().locator('.triage__matches').waitFor();
		await expect(page().locator('.triage__excerpt img').count()).resolves.toBe(0);
		await expect(page().locator('.triage__excerpt').textContent()).resolves.toContain('<img src=x');
		await expect(page().title()).resolves.not.toBe('pwned');
	});

	it('says in both languages that the log never leaves the browser', async () => {
		await page().goto(`${baseURL()}/zh/triage/`);
		await expect(page().locator('.triage__privacy').textContent()).resolves.toContain('不会上传');
		await page().goto(`${baseURL()}/en/triage/`);
		await expect(page().locator('.triage__privacy').textContent()).resolves.toContain(
			'never leaves',
		);
	});

	it('has no axe violations after a match, in Chinese and in English', async () => {
		for (const [lang, label, button] of [
			['zh', '日志', '诊断'],
			['en', 'Log', 'Diagnose'],
		] as const) {
			await page().goto(`${baseURL()}/${lang}/triage/`);
			await page().getByLabel(label, { exact: true }).fill(LOG);
			await page().getByRole('button', { name: button }).click();
			await page().locator('.triage__matches').waitFor();
			expect(await axeViolations(page()), `/${lang}/triage/`).toEqual([]);
		}
	});
});

describeInBrowser('a signature permalink for a Chinese reader', () => {
	const page = usePage({ locale: 'zh-CN' });
	it('lands on the case section in Chinese', async () => {
		const entry = await signatureOf(CASE);
		await page().goto(`${baseURL()}${entry.permalink}`);
		await page().waitForURL(`${baseURL()}/zh/cases/${CASE}/#${entry.anchor}`);
		await expect(page().locator(`#${entry.anchor}`).count()).resolves.toBe(1);
	});
});

describeInBrowser('a signature permalink for an English reader', () => {
	const page = usePage({ locale: 'en-US' });
	it('lands on the case section in English', async () => {
		const entry = await signatureOf(CASE);
		await page().goto(`${baseURL()}${entry.permalink}`);
		await page().waitForURL(`${baseURL()}/en/cases/${CASE}/#${entry.anchor}`);
		await expect(page().locator('html').getAttribute('lang')).resolves.toBe('en');
	});
});

describeInBrowser('a signature permalink without scripts', () => {
	const page = usePage({ javaScriptEnabled: false });
	it('offers the case in both languages as plain links and asks not to be indexed', async () => {
		const entry = await signatureOf(CASE);
		await page().goto(`${baseURL()}${entry.permalink}`);
		await expect(page().locator(`a[href="${entry.urls.zh}"]`).count()).resolves.toBe(1);
		await expect(page().locator(`a[href="${entry.urls.en}"]`).count()).resolves.toBe(1);
		await expect(page().locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
			'noindex',
		);
		await page().locator(`a[href="${entry.urls.en}"]`).click();
		await page().waitForURL(`${baseURL()}${entry.urls.en}`);
	});
});

describeInBrowser('a signature permalink page', () => {
	const page = usePage({ stripScripts: true });
	it('has no axe violations', async () => {
		const entry = await signatureOf(CASE);
		await page().goto(`${baseURL()}${entry.permalink}`);
		expect(await axeViolations(page())).toEqual([]);
	});
});
