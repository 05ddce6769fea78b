/**
 * Puts the stylesheet of src/site/shiki-classes.ts on every page: a virtual CSS module, imported
 * by every page through `injectScript('page-ssr')`, so Astro bundles it (and hashes it for the
 * Content-Security-Policy) like any other page style.
 */
import type { AstroIntegration } from 'astro';
import { shikiClassesCss } from '../site/shiki-classes.ts';

const ID = 'virtual:casebook/shiki-classes.css';
// Vite's convention for a module that exists only inside a plugin.
const RESOLVED = `\0${ID}`;

/** The integration; list it in astro.config.mjs. */
export function shikiClassesCssIntegration(): AstroIntegration {
	return {
		name: 'casebook:shiki-classes-css',
		hooks: {
			'astro:config:setup'({ updateConfig, injectScript }) {
				updateConfig({
					vite: {
						plugins: [
							{
								name: 'casebook:shiki-classes-css',
								resolveId: (id: string) => (id === ID ? RESOLVED : undefined),
								load: (id: string) => (id === RESOLVED ? shikiClassesCss() : undefined),
							},
						],
					},
				});
				injectScript('page-ssr', `import '${ID}';`);
			},
		},
	};
}
