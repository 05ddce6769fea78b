/**
 * The pipe timeline in the reproduction widget, in a real browser: on the pipe-sync-missing
 * case the reader picks a core with the keyboard, and its lanes show the MTE2 copies and the
 * V Add overlapping in the faulty run (no MTE2→V flag) and the Add after the copies in the
 * fixed one; no axe violations, in both languages.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget, widgetAxeViolations } from './repro-widget.ts';
import { TIMELINE_PIPES } from '../../src/sim/facts/pipe-timeline.ts';

const CASE = 'pipe-sync-missing';
const SCENARIO = `${CASE}/missing-mte2-v-racecheck`;
const NAMES = {
	zh: { panel: '核内流水线时间线', core: '选择核', events: '流水线上的指令与同步' },
	en: {
		panel: 'Pipe timeline of a core',
		core: 'Core',
		events: 'Instructions and syncs on the pipes',
	},
} as const;

/** The [start, end) of each bar on the lane of `pipe`. */
async function bars(panel: Locator, pipe: string): Promise<Array<[number, number]>> {
	return panel
		.locator(`[data-pipe="${pipe}"] .repro-pipe-bar`)
		.evaluateAll((els) =>
			els.map((el) => [Number(el.getAttribute('data-start')), Number(el.getAttribute('data-end'))]),
		) as Promise<Array<[number, number]>>;
}

describeInBrowser('the pipe timeline of a selected core', () => {
	const page = usePage({ viewport: { width: 1280, height: 900 } });

	for (const lang of ['zh', 'en'] as const) {
		it(`${lang}: the MTE2 copies and the V Add overlap without the MTE2→V sync and follow each other with it`, async () => {
			const names = NAMES[lang];
			await page().goto(`${baseURL()}/${lang}/cases/${CASE}/`);
			const widget = await new Widget(
				page(),
				page().locator(`.repro[data-scenario="${SCENARIO}"]`),
				lang,
			).ready();
			expect(await widget.run()).toBe('error');
			const panel = widget.root.getByRole('region', { name: names.panel, exact: true });
			const select = panel.getByLabel(names.core, { exact: true });
			// Picked with the keyboard: the second core.
			await select.focus();
			await page().keyboard.press('ArrowDown');
			await expect(select.inputValue()).resolves.toBe('1');
			await expect(select.locator('option:checked').innerText()).resolves.toBe('core 1');
			for (const pipe of TIMELINE_PIPES)
				await expect(panel.locator(`[data-pipe="${pipe}"]`).count()).resolves.toBe(1);
			const copies = await bars(panel, 'PIPE_MTE2');
			const [add] = await bars(panel, 'PIPE_V');
			expect(copies.length).toBe(2);
			// The Add starts before the last copy into UB has finished.
			expect(add![0]).toBeLessThan(Math.max(...copies.map((c) => c[1])));
			await expect(panel.locator('[data-pipe="PIPE_V"] .repro-pipe-racing').count()).resolves.toBe(
				1,
			);
			const events = panel.getByRole('list', { name: names.events, exact: true });
			await expect(events.innerText()).resolves.toContain('Add<float>');
			expect(await widgetAxeViolations(page())).toEqual([]);

			await widget.variant('fixed');
			expect(await widget.run()).toBe('completed');
			await select.selectOption('1');
			const fixedCopies = await bars(panel, 'PIPE_MTE2');
			const [fixedAdd] = await bars(panel, 'PIPE_V');
			expect(fixedAdd![0]).toBeGreaterThanOrEqual(Math.max(...fixedCopies.map((c) => c[1])));
			await expect(panel.locator('.repro-pipe-racing').count()).resolves.toBe(0);
			// The flag that orders them stands on both lanes.
			await expect(
				panel.locator('[data-pipe="PIPE_MTE2"] [data-sync="set"][data-event="MTE2_V"]').count(),
			).resolves.toBe(1);
			await expect(
				panel.locator('[data-pipe="PIPE_V"] [data-sync="wait"][data-event="MTE2_V"]').count(),
			).resolves.toBe(1);
			expect(await widgetAxeViolations(page())).toEqual([]);
		});
	}
});
