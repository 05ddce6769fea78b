/**
 * Share links: the widget state as `#s=<base64url(deflate-raw(JSON))>`, using the platform's
 * `CompressionStream` (browsers and Node 24). Writing lives in share-encode.ts (re-exported
 * here). Decoding refuses anything hostile or corrupt with a reason instead of throwing: a hash
 * too long, bad base64url, bad deflate, a payload that inflates past a cap (a zip bomb), bad
 * JSON, or JSON of the wrong shape.
 */
import { pipeBytes, TooLarge } from './share-encode.ts';
import { type ShareState, shareStateSchema } from './share-state.ts';

export { encodeShareState, shareHash, toBase64Url } from './share-encode.ts';

/** Longest encoded payload accepted, in characters (about 3× the deflated code limit). */
export const MAX_ENCODED_CHARS = 300_000;

/** Most bytes a payload may inflate to; decompression stops reading past this. */
export const MAX_DECODED_BYTES = 1_000_000;

/** Why a share link was refused. */
export type ShareError =
	'too-long' | 'bad-base64' | 'bad-deflate' | 'too-large' | 'bad-json' | 'bad-shape';

/** The result of decoding a share link. */
export type DecodeResult = { ok: true; state: ShareState } | { ok: false; error: ShareError };

/** Decodes a base64url payload made by {@link encodeShareState}; never throws. */
export async function decodeShareState(payload: string): Promise<DecodeResult> {
	if (payload.length > MAX_ENCODED_CHARS) return { ok: false, error: 'too-long' };
	const deflated = fromBase64Url(payload);
	if (!deflated) return { ok: false, error: 'bad-base64' };
	let inflated: Uint8Array;
	try {
		inflated = await pipeBytes(deflated, new DecompressionStream('deflate-raw'), MAX_DECODED_BYTES);
	} catch (error) {
		return { ok: false, error: error instanceof TooLarge ? 'too-large' : 'bad-deflate' };
	}
	let json: unknown;
	try {
		json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated));
	} catch {
		return { ok: false, error: 'bad-json' };
	}
	const parsed = shareStateSchema.safeParse(json);
	return parsed.success ? { ok: true, state: parsed.data } : { ok: false, error: 'bad-shape' };
}

/** base64url (padding optional) → bytes, or undefined when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
	if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
	const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
	let binary: string;
	try {
		binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
	} catch {
		return undefined;
	}
	const bytes = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}
