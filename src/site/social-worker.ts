/**
 * A worker thread that draws social images for the build (see social-image.ts): each job is a
 * card and the file to write it to; the answer is the text its fonts could not draw and the CPU
 * time this thread has used so far. Run by Node directly (type stripping), outside the bundle,
 * so it imports only packages and relative `.ts` files.
 */
import { parentPort } from 'node:worker_threads';
import { writeSocialImage, type SocialImageDrawn, type SocialImageJob } from './social-file.ts';
import { serveJobs } from './worker-pool.ts';

serveJobs<SocialImageJob, SocialImageDrawn>(parentPort, async (job) => {
	const drawn = await writeSocialImage(job);
	const { user, system } = process.threadCpuUsage();
	return { ...drawn, threadCpuMs: (user + system) / 1000 };
});
