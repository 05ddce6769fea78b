/**
 * Where the links the CLI prints point (`casebook explain`, `casebook sim`, and later `check`):
 * `--base-url` when given, else the local copy named by `CASEBOOK_LOCAL_URL` (what `casebook
 * serve` prints), else the public site of the site configuration (src/site/site-config.ts:
 * `CASEBOOK_SITE_URL`, else the project's address), the same one the built pages name.
 */
import { DEFAULT_SITE, SITE_ENV, resolveSiteConfig } from '../site/site-config.ts';

/** The public site the CLI links to when nothing overrides it. */
export const PUBLIC_SITE_URL = DEFAULT_SITE.url;

/** The environment variable naming a local copy of the site, e.g. `http://127.0.0.1:4321/`. */
export const LOCAL_URL_ENV = 'CASEBOOK_LOCAL_URL';

/**
 * The base of printed links: `explicit` (from `--base-url`) if given, else the local copy from
 * `env`, else the configured public site. An unusable `CASEBOOK_LOCAL_URL` or
 * `CASEBOOK_SITE_URL` is ignored with a warning through `warn`, so a stale shell setting never
 * hides the links.
 */
export function linkBase(
	explicit: string | undefined,
	env: Readonly<Record<string, string | undefined>> = process.env,
	warn: (message: string) => void = console.error,
): string {
	if (explicit) return explicit;
	const local = env[LOCAL_URL_ENV]?.trim();
	if (local) {
		if (URL.canParse(local) && /^https?:$/.test(new URL(local).protocol)) return local;
		warn(
			`casebook: ignoring ${LOCAL_URL_ENV}="${local}" (not an http URL); linking to the public site`,
		);
	}
	try {
		return resolveSiteConfig(env).url;
	} catch (error) {
		warn(`casebook: ignoring ${SITE_ENV.url}: ${(error as Error).message}`);
		return PUBLIC_SITE_URL;
	}
}
