/**
 * `/signatures.json`: the machine-readable signature registry — every signature with its case
 * slug, module, patterns, anchor, permalink and case URLs — built from the case files.
 */
import type { APIRoute } from 'astro';
import { getSiteRegistry } from '../islands/triage/site-registry.ts';

/** The registry as JSON (static: written once at build time). */
export const GET: APIRoute = async () =>
	new Response(`${JSON.stringify(await getSiteRegistry(), null, '\t')}\n`, {
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	});
