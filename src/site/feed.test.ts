import { describe, expect, it } from 'vitest';
import { feedItems, type FeedCase } from './feed.ts';
import { resolveSiteConfig } from './site-config.ts';

const site = resolveSiteConfig({ CASEBOOK_SITE_URL: 'https://casebook.example.org' });
const cases: FeedCase[] = [
	{ slug: 'old', title: 'Old', summary: 's', component: 'Driver', added: '2025-01-01' },
	{
		slug: 'checked',
		title: 'Checked again',
		summary: 's',
		component: 'Driver',
		added: '2025-01-02',
		verified: '2025-06-01',
	},
	{ slug: 'new', title: 'New', summary: 's', component: 'Driver', added: '2025-03-01' },
];

describe('the feed', () => {
	it('lists cases newest first by the day they were added or last verified', () => {
		expect(feedItems(cases, 'en', site).map((item) => item.link)).toEqual([
			'https://casebook.example.org/en/cases/checked/',
			'https://casebook.example.org/en/cases/new/',
			'https://casebook.example.org/en/cases/old/',
		]);
	});

	it('marks a re-verified case as updated, with an item id that changes with the day', () => {
		const [checked] = feedItems(cases, 'zh', site);
		expect(checked!.title).toBe('更新：Checked again');
		expect(checked!.pubDate).toEqual(new Date('2025-06-01T00:00:00Z'));
		expect(checked!.customData).toBe(
			'<guid isPermaLink="false">https://casebook.example.org/zh/cases/checked/#2025-06-01</guid>',
		);
	});
});
