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

/** Draws `job.card` into `job.file`; returns the text its fonts could not draw (see RenderedCard). */
export async function writeSocialImage({ card, file }: SocialImageJob): Promise<string[]> {
	const { png, missing } = await renderSocialCard(card);
	mkdirSync(dirname(file), { recursive: true });
	const partial = `${file}.${process.pid}-${threadId}.part`;
	writeFileSync(partial, png);
	renameSync(partial, file);
	return missing;
}
