/**
 * A worker thread that highlights C++ for the build (see highlight.ts): each job is a program,
 * each answer its HTML. Run by Node directly (type stripping), outside the bundle, so it imports
 * only packages and relative `.ts` files.
 */
import { parentPort } from 'node:worker_threads';
import { renderCpp } from './highlight-render.ts';
import { serveJobs } from './worker-pool.ts';

serveJobs<string, string>(parentPort, renderCpp);
