/**
 * Helpers for the reproduction-widget browser tests: the case files (to know each scenario's
 * expected outcomes and error signatures), and ways to drive one widget the way a reader does,
 * through its accessible names (design.md, "Accessible names").
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { parse } from 'yaml';
import { type CaseFacts, caseFactsSchema } from '../../src/cases/schema.ts';

/** The case folders the site was built from (the build benchmark may point elsewhere). */
const CASES_DIR = process.env.CASEBOOK_CONTENT_DIR ?? 'content/cases';

/** One case as the tests need it. */
export interface TestCase {
	slug: string;
	facts: CaseFacts;
	/** Scenario ids the case pages embed with `<Repro scenario="…"/>`. */
	embedded: string[];
}

/** Every case folder with a case.yaml, slug order. */
export function loadCases(): TestCase[] {
	return readdirSync(CASES_DIR, { withFileTypes: true })
		.filter((d) => d.isDirectory())
		.map((d) => d.name)
		.sort()
		.flatMap((slug) => {
			let yamlText: string;
			try {
				yamlText = readFileSync(join(CASES_DIR, slug, 'case.yaml'), 'utf8');
			} catch {
				return [];
			}
			const facts = caseFactsSchema.parse(parse(yamlText));
			let mdx = '';
			try {
				mdx = readFileSync(join(CASES_DIR, slug, 'zh.mdx'), 'utf8');
			} catch {
				// A case may exist only in English for now.
			}
			const embedded = [...mdx.matchAll(/<Repro\s+scenario="([^"]+)"/g)].map((m) => m[1]!);
			return [{ slug, facts, embedded }];
		});
}

/**
 * Whether the widget shows case `slug`: a signature line in its log, or the simulator's
 * diagnosis linking to the case (a case whose failure prints no line of its own).
 */
export async function showsCase(
	root: import('playwright-core').Locator,
	log: string,
	slug: string,
	facts: CaseFacts,
): Promise<boolean> {
	if (showsSignature(log, facts)) return true;
	return (await root.locator(`.repro-diagnostics a[href$="/cases/${slug}/"]`).count()) > 0;
}

/** Whether any line of `log` matches the pattern of any signature of `facts`. */
export function showsSignature(log: string, facts: CaseFacts): boolean {
	const lines = log.split('\n');
	return facts.signatures.some((s) => {
		const pattern = new RegExp(s.pattern, 'u');
		return lines.some((line) => pattern.test(line));
	});
}

/** UI names in one language (the same strings as src/islands/repro/strings.ts). */
export const NAMES = {
	zh: {
		run: '运行',
		step: '单步',
		faulty: '有问题的代码',
		fixed: '修复后',
		product: '产品',
		mode: '模式',
		log: '日志',
		scenario: '场景',
		share: '复制分享链接',
		reset: '重置',
	},
	en: {
		run: 'Run',
		step: 'Step',
		faulty: 'Faulty',
		fixed: 'Fixed',
		product: 'Product',
		mode: 'Mode',
		log: 'Log',
		scenario: 'Scenario',
		share: 'Copy share link',
		reset: 'Reset',
	},
} as const;

/** One widget on a page, driven through accessible names. */
export class Widget {
	readonly page: Page;
	readonly root: Locator;
	readonly names: (typeof NAMES)['zh' | 'en'];

	constructor(page: Page, root: Locator, lang: 'zh' | 'en') {
		this.page = page;
		this.root = root;
		this.names = NAMES[lang];
	}

	/** Scrolls the widget into view and waits until the island has hydrated and the editor loaded. */
	async ready(): Promise<this> {
		await this.root.scrollIntoViewIfNeeded();
		await this.root.locator('.cm-editor').waitFor({ timeout: 20_000 });
		return this;
	}

	button(name: string): Locator {
		return this.root.getByRole('button', { name, exact: true });
	}

	/** Presses Run and waits for the outcome (or a watchdog/failure message). */
	async run(): Promise<string> {
		return this.press(this.names.run);
	}

	/**
	 * Presses the button named `name`, which starts a run, and waits until that run has finished
	 * and its panels are drawn; returns the outcome (empty after a timeout or failure).
	 */
	async press(name: string, timeout = 20_000): Promise<string> {
		const body = this.root.locator('.repro-body');
		const before = Number(await body.getAttribute('data-finished'));
		await this.button(name).click();
		await this.page.waitForFunction(
			([el, n]) => {
				const finished = Number((el as Element).getAttribute('data-finished'));
				const status = (el as Element).getAttribute('data-status');
				const panels = (el as Element).getAttribute('data-panels');
				return finished > (n as number) && (status !== 'done' || panels === 'ready');
			},
			[await body.elementHandle(), before] as const,
			{ timeout },
		);
		return (await body.getAttribute('data-outcome')) ?? '';
	}

	/** Waits until a run started some other way (a share link, Step) has finished. */
	async settled(timeout = 20_000): Promise<string> {
		const body = this.root.locator('.repro-body');
		await this.page.waitForFunction(
			(el) => {
				const status = el?.getAttribute('data-status');
				return (
					status !== 'running' &&
					status !== 'idle' &&
					(status !== 'done' || el?.getAttribute('data-panels') === 'ready')
				);
			},
			await body.elementHandle(),
			{ timeout },
		);
		return (await body.getAttribute('data-outcome')) ?? '';
	}

	async variant(which: 'faulty' | 'fixed'): Promise<void> {
		await this.root.getByRole('radio', { name: this.names[which], exact: true }).check();
	}

	async product(id: string): Promise<void> {
		await this.root.getByLabel(this.names.product, { exact: true }).selectOption(id);
	}

	log(): Locator {
		return this.root.getByRole('log', { name: this.names.log });
	}

	async logText(): Promise<string> {
		return this.log().innerText();
	}

	async status(): Promise<string> {
		return this.root.locator('.repro-status').innerText();
	}

	/** Replaces the program in the editor with `text` by typing it (the editor may indent it). */
	async setCode(text: string): Promise<void> {
		await this.root.locator('.cm-content').focus();
		await this.page.keyboard.press('ControlOrMeta+A');
		await this.page.keyboard.press('Delete');
		// Typed key by key: CDP insertText into an emptied editor is dropped under some locales.
		await this.page.keyboard.type(text);
	}

	async code(): Promise<string> {
		return this.root
			.locator('.cm-content')
			.evaluate((el) =>
				[...el.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
			);
	}
}

const axeSource = readFileSync(
	createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
	'utf8',
);

/**
 * axe-core (WCAG 2.x A/AA and best practice) on the reproduction widgets only, so a widget state
 * reached by interaction (after a run, stepping) is checked on its own; whole pages are checked
 * by site.e2e.ts.
 */
export async function widgetAxeViolations(
	page: Page,
): Promise<Array<{ id: string; targets: string[] }>> {
	if (!(await page.evaluate(() => 'axe' in window))) {
		// Evaluated through the debugging protocol: the page's CSP refuses an added inline script.
		await page.evaluate(axeSource);
	}
	return page.evaluate(async () => {
		const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<any> } })
			.axe;
		const result = await axe.run(
			{ include: [['.repro']] },
			{
				runOnly: {
					type: 'tag',
					values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
				},
			},
		);
		return result.violations.map((v: any) => ({
			id: v.id,
			targets: v.nodes.map((n: any) => String(n.target)),
		}));
	});
}
