/**
 * The social image of a page (the picture a chat, an issue or a search result shows next to a
 * link): the site name, the page title (and for a page in both languages the other title), the
 * key log line in a code box, and a label such as the component beside the site's host. This module only describes the drawing, as the element tree satori lays
 * out; social-render.ts turns it into a PNG.
 */
import type { Lang } from '../cases/schema.ts';

/** What a page's social image shows. */
export interface SocialCard {
	/** The page title, large. */
	title: string;
	/**
	 * A second title under the first, smaller: the English title on a case's card, which serves
	 * the page in both languages (one drawing instead of two).
	 */
	subtitle?: string;
	/** The line a reader would search for (an error line, a code's message), in a code box. */
	line?: string;
	/** A short label above the title: the component, a code family, the page kind. */
	label?: string;
	/** The language of the page; absent for a language-neutral image (both site names). */
	lang?: Lang;
}

/** A card with everything that decides its pixels, ready to draw. */
export interface SocialCardJob extends SocialCard {
	/** The site name as the card prints it. */
	siteName: string;
	/** The site's host name, printed at the bottom. */
	host: string;
}

/** Size of every social image, the size Open Graph and Twitter cards show best. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Bump when the drawing below (or its fonts) changes: the version is part of each image's
 * cache key, so cached images are drawn again.
 */
export const SOCIAL_CARD_DESIGN = 3;

/**
 * Longest title and line drawn, in characters; the layout clamps lines further. The line is the
 * costliest part to draw (a log line is dense text), and its start is what a reader recognises.
 */
const MAX_TITLE_CHARS = 140;
const MAX_LINE_CHARS = 110;

/**
 * Font family names of the loaded subsets, tried in this order for every character. Latin
 * (with general punctuation) and Simplified Chinese cover the casebook's text; each subset more
 * costs every drawing time, so others join only when tests/unit/social-cards.test.ts says a
 * page needs them.
 */
export const SOCIAL_FONT_FAMILIES = ['card-latin', 'card-cjk'] as const;

const COLORS = {
	background: '#0f1216',
	panel: '#171b21',
	text: '#f2f4f6',
	muted: '#a2abb6',
	accent: '#ff5a5f',
	brand: '#c7000b',
	line: '#ffd5d5',
} as const;

/** The site's mark (the favicon), as an SVG data URL satori draws as an image. */
const MARK =
	'data:image/svg+xml;base64,' +
	btoa(
		'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#c7000b"/><path d="M9 22 16 9l7 13h-4l-3-6-3 6z" fill="#fff"/></svg>',
	);

/** One node of the tree satori lays out (the shape of a React element). */
export interface CardNode {
	type: string;
	props: { style?: Record<string, string | number>; children?: CardChild; [key: string]: unknown };
}
type CardChild = string | CardNode | CardNode[];

function node(
	type: string,
	style: Record<string, string | number>,
	children?: CardChild,
	attributes: Record<string, string> = {},
): CardNode {
	return {
		type,
		props: children === undefined ? { ...attributes, style } : { ...attributes, style, children },
	};
}

/** `text` cut to `max` characters (code points), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
	const chars = Array.from(text.replace(/\s+/g, ' ').trim());
	return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** The element tree of `job`'s image, for satori. */
export function socialCardTree(job: SocialCardJob): CardNode {
	const header = node('div', { display: 'flex', alignItems: 'center', gap: 20, fontSize: 30 }, [
		node('img', { width: 56, height: 56 }, undefined, { src: MARK }),
		node('div', { display: 'flex', color: COLORS.text, fontWeight: 700 }, job.siteName),
	]);
	// With a subtitle both titles get two lines, so the card keeps room for the log line.
	const title = node(
		'div',
		{
			display: 'block',
			fontSize: job.subtitle ? 52 : 58,
			fontWeight: 700,
			lineHeight: 1.25,
			color: COLORS.text,
			lineClamp: job.subtitle ? 2 : 3,
		},
		clip(job.title, MAX_TITLE_CHARS),
	);
	const subtitle = job.subtitle
		? [
				node(
					'div',
					{ display: 'block', fontSize: 34, lineHeight: 1.3, color: COLORS.muted, lineClamp: 2 },
					clip(job.subtitle, MAX_TITLE_CHARS),
				),
			]
		: [];
	const line = job.line
		? [
				node(
					'div',
					{
						display: 'block',
						fontSize: 26,
						lineHeight: 1.45,
						color: COLORS.line,
						background: COLORS.panel,
						borderLeft: `8px solid ${COLORS.brand}`,
						borderRadius: 10,
						padding: '20px 26px',
						wordBreak: 'break-word',
						lineClamp: 2,
					},
					clip(job.line, MAX_LINE_CHARS),
				),
			]
		: [];
	// The label sits at the bottom right: beside both site names it would not fit the header.
	const footer = node(
		'div',
		{
			display: 'flex',
			justifyContent: 'space-between',
			gap: 40,
			fontSize: 24,
			color: COLORS.muted,
		},
		[
			node('div', { display: 'flex' }, job.host),
			...(job.label
				? [node('div', { display: 'flex', color: COLORS.accent }, clip(job.label, 60))]
				: []),
		],
	);
	return node(
		'div',
		{
			width: SOCIAL_IMAGE_SIZE.width,
			height: SOCIAL_IMAGE_SIZE.height,
			display: 'flex',
			flexDirection: 'column',
			justifyContent: 'space-between',
			boxSizing: 'border-box',
			padding: '56px 64px',
			background: COLORS.background,
			borderTop: `10px solid ${COLORS.brand}`,
			fontFamily: SOCIAL_FONT_FAMILIES.join(', '),
		},
		[
			header,
			node('div', { display: 'flex', flexDirection: 'column', gap: 28, width: '100%' }, [
				node('div', { display: 'flex', flexDirection: 'column', gap: 12 }, [title, ...subtitle]),
				...line,
			]),
			footer,
		],
	);
}
