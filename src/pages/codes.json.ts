/**
 * `/codes.json`: the error-code index for tools and for triage in the browser (see
 * src/codes/codes-json.ts for the shape).
 */
import type { APIRoute } from 'astro';
import { toCodesJson } from '../codes/codes-json.ts';
import { getSiteCodes } from '../site/codes.ts';

export const GET: APIRoute = async () => {
	const { table } = await getSiteCodes();
	return new Response(JSON.stringify(toCodesJson(table)), {
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	});
};
