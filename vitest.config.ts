import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: [
			'src/**/*.test.ts',
			'tests/unit/**/*.test.ts',
			'tests/triage/**/*.test.ts',
			'tests/codes/**/*.test.ts',
		],
		exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
		testTimeout: 30_000,
	},
});
