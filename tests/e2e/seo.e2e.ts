/**
 * What search engines, feed readers and link previews see of the built site: the sitemap
 * against the page list, canonical and hreflang links on every page, card tags and JSON-LD on
 * case pages, a social image per case page and per error-code family, the feeds, and the edit
 * and report links (in a real browser, the report link following the reproduction as the
 * reader changes it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { HTML_LANG, LANGS } from '../../src/i18n/lang.ts';
import { decodeShareState } from '../../src/islands/repro/share-codec.ts';
import { sharePayloadOf } from '../../src/islands/repro/share-hash.ts';
import { SOCIAL_IMAGE_SIZE } from '../../src/site/social-card.ts';
import { SITE, absoluteUrl } from '../../src/site/site-config.ts';
import { colourCount, decodePng } from '../unit/png-decode.ts';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import {
	DIST,
	builtPages,
	headOf,
	metaContent,
	pageHtml,
	tags,
	type Attributes,
} from './built-pages.ts';
import { Widget, loadCases } from './repro-widget.ts';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asList = <T>(value: T | T[] | undefined): T[] =>
	value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Parses an XML file of the build, failing with the validator's message when it is not XML. */
function readXml(file: string): Record<string, any> {
	const text = readFileSync(join(DIST, file), 'utf8');
	const valid = XMLValidator.validate(text);
	if (valid !== true)
		throw new Error(`${file} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
	return xml.parse(text);
}

const pages = builtPages();
const indexable = pages.filter(
	(path) => !/<meta name="robots" content="noindex"/.test(headOf(pageHtml(path))),
);
const cases = loadCases();

/** One `<url>` of a sitemap, as parsed. */
interface SitemapUrl {
	loc: string;
	lastmod?: string;
	'xhtml:link'?: Attributes | Attributes[];
}

describe('the sitemap', () => {
	const index = readXml('sitemap-index.xml');
	const maps: string[] = asList(index.sitemapindex.sitemap).map((s: { loc: string }) => s.loc);
	const urls: SitemapUrl[] = maps.flatMap((loc) =>
		asList(readXml(new URL(loc).pathname.slice(1)).urlset.url),
	);
	const listed = new Set(urls.map((u) => u.loc));

	it('is split into sitemaps on the configured site', () => {
		expect(maps.length).toBeGreaterThan(0);
		for (const loc of maps) expect(loc.startsWith(SITE.url), loc).toBe(true);
	});

	it('lists every indexable page, in both languages, and nothing else', () => {
		expect([...listed].sort()).toEqual(indexable.map((path) => absoluteUrl(path)).sort());
		const kinds = new Set(indexable.map((path) => path.split('/')[2] ?? ''));
		for (const kind of kinds) {
			for (const lang of LANGS) {
				expect([...listed].some((u) => u.startsWith(absoluteUrl(`/${lang}/${kind}`)))).toBe(true);
			}
		}
		for (const kind of ['', 'cases', 'playground', 'triage'])
			expect(kinds.has(kind), kind).toBe(true);
	});

	it('leaves out the /e/ permalinks and the root language chooser', () => {
		expect([...listed].filter((u) => u.includes('/e/'))).toEqual([]);
		expect(listed.has(SITE.url)).toBe(false);
	});

	it('gives each page its zh-CN, en and x-default alternates, all of them listed pages', () => {
		for (const url of urls) {
			const links = asList(url['xhtml:link']);
			expect(links.map((l) => l['@hreflang']).sort(), url.loc).toEqual([
				'en',
				'x-default',
				'zh-CN',
			]);
			for (const link of links) expect(listed.has(link['@href']!), link['@href']).toBe(true);
			const zh = links.find((l) => l['@hreflang'] === 'zh-CN')!['@href'];
			expect(links.find((l) => l['@hreflang'] === 'x-default')!['@href']).toBe(zh);
		}
	});

	it('gives each case page the day it last changed', () => {
		for (const c of cases) {
			const url = urls.find((u) => u.loc === absoluteUrl(`/en/cases/${c.slug}/`));
			expect(url?.lastmod?.slice(0, 10)).toBe(c.facts.verified ?? c.facts.added);
		}
	});

	it('is named in robots.txt', () => {
		const robots = readFileSync(join(DIST, 'robots.txt'), 'utf8');
		expect(robots).toContain(`Sitemap: ${absoluteUrl('/sitemap-index.xml')}`);
	});
});

describe('canonical and hreflang links', () => {
	const listed = new Set(indexable.map((path) => absoluteUrl(path)));
	for (const path of indexable) {
		it(`${path} names itself canonical and its languages with absolute, existing URLs`, () => {
			const head = headOf(pageHtml(path));
			const links = tags(head, 'link');
			expect(links.filter((l) => l.rel === 'canonical').map((l) => l.href)).toEqual([
				absoluteUrl(path),
			]);
			const alternates = links.filter((l) => l.rel === 'alternate' && l.hreflang);
			expect(alternates.map((l) => l.hreflang).sort()).toEqual(['en', 'x-default', 'zh-CN']);
			for (const link of alternates) expect(listed.has(link.href!), link.href).toBe(true);
			const own = alternates.find((l) => l.hreflang === tags(pageHtml(path), 'html')[0]!.lang);
			expect(own?.href).toBe(absoluteUrl(path));
		});
	}
});

/** The JSON-LD objects of a page's head. */
function jsonLd(head: string): Record<string, any>[] {
	return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
		JSON.parse(m[1]!),
	);
}

describe('case pages for search results and link previews', () => {
	for (const c of cases) {
		for (const lang of LANGS) {
			const path = `/${lang}/cases/${c.slug}/`;
			const head = headOf(pageHtml(path));

			it(`${path} has Open Graph and Twitter card tags for an article`, () => {
				const title = metaContent(head, 'og:title')!;
				expect(title.length).toBeGreaterThan(0);
				// The title text is HTML-escaped as Astro writes it (& and " in case titles).
				const escaped = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
				expect(head).toContain(`<title>${escaped} · `);
				expect(metaContent(head, 'og:description')).toBe(metaContent(head, 'description'));
				expect(metaContent(head, 'og:type')).toBe('article');
				expect(metaContent(head, 'og:url')).toBe(absoluteUrl(path));
				expect(metaContent(head, 'og:locale')).toBe(lang === 'zh' ? 'zh_CN' : 'en_US');
				expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
				expect(metaContent(head, 'twitter:image')).toBe(metaContent(head, 'og:image'));
				expect(metaContent(head, 'article:published_time')).toBe(c.facts.added);
			});

			it(`${path} describes itself as a TechArticle about its error codes and APIs`, () => {
				const [article, ...rest] = jsonLd(head);
				expect(rest).toEqual([]);
				expect(article).toMatchObject({
					'@context': 'https://schema.org',
					'@type': 'TechArticle',
					headline: metaContent(head, 'og:title'),
					description: metaContent(head, 'description'),
					inLanguage: HTML_LANG[lang],
					url: absoluteUrl(path),
					datePublished: c.facts.added,
					dateModified: c.facts.verified ?? c.facts.added,
					image: [metaContent(head, 'og:image')],
					publisher: { '@type': 'Organization', name: SITE.name[lang] },
				});
				const about = article!.about as { '@type': string; name: string }[];
				expect(about.filter((a) => a['@type'] === 'Thing').map((a) => a.name)).toEqual(
					c.facts.apis,
				);
				const codes = about.filter((a) => a['@type'] === 'DefinedTerm').map((a) => a.name);
				const samples = c.facts.signatures.flatMap((s) => s.samples).join('\n');
				for (const code of codes) expect(samples).toContain(code);
			});

			it(`${path} has the case's own social image, drawn with text, shared by both languages`, () => {
				const image = metaContent(head, 'og:image')!;
				expect(image.startsWith(absoluteUrl('/og/'))).toBe(true);
				const png = decodePng(readFileSync(join(DIST, new URL(image).pathname)));
				expect([png.width, png.height]).toEqual([
					SOCIAL_IMAGE_SIZE.width,
					SOCIAL_IMAGE_SIZE.height,
				]);
				expect(colourCount(png)).toBeGreaterThan(50);
				// One card per case (both titles on it): the other language's page names the same image,
				// and no other case does.
				const other = headOf(pageHtml(`/${lang === 'zh' ? 'en' : 'zh'}/cases/${c.slug}/`));
				expect(metaContent(other, 'og:image')).toBe(image);
				const others = cases.filter((o) => o.slug !== c.slug);
				for (const o of others.slice(0, 3)) {
					const head = headOf(pageHtml(`/${lang}/cases/${o.slug}/`));
					expect(metaContent(head, 'og:image')).not.toBe(image);
				}
			});

			it(`${path} shows the day the case was added`, () => {
				const html = pageHtml(path);
				expect(tags(html, 'time').map((t) => t.datetime)).toContain(c.facts.added);
			});
		}
	}

	it('code pages show their family’s image: one per family, for both languages', () => {
		const families = ['acl-error.json', 'acl-eh.json', 'aclnn-status.json'].map(
			(file) =>
				JSON.parse(readFileSync(join('content/codes', file), 'utf8')) as {
					codes: { code: string }[];
				},
		);
		const imageOf = (lang: string, code: string) =>
			metaContent(headOf(pageHtml(`/${lang}/codes/${code}/`)), 'og:image')!;
		const site = metaContent(headOf(pageHtml('/zh/')), 'og:image');
		const shown = families.map(({ codes }) => {
			const [first, second] = codes;
			const image = imageOf('zh', first!.code);
			expect(image).not.toBe(site);
			expect(imageOf('en', first!.code)).toBe(image);
			expect(imageOf('zh', second!.code)).toBe(image);
			const png = decodePng(readFileSync(join(DIST, new URL(image).pathname)));
			expect([png.width, png.height]).toEqual([SOCIAL_IMAGE_SIZE.width, SOCIAL_IMAGE_SIZE.height]);
			expect(colourCount(png)).toBeGreaterThan(50);
			return image;
		});
		expect(new Set(shown).size).toBe(families.length);
	});

	it('pages without a card of their own share their language’s site image', () => {
		for (const lang of LANGS) {
			const home = metaContent(headOf(pageHtml(`/${lang}/`)), 'og:image');
			expect(existsSync(join(DIST, new URL(home!).pathname))).toBe(true);
			for (const page of ['triage', 'playground']) {
				expect(metaContent(headOf(pageHtml(`/${lang}/${page}/`)), 'og:image')).toBe(home);
			}
		}
	});

	it('a Chinese case card names the Chinese site and an English one the English site', () => {
		const c = cases[0]!;
		expect(metaContent(headOf(pageHtml(`/zh/cases/${c.slug}/`)), 'og:site_name')).toBe(
			'昇腾案例集',
		);
		expect(metaContent(headOf(pageHtml(`/en/cases/${c.slug}/`)), 'og:site_name')).toBe(
			'Ascend Casebook',
		);
	});
});

