/**
 * The site the CLI's links point at when `--base-url` is not given: the configured public site
 * (src/site/site-config.ts, `CASEBOOK_SITE_URL`). Loaded on demand, so a bad variable becomes a
 * usage message instead of a crash at start-up.
 */

/** The configured site's URL, or the message saying what is wrong with `CASEBOOK_SITE_URL`. */
export async function publicSiteUrl(): Promise<{ url: string } | { error: string }> {
	try {
		return { url: (await import('../site/site-config.ts')).SITE.url };
	} catch (error) {
		return { error: (error as Error).message };
	}
}
