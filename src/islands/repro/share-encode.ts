/**
 * Writing share links: the widget state as `#s=<base64url(deflate-raw(JSON))>`, with the
 * platform's `CompressionStream`. Kept apart from the decoder (share-codec.ts), which needs zod,
 * so the page's "report a problem" link can carry the current state without loading it.
 */
import { SHARE_HASH_KEY, WIDGET_HASH_KEY } from './share-hash.ts';
import type { ShareState } from './share-state.ts';

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

/** Thrown by {@link pipeBytes} when the output passes its limit. */
export class TooLarge extends Error {}

/** Pushes `input` through a transform stream, stopping with {@link TooLarge} past `limit` bytes. */
export async function pipeBytes(
	input: Uint8Array,
	transform: CompressionStream | DecompressionStream,
	limit: number,
): Promise<Uint8Array> {
	const writer = transform.writable.getWriter();
	// Errors surface on the reader; the writer's promises must not be left unhandled.
	writer.write(input as Uint8Array<ArrayBuffer>).catch(() => {});
	writer.close().catch(() => {});
	const reader = transform.readable.getReader();
	const parts: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.byteLength;
		if (total > limit) {
			reader.cancel().catch(() => {});
			throw new TooLarge();
		}
		parts.push(value);
	}
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
