/**
 * Draws a social image: satori lays the card of social-card.ts out as SVG (text as glyph
 * outlines, so the PNG needs no system font), resvg rasterises it, png-encode.ts writes the PNG. Fonts come from the
 * npm registry (`@fontsource/noto-sans-sc`: its Latin and Simplified Chinese subsets, regular
 * and bold), so a fresh machine draws Chinese without any system font.
 * Node only: it reads the font files. Run it on a worker thread (social-worker.ts) in builds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { encodePng } from './png-encode.ts';
import {
	SOCIAL_FONT_FAMILIES,
	SOCIAL_IMAGE_SIZE,
	socialCardTree,
	type SocialCardJob,
} from './social-card.ts';

/** The fontsource subset file behind each family name the card uses. */
const SUBSETS: Readonly<Record<(typeof SOCIAL_FONT_FAMILIES)[number], string>> = {
	'card-latin': 'latin',
	'card-cjk': 'chinese-simplified',
};
const WEIGHTS = [400, 700] as const;

type SatoriFont = NonNullable<Parameters<typeof satori>[1]['fonts']>[number];
let fonts: SatoriFont[] | undefined;

/** The card fonts, read once per thread. */
function cardFonts(): SatoriFont[] {
	if (fonts) return fonts;
	const require = createRequire(import.meta.url);
	const dir = join(dirname(require.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
	fonts = [];
	for (const family of SOCIAL_FONT_FAMILIES) {
		for (const weight of WEIGHTS) {
			const data = readFileSync(join(dir, `noto-sans-sc-${SUBSETS[family]}-${weight}-normal.woff`));
			fonts.push({ name: family, data, weight, style: 'normal' });
		}
	}
	return fonts;
}

/** A drawn card: the PNG, and the text the fonts had no glyphs for (drawn as nothing). */
export interface RenderedCard {
	png: Uint8Array;
	missing: string[];
}

/** `job` drawn as a PNG of {@link SOCIAL_IMAGE_SIZE}. */
export async function renderSocialCard(job: SocialCardJob): Promise<RenderedCard> {
	const missing: string[] = [];
	const svg = await satori(socialCardTree(job) as Parameters<typeof satori>[0], {
		...SOCIAL_IMAGE_SIZE,
		fonts: cardFonts(),
		// Satori asks for a font for text no loaded font covers; there is none to give.
		loadAdditionalAsset: async (_kind, segment) => {
			if (segment && !missing.includes(segment)) missing.push(segment);
			return [];
		},
	});
	// The SVG holds glyph outlines, no text: resvg needs no fonts (scanning the system's costs a
	// third of the drawing, and a fresh machine has none).
	const image = new Resvg(svg, {
		fitTo: { mode: 'width', value: SOCIAL_IMAGE_SIZE.width },
		font: { loadSystemFonts: false },
	}).render();
	// png-encode.ts writes the file: resvg's encoder compresses harder for no smaller card.
	return { png: encodePng(image.pixels, image.width, image.height), missing };
}
