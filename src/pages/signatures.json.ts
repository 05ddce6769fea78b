/**
 * `/signatures.json`: the machine-readable signature registry — every signature with its case
 * slug, module, patterns, anchor, permalink and case URLs — built from the case files. Each entry
 * also lists the error codes its samples quote, with their code pages (`codes`).
 */
import type { APIRoute } from 'astro';
import { codeUrl } from '../codes/code-url.ts';
import { getSiteRegistry } from '../islands/triage/site-registry.ts';
import { getSiteCodes } from '../site/codes.ts';
import { findCodes } from '../triage/find-codes.ts';

/** The registry as JSON (static: written once at build time). */
export const GET: APIRoute = async () => {
	const [registry, { directory }] = await Promise.all([getSiteRegistry(), getSiteCodes()]);
	const signatures = registry.signatures.map((entry) => {
		const codes = new Set(
			entry.samples.flatMap((sample) => findCodes(sample, directory)).map((hit) => hit.entry.code),
		);
		return {
			...entry,
			codes: [...codes].map((code) => ({
				code,
				urls: { zh: codeUrl(code, 'zh'), en: codeUrl(code, 'en') },
			})),
		};
	});
	return new Response(`${JSON.stringify({ ...registry, signatures }, null, '\t')}\n`, {
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	});
};
