/**
 * Finding a share payload in a URL hash. Kept apart from the codec so the island can check for a
 * share link without loading the codec (and zod) on pages that have none.
 */

/** Longest program a share link may carry, in characters. */
export const MAX_SHARED_CODE_CHARS = 100_000;

/** The hash parameter that carries the state: `#s=<payload>`. */
export const SHARE_HASH_KEY = 's';

/** The hash parameter naming the widget a link is for, on a page with several: `#w=<id>&s=…`. */
export const WIDGET_HASH_KEY = 'w';

/** The payload of `#s=…` in a URL hash, or undefined when the hash carries none. */
export function sharePayloadOf(hash: string): string | undefined {
	const params = new URLSearchParams(hash.replace(/^#/, ''));
	return params.get(SHARE_HASH_KEY) ?? undefined;
}
