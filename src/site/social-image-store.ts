/**
 * Where social images are kept and which ones a build uses. Images are cached on disk by the
 * hash of everything that decides their pixels, so a rebuild draws only cards that changed; the
 * build's output gets a copy of each image its pages name (see src/integrations/social-images.ts).
 * Pages and the integration are loaded as separate module copies (the pages are bundled), so the
 * build's list lives on `globalThis` under a registered symbol, shared by both copies.
 */
import { join } from 'node:path';

/** The URL folder of social images: `/og/<key>.png`. */
export const SOCIAL_IMAGE_FOLDER = 'og';

/** Environment variable naming another cache folder (the build benchmark uses a fresh one). */
export const SOCIAL_CACHE_ENV = 'CASEBOOK_IMAGE_CACHE';

/** The cache folder: `$CASEBOOK_IMAGE_CACHE`, else `node_modules/.cache/casebook-social-images`. */
export function socialImageCacheDir(): string {
	return (
		process.env[SOCIAL_CACHE_ENV] ||
		join(process.cwd(), 'node_modules/.cache/casebook-social-images')
	);
}

/** The cache file of the image with `key`. */
export function socialImageFile(key: string): string {
	return join(socialImageCacheDir(), `${key}.png`);
}

/** The URL path of the image with `key`. */
export function socialImageUrlPath(key: string): string {
	return `/${SOCIAL_IMAGE_FOLDER}/${key}.png`;
}

/**
 * The images named by pages rendered in this process: key → its drawing, which settles with
 * undefined once the cache file is written, or with the Error that stopped it (never rejects).
 */
export type SocialImageUses = Map<string, Promise<Error | undefined>>;

const USES = Symbol.for('casebook.social-images.uses');

/** This process's {@link SocialImageUses}, shared by every module copy. */
export function socialImageUses(): SocialImageUses {
	const holder = globalThis as { [USES]?: SocialImageUses };
	return (holder[USES] ??= new Map());
}
