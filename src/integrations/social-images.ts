/**
 * An Astro integration that puts the social images pages asked for (see src/site/social-image.ts)
 * into the site: after a build it waits for the last drawings, copies each image into
 * `dist/og/`, and drops cache files that no page uses any more; the dev server serves them from
 * the cache as pages name them.
 */
import type { AstroIntegration } from 'astro';
import {
	copyFileSync,
	createReadStream,
	existsSync,
	mkdirSync,
	readdirSync,
	rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	SOCIAL_IMAGE_FOLDER,
	socialImageCacheDir,
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
				const pruned = pruneCache(new Set(keys));
				logger.info(
					`${keys.length} social images in /${SOCIAL_IMAGE_FOLDER}/` +
						(pruned > 0 ? `; ${pruned} unused cache files removed` : ''),
				);
			},
		},
	};
}

/** Removes cached images no page of this build uses; returns how many. */
function pruneCache(used: ReadonlySet<string>): number {
	const dir = socialImageCacheDir();
	if (!existsSync(dir)) return 0;
	let removed = 0;
	for (const name of readdirSync(dir)) {
		if (used.has(name.replace(/\.png$/, ''))) continue;
		rmSync(join(dir, name), { force: true });
		removed++;
	}
	return removed;
}
