/**
 * Where the browser tests find Chromium, and what to say when it is missing. Debian's package
 * is used because `npx playwright install` cannot download browsers on these machines.
 */
import { existsSync } from 'node:fs';

/** Paths tried in order; CHROMIUM_PATH overrides them. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The exact command that installs what the browser tests need. */
export const INSTALL_COMMAND =
	'sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-microhei';

/** The Chromium executable, or undefined when none is installed. */
export function findChromium(): string | undefined {
	const override = process.env.CHROMIUM_PATH;
	if (override) return existsSync(override) ? override : undefined;
	return CANDIDATES.find((path) => existsSync(path));
}

/** Flags for headless Chromium on a locked-down machine with no network but loopback. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
