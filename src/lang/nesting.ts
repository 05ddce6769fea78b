/**
 * How deeply a program nests, measured without recursion so that no input can overflow the
 * stack while it is measured: brackets in the source text (outside comments, strings and
 * character literals), and expressions and statements in the parsed tree. The interpreter's
 * own passes recurse on the tree, so a program nested deeper than the limit is refused before
 * they run (see `maxNesting` in src/sim/limits.ts).
 */
import type { Tree } from '@lezer/common';

/** Where nesting first went past a limit, and how deep it went there. */
export interface TooDeep {
	/** Offset in the text of the bracket or node that went past the limit. */
	offset: number;
	depth: number;
}

/** The first place where `(`, `[` and `{` nest deeper than `limit`, or undefined. */
export function bracketsTooDeep(text: string, limit: number): TooDeep | undefined {
	let depth = 0;
	const n = text.length;
	for (let i = 0; i < n; i++) {
		const c = text.charCodeAt(i);
		switch (c) {
			case 0x28: // (
			case 0x5b: // [
			case 0x7b: // {
				if (++depth > limit) return { offset: i, depth: deepest(text, i, depth) };
				break;
			case 0x29: // )
			case 0x5d: // ]
			case 0x7d: // }
				if (depth > 0) depth--;
				break;
			case 0x2f: // /
				if (text.charCodeAt(i + 1) === 0x2f) {
					const nl = text.indexOf('\n', i);
					i = nl < 0 ? n : nl;
				} else if (text.charCodeAt(i + 1) === 0x2a) {
					const end = text.indexOf('*/', i + 2);
					i = end < 0 ? n : end + 1;
				}
				break;
			case 0x22: // "
			case 0x27: // '
				i = literalEnd(text, i, c);
				break;
		}
	}
	return undefined;
}

/** How deep the brackets opened from `from` on go (counted on, so the message is exact). */
function deepest(text: string, from: number, depth: number): number {
	let max = depth;
	for (let i = from + 1; i < text.length; i++) {
		const c = text[i];
		if (c === '(' || c === '[' || c === '{') max = Math.max(max, ++depth);
		else if (c === ')' || c === ']' || c === '}') {
			if (--depth <= 0) break;
		}
	}
	return max;
}

/** The offset of the quote that closes the literal opened at `from` (or of its line's end). */
function literalEnd(text: string, from: number, quote: number): number {
	for (let i = from + 1; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === 0x5c) i++;
		else if (c === quote || c === 0x0a) return i;
	}
	return text.length;
}

/** Node names whose nesting counts: expressions, statements and brace lists. */
const NESTS = /(?:Expression|Statement)$|^InitializerList$/;

/** The first node of `tree` with more than `limit` nested expressions or statements above it. */
export function treeTooDeep(tree: Tree, limit: number): TooDeep | undefined {
	const cursor = tree.cursor();
	// counted[k]: whether the node at cursor depth k adds one level.
	const counted: boolean[] = [];
	let depth = 0;
	for (;;) {
		const nests = NESTS.test(cursor.name);
		counted.push(nests);
		if (nests && ++depth > limit) return { offset: cursor.from, depth };
		if (cursor.firstChild()) continue;
		for (;;) {
			if (counted.pop()) depth--;
			if (cursor.nextSibling()) break;
			if (!cursor.parent()) return undefined;
		}
	}
}
