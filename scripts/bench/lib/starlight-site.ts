/**
 * The peer for the build and page-weight benchmarks: a plain Starlight site (the Astro
 * documentation theme, @astrojs/starlight) built from the same MDX page bodies as the
 * casebook's generated cases, in both languages, with its built-in Pagefind search. The
 * casebook's own components have no Starlight equivalent, so each becomes what it shows as
 * plain Markdown: `<FixDiff>` the faulty and the fixed program as two highlighted code blocks,
 * `<Repro>` the faulty program as one. The sidebar is one fixed link, as the casebook's header is
 * (Starlight's default sidebar lists every page on every page, which the casebook does not).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { scratchDir, SOURCE_CASES, sourceSlugs } from './casebook-site.ts';

const CONFIG = `import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
	integrations: [
		starlight({
			title: 'Ascend Casebook (Starlight peer)',
			defaultLocale: 'zh',
			locales: {
				zh: { label: '简体中文', lang: 'zh-CN' },
				en: { label: 'English', lang: 'en' },
			},
			sidebar: [{ label: 'Cases', link: '/zh/' }],
		}),
	],
});
`;

const CONTENT_CONFIG = `import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
`;

interface Scenario {
	id: string;
	faulty: string;
	fixed: string;
}

function fence(code: string): string {
	return `\n\`\`\`cpp\n${code.trimEnd()}\n\`\`\`\n`;
}

/** One case page in one language as Starlight MDX: frontmatter title/description, same body. */
function starlightPage(slug: string, lang: 'zh' | 'en', copy: number): string | null {
	let mdx: string;
	try {
		mdx = readFileSync(join(SOURCE_CASES, slug, `${lang}.mdx`), 'utf8');
	} catch {
		return null;
	}
	const facts = parse(readFileSync(join(SOURCE_CASES, slug, 'case.yaml'), 'utf8')) as {
		scenarios?: Scenario[];
	};
	const program = (file: string) =>
		`${readFileSync(join(SOURCE_CASES, slug, file), 'utf8')}// generated copy ${copy}\n`;
	const scenario = (id: string) => facts.scenarios?.find((s) => s.id === id);
	const front = /^---\n([\s\S]*?)\n---\n/.exec(mdx);
	const meta = (front ? parse(front[1]!) : {}) as { title?: string; summary?: string };
	const body = (front ? mdx.slice(front[0].length) : mdx)
		.replace(/^import .*$/gm, '')
		// Starlight's Markdown has no `{#id}` heading attributes (MDX would read an expression).
		.replace(/^(#{1,6} .*?)\s*\{#[\w-]+\}\s*$/gm, '$1')
		.replace(/<FixDiff\s+scenario="([^"]+)"\s*\/>/g, (_, id: string) => {
			const s = scenario(id);
			return s ? fence(program(s.faulty)) + fence(program(s.fixed)) : '';
		})
		.replace(/<Repro\s+scenario="([^"]+)"\s*\/>/g, (_, id: string) => {
			const s = scenario(id);
			return s ? fence(program(s.faulty)) : '';
		});
	const frontmatter = { title: meta.title ?? slug, description: meta.summary ?? '' };
	return `---\ntitle: ${JSON.stringify(frontmatter.title)}\ndescription: ${JSON.stringify(frontmatter.description)}\n---\n${body}`;
}

/**
 * A Starlight site with `count` case pages per language, cycling through the real cases like
 * the casebook's generated ones; returns its folder and the number of content pages.
 */
export function scratchStarlight(count: number): { dir: string; pages: number; first: string } {
	const dir = scratchDir('starlight-peer-');
	// Listed so Astro's dependency crawl bundles Starlight's components (it reads this manifest).
	const manifest = {
		name: 'starlight-peer',
		type: 'module',
		private: true,
		dependencies: { '@astrojs/starlight': '*', astro: '*' },
	};
	writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, '\t')}\n`);
	writeFileSync(join(dir, 'astro.config.mjs'), CONFIG);
	mkdirSync(join(dir, 'src'), { recursive: true });
	writeFileSync(join(dir, 'src/content.config.ts'), CONTENT_CONFIG);
	const slugs = sourceSlugs();
	let pages = 0;
	for (const lang of ['zh', 'en'] as const) {
		mkdirSync(join(dir, 'src/content/docs', lang), { recursive: true });
		for (let i = 0; i < count; i++) {
			const slug = slugs[i % slugs.length]!;
			const page = starlightPage(slug, lang, i);
			if (page === null) continue;
			writeFileSync(join(dir, 'src/content/docs', lang, `${slug}-n${i}.mdx`), page);
			pages++;
		}
	}
	return { dir, pages, first: `${slugs[0]}-n0` };
}
