/**
 * Shared helpers for browser tests: one Chromium per test file, a fresh page per test, the
 * site's base URL, and an axe-core check. Without Chromium the tests skip and say how to install
 * it, except under CI=true, where a missing browser is a failure.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from 'vitest';
import { CHROMIUM_ARGS, INSTALL_COMMAND, findChromium } from './chromium.ts';

const executablePath = findChromium();

if (!executablePath) {
	const message = `Chromium is not installed, so the browser tests cannot run. Install it with:\n  ${INSTALL_COMMAND}`;
	if (process.env.CI === 'true') throw new Error(message);
	console.warn(`\n⚠ ${message}\n  (skipping browser tests)\n`);
}

/** `describe` that skips when Chromium is missing (and fails instead under CI=true). */
export const describeInBrowser = describe.skipIf(!executablePath);

/** The built site's URL, e.g. `http://127.0.0.1:4321`. */
export function baseURL(): string {
	return inject('baseURL');
}

/** Options for {@link usePage}. */
export interface PageOptions {
	colorScheme?: 'light' | 'dark';
	viewport?: { width: number; height: number };
	locale?: string;
	javaScriptEnabled?: boolean;
	/** Serve every HTML document with its <script> elements removed (a no-script view that axe can still inspect). */
	stripScripts?: boolean;
}

/**
 * Registers hooks that give each test a fresh page; returns a getter for it. Page errors
 * (uncaught exceptions in the site's scripts) fail the test.
 */
export function usePage(options: PageOptions = {}): () => Page {
	let browser: Browser;
	let context: BrowserContext;
	let page: Page;
	let errors: string[] = [];
	beforeAll(async () => {
		browser = await chromium.launch({ executablePath: executablePath!, args: CHROMIUM_ARGS });
	});
	afterAll(async () => {
		await browser?.close();
	});
	beforeEach(async () => {
		context = await browser.newContext({
			colorScheme: options.colorScheme ?? 'light',
			viewport: options.viewport ?? { width: 1280, height: 900 },
			locale: options.locale ?? 'zh-CN',
			javaScriptEnabled: options.javaScriptEnabled ?? true,
		});
		page = await context.newPage();
		if (options.stripScripts) {
			await page.route('**/*', async (route) => {
				if (route.request().resourceType() !== 'document') return route.continue();
				const response = await route.fetch();
				const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
				return route.fulfill({ response, body });
			});
		}
		errors = [];
		page.on('pageerror', (error) => errors.push(error.message));
	});
	afterEach(async () => {
		await context?.close();
		if (errors.length > 0) throw new Error(`Uncaught errors in the page:\n${errors.join('\n')}`);
	});
	return () => page;
}

const axeSource = readFileSync(
	createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
	'utf8',
);

/** One axe violation, reduced to what a failing test should print. */
export interface AxeViolation {
	id: string;
	impact: string | null;
	help: string;
	targets: string[];
}

/** Runs axe-core on the current page and returns its violations (WCAG 2.x A and AA). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
	// Evaluated through the debugging protocol: the page's CSP refuses an added inline script.
	await page.evaluate(axeSource);
	return page.evaluate(async () => {
		const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<any> } })
			.axe;
		const result = await axe.run(document, {
			runOnly: {
				type: 'tag',
				values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
			},
		});
		return result.violations.map((v: any) => ({
			id: v.id,
			impact: v.impact,
			help: v.help,
			targets: v.nodes.map((n: any) => String(n.target)),
		}));
	});
}
