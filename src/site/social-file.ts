/**
 * Writing one social image to its cache file. The file appears whole or not at all (written
 * beside it, then renamed), so a build stopped halfway never leaves a broken image in the cache.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { SocialCardJob } from './social-card.ts';
import { renderSocialCard } from './social-render.ts';

/** A card and the PNG file it goes to. */
export interface SocialImageJob {
	card: SocialCardJob;
	file: string;
}

/** What drawing one image tells the build. */
export interface SocialImageDrawn {
	/** The text its fonts could not draw (see RenderedCard). */
	missing: string[];
	/**
	 * CPU milliseconds the drawing thread has spent since it started (loading the fonts and the
	 * libraries included), when it is a thread of its own; the build reports the last figure.
	 */
	threadCpuMs?: number;
}

/** Draws `job.card` into `job.file`. */
export async function writeSocialImage({ card, file }: SocialImageJob): Promise<SocialImageDrawn> {
	const { png, missing } = await renderSocialCard(card);
	mkdirSync(dirname(file), { recursive: true });
	const partial = `${file}.${process.pid}-${threadId}.part`;
	writeFileSync(partial, png);
	renameSync(partial, file);
	return { missing };
}
