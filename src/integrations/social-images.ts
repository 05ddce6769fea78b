/**
 * An Astro integration that puts the social images pages asked for (see src/site/social-image.ts)
 * into the site: after a build it waits for the last drawings, copies each image into
 * `dist/og/`, and drops cache files no build has used for a month; the dev server serves them
 * from the cache as pages name them.
 */
import type { AstroIntegration } from 'astro';
import { copyFileSync, createReadStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	SOCIAL_IMAGE_FOLDER,
	pruneSocialImageCache,
	socialImageCost,
	socialImageFile,
	socialImageUses,
} from '../site/social-image-store.ts';

const IMAGE_PATH = new RegExp(`^/${SOCIAL_IMAGE_FOLDER}/([A-Za-z0-9_-]+)\\.png$`);

/** The integration. */
export function socialImages(): AstroIntegration {
	return {
		name: 'casebook:social-images',
		hooks: {
			'astro:server:setup': ({ server }) => {
				server.middlewares.use((request, response, next) => {
					const key = IMAGE_PATH.exec(request.url?.split('?')[0] ?? '')?.[1];
					if (!key) return next();
					const drawing = socialImageUses().get(key) ?? Promise.resolve(undefined);
					drawing.then((error) => {
						const file = socialImageFile(key);
						if (error || !existsSync(file)) return next();
						response.setHeader('Content-Type', 'image/png');
						createReadStream(file).pipe(response);
					});
				});
			},
			'astro:build:done': async ({ dir, logger }) => {
				const uses = socialImageUses();
				const keys = [...uses.keys()];
				const results = await Promise.all(uses.values());
				const failed = results.findIndex((error) => error !== undefined);
				if (failed >= 0) {
					throw new Error(
						`the social image ${keys[failed]}.png could not be drawn: ${results[failed]!.message}`,
					);
				}
				const target = join(fileURLToPath(dir), SOCIAL_IMAGE_FOLDER);
				mkdirSync(target, { recursive: true });
				for (const key of keys) copyFileSync(socialImageFile(key), join(target, `${key}.png`));
				const pruned = pruneSocialImageCache();
				const { drawn, threadCpuMs } = socialImageCost();
				// How much of a cold build the drawing costs (benchmarks read this line).
				const cost =
					drawn === 0
						? 'all from the cache'
						: `${drawn} drawn` +
							(threadCpuMs > 0
								? `, ${(threadCpuMs / 1000).toFixed(2)} s CPU on the drawing thread`
								: '');
				logger.info(
					`${keys.length} social images in /${SOCIAL_IMAGE_FOLDER}/ (${cost})` +
						(pruned > 0 ? `; ${pruned} cached images unused for a month removed` : ''),
				);
			},
		},
	};
}
