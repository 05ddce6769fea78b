/**
 * Where the casebook lives: its public base URL, its source repository and its name in both
 * languages. Astro's `site` (and so canonical links, hreflang, the sitemap, feeds and social
 * images), the CLI's absolute links, share links and the "edit"/"report" links all read this one
 * object. A mirror or an intranet copy overrides the URLs at build time with environment
 * variables (see {@link SITE_ENV}); nothing else needs to change.
 */
import type { Localized } from '../cases/schema.ts';

/** The site's identity, as every consumer reads it. */
export interface SiteConfig {
	/** Public origin with a trailing slash, e.g. `https://casebook.example.org/`. */
	readonly url: string;
	/** The source repository's web address, without a trailing slash. */
	readonly repository: string;
	/** The branch the "edit this page" links open. */
	readonly branch: string;
	/** The site's name in each language. */
	readonly name: Localized;
}

/** Environment variables that override the defaults at build time (and for the CLI). */
export const SITE_ENV = {
	url: 'CASEBOOK_SITE_URL',
	repository: 'CASEBOOK_REPO_URL',
	branch: 'CASEBOOK_REPO_BRANCH',
} as const;

/**
 * The project's own public home. The site is served from the root of its origin: every link on
 * the pages is a path such as `/zh/cases/…`, so a URL with a path below the origin is refused.
 */
export const DEFAULT_SITE: SiteConfig = {
	url: 'https://ascend-casebook.github.io/',
	repository: 'https://github.com/ascend-casebook/ascend-casebook',
	branch: 'main',
	name: { zh: '昇腾案例集', en: 'Ascend Casebook' },
};

/**
 * The site configuration with overrides from `env` applied; throws a message naming the
 * variable when an override is not a usable URL.
 */
export function resolveSiteConfig(
	env: Readonly<Record<string, string | undefined>>,
	defaults: SiteConfig = DEFAULT_SITE,
): SiteConfig {
	const url = env[SITE_ENV.url]?.trim() || defaults.url;
	const repository = env[SITE_ENV.repository]?.trim() || defaults.repository;
	const branch = env[SITE_ENV.branch]?.trim() || defaults.branch;
	return {
		url: siteOrigin(url, SITE_ENV.url),
		repository: webAddress(repository, SITE_ENV.repository),
		branch,
		name: defaults.name,
	};
}

function parseHttpUrl(value: string, variable: string): URL {
	const url = URL.canParse(value) ? new URL(value) : undefined;
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
		throw new Error(
			`${variable} must be an absolute http(s) URL such as https://casebook.example.org/, not "${value}".`,
		);
	}
	return url;
}

function siteOrigin(value: string, variable: string): string {
	const url = parseHttpUrl(value, variable);
	if (url.pathname !== '/' || url.search || url.hash) {
		throw new Error(
			`${variable} must be an origin such as https://casebook.example.org/ (the site is served from the root; "${value}" has a path).`,
		);
	}
	return `${url.origin}/`;
}

function webAddress(value: string, variable: string): string {
	return parseHttpUrl(value, variable).href.replace(/\/+$/, '');
}

let current: SiteConfig | undefined;
function inForce(): SiteConfig {
	return (current ??= resolveSiteConfig(typeof process === 'undefined' ? {} : process.env));
}

/**
 * The configuration in force: the defaults with this process's environment applied, read on
 * first use (so importing this module never throws; reading a field with a bad variable does,
 * naming it, which stops a build at its configuration).
 */
export const SITE: SiteConfig = {
	get url() {
		return inForce().url;
	},
	get repository() {
		return inForce().repository;
	},
	get branch() {
		return inForce().branch;
	},
	get name() {
		return inForce().name;
	},
};

/** `path` (`/zh/cases/x/`) as an absolute URL on the configured site. */
export function absoluteUrl(path: string, site: SiteConfig = SITE): string {
	return new URL(path, site.url).href;
}