describe('the feeds', () => {
	for (const lang of LANGS) {
		it(`/${lang}/rss.xml is valid RSS 2.0 listing every case written in that language`, () => {
			const feed = readXml(`${lang}/rss.xml`);
			expect(feed.rss['@version']).toBe('2.0');
			const channel = feed.rss.channel;
			expect(channel.language).toBe(HTML_LANG[lang]);
			expect(channel.link).toBe(absoluteUrl(`/${lang}/`));
			expect(channel['atom:link']['@href']).toBe(absoluteUrl(`/${lang}/rss.xml`));
			const items = asList(channel.item) as Record<string, any>[];
			const written = cases.filter((c) => existsSync(join('content/cases', c.slug, `${lang}.mdx`)));
			expect(items.map((i) => i.link).sort()).toEqual(
				written.map((c) => absoluteUrl(`/${lang}/cases/${c.slug}/`)).sort(),
			);
			for (const item of items) {
				const c = written.find((w) => item.link.endsWith(`/cases/${w.slug}/`))!;
				const day = c.facts.verified ?? c.facts.added;
				expect(new Date(item.pubDate).toISOString().slice(0, 10)).toBe(day);
				expect(item.guid['#text']).toBe(`${item.link}#${day}`);
				expect(item.title.length).toBeGreaterThan(0);
				expect(item.description.length).toBeGreaterThan(0);
			}
		});

		it(`every /${lang}/ page links its language's feed`, () => {
			const feedLinks = tags(headOf(pageHtml(`/${lang}/`)), 'link').filter(
				(l) => l.type === 'application/rss+xml',
			);
			expect(feedLinks.map((l) => l.href)).toEqual([absoluteUrl(`/${lang}/rss.xml`)]);
		});
	}
});

