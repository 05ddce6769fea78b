/**
 * Offsets to editor positions. The interpreter keeps character offsets into the user's source;
 * this turns them into the 1-based line and column an editor or a compiler message shows.
 * Invariant: `lineStarts[i]` is the offset of the first character of line `i + 1`.
 */
import type { SourceSpan } from '../sim/trace.ts';

/** Maps character offsets of one source text to 1-based lines and columns. */
export class SourceMap {
	readonly lineStarts: number[];

	constructor(source: string) {
		const starts = [0];
		for (let i = 0; i < source.length; i++) {
			if (source.charCodeAt(i) === 10) starts.push(i + 1);
		}
		this.lineStarts = starts;
	}

	/** The 1-based line and column of `offset`. */
	position(offset: number): { line: number; column: number } {
		const starts = this.lineStarts;
		let lo = 0;
		let hi = starts.length - 1;
		while (lo < hi) {
			const mid = (lo + hi + 1) >> 1;
			if (starts[mid]! <= offset) lo = mid;
			else hi = mid - 1;
		}
		return { line: lo + 1, column: offset - starts[lo]! + 1 };
	}

	/** The span from `from` to `to`. */
	span(from: number, to: number = from): SourceSpan {
		const a = this.position(from);
		const b = this.position(to);
		return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
	}
}
