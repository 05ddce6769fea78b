/**
 * The reproduction widget on case pages, in a real browser: the first frame before scripts,
 * hydration only when the widget is reached, each embedded scenario's faulty run showing the
 * symptom and the fixed run not, the product switch on the buffer-limit case, and axe.
 */
import { expect, it } from 'vitest';
import { axeViolations, baseURL, describeInBrowser, usePage } from './browser.ts';
import {
	Widget,
	loadCases,
	showsCase,
	showsSignature,
	widgetAxeViolations,
} from './repro-widget.ts';

const cases = loadCases().filter((c) => c.embedded.length > 0);
const BUFFER_CASE = 'alloc-tensor-queue-position-limit';

describeInBrowser('the reproduction widget on a case page', () => {
	const page = usePage({ viewport: { width: 1280, height: 700 } });

	it('loads no editor or simulator until the widget is scrolled into view', async () => {
		const scripts: string[] = [];
		page().on('request', (r) => {
			if (r.resourceType() === 'script') scripts.push(r.url());
		});
		await page().goto(`${baseURL()}/zh/cases/${BUFFER_CASE}/`);
		await page().waitForLoadState('networkidle');
		expect(scripts.filter((s) => /code-editor|run-worker|repro-island/.test(s))).toEqual([]);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'zh').ready();
		expect(scripts.some((s) => s.includes('code-editor'))).toBe(true);
		await expect(widget.button('运行').isEnabled()).resolves.toBe(true);
	});

	for (const c of cases) {
		for (const scenarioId of c.embedded) {
			const scenario = c.facts.scenarios.find((s) => s.id === scenarioId)!;
			it(`${c.slug}/${scenarioId}: the faulty run shows the symptom and the fixed run does not`, async () => {
				await page().goto(`${baseURL()}/zh/cases/${c.slug}/`);
				const widget = await new Widget(
					page(),
					page().locator(`.repro[data-scenario="${c.slug}/${scenarioId}"]`),
					'zh',
				).ready();
				// A case whose failure prints no line of its own (a result read too early) is shown
				// by the simulator's diagnosis, which links to the case.
				const diagnosis = widget.root.locator(`.repro-diagnostics a[href="/zh/cases/${c.slug}/"]`);
				const silent = c.facts.signatures.length === 0;
				expect(await widget.run()).toBe(scenario.expect.faulty);
				const faultyLog = await widget.logText();
				if (scenario.expect.faulty === 'hang') {
					// On the NPU a hang prints nothing; the symptom is the hang marker.
					await expect(widget.status()).resolves.toContain('挂死');
				} else if (silent) {
					await expect(diagnosis.count()).resolves.toBeGreaterThan(0);
				} else {
					// A signature line, or the diagnosis linking to the case (the leak case's memory
					// lines belong to the out-of-memory case now; its leak shows through the diagnosis).
					expect(await showsCase(widget.root, faultyLog, c.slug, c.facts), faultyLog).toBe(true);
				}
				await widget.variant('fixed');
				expect(await widget.run()).toBe(scenario.expect.fixed);
				const fixedLog = await widget.logText();
				expect(showsSignature(fixedLog, c.facts), fixedLog).toBe(false);
				if (silent) await expect(diagnosis.count()).resolves.toBe(0);
			});
		}
	}

	it('on the buffer-limit case, atlas-training fails and atlas-a2 passes the same faulty program', async () => {
		await page().goto(`${baseURL()}/en/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.product('atlas-training');
		const training = await widget.run();
		expect(['abort', 'hang']).toContain(training);
		await widget.product('atlas-a2');
		expect(await widget.run()).toBe('completed');
		expect(
			showsSignature(
				await widget.logText(),
				loadCases().find((c) => c.slug === BUFFER_CASE)!.facts,
			),
		).toBe(false);
	});

	it('on the HCCL notify-wait case, the ranks view marks rank 3 as the one that never issued the last AllReduce; with 4 ranks it is still rank 3', async () => {
		await page().goto(`${baseURL()}/en/cases/hccl-notify-wait-timeout/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		expect(await widget.run()).toBe('error');
		const ranks = widget.root.getByRole('region', { name: 'Collectives on each rank' });
		await expect(ranks.locator('.repro-rank-lane').count()).resolves.toBe(8);
		await expect(
			ranks
				.locator('.repro-rank-astray')
				.evaluateAll((els) => els.map((e) => e.getAttribute('data-rank'))),
		).resolves.toEqual(['3']);
		await expect(ranks.locator('.repro-rank-problems').innerText()).resolves.toContain(
			'rank 3 never issued it; the others waited 1836 s',
		);
		await widget.root.getByLabel('Ranks', { exact: true }).fill('4');
		await widget.root.getByLabel('Ranks', { exact: true }).dispatchEvent('change');
		expect(await widget.run()).toBe('error');
		await expect(ranks.locator('.repro-rank-lane').count()).resolves.toBe(4);
		await expect(ranks.locator('.repro-rank-astray').getAttribute('data-rank')).resolves.toBe('3');
	});

	it("replays the reader's actions: after kill -2 and a wait, the suspend that failed succeeds", async () => {
		await page().goto(`${baseURL()}/en/cases/suspend-hwts-busy/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		expect(await widget.run()).toBe('error');
		const events = widget.root.locator('.repro-events');
		await expect(events.innerText()).resolves.toContain('suspend(0) → failed: hwts is busy');
		for (const name of ['kill -2 (SIGINT)', 'Wait 1 s', 'Suspend']) await widget.press(name);
		await expect(widget.root.locator('.repro-actions-hint').innerText()).resolves.toContain(
			'kill -2 → wait 1000 ms → suspend',
		);
		const text = await events.innerText();
		expect(text).toMatch(/kill\(-2, \d+\) → terminated \(SIGINT\)/);
		expect(text).toContain('suspend(0) → suspended');
	});

	it('restores a share link made on a case page: the page scrolls to the widget and replays it', async () => {
		await page().goto(`${baseURL()}/en/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.variant('fixed');
		await widget.product('atlas-a2');
		expect(await widget.run()).toBe('completed');
		await widget.button('Copy share link').click();
		const url = await widget.root.locator('.repro-share-url').inputValue();
		expect(url).toMatch(/#w=repro-[a-z0-9-]+&s=[A-Za-z0-9_-]+$/);

		const second = await page().context().newPage();
		await second.goto(url);
		// No scrolling by the test: the link itself brings the widget into view.
		const restored = new Widget(second, second.locator('.repro').first(), 'en');
		await restored.root.locator('.cm-editor').waitFor({ timeout: 20_000 });
		expect(await restored.settled()).toBe('completed');
		await expect(restored.root.getByRole('radio', { name: 'Fixed' }).isChecked()).resolves.toBe(
			true,
		);
		await expect(restored.root.getByLabel('Product', { exact: true }).inputValue()).resolves.toBe(
			'atlas-a2',
		);
		await second.close();
	});

	it('links a recognised log line to its case', async () => {
		await page().goto(`${baseURL()}/en/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.product('atlas-training');
		await widget.run();
		const link = widget.log().getByRole('link').first();
		await link.waitFor({ timeout: 5_000 });
		await expect(link.getAttribute('href')).resolves.toContain(`/en/cases/${BUFFER_CASE}/`);
	});

	it('steps through the run, marking the executed line in the editor', async () => {
		await page().goto(`${baseURL()}/en/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.press('Step');
		await expect(widget.status()).resolves.toMatch(/Step 1 of \d+/);
		await widget.button('Step').click();
		await expect(widget.status()).resolves.toMatch(/Step 2 of \d+/);
		await expect(widget.root.locator('.cm-repro-step').count()).resolves.toBeLessThanOrEqual(1);
	});

	it('has no axe violations after a run, in both languages and in dark mode', async () => {
		for (const lang of ['zh', 'en'] as const) {
			await page().emulateMedia({ colorScheme: lang === 'en' ? 'dark' : 'light' });
			await page().goto(`${baseURL()}/${lang}/cases/${BUFFER_CASE}/`);
			const widget = await new Widget(page(), page().locator('.repro').first(), lang).ready();
			await widget.run();
			await page().locator('.repro-metrics').waitFor();
			expect(await widgetAxeViolations(page())).toEqual([]);
		}
	});
});

describeInBrowser('the reproduction widget without scripts', () => {
	const page = usePage({ stripScripts: true });

	it('shows the highlighted faulty code and the recorded faulty output', async () => {
		const c = cases.find((x) => x.slug === BUFFER_CASE)!;
		await page().goto(`${baseURL()}/zh/cases/${c.slug}/`);
		const widget = page().locator('.repro').first();
		await expect(widget.locator('.astro-code').count()).resolves.toBe(1);
		const log = await widget.getByRole('log', { name: '日志' }).innerText();
		expect(showsSignature(log, c.facts), log).toBe(true);
		expect(await axeViolations(page())).toEqual([]);
	});
});

describeInBrowser('the reproduction widget on a narrow screen', () => {
	const page = usePage({ viewport: { width: 360, height: 740 } });

	it('fits 360 px without horizontal page scrolling, before and after a run', async () => {
		await page().goto(`${baseURL()}/zh/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'zh').ready();
		await widget.run();
		const overflow = await page().evaluate(
			() => document.documentElement.scrollWidth - window.innerWidth,
		);
		expect(overflow).toBeLessThanOrEqual(0);
	});
});