/** The edit and report links of a page. */
function pageActions(path: string): { edit: Attributes; report: Attributes } {
	const links = tags(pageHtml(path), 'a');
	return {
		edit: links.find((a) => 'data-edit' in a)!,
		report: links.find((a) => 'data-report' in a)!,
	};
}

describe('edit and report links', () => {
	for (const c of cases) {
		for (const lang of LANGS) {
			const path = `/${lang}/cases/${c.slug}/`;
			it(`${path} edits its own file and reports itself in a prefilled issue`, () => {
				const { edit, report } = pageActions(path);
				const file = `content/cases/${c.slug}/${lang}.mdx`;
				expect(existsSync(file)).toBe(true);
				expect(edit.href).toBe(`${SITE.repository}/edit/${SITE.branch}/${file}`);
				const issue = new URL(report.href!);
				expect(`${issue.origin}${issue.pathname}`).toBe(`${SITE.repository}/issues/new`);
				const title = metaContent(headOf(pageHtml(path)), 'og:title')!;
				expect(issue.searchParams.get('title')).toContain(title);
				const body = issue.searchParams.get('body')!;
				expect(body).toContain(absoluteUrl(path));
				expect(body).toContain(lang === 'zh' ? '中文 (zh)' : 'English (en)');
			});
		}
	}
});

