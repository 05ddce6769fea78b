/**
 * Where social images are kept and which ones a build uses. Images are cached on disk by the
 * hash of everything that decides their pixels, so a rebuild draws only cards that changed; the
 * build's output gets a copy of each image its pages name (see src/integrations/social-images.ts).
 * The cache is the user's (`~/.cache/casebook/social-images`): it outlives `npm ci` and serves
 * every checkout on the machine, which is safe because a key names the pixels, not the page.
 * Pages and the integration are loaded as separate module copies (the pages are bundled), so the
 * build's list lives on `globalThis` under a registered symbol, shared by both copies.
 */
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The URL folder of social images: `/og/<key>.png`. */
export const SOCIAL_IMAGE_FOLDER = 'og';

/** Environment variable naming another cache folder (the build benchmark uses a fresh one). */
export const SOCIAL_CACHE_ENV = 'CASEBOOK_IMAGE_CACHE';

/** Cached images no build has used for this long are removed. */
export const UNUSED_IMAGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The cache folder: `$CASEBOOK_IMAGE_CACHE`, else `casebook/social-images` in the user's cache
 * folder (`$XDG_CACHE_HOME`, else `~/.cache`).
 */
export function socialImageCacheDir(): string {
	const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	return process.env[SOCIAL_CACHE_ENV] || join(cacheHome, 'casebook', 'social-images');
}

/** The cache file of the image with `key`. */
export function socialImageFile(key: string): string {
	return join(socialImageCacheDir(), `${key}.png`);
}

/** Whether the cache holds the image with `key`; marks it used now, so pruning keeps it. */
export function cachedSocialImage(key: string): boolean {
	const file = socialImageFile(key);
	if (!existsSync(file)) return false;
	const now = new Date();
	try {
		utimesSync(file, now, now);
	} catch {
		// A read-only cache still serves its images; they just age.
	}
	return true;
}

/** Removes cached images (and stray partial files) unused for `maxAge` ms; returns how many. */
export function pruneSocialImageCache(maxAge = UNUSED_IMAGE_MS, now = Date.now()): number {
	const dir = socialImageCacheDir();
	if (!existsSync(dir)) return 0;
	let removed = 0;
	for (const name of readdirSync(dir)) {
		const file = join(dir, name);
		if (now - statSync(file).mtimeMs <= maxAge) continue;
		rmSync(file, { force: true });
		removed++;
	}
	return removed;
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

/** What this process drew: how many images, and the drawing threads' CPU time. */
export interface SocialImageCost {
	drawn: number;
	/** CPU ms the drawing thread reported last (its total); 0 when the build drew in its own thread. */
	threadCpuMs: number;
}

const COST = Symbol.for('casebook.social-images.cost');

/** This process's {@link SocialImageCost}, shared by every module copy. */
export function socialImageCost(): SocialImageCost {
	const holder = globalThis as { [COST]?: SocialImageCost };
	return (holder[COST] ??= { drawn: 0, threadCpuMs: 0 });
}
