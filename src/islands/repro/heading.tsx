/**
 * A heading whose level the page decides: panels sit under an h3 widget title on case pages and
 * under the h1 of the playground, and heading levels must not skip (axe `heading-order`).
 */
import type { ComponentChildren } from 'preact';

/** Heading levels a widget panel may use. */
export type HeadingLevel = 2 | 3 | 4;

/** Props of {@link Heading}. */
export interface HeadingProps {
	level: HeadingLevel;
	children: ComponentChildren;
}

/** `<h2>`–`<h4>` by `level`. */
export function Heading({ level, children }: HeadingProps) {
	if (level === 2) return <h2 class="repro-h">{children}</h2>;
	if (level === 3) return <h3 class="repro-h">{children}</h3>;
	return <h4 class="repro-h">{children}</h4>;
}
