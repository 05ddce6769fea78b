/**
 * Offsets to editor positions. The interpreter keeps character offsets into the text it parsed;
 * this turns them into the 1-based line and column an editor or a compiler message shows. When
 * that text is several files put together (headers spliced in after their `#include`, units of
 * a project one after another), the map also says which file an offset is in.
 *
 * Invariants: `lineStarts[i]` is the offset of the first character of line `i + 1` of the text
 * the map was made for; segments are sorted, do not overlap, and each maps `[from, to)` of the
 * combined text onto the same number of characters of one file from `fileOffset` on.
 */
import type { SourceSpan } from '../sim/trace.ts';

/** A stretch of combined text that comes from one file. */
export interface FileSegment {
	/** Offsets in the combined text. */
	from: number;
	to: number;
	/** The file's path among the program's files. */
	path: string;
	/** Where the stretch starts in that file. */
	fileOffset: number;
}

/** Where several files lie in one combined text, and the text of each. */
export interface FileLayout {
	segments: readonly FileSegment[];
	/** The text of a file by path. */
	textOf: (path: string) => string;
	/** Whether positions name their file (the program has more than one). */
	named: boolean;
}

/** Line starts of one text. */
function lineStartsOf(source: string): number[] {
	const starts = [0];
	for (let i = 0; i < source.length; i++) {
		if (source.charCodeAt(i) === 10) starts.push(i + 1);
	}
	return starts;
}

function positionIn(starts: readonly number[], offset: number): { line: number; column: number } {
	let lo = 0;
	let hi = starts.length - 1;
	while (lo < hi) {
		const mid = (lo + hi + 1) >> 1;
		if (starts[mid]! <= offset) lo = mid;
		else hi = mid - 1;
	}
	return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/** Maps character offsets of one (possibly combined) text to files, lines and columns. */
export class SourceMap {
	readonly lineStarts: number[];
	readonly #layout: FileLayout | undefined;
	readonly #fileStarts = new Map<string, number[]>();

	constructor(source: string, layout?: FileLayout) {
		this.lineStarts = layout ? [] : lineStartsOf(source);
		this.#layout = layout && layout.segments.length > 0 ? layout : undefined;
		if (layout && !this.#layout) this.lineStarts = lineStartsOf(source);
	}

	/** The 1-based line and column of `offset`, and its file when the program has several. */
	position(offset: number): SourceSpan {
		const layout = this.#layout;
		if (!layout) return positionIn(this.lineStarts, offset);
		const segs = layout.segments;
		let lo = 0;
		let hi = segs.length - 1;
		while (lo < hi) {
			const mid = (lo + hi + 1) >> 1;
			if (segs[mid]!.from <= offset) lo = mid;
			else hi = mid - 1;
		}
		const seg = segs[lo]!;
		// Offsets in glue between segments (a line break after a header) belong to the end of
		// the segment before them.
		const local = seg.fileOffset + Math.min(Math.max(0, offset - seg.from), seg.to - seg.from);
		let starts = this.#fileStarts.get(seg.path);
		if (!starts) this.#fileStarts.set(seg.path, (starts = lineStartsOf(layout.textOf(seg.path))));
		const p: SourceSpan = positionIn(starts, local);
		if (layout.named) p.file = seg.path;
		return p;
	}

	/** The span from `from` to `to`. */
	span(from: number, to: number = from): SourceSpan {
		const a = this.position(from);
		const b = this.position(to);
		const s: SourceSpan = { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
		if (a.file) s.file = a.file;
		return s;
	}
}
