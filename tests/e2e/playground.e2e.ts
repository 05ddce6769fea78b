/**
 * The free playground in a real browser: every scenario of every case (faulty shows the
 * symptom, fixed does not), share links that round-trip and hostile links that are refused,
 * an endless loop that is stopped while the page stays responsive, keyboard-only use, and axe.
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

const cases = loadCases();

async function open(page: ReturnType<ReturnType<typeof usePage>>, lang: 'zh' | 'en', hash = '') {
	await page.goto(`${baseURL()}/${lang}/playground/${hash}`);
	return new Widget(page, page.locator('.repro').first(), lang).ready();
}

describeInBrowser('the playground runs every scenario of every case', () => {
	const page = usePage();

	for (const c of cases) {
		for (const scenario of c.facts.scenarios) {
			it(`${c.slug}/${scenario.id}: faulty shows the symptom, fixed does not`, async () => {
				const widget = await open(page(), 'en');
				await widget.root
					.getByLabel('Scenario', { exact: true })
					.selectOption(`${c.slug}/${scenario.id}`);
				expect(await widget.run()).toBe(scenario.expect.faulty);
				const faulty = await widget.logText();
				if (scenario.expect.faulty === 'hang') {
					// On the NPU a hang prints nothing; the symptom is the hang marker.
					await expect(widget.status()).resolves.toContain('Hang');
				} else {
					expect(await showsCase(widget.root, faulty, c.slug, c.facts), faulty).toBe(true);
				}
				if (c.slug === 'acl-resource-leak') {
					// Memory rising: some series peaks above where it started, and leaks are listed.
					const rising = await widget.root
						.locator('.repro-metrics tr[data-series]')
						.evaluateAll((rows) =>
							rows.some(
								(r) => Number(r.getAttribute('data-peak')) > Number(r.getAttribute('data-start')),
							),
						);
					expect(rising).toBe(true);
					await expect(widget.root.locator('.repro-leaks li').count()).resolves.toBeGreaterThan(0);
				}
				await widget.variant('fixed');
				expect(await widget.run()).toBe(scenario.expect.fixed);
				const fixed = await widget.logText();
				expect(await showsCase(widget.root, fixed, c.slug, c.facts), fixed).toBe(false);
			});
		}
	}
});

describeInBrowser('share links', () => {
	const page = usePage();

	it('round-trip: scenario, variant, edited code, product, mode and step come back', async () => {
		const widget = await open(page(), 'en');
		const last = cases[cases.length - 1]!;
		const key = `${last.slug}/${last.facts.scenarios[0]!.id}`;
		await widget.root.getByLabel('Scenario', { exact: true }).selectOption(key);
		await widget.variant('fixed');
		await widget.product('atlas-a3');
		await widget.root.getByLabel('Mode', { exact: true }).selectOption('cpu');
		const code = `// shared from a test\n${await widget.code()}`;
		await widget.root.locator('.cm-content').click();
		await page().keyboard.press('ControlOrMeta+Home');
		await page().keyboard.insertText('// shared from a test\n');
		await widget.press('Step');
		const stepText = await widget.status();
		await widget.button('Copy share link').click();
		const url = await widget.root.locator('.repro-share-url').inputValue();
		expect(url).toMatch(/#s=[A-Za-z0-9_-]+$/);

		const second = await page().context().newPage();
		await second.goto(url);
		const restored = await new Widget(second, second.locator('.repro').first(), 'en').ready();
		await restored.settled();
		await expect(restored.root.getByLabel('Scenario', { exact: true }).inputValue()).resolves.toBe(
			key,
		);
		await expect(restored.root.getByRole('radio', { name: 'Fixed' }).isChecked()).resolves.toBe(
			true,
		);
		await expect(restored.root.getByLabel('Product', { exact: true }).inputValue()).resolves.toBe(
			'atlas-a3',
		);
		await expect(restored.root.getByLabel('Mode', { exact: true }).inputValue()).resolves.toBe(
			'cpu',
		);
		expect((await restored.code()).startsWith('// shared from a test')).toBe(true);
		expect(code.startsWith('// shared from a test')).toBe(true);
		await expect(restored.status()).resolves.toBe(stepText);
		await second.close();
	});

	for (const [what, hash] of [
		['bad base64', '#s=%%%not-base64%%%'],
		['bad deflate', '#s=AAAAAAAAAAAAAAAA'],
		['a huge payload', `#s=${'A'.repeat(400_000)}`],
	] as const) {
		it(`refuses ${what} with a message and loads the default scenario`, async () => {
			const widget = await open(page(), 'en', hash);
			const alert = widget.root.getByRole('alert');
			await alert.waitFor();
			await expect(alert.innerText()).resolves.toContain('The share link could not be read');
			const first = cases[0]!;
			await expect(widget.root.getByLabel('Scenario', { exact: true }).inputValue()).resolves.toBe(
				`${first.slug}/${first.facts.scenarios[0]!.id}`,
			);
		});
	}
});

describeInBrowser('a program of several files', () => {
	const page = usePage();
	const host = [
		'#include "acl/acl.h"',
		'#include "utils.h"',
		'extern void add_custom_do(uint32_t n, void *stream);',
		'int main() {',
		'CHECK_ACL(aclInit(nullptr));',
		'CHECK_ACL(aclrtSetDevice(0));',
		'aclrtStream stream = nullptr;',
		'CHECK_ACL(aclrtCreateStream(&stream));',
		'add_custom_do(8, stream);',
		'CHECK_ACL(aclrtSynchronizeStream(stream));',
		'INFO_LOG("kernel done on %d blocks", 8);',
		'CHECK_ACL(aclrtDestroyStream(stream));',
		'CHECK_ACL(aclrtResetDevice(0));',
		'CHECK_ACL(aclFinalize());',
		'return 0;',
		'}',
	].join('\n');
	const kernel = [
		'extern "C" __global__ __aicore__ void add_custom() {}',
		'void add_custom_do(uint32_t n, void *stream) {',
		'add_custom<<<n, nullptr, stream>>>();',
		'}',
	].join('\n');

	it('runs a host file and a kernel file with a missing helper header, shows the assumptions, and shares both files', async () => {
		const widget = await open(page(), 'en');
		await widget.setCode(host);
		await widget.root.getByLabel('File name', { exact: true }).fill('add_custom.cpp');
		await widget.button('Add file').click();
		const tabs = widget.root.getByRole('tablist', { name: 'Program files' });
		await expect(
			tabs.getByRole('tab', { name: 'add_custom.cpp' }).getAttribute('aria-selected'),
		).resolves.toBe('true');
		await widget.root.locator('.cm-content').focus();
		await page().keyboard.type(kernel);
		expect(await widget.run()).toBe('completed');
		await expect(widget.logText()).resolves.toContain('[INFO]  kernel done on 8 blocks');
		const diagnostics = (await widget.root.locator('.repro-diagnostics').innerText()).replace(
			/\s+/g,
			' ',
		);
		expect(diagnostics).toContain('helper-assumed');
		// Names in a message are shown as code, without the backticks of its template.
		expect(diagnostics).toContain('CHECK_ACL is not defined in the program');
		expect(diagnostics).toContain('INFO_LOG is not defined in the program');

		await widget.button('Copy share link').click();
		const url = await widget.root.locator('.repro-share-url').inputValue();
		const second = await page().context().newPage();
		await second.goto(url);
		const restored = await new Widget(second, second.locator('.repro').first(), 'en').ready();
		await expect(restored.settled()).resolves.toBe('completed');
		const restoredTabs = restored.root.getByRole('tablist', { name: 'Program files' });
		await expect(restoredTabs.getByRole('tab').count()).resolves.toBe(2);
		expect(await restored.code()).toContain('add_custom_do(8, stream);');
		await restoredTabs.getByRole('tab', { name: 'add_custom.cpp' }).click();
		expect(await restored.code()).toContain('add_custom<<<n, nullptr, stream>>>();');
		await second.close();
	});

	it('refuses a file name that is taken, with a message', async () => {
		const widget = await open(page(), 'en');
		const first = await widget.root.getByRole('tab').first().innerText();
		await widget.root.getByLabel('File name', { exact: true }).fill(first.replace(/\s*✎$/, ''));
		await widget.button('Add file').click();
		await expect(widget.root.getByRole('alert').innerText()).resolves.toBe(
			'A file with that name exists.',
		);
		await expect(widget.root.getByRole('tab').count()).resolves.toBe(1);
	});
});

describeInBrowser('a runaway program', () => {
	const page = usePage();

	it('is stopped, and the page stays responsive while it runs', async () => {
		const widget = await open(page(), 'en');
		await widget.setCode('int main() {\nint i = 0;\nwhile (true) { i = i + 1; }\nreturn 0;\n}\n');
		await widget.button('Run').click();
		// Measure the longest gap between timer ticks on the main thread while the run is going.
		const longest = await page().evaluate(
			() =>
				new Promise<number>((resolve) => {
					let last = performance.now();
					let worst = 0;
					const timer = setInterval(() => {
						const now = performance.now();
						worst = Math.max(worst, now - last);
						last = now;
					}, 10);
					setTimeout(() => {
						clearInterval(timer);
						resolve(worst);
					}, 1_500);
				}),
		);
		expect(longest).toBeLessThan(200);
		await widget.settled(20_000);
		const status = await widget.status();
		const diagnostics = await widget.root.locator('.repro-diagnostics').allInnerTexts();
		// Either the step budget stopped it (a diagnostic) or the watchdog did (a message).
		expect(`${status}\n${diagnostics.join('\n')}`).toMatch(
			/the program was stopped after \d+ steps|did not finish within \d+ s and was stopped/,
		);
		// The widget still works afterwards.
		await widget.button('Reset').click();
		expect(await widget.run()).not.toBe('');
	});
});

describeInBrowser('keyboard-only use', () => {
	const page = usePage();

	it('reaches and operates every control with Tab, arrows, Space and Enter', async () => {
		const widget = await open(page(), 'zh');
		await widget.root.getByLabel('场景', { exact: true }).focus();
		await page().keyboard.press('Tab');
		expect(await page().evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
			'radio',
		);
		await page().keyboard.press('ArrowRight');
		await expect(widget.root.getByRole('radio', { name: '修复后' }).isChecked()).resolves.toBe(
			true,
		);
		await page().keyboard.press('Tab');
		await expect(page().evaluate(() => document.activeElement?.id)).resolves.toBe(
			'playground-product',
		);
		await page().keyboard.press('Tab');
		await expect(page().evaluate(() => document.activeElement?.id)).resolves.toBe(
			'playground-mode',
		);
		// The playground shows the Ranks control (a job of several processes).
		await page().keyboard.press('Tab');
		await expect(page().evaluate(() => document.activeElement?.id)).resolves.toBe(
			'playground-ranks',
		);
		// The file tabs are one tab stop (arrows move between files), then the file controls.
		await page().keyboard.press('Tab');
		await expect(page().evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe(
			'tab',
		);
		await page().keyboard.press('Tab');
		await expect(
			page().evaluate(() => document.activeElement?.getAttribute('aria-label')),
		).resolves.toBe('文件名');
		await page().keyboard.press('Tab');
		await expect(page().evaluate(() => document.activeElement?.textContent)).resolves.toBe(
			'添加文件',
		);
		// The editor is one tab stop; Tab leaves it again (it does not trap focus).
		await page().keyboard.press('Tab');
		// The editor lives in a shadow root (its styles need no <style> element under the CSP).
		await expect(
			page().evaluate(() =>
				document.activeElement?.shadowRoot?.activeElement?.classList.contains('cm-content'),
			),
		).resolves.toBe(true);
		await page().keyboard.press('Tab');
		await expect(page().evaluate(() => document.activeElement?.textContent)).resolves.toBe('运行');
		await page().keyboard.press('Enter');
		await widget.settled();
		await expect(widget.log().innerText()).resolves.not.toBe('');
		const outline = await page().evaluate(
			() => getComputedStyle(document.activeElement!).outlineStyle,
		);
		expect(outline).not.toBe('none');
	});
});

describeInBrowser('accessibility of the playground', () => {
	const page = usePage();

	for (const lang of ['zh', 'en'] as const) {
		for (const scheme of ['light', 'dark'] as const) {
			it(`has no axe violations in ${lang}, ${scheme}, before and after a run`, async () => {
				await page().emulateMedia({ colorScheme: scheme });
				const widget = await open(page(), lang);
				expect(await axeViolations(page())).toEqual([]);
				await widget.run();
				await widget.root.locator('.repro-metrics').waitFor();
				expect(await widgetAxeViolations(page())).toEqual([]);
			});
		}
	}
});
