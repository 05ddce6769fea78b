/**
 * Share links: the widget state as `#s=<base64url(deflate-raw(JSON))>`, using the platform's
 * `CompressionStream` (browsers and Node 24). Decoding refuses anything hostile or corrupt with a
 * reason instead of throwing: a hash too long, bad base64url, bad deflate, a payload that inflates
 * past a cap (a zip bomb), bad JSON, or JSON of the wrong shape.
 */
import { SHARE_HASH_KEY, WIDGET_HASH_KEY } from './share-hash.ts';
import { type ShareState, shareStateSchema } from './share-state.ts';

/** Longest encoded payload accepted, in characters (about 3× the deflated code limit). */
export const MAX_ENCODED_CHARS = 300_000;

/** Most bytes a payload may inflate to; decompression stops reading past this. */
export const MAX_DECODED_BYTES = 1_000_000;

/** Why a share link was refused. */
export type ShareError =
	'too-long' | 'bad-base64' | 'bad-deflate' | 'too-large' | 'bad-json' | 'bad-shape';

/** The result of decoding a share link. */
export type DecodeResult = { ok: true; state: ShareState } | { ok: false; error: ShareError };

/** Encodes `state` as the base64url payload of a share link. */
export async function encodeShareState(state: ShareState): Promise<string> {
	const json = new TextEncoder().encode(JSON.stringify(state));
	const deflated = await pipeBytes(json, new CompressionStream('deflate-raw'), Infinity);
	return toBase64Url(deflated);
}

/**
 * The URL hash (with `#`) for `state`; `widget` (an element id) lets the page scroll to the
 * widget the link is for before the widget hydrates.
 */
export async function shareHash(state: ShareState, widget?: string): Promise<string> {
	const prefix = widget ? `${WIDGET_HASH_KEY}=${encodeURIComponent(widget)}&` : '';
	return `#${prefix}${SHARE_HASH_KEY}=${await encodeShareState(state)}`;
}

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

class TooLarge extends Error {}

/** Bytes of input fed to a transform at a time, so a zip bomb inflates a little per task. */
const FEED_BYTES = 1024;

/**
 * Pushes `input` through a transform stream, stopping with {@link TooLarge} past `limit` bytes.
 * The input goes in small pieces while the output is read, so a bomb that inflates 1,000-fold
 * never produces much more than `limit` before it is stopped.
 */
async function pipeBytes(
	input: Uint8Array,
	transform: CompressionStream | DecompressionStream,
	limit: number,
): Promise<Uint8Array> {
	const writer = transform.writable.getWriter();
	const reader = transform.readable.getReader();
	let stopped = false;
	// Errors surface on the reader; the writer's promises must not be left unhandled.
	const feeding = (async () => {
		for (let at = 0; at < input.length && !stopped; at += FEED_BYTES) {
			await writer.ready;
			await writer.write(input.subarray(at, at + FEED_BYTES) as Uint8Array<ArrayBuffer>);
		}
		if (!stopped) await writer.close();
	})().catch(() => {});
	const parts: Uint8Array[] = [];
	let total = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > limit) throw new TooLarge();
			parts.push(value);
		}
	} catch (error) {
		stopped = true;
		reader.cancel().catch(() => {});
		writer.abort().catch(() => {});
		throw error;
	}
	await feeding;
	const out = new Uint8Array(total);
	let offset = 0;
	for (const part of parts) {
		out.set(part, offset);
		offset += part.byteLength;
	}
	return out;
}

const CHUNK = 0x8000;

/** Bytes → base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
	let binary = '';
	for (let i = 0; i < bytes.length; i += CHUNK) {
		binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
	}
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
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