describeInBrowser('the report link in a reader’s browser', () => {
	const page = usePage();
	const c = cases.find((x) => x.embedded.length > 0)!;

	it('carries a share link of the reproduction after the reader changes it', async () => {
		await page().goto(`${baseURL()}/en/cases/${c.slug}/`);
		const report = page().getByRole('link', { name: 'Report a problem' });
		const before = new URL((await report.getAttribute('href'))!).searchParams.get('body')!;
		expect(before).not.toContain('Reproduction');
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.variant('fixed');
		await page().waitForFunction(() =>
			document.querySelector('a[data-report]')?.getAttribute('href')?.includes('Reproduction'),
		);
		const body = new URL((await report.getAttribute('href'))!).searchParams.get('body')!;
		const shareUrl = /\*\*Reproduction\*\*: (\S+)/.exec(body)![1]!;
		expect(shareUrl.startsWith(`${absoluteUrl(`/en/cases/${c.slug}/`)}#w=repro-`)).toBe(true);
		const decoded = await decodeShareState(sharePayloadOf(new URL(shareUrl).hash)!);
		expect(decoded.ok && decoded.state.variant).toBe('fixed');
		expect(decoded.ok && decoded.state.scenario).toBe(`${c.slug}/${c.embedded[0]}`);
	});

	it('keeps the JSON-LD out of a strict script policy: the browser never runs it', async () => {
		const violations: string[] = [];
		await page().route('**/*', async (route) => {
			if (route.request().resourceType() !== 'document') return route.continue();
			const response = await route.fetch();
			const headers = {
				...response.headers(),
				'content-security-policy': "script-src 'self' 'report-sample'",
			};
			return route.fulfill({ response, headers });
		});
		await page().exposeFunction('reportViolation', (sample: string) => violations.push(sample));
		await page().addInitScript(() => {
			document.addEventListener('securitypolicyviolation', (event) =>
				(window as unknown as { reportViolation(s: string): void }).reportViolation(event.sample),
			);
		});
		await page().goto(`${baseURL()}/zh/cases/${c.slug}/`);
		const data = await page().locator('script[type="application/ld+json"]').textContent();
		expect(JSON.parse(data!)['@type']).toBe('TechArticle');
		expect(violations.filter((sample) => sample.includes('schema.org'))).toEqual([]);
	});
});
