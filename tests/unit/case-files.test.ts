/**
 * Checks every case folder under `content/cases/` against the case schemas and the page
 * conventions: facts and both translations parse, the programs the scenarios name exist, the
 * body has the required sections in order, components point at real scenarios, links between
 * cases resolve, and signatures are unique and do not claim other cases' lines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkedCaseFactsSchema } from '../../src/cases/case-apis.ts';
import { casePageSchema, LANGS, type CaseFacts } from '../../src/cases/schema.ts';

const casesDir = join(import.meta.dirname, '..', '..', 'content', 'cases');

/** The five seed cases of the design; their slugs are permanent. */
const SEED_SLUGS = [
	'alloc-tensor-queue-position-limit',
	'acl-resource-leak',
	'acl-event-id-exhausted',
	'signal-handler-double-release',
	'suspend-hwts-busy',
];

/** Headings every page has, in this order, with these anchors. */
const REQUIRED_ANCHORS = ['symptom', 'confirm', 'root-cause', 'fix', 'reproduce'];

/**
 * Real log lines that belong to no case here (or to a different case); no signature may match
 * them. Each is quoted from ascend-facts.md.
 */
const UNRELATED_LINES = [
	'EE4002 Failed to unbind the stream to the model.',
	'`usedCount is 2, which exceed depth limits 1`',
	'ptr state is 0, which can not be FREE',
	'EZ9999: Inner Error!',
	'Task run failed, device_id=0, stream_id=2, task_id=1, sqe_type=0(ffts), errType=0x1(task exception)',
];

interface LoadedCase {
	slug: string;
	dir: string;
	facts: CaseFacts;
	pages: Record<string, { data: unknown; body: string }>;
}

function splitFrontmatter(text: string): { data: unknown; body: string } {
	const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
	if (!match) throw new Error('no YAML frontmatter between --- lines');
	return { data: parse(match[1] ?? ''), body: match[2] ?? '' };
}

function loadCases(): LoadedCase[] {
	return readdirSync(casesDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => {
			const dir = join(casesDir, entry.name);
			const facts = checkedCaseFactsSchema.parse(
				parse(readFileSync(join(dir, 'case.yaml'), 'utf8')),
			);
			const pages: LoadedCase['pages'] = {};
			for (const lang of LANGS) {
				const file = join(dir, `${lang}.mdx`);
				if (existsSync(file)) pages[lang] = splitFrontmatter(readFileSync(file, 'utf8'));
			}
			return { slug: entry.name, dir, facts, pages };
		});
}

const cases = loadCases();
const slugs = new Set(cases.map((c) => c.slug));

describe('the case folders', () => {
	it('include every seed case of the design', () => {
		expect(SEED_SLUGS.filter((slug) => !slugs.has(slug))).toEqual([]);
	});

	it('say when each case was added, so the feeds and the pages can (node scripts/case-dates.ts --write)', () => {
		expect(cases.filter((c) => c.facts.added === undefined).map((c) => c.slug)).toEqual([]);
	});

	it('have slugs in kebab case', () => {
		for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
	});
});

describe.each(cases)('case $slug', ({ slug, dir, facts, pages }) => {
	it('has a page in both languages whose frontmatter fits the schema', () => {
		for (const lang of LANGS) {
			const page = pages[lang];
			expect(page, `${slug}/${lang}.mdx is missing`).toBeDefined();
			const result = casePageSchema.safeParse(page?.data);
			expect(result.success, `${slug}/${lang}.mdx: ${result.error?.message}`).toBe(true);
		}
	});

	it('has the five sections in order, each with its anchor, in both languages', () => {
		for (const lang of LANGS) {
			const body = pages[lang]?.body ?? '';
			const anchors = [...body.matchAll(/^## .+ \{#([a-z-]+)\}$/gm)].map((m) => m[1]);
			const required = anchors.filter((a) => REQUIRED_ANCHORS.includes(a ?? ''));
			expect(required, `${slug}/${lang}.mdx sections`).toEqual(REQUIRED_ANCHORS);
			const untagged = body.match(/^## (?!.* \{#[a-z-]+\}$).*$/gm) ?? [];
			expect(untagged, `${slug}/${lang}.mdx level-2 headings without anchor`).toEqual([]);
		}
	});

	it('names only scenarios it defines in FixDiff and Repro, and has one of each per page', () => {
		const ids = new Set(facts.scenarios.map((s) => s.id));
		for (const lang of LANGS) {
			const body = pages[lang]?.body ?? '';
			const used = [...body.matchAll(/<(FixDiff|Repro) scenario="([^"]+)" \/>/g)];
			expect(used.filter((m) => m[1] === 'FixDiff').length, `${slug}/${lang} FixDiff`).toBe(1);
			expect(used.filter((m) => m[1] === 'Repro').length, `${slug}/${lang} Repro`).toBe(1);
			for (const m of used) expect(ids.has(m[2] ?? ''), `${slug}/${lang}: ${m[2]}`).toBe(true);
		}
	});

	it('has every program its scenarios name, beside case.yaml', () => {
		for (const scenario of facts.scenarios) {
			const further = [...(scenario.files?.faulty ?? []), ...(scenario.files?.fixed ?? [])];
			for (const file of [scenario.faulty, scenario.fixed, ...further]) {
				expect(existsSync(join(dir, file)), `${slug}/${file}`).toBe(true);
			}
		}
	});

	it('has scenario ids unique within the case', () => {
		const ids = facts.scenarios.map((s) => s.id);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('relates only to cases that exist, never to itself', () => {
		for (const other of facts.related) {
			expect(slugs.has(other), `${slug} relates to missing case ${other}`).toBe(true);
			expect(other).not.toBe(slug);
		}
	});

	it('links in its pages only to case pages that exist, in the same language', () => {
		for (const lang of LANGS) {
			const body = pages[lang]?.body ?? '';
			for (const m of body.matchAll(/\]\(\/(zh|en)\/cases\/([a-z0-9-]+)\/\)/g)) {
				expect(m[1], `${slug}/${lang}.mdx links to the other language`).toBe(lang);
				expect(slugs.has(m[2] ?? '') || SEED_SLUGS.includes(m[2] ?? ''), m[0]).toBe(true);
			}
		}
	});

	it('has signatures that match none of the unrelated log lines', () => {
		for (const signature of facts.signatures) {
			const pattern = new RegExp(signature.pattern, 'u');
			for (const line of UNRELATED_LINES) {
				expect(pattern.test(line), `${signature.id} matches "${line}"`).toBe(false);
			}
		}
	});
});

describe('signatures across cases', () => {
	const all = cases.flatMap((c) => c.facts.signatures.map((s) => ({ slug: c.slug, ...s })));

	it('have ids unique across all cases', () => {
		const ids = all.map((s) => s.id);
		const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
		expect(duplicates).toEqual([]);
	});

	it("never match another case's sample lines", () => {
		for (const signature of all) {
			const pattern = new RegExp(signature.pattern, 'u');
			for (const other of all.filter((s) => s.slug !== signature.slug)) {
				for (const sample of other.samples) {
					expect(pattern.test(sample), `${signature.id} matches ${other.id}: ${sample}`).toBe(
						false,
					);
				}
			}
		}
	});
});
