import { describe, expect, it } from 'vitest';
import { colourCount, decodePng, type DecodedPng } from '../../tests/unit/png-decode.ts';
import { SOCIAL_IMAGE_SIZE, clip, type SocialCardJob } from './social-card.ts';
import { renderSocialCard } from './social-render.ts';

const base: SocialCardJob = {
	title: '',
	label: 'AscendCL 运行时',
	lang: 'zh',
	siteName: '昇腾案例集',
	host: 'casebook.example.org',
};

async function draw(title: string, line?: string): Promise<DecodedPng> {
	const { png } = await renderSocialCard({ ...base, title, ...(line ? { line } : {}) });
	return decodePng(png);
}

/** The pixels of the title's band (the middle of the card), as one string to compare. */
function titleBand(image: DecodedPng): string {
	const stride = image.width * image.channels;
	const top = Math.round(image.height * 0.3);
	const bottom = Math.round(image.height * 0.75);
	return Buffer.from(image.pixels.subarray(top * stride, bottom * stride)).toString('base64');
}

describe('social images', () => {
	it('are PNGs of the Open Graph size with text on them, not a blank picture', async () => {
		const image = await draw(
			'aclrtRecordEvent 返回失败：Event 资源耗尽',
			'[ERROR] RUNTIME(3027,python3):2024-01-01 ret=0x7020019',
		);
		expect([image.width, image.height]).toEqual([
			SOCIAL_IMAGE_SIZE.width,
			SOCIAL_IMAGE_SIZE.height,
		]);
		expect(colourCount(image)).toBeGreaterThan(50);
	}, 30_000);

	it('draw Chinese characters as their own glyphs, not as the missing-glyph box', async () => {
		const [shengteng, anli, missing] = await Promise.all([
			draw('昇腾昇腾'),
			draw('案例案例'),
			// Private-use code points: no font has them, so they come out as the missing glyph.
			draw('\uE000\uE001\uE002\uE003'),
		]);
		expect(titleBand(shengteng)).not.toBe(titleBand(anli));
		expect(titleBand(shengteng)).not.toBe(titleBand(missing));
		expect(titleBand(anli)).not.toBe(titleBand(missing));
	}, 30_000);
});

describe('a card for both languages', () => {
	it('draws the second title under the first, in the Latin and Chinese fonts alike', async () => {
		const title = 'aclrtRecordEvent 返回失败：Event 资源耗尽';
		const one = decodePng((await renderSocialCard({ ...base, title })).png);
		const both = await renderSocialCard({
			...base,
			title,
			subtitle: 'aclrtRecordEvent fails: out of events',
		});
		expect(both.missing).toEqual([]);
		expect(titleBand(decodePng(both.png))).not.toBe(titleBand(one));
	}, 30_000);
});

describe('text the fonts cannot draw', () => {
	it('is reported, so the build can warn instead of shipping a card with holes', async () => {
		const { missing } = await renderSocialCard({ ...base, title: '事件 → \uE000' });
		expect(missing.join('')).toContain('→');
		expect(missing.join('')).not.toContain('事件');
	}, 30_000);
});

describe('clip', () => {
	it('keeps short text and cuts long text at a code point with an ellipsis', () => {
		expect(clip('  a   b ', 10)).toBe('a b');
		expect(clip('昇腾案例集', 3)).toBe('昇腾…');
		expect(Array.from(clip('😀'.repeat(10), 4))).toHaveLength(4);
	});
});
