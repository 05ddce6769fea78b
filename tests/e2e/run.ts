/**
 * The browser-test step of `npm test`. Without Chromium it prints the install command and skips
 * (exit 0); under CI=true a missing Chromium fails, so CI can never pass without running them.
 */
import { spawnSync } from 'node:child_process';
import { INSTALL_COMMAND, findChromium } from './chromium.ts';

if (!findChromium()) {
	const message = `Chromium is not installed, so the browser tests cannot run. Install it with:\n  ${INSTALL_COMMAND}`;
	if (process.env.CI === 'true') {
		console.error(`✗ ${message}`);
		process.exit(1);
	}
	console.warn(`⚠ ${message}\n  Browser tests skipped.`);
	process.exit(0);
}
const result = spawnSync(
	'npx',
	['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
	{ stdio: 'inherit' },
);
process.exit(result.status ?? 1);
