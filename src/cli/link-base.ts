/**
 * Where the links the CLI prints point (`casebook explain`, and later `check`): `--base-url`
 * when given, else the local copy named by `CASEBOOK_LOCAL_URL` (what `casebook serve` prints),
 * else the public site. The public address is this one constant; it follows the site
 * configuration of the build.
 */

/** The public site the CLI links to by default. */
export const PUBLIC_SITE_URL = 'https://ascend-casebook.github.io/';

/** The environment variable naming a local copy of the site, e.g. `http://127.0.0.1:4321/`. */
export const LOCAL_URL_ENV = 'CASEBOOK_LOCAL_URL';

/**
 * The base of printed links: `explicit` (from `--base-url`) if given, else the local copy from
 * `env`, else {@link PUBLIC_SITE_URL}. An unusable `CASEBOOK_LOCAL_URL` is ignored with a
 * warning through `warn`, so a stale shell setting never hides the links.
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
			`casebook: ignoring ${LOCAL_URL_ENV}="${local}" (not an http URL); linking to ${PUBLIC_SITE_URL}`,
		);
	}
	return PUBLIC_SITE_URL;
}
