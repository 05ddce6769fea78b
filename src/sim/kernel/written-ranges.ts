/**
 * Which bytes of a memory have been written, as byte ranges: sorted, disjoint, and never
 * touching (adjacent ranges are merged), so lookups and inserts walk a short list. Used by
 * initcheck for on-chip memory (per core) and for device allocations in GM (gm-written.ts).
 * A pattern that leaves more than {@link MAX_WRITTEN_RANGES} holes (a strided scalar loop)
 * stops being followed: from then on every byte counts as written, so nothing is reported
 * that was not seen.
 */

/** Ranges kept before the record gives up and treats the whole memory as written. */
export const MAX_WRITTEN_RANGES = 4096;

/** The written byte ranges of one memory; see the file comment. */
export class WrittenRanges {
	readonly #ranges: Array<[number, number]> = [];
	#gaveUp = false;

	/** Bytes of [start, end) not covered. */
	missing(start: number, end: number): number {
		if (this.#gaveUp) return 0;
		let covered = 0;
		for (const [s, e] of this.#ranges) {
			if (e <= start) continue;
			if (s >= end) break;
			covered += Math.min(e, end) - Math.max(s, start);
		}
		return end - start - covered;
	}

	/** Marks [start, end) as written. */
	add(start: number, end: number): void {
		if (this.#gaveUp || end <= start) return;
		const ranges = this.#ranges;
		// Appending past the last range (a forward copy loop) needs no search.
		const last = ranges[ranges.length - 1];
		if (!last || last[1] < start) {
			ranges.push([start, end]);
		} else if (last[0] <= start) {
			last[1] = Math.max(last[1], end);
		} else {
			const kept: Array<[number, number]> = [];
			let s = start;
			let e = end;
			for (const r of ranges) {
				if (r[1] < s || r[0] > e) kept.push(r);
				else {
					s = Math.min(s, r[0]);
					e = Math.max(e, r[1]);
				}
			}
			kept.push([s, e]);
			kept.sort((a, b) => a[0] - b[0]);
			ranges.length = 0;
			ranges.push(...kept);
		}
		if (ranges.length > MAX_WRITTEN_RANGES) {
			this.#gaveUp = true;
			ranges.length = 0;
		}
	}

	/** Forgets every write (the memory was freed). */
	clear(): void {
		this.#ranges.length = 0;
		this.#gaveUp = false;
	}
}
