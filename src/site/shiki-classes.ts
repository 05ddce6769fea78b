/**
 * Highlighted code without inline styles. Shiki writes each token's colours into a `style`
 * attribute, which the site's Content-Security-Policy refuses (style-src has no 'unsafe-inline').
 * `shikiClassesTransformer` moves every declaration Shiki emits into a class, and
 * `shikiClassesCss` writes one rule per colour the site's two themes can produce, so every token
 * keeps its colours. A declaration this module does not know stops the build with its text
 * rather than shipping code the policy would leave uncoloured.
 */
import { bundledThemes, normalizeTheme, type ShikiTransformer } from 'shiki';
import type { Element, ElementContent, Root } from 'hast';
import { CODE_THEMES } from './code-themes.ts';

/** Class prefix per colour variable Shiki writes with `defaultColor: false`. */
const COLOUR_CLASSES = {
	'--shiki-light': 'shl-',
	'--shiki-dark': 'shd-',
} as const;

type ColourVariable = keyof typeof COLOUR_CLASSES;

/** Declarations Shiki (or Astro's wrapper around it) writes that map to one fixed class. */
const FIXED_CLASSES: Record<string, string> = {
	// Astro marks the +/- of `diff` fences as not selectable.
	'user-select:none': 'shiki-no-select',
};

/**
 * Declarations dropped because the site's own styles already say the same: code backgrounds
 * come from `--code-bg` and every `pre` scrolls sideways (src/styles/global.css).
 */
const DROPPED = new Set(['--shiki-light-bg', '--shiki-dark-bg', 'overflow-x']);

const HEX_COLOUR = /^#([0-9a-f]{3,8})$/;

/** The class for one `name:value` declaration, `null` when dropped; throws when unknown. */
function classFor(name: string, value: string): string | null {
	if (DROPPED.has(name)) return null;
	if (name in COLOUR_CLASSES) {
		const hex = HEX_COLOUR.exec(value.toLowerCase())?.[1];
		if (hex) return `${COLOUR_CLASSES[name as ColourVariable]}${hex}`;
	}
	const fixed = FIXED_CLASSES[`${name}:${value}`];
	if (fixed) return fixed;
	throw new Error(
		`Shiki produced the inline style "${name}: ${value}", which the Content-Security-Policy ` +
			'would block; give it a class in src/site/shiki-classes.ts.',
	);
}

function moveStyle(node: Element): void {
	const style = node.properties.style;
	if (typeof style !== 'string') return;
	delete node.properties.style;
	const classes: string[] = [];
	for (const declaration of style.split(';')) {
		const colon = declaration.indexOf(':');
		if (colon < 0) continue;
		const name = declaration.slice(0, colon).trim();
		const value = declaration.slice(colon + 1).trim();
		const cls = classFor(name, value);
		if (cls && !classes.includes(cls)) classes.push(cls);
	}
	if (classes.length === 0) return;
	// Shiki keeps classes as one string under `class`; hast elsewhere uses a `className` list.
	const key = 'className' in node.properties ? 'className' : 'class';
	const existing = node.properties[key];
	const before = Array.isArray(existing)
		? existing.map(String)
		: typeof existing === 'string'
			? existing.split(/\s+/).filter(Boolean)
			: [];
	const merged = [...before, ...classes];
	if (key === 'class') node.properties.class = merged.join(' ');
	else node.properties.className = merged;
}

function walk(nodes: readonly ElementContent[] | Root['children']): void {
	for (const node of nodes) {
		if (node.type !== 'element') continue;
		moveStyle(node);
		walk(node.children);
	}
}

/**
 * A Shiki transformer that replaces every `style` attribute in the highlighted tree with classes
 * (runs on the finished tree, after Astro's own transformer has added its styles).
 */
export function shikiClassesTransformer(): ShikiTransformer {
	return {
		name: 'casebook:shiki-classes',
		root(hast) {
			walk(hast.children);
		},
	};
}

/** Every colour a theme can give a token or its background, lower case. */
async function themeColours(theme: keyof typeof bundledThemes): Promise<Set<string>> {
	const resolved = normalizeTheme((await bundledThemes[theme]()).default);
	const colours = new Set<string>();
	const add = (colour: string | undefined) => {
		if (colour && HEX_COLOUR.test(colour.toLowerCase())) colours.add(colour.toLowerCase());
	};
	add(resolved.fg);
	add(resolved.bg);
	for (const rule of resolved.settings) {
		add(rule.settings?.foreground);
		add(rule.settings?.background);
	}
	return colours;
}

/** The stylesheet that gives the classes of {@link shikiClassesTransformer} their colours. */
export async function shikiClassesCss(): Promise<string> {
	const rules: string[] = [];
	const variants: Array<[ColourVariable, keyof typeof bundledThemes]> = [
		['--shiki-light', CODE_THEMES.light],
		['--shiki-dark', CODE_THEMES.dark],
	];
	for (const [variable, theme] of variants) {
		for (const colour of [...(await themeColours(theme))].sort()) {
			rules.push(`.${COLOUR_CLASSES[variable]}${colour.slice(1)}{${variable}:${colour}}`);
		}
	}
	for (const [declaration, cls] of Object.entries(FIXED_CLASSES))
		rules.push(`.${cls}{${declaration}}`);
	return `${rules.join('\n')}\n`;
}
