/**
 * `/robots.txt`: every crawler may read every page (pages that should stay out of results say
 * `noindex` themselves), and the sitemap is at `/sitemap-index.xml` on the configured site.
 */
import { SITE, absoluteUrl } from '../site/site-config.ts';

export function GET(): Response {
	const body = [
		'User-agent: *',
		'Allow: /',
		'',
		`Sitemap: ${absoluteUrl('/sitemap-index.xml', SITE)}`,
		'',
	];
	return new Response(body.join('\n'), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
}
