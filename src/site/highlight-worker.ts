/**
 * A worker thread that highlights C++ for the build (see highlight.ts): receives
 * `{ id, code }`, answers `{ id, html }` or `{ id, error }`. Run by Node directly (type
 * stripping), outside the bundle, so it imports only packages and relative `.ts` files.
 */
import { parentPort } from 'node:worker_threads';
import { renderCpp } from './highlight-render.ts';

parentPort?.on('message', async ({ id, code }: { id: number; code: string }) => {
	try {
		parentPort?.postMessage({ id, html: await renderCpp(code) });
	} catch (error) {
		parentPort?.postMessage({ id, error: String((error as Error)?.stack ?? error) });
	}
});
