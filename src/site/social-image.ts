/**
 * Gives a page its social image: `socialImagePath(card)` returns the image's URL path at once
 * and has it drawn (on worker threads, while Astro renders other pages) unless the cache already
 * holds it. Any page kind gets an image from a title, a key line and a label; Base.astro calls
 * this for every page.
 */
import { createHash } from 'node:crypto';
import { SOCIAL_CARD_DESIGN, type SocialCard, type SocialCardJob } from './social-card.ts';
import { writeSocialImage, type SocialImageDrawn, type SocialImageJob } from './social-file.ts';
import {
	cachedSocialImage,
	socialImageCost,
	socialImageFile,
	socialImageUrlPath,
	socialImageUses,
} from './social-image-store.ts';
import { SITE, type SiteConfig } from './site-config.ts';
import { lazyPool } from './worker-pool.ts';

/**
 * One drawing thread: each thread loads the fonts and the drawing libraries (about 350 ms of CPU)
 * before its first card, and one thread keeps up with the pages, which take far longer.
 */
const getPool = lazyPool<SocialImageJob, SocialImageDrawn>('src/site/social-worker.ts', 1);

/** `card` with the site's name and host filled in: everything that decides the pixels. */
export function socialCardJob(card: SocialCard, site: SiteConfig = SITE): SocialCardJob {
	return {
		...card,
		siteName: card.lang ? site.name[card.lang] : `${site.name.zh} · ${site.name.en}`,
		host: new URL(site.url).host,
	};
}

/** The cache key of a card: a hash of its content and the design version. */
export function socialCardKey(job: SocialCardJob): string {
	const content = JSON.stringify([
		SOCIAL_CARD_DESIGN,
		job.siteName,
		job.host,
		job.lang ?? '',
		job.label ?? '',
		job.title,
		job.subtitle ?? '',
		job.line ?? '',
	]);
	return createHash('sha256').update(content).digest('base64url').slice(0, 22);
}

/** The URL path (`/og/<key>.png`) of `card`'s image, drawing it if the cache lacks it. */
export function socialImagePath(card: SocialCard, site: SiteConfig = SITE): string {
	const job = socialCardJob(card, site);
	const key = socialCardKey(job);
	const uses = socialImageUses();
	if (!uses.has(key)) {
		const drawing = cachedSocialImage(key)
			? Promise.resolve(undefined)
			: draw({ card: job, file: socialImageFile(key) });
		uses.set(key, drawing);
	}
	return socialImageUrlPath(key);
}

/** Draws on a worker (or here, when workers fail); settles with undefined or the Error, never rejects. */
function draw(job: SocialImageJob): Promise<Error | undefined> {
	const pool = getPool();
	const drawn = pool ? pool.run(job).catch(() => writeSocialImage(job)) : writeSocialImage(job);
	return drawn.then(
		({ missing, threadCpuMs }) => {
			const cost = socialImageCost();
			cost.drawn++;
			// The thread reports its running total; with one drawing thread the last is the largest.
			cost.threadCpuMs = Math.max(cost.threadCpuMs, threadCpuMs ?? 0);
			if (missing.length > 0) {
				console.warn(
					`social image "${job.card.title}": no glyph for ${missing.map((m) => JSON.stringify(m)).join(', ')} (drawn as nothing; see src/site/social-render.ts for the fonts)`,
				);
			}
			return undefined;
		},
		(error: unknown) => (error instanceof Error ? error : new Error(String(error))),
	);
}
