/**
 * "Check all products" and the resource panel in a real browser: the six-queue kernel checked on
 * every product and mode fails only on Atlas training (the matrix names the rule and line, the
 * Product select marks the product), its fix passes everywhere, sanitizer cells run like the
 * rest, a cell runs its product and mode, everything is reachable from the keyboard in both
 * languages, and axe finds nothing.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget, widgetAxeViolations } from './repro-widget.ts';

const BUFFER_CASE = 'alloc-tensor-queue-position-limit';

const WORDS = {
	zh: {
		checkAll: '检查所有产品',
		matrix: '所有产品与模式上的结果',
		hang: '挂死 tque-buffer-limit 第 59 行',
		abort: '中止 tque-buffer-limit 第 59 行',
		completed: '完成',
		failsHere: '（当前代码在此失败）',
		headroom: 'VECIN 上的 buffer：atlas-training 峰值 6，上限 4',
		resources: '每种资源的峰值、上限和出现位置',
		vecin: 'VECIN 上的 buffer',
		over: '从第 47 行起超出上限',
		training: '（Atlas 训练系列产品，CPU 调试）',
		more: /^其余 \d+ 项资源（都不到上限的一半）$/,
	},
	en: {
		checkAll: 'Check all products',
		matrix: 'Results on every product and mode',
		hang: 'hang tque-buffer-limit line 59',
		abort: 'abort tque-buffer-limit line 59',
		completed: 'completed',
		failsHere: '(current code fails)',
		headroom: 'VECIN buffers peak at 6 of 4 on atlas-training',
		resources: 'Each resource’s peak, limit and where it happened',
		vecin: 'VECIN buffers',
		over: 'over the limit from line 47',
		training: ' (Atlas training series, CPU debug)',
		more: /^\d+ more resources, each under half its limit$/,
	},
} as const;

/** Starts the check from the keyboard and waits until every cell is in. */
async function checkAll(page: Page, widget: Widget, lang: 'zh' | 'en'): Promise<void> {
	await widget.button(WORDS[lang].checkAll).focus();
	await page.keyboard.press('Enter');
	await widget.root.locator('.repro-check-status[data-status="done"]').waitFor({ timeout: 30_000 });
}

/** The text of each matrix row: product, then one cell per mode. */
async function matrixRows(widget: Widget): Promise<string[][]> {
	return widget.root
		.locator('.repro-check-matrix tbody tr')
		.evaluateAll((rows) =>
			rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent!.trim())),
		);
}

