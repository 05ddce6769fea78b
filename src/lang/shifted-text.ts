/**
 * The text of a macro body parsed on its own: the parser sees only the short text (a wrapper
 * and the body), and `offset` says where that text stands in the program, so every position
 * the compiler reports from it is still the user's. Building the text as a string of blanks as
 * long as everything before the `#define` would cost the length of the program per macro.
 */

/** See the file comment. Node offsets of its tree are relative to `text`. */
export class ShiftedText {
	/** Offset in the program of the first character of `text`. */
	readonly offset: number;
	readonly text: string;

	constructor(offset: number, text: string) {
		this.offset = offset;
		this.text = text;
	}

	/** The text between two node offsets, as `String.prototype.slice`. */
	slice(from: number, to?: number): string {
		return this.text.slice(from, to);
	}
}

/** What compiled code reads node text from: the program, or a macro's own text. */
export type SourceText = string | ShiftedText;

/** Where node offsets of `src` start in the program. */
export function offsetOf(src: SourceText): number {
	return typeof src === 'string' ? 0 : src.offset;
}
