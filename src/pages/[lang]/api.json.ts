/**
 * `/{lang}/api.json`: the editor's help for every API of the catalog in one language (signature,
 * doc text, preconditions, per-product limits, anchor), fetched when the editor first completes
 * or explains a call. Built from the catalog at build time.
 */
import type { APIRoute } from 'astro';
import { apiHelp } from '../../api/api-reference.ts';
import { LANGS, type Lang } from '../../i18n/lang.ts';

export function getStaticPaths() {
	return LANGS.map((lang) => ({ params: { lang } }));
}

/** The help list as JSON (static: written once per language at build time). */
export const GET: APIRoute = ({ params }) =>
	new Response(JSON.stringify(apiHelp(params.lang as Lang)), {
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	});