describeInBrowser('Check all products on a case page', () => {
	const page = usePage({ viewport: { width: 1280, height: 900 } });

	for (const lang of ['zh', 'en'] as const) {
		const w = WORDS[lang];

		it(`${lang}: the six-queue kernel fails only on Atlas training, and a cell reached by Tab runs it`, async () => {
			// English in dark mode, so axe sees the cell colours in both themes.
			await page().emulateMedia({ colorScheme: lang === 'en' ? 'dark' : 'light' });
			await page().goto(`${baseURL()}/${lang}/cases/${BUFFER_CASE}/`);
			const widget = await new Widget(page(), page().locator('.repro').first(), lang).ready();
			await checkAll(page(), widget, lang);

			const rows = await matrixRows(widget);
			expect(rows).toHaveLength(6);
			expect(rows[0]!.slice(1)).toEqual([w.hang, w.abort, w.hang]);
			for (const row of rows.slice(1)) {
				expect(row.slice(1)).toEqual([w.completed, w.completed, w.completed]);
			}
			// Every mode runs, so no cell is "not available" and no note explains one.
			await expect(widget.root.locator('.repro-check-note').count()).resolves.toBe(0);
			// Resources over or near their limit first; the rest folded under a disclosure.
			await expect(
				widget.root.locator('.repro-check > .repro-check-headroom').innerText(),
			).resolves.toContain(w.headroom);
			await expect(widget.root.locator('.repro-check-more > summary').innerText()).resolves.toMatch(
				w.more,
			);

			// The Product select marks the one product the program fails on.
			const options = await widget.root
				.getByLabel(widget.names.product, { exact: true })
				.locator('option')
				.evaluateAll((os) =>
					os.map((o) => [(o as HTMLOptionElement).value, o.hasAttribute('data-fails')]),
				);
			expect(options.filter(([, fails]) => fails).map(([id]) => id)).toEqual(['atlas-training']);
			await expect(
				widget.root.locator('option[value="atlas-training"]').innerText(),
			).resolves.toContain(w.failsHere);

			// Tab from the Check button into the matrix: the first cell, then the next.
			const matrix = widget.root.getByRole('table', { name: w.matrix });
			await widget.button(w.checkAll).focus();
			for (let i = 0; i < 10; i++) {
				await page().keyboard.press('Tab');
				if (await matrix.locator('button:focus').count()) break;
			}
			await page().keyboard.press('Tab');
			const focused = matrix.locator('button:focus');
			await expect(focused.getAttribute('aria-label')).resolves.toBe(`${w.abort}${w.training}`);
			const body = widget.root.locator('.repro-body');
			const before = Number(await body.getAttribute('data-finished'));
			await page().keyboard.press('Enter');
			await page().waitForFunction(
				([el, n]) =>
					Number((el as Element).getAttribute('data-finished')) > (n as number) &&
					(el as Element).getAttribute('data-panels') === 'ready',
				[await body.elementHandle(), before] as const,
				{ timeout: 20_000 },
			);
			await expect(body.getAttribute('data-outcome')).resolves.toBe('abort');
			await expect(
				widget.root.getByLabel(widget.names.product, { exact: true }).inputValue(),
			).resolves.toBe('atlas-training');
			await expect(
				widget.root.getByLabel(widget.names.mode, { exact: true }).inputValue(),
			).resolves.toBe('cpu');
			await expect(
				matrix.locator('button[aria-current="true"]').getAttribute('aria-label'),
			).resolves.toBe(`${w.abort}${w.training}`);

			// The run's resource panel: VECIN peaked at 6 against 4, over from the fifth buffer.
			const vecin = widget.root
				.getByRole('region', { name: w.resources })
				.locator('tr[data-resource="position-buffers:VECIN"]');
			await expect(vecin.getAttribute('data-peak')).resolves.toBe('6');
			await expect(vecin.getAttribute('data-limit')).resolves.toBe('4');
			await expect(vecin.innerText()).resolves.toContain(w.vecin);
			await expect(vecin.innerText()).resolves.toContain(w.over);

			expect(await widgetAxeViolations(page())).toEqual([]);
		});
	}

	it('the fix passes everywhere; results for the faulty code are then marked stale and unmark the select', async () => {
		await page().goto(`${baseURL()}/en/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await checkAll(page(), widget, 'en');
		await widget.variant('fixed');
		await expect(widget.root.locator('.repro-check-status').innerText()).resolves.toContain(
			'these results are for the earlier version',
		);
		await expect(widget.root.locator('option[data-fails]').count()).resolves.toBe(0);
		await checkAll(page(), widget, 'en');
		const rows = await matrixRows(widget);
		for (const row of rows) expect(row.slice(1)).toEqual(['completed', 'completed', 'completed']);
		await expect(widget.root.locator('.repro-check-status').innerText()).resolves.toBe(
			'Check done: all 18 runs completed.',
		);
	});

	it('a Run during a check still completes, and so does the check (each has its own worker)', async () => {
		await page().goto(`${baseURL()}/en/cases/${BUFFER_CASE}/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.button('Check all products').click();
		await widget.product('atlas-a2');
		expect(await widget.run()).toBe('completed');
		await widget.root
			.locator('.repro-check-status[data-status="done"]')
			.waitFor({ timeout: 30_000 });
		await expect(widget.root.locator('.repro-check-matrix tbody tr').count()).resolves.toBe(6);
	});
});

describeInBrowser('Check all products in the playground', () => {
	const page = usePage();

	it('checks the scenario chosen and marks its failing product', async () => {
		await page().goto(`${baseURL()}/zh/playground/`);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'zh').ready();
		await widget.root
			.getByLabel(widget.names.scenario, { exact: true })
			.selectOption(`${BUFFER_CASE}/queue-limit-npu`);
		await checkAll(page(), widget, 'zh');
		await expect(
			widget.root
				.locator('option[data-fails]')
				.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
		).resolves.toEqual(['atlas-training']);
		expect(await widgetAxeViolations(page())).toEqual([]);
	});
});
