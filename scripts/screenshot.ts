/**
 * Screenshots of the built site, for reviewing the look and for the README picture. Give a JSON
 * list of shots: `node scripts/screenshot.ts '[{"name":"home","path":"/zh/","full":true}]'`.
 * Each shot may set `w`/`h` (viewport), `dark`, `full` (whole page), `wait` (ms after load),
 * `click`/`clicks` (selectors to click first, each followed by `afterClick` ms) and `selector`
 * (shoot one element).
 * Files go to $SHOTS_DIR (default `screenshots/`).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium.ts';
import { serveStatic } from '../src/cli/static-server.ts';

interface Shot {
	name: string;
	path: string;
	w?: number;
	h?: number;
	dark?: boolean;
	full?: boolean;
	wait?: number;
	click?: string;
	/** Several selectors to click in order, each followed by `afterClick` ms. */
	clicks?: string[];
	afterClick?: number;
	selector?: string;
}

const spec = process.argv[2];
const executablePath = findChromium();
if (!spec || !executablePath) {
	console.error(
		executablePath
			? 'usage: node scripts/screenshot.ts \'[{"name":…,"path":…}]\''
			: 'Chromium is not installed.',
	);
	process.exit(2);
}
const shots = JSON.parse(spec) as Shot[];
const outDir = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(outDir, { recursive: true });

const server = await serveStatic('dist');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
	for (const shot of shots) {
		const context = await browser.newContext({
			viewport: { width: shot.w ?? 1280, height: shot.h ?? 900 },
			colorScheme: shot.dark ? 'dark' : 'light',
			locale: 'zh-CN',
		});
		const page = await context.newPage();
		page.on('pageerror', (error) => console.error(`${shot.name}: page error: ${error.message}`));
		await page.goto(server.url + shot.path);
		await page.waitForTimeout(shot.wait ?? 300);
		for (const selector of [...(shot.click ? [shot.click] : []), ...(shot.clicks ?? [])]) {
			await page.locator(selector).first().click();
			await page.waitForTimeout(shot.afterClick ?? 1500);
		}
		const path = `${outDir}/${shot.name}.png`;
		if (shot.selector) await page.locator(shot.selector).first().screenshot({ path });
		else await page.screenshot({ path, fullPage: shot.full ?? false });
		await context.close();
		console.log(path);
	}
} finally {
	await browser.close();
	await server.close();
}
