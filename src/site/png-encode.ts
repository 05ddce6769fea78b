/**
 * A PNG writer for the social images: 8-bit RGBA, every row unfiltered, deflated at a low
 * level. resvg's own encoder compresses harder; on a 1200×630 card it took about 12 ms of the
 * 37 ms a card costs, this one about 5 ms, for a file of the same size (≈60 KB), since a card is
 * mostly flat colour. Node only (node:zlib).
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);
/** zlib level: 3 of 9, where a card's file stops shrinking much for the time it costs. */
const LEVEL = 3;

function chunk(type: string, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(12 + data.length);
	const view = new DataView(out.buffer);
	view.setUint32(0, data.length);
	for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
	out.set(data, 8);
	view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
	return out;
}

/**
 * `pixels` (RGBA rows, premultiplied by alpha as resvg and tiny-skia keep them) as a PNG file,
 * whose pixels are not premultiplied.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number): Uint8Array {
	if (pixels.length !== width * height * 4) {
		throw new Error(`encodePng: ${pixels.length} bytes is not ${width}×${height} RGBA`);
	}
	const stride = width * 4;
	const rows = new Uint8Array((stride + 1) * height);
	for (let y = 0; y < height; y++) {
		// Each row starts with its filter type, 0 (none), which the zero-filled array already holds.
		rows.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
	}
	unpremultiply(rows, stride, height);
	const header = new Uint8Array(13);
	const view = new DataView(header.buffer);
	view.setUint32(0, width);
	view.setUint32(4, height);
	header[8] = 8; // bits per channel
	header[9] = 6; // colour type: RGBA
	const parts = [
		SIGNATURE,
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(rows, { level: LEVEL })),
		chunk('IEND', new Uint8Array(0)),
	];
	const file = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let offset = 0;
	for (const part of parts) {
		file.set(part, offset);
		offset += part.length;
	}
	return file;
}

/** Undoes premultiplied alpha in place in filtered `rows` (opaque pixels, most of a card, are left). */
function unpremultiply(rows: Uint8Array, stride: number, height: number): void {
	for (let y = 0; y < height; y++) {
		const start = y * (stride + 1) + 1;
		for (let i = start + 3; i < start + stride; i += 4) {
			const alpha = rows[i]!;
			if (alpha === 255 || alpha === 0) continue;
			for (let c = i - 3; c < i; c++) rows[c] = Math.min(255, Math.round((rows[c]! * 255) / alpha));
		}
	}
}
