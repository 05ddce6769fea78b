import { describe, expect, it } from 'vitest';
import { decodePng } from '../../tests/unit/png-decode.ts';
import { encodePng } from './png-encode.ts';

describe('the PNG writer', () => {
	it('writes pixels a PNG reader gets back, with premultiplied alpha undone', () => {
		const width = 3;
		const height = 2;
		// Premultiplied RGBA: opaque red, half-transparent white (128 of 255 each), transparent.
		const pixels = Uint8Array.of(
			...[255, 0, 0, 255],
			...[128, 128, 128, 128],
			...[0, 0, 0, 0],
			...[10, 20, 30, 255],
			...[64, 0, 0, 128],
			...[1, 2, 3, 255],
		);
		const image = decodePng(encodePng(pixels, width, height));
		expect([image.width, image.height, image.channels]).toEqual([3, 2, 4]);
		expect([...image.pixels]).toEqual([
			...[255, 0, 0, 255],
			...[255, 255, 255, 128],
			...[0, 0, 0, 0],
			...[10, 20, 30, 255],
			...[128, 0, 0, 128],
			...[1, 2, 3, 255],
		]);
	});

	it('refuses pixels that do not fill the size it is told', () => {
		expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow(/not 2×2 RGBA/);
	});
});
