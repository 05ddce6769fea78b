/**
 * Screenshots of the built site for reviewing the look (and the README picture):
 * `node scripts/screenshot.ts '[{"name":"home","path":"/zh/","dark":false,"w":1280,"full":true}]'`.
 * Files go to $SHOTS_DIR (default screenshots/).
 */
import { chromium } from 'playwright-core';
import { serveStatic } from '../tests/e2e/static-server.ts';
import { CHROMIUM_ARGS } from '../tests/e2e/chromium.ts';
const server = await serveStatic('dist');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
	const ctx = await browser.newContext({
		viewport: { width: s.w ?? 1280, height: s.h ?? 900 },
		colorScheme: s.dark ? 'dark' : 'light',
		locale: 'zh-CN',
	});
	const page = await ctx.newPage();
	page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
	page.on('console', (m) => {
		if (m.type() === 'error') console.log('CONSOLE', m.text());
	});
	await page.goto(server.url + s.path);
	await page.waitForTimeout(s.wait ?? 300);
	await page.screenshot({
		path: `${process.env.SHOTS_DIR ?? 'screenshots'}/${s.name}.png`,
		fullPage: !!s.full,
	});
	await ctx.close();
}
await browser.close();
await server.close();
