/**
 * The social images the site draws for its own pages: every character on every case's card (one
 * for both languages, as page-cards.ts builds it), on every error-code family's card and on each
 * language's site card has a glyph in the card fonts, so no card ships with holes when a title or
 * an error line uses a character the fonts lack.
 */
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../src/cases/cases-fs.ts';
import { LANGS } from '../../src/i18n/lang.ts';
import { loadFamilies } from '../../src/codes/codes-fs.ts';
import { caseCard, codeFamilyCard } from '../../src/site/page-cards.ts';
import { pageCard } from '../../src/site/page-meta.ts';
import { socialCardJob } from '../../src/site/social-image.ts';
import { renderSocialCard } from '../../src/site/social-render.ts';

describe('the cards of the site’s own pages', () => {
	it('have a glyph for every character they draw, in both languages', async () => {
		const cards = LANGS.map((lang) => pageCard(lang, ''));
		for (const c of await loadCases()) cards.push(pageCard('zh', '', caseCard(c.facts, c.pages)));
		for (const family of await loadFamilies()) {
			cards.push(pageCard('zh', '', codeFamilyCard(family)));
		}
		const missing: string[] = [];
		for (const card of cards) {
			const drawn = await renderSocialCard(socialCardJob(card));
			if (drawn.missing.length > 0) missing.push(`${card.title}: ${drawn.missing.join(' ')}`);
		}
		expect(missing).toEqual([]);
	}, 60_000);
});
