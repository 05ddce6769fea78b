/**
 * An Astro integration that indexes the built site with Pagefind at the end of every build,
 * so `dist/pagefind/` always matches `dist/`. Pagefind makes one index per `<html lang>`.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

/** The integration; add it last so it sees every page. */
export function pagefindIndex(): AstroIntegration {
	return {
		name: 'casebook:pagefind-index',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const site = fileURLToPath(dir);
				const { index, errors } = await pagefind.createIndex({});
				if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
				const added = await index.addDirectory({ path: site });
				if (added.errors.length > 0) throw new Error(`Pagefind failed: ${added.errors.join('; ')}`);
				const written = await index.writeFiles({ outputPath: `${site}/pagefind` });
				if (written.errors.length > 0) {
					throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
				}
				await pagefind.close();
				logger.info(`indexed ${added.page_count} pages`);
			},
		},
	};
}
