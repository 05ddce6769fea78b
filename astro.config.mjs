// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import { pagefindIndex } from './src/integrations/pagefind-index.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { CODE_THEMES } from './src/site/code-themes.ts';
import { CSP_CONFIG } from './src/site/csp.ts';
import { shikiClassesTransformer } from './src/site/shiki-classes.ts';
import { shikiClassesCssIntegration } from './src/integrations/shiki-classes-css.ts';
import { serviceWorker } from './src/integrations/service-worker.ts';
import { SITE } from './src/site/site-config.ts';
import { casebookSitemap } from './src/integrations/sitemap.ts';
import { socialImages } from './src/integrations/social-images.ts';

export default defineConfig({
	// The public URL (CASEBOOK_SITE_URL overrides it): canonical links, sitemap, feeds, cards.
	site: SITE.url,
	trailingSlash: 'always',
	// Several pages render at once so their code highlighting can run on worker threads.
	build: { format: 'directory', concurrency: 4 },
	i18n: {
		defaultLocale: 'zh',
		locales: ['zh', 'en'],
		routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
	},
	markdown: {
		// `## Symptom {#symptom}` gives stable anchors; punctuation stays exactly as written.
		processor: satteri({ features: { headingAttributes: true, smartPunctuation: false } }),
		shikiConfig: {
			themes: CODE_THEMES,
			defaultColor: false,
			transformers: [shikiClassesTransformer()],
		},
	},
	integrations: [
		mdx(),
		// Babel (the JSX transform of @preact/preset-vite) only on .tsx files: by default it parses
		// and regenerates every .ts and .js module of the site (the simulator, the catalogs, the
		// code tables), which cost about a quarter of a build's main-thread time and changes nothing
		// in files without JSX. The renderer claims components from the same files.
		preact({ include: [/\.tsx$/] }),
		shikiClassesCssIntegration(),
		socialImages(),
		...casebookSitemap(),
		pagefindIndex(),
		serviceWorker(),
	],
	devToolbar: { enabled: false },
	security: { csp: CSP_CONFIG },
});
