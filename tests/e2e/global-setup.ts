/**
 * Vitest global setup for the browser tests: serves the built site from `dist/` on 127.0.0.1
 * and hands its URL to the tests (`inject('baseURL')`).
 */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { serveStatic } from '../../src/cli/static-server.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		baseURL: string;
	}
}

export default async function setup(project: TestProject) {
	// E2E_DIST lets one engineer test a private build without replacing the shared dist/.
	const dist = process.env.E2E_DIST ?? 'dist';
	if (!existsSync(`${dist}/index.html`)) {
		throw new Error('dist/ is missing: run "npm run build" before the browser tests.');
	}
	const server = await serveStatic(dist);
	project.provide('baseURL', server.url);
	return () => server.close();
}
