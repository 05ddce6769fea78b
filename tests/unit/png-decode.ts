/**
 * A small PNG reader for tests: 8-bit greyscale, RGB or RGBA, not interlaced (what resvg
 * writes). It checks the signature and each chunk's length, inflates the image data and undoes
 * the per-row filters, so a test can look at the pixels of an image the build wrote.
 */
import { inflateSync } from 'node:zlib';

/** A decoded image: `channels` bytes per pixel, rows top to bottom. */
export interface DecodedPng {
	width: number;
	height: number;
	channels: number;
	pixels: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decodes `bytes`; throws on anything but the PNGs described above. */
export function decodePng(bytes: Uint8Array): DecodedPng {
	if (!SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error('not a PNG: bad signature');
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	let offset = 8;
	let width = 0;
	let height = 0;
	let channels = 0;
	const data: Uint8Array[] = [];
	while (offset < bytes.length) {
		const length = view.getUint32(offset);
		const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
		const body = bytes.subarray(offset + 8, offset + 8 + length);
		if (body.length !== length) throw new Error(`truncated ${type} chunk`);
		if (type === 'IHDR') {
			width = view.getUint32(offset + 8);
			height = view.getUint32(offset + 12);
			const depth = body[8]!;
			channels = CHANNELS[body[9]!] ?? 0;
			if (depth !== 8 || channels === 0 || body[12] !== 0) {
				throw new Error(
					`unsupported PNG: depth ${depth}, colour type ${body[9]}, interlace ${body[12]}`,
				);
			}
		} else if (type === 'IDAT') data.push(body);
		else if (type === 'IEND') break;
		offset += 12 + length;
	}
	const raw = inflateSync(Buffer.concat(data));
	const stride = width * channels;
	if (raw.length !== height * (stride + 1)) throw new Error('image data has the wrong size');
	const pixels = new Uint8Array(height * stride);
	for (let y = 0; y < height; y++) {
		const filter = raw[y * (stride + 1)]!;
		const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
		const out = y * stride;
		for (let x = 0; x < stride; x++) {
			const left = x >= channels ? pixels[out + x - channels]! : 0;
			const up = y > 0 ? pixels[out - stride + x]! : 0;
			const upLeft = y > 0 && x >= channels ? pixels[out - stride + x - channels]! : 0;
			pixels[out + x] = (row[x]! + predictor(filter, left, up, upLeft)) & 0xff;
		}
	}
	return { width, height, channels, pixels };
}

function predictor(filter: number, left: number, up: number, upLeft: number): number {
	switch (filter) {
		case 0:
			return 0;
		case 1:
			return left;
		case 2:
			return up;
		case 3:
			return (left + up) >> 1;
		case 4: {
			const p = left + up - upLeft;
			const pa = Math.abs(p - left);
			const pb = Math.abs(p - up);
			const pc = Math.abs(p - upLeft);
			return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
		}
		default:
			throw new Error(`unknown PNG row filter ${filter}`);
	}
}

/** How many distinct colours the image uses (a blank image has one). */
export function colourCount(image: DecodedPng): number {
	const seen = new Set<number>();
	const { pixels, channels } = image;
	for (let i = 0; i < pixels.length; i += channels) {
		let colour = 0;
		for (let c = 0; c < channels; c++) colour = colour * 256 + pixels[i + c]!;
		seen.add(colour);
	}
	return seen.size;
}
