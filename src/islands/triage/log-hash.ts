/**
 * The `#log=` fragment: a tool links a log line to `/zh/triage/#log=<URL-encoded text>`.
 * The fragment never reaches a server. Malformed escapes are kept as typed, not thrown.
 */

/** The log in a location hash (`#log=…`), or undefined when there is none. */
export function readLogHash(hash: string): string | undefined {
	const body = hash.startsWith('#') ? hash.slice(1) : hash;
	if (!body.startsWith('log=')) return undefined;
	const encoded = body.slice('log='.length);
	try {
		return decodeURIComponent(encoded);
	} catch {
		return encoded;
	}
}
