import { defineConfig } from 'vitest/config';

/** Browser tests: real Chromium against the built site (see tests/e2e/browser.ts). */
export default defineConfig({
	test: {
		include: ['tests/e2e/**/*.e2e.ts'],
		globalSetup: ['tests/e2e/global-setup.ts'],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		fileParallelism: false,
	},
});
