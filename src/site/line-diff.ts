/**
 * A line diff for the Fix section: which lines of the faulty program were removed and which
 * lines of the fixed program were added. Longest-common-subsequence over lines; programs on a
 * case page are short (hundreds of lines), so the quadratic table is fine.
 */

/** Result of {@link diffLines}: 1-based line numbers that differ on each side. */
export interface LineDiff {
	removed: Set<number>;
	added: Set<number>;
}

/** Limit on the table size; beyond it every line is reported as changed rather than spend time. */
const MAX_CELLS = 4_000_000;

/** Compares two texts line by line (trailing whitespace ignored). */
export function diffLines(before: string, after: string): LineDiff {
	const a = before.split('\n').map((l) => l.trimEnd());
	const b = after.split('\n').map((l) => l.trimEnd());
	const removed = new Set<number>();
	const added = new Set<number>();
	if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
		a.forEach((_, i) => removed.add(i + 1));
		b.forEach((_, j) => added.add(j + 1));
		return { removed, added };
	}
	const width = b.length + 1;
	const table = new Uint32Array((a.length + 1) * width);
	for (let i = a.length - 1; i >= 0; i--) {
		for (let j = b.length - 1; j >= 0; j--) {
			table[i * width + j] =
				a[i] === b[j]
					? table[(i + 1) * width + j + 1]! + 1
					: Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
		}
	}
	let i = 0;
	let j = 0;
	while (i < a.length && j < b.length) {
		if (a[i] === b[j]) {
			i++;
			j++;
		} else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) {
			removed.add(++i);
		} else {
			added.add(++j);
		}
	}
	while (i < a.length) removed.add(++i);
	while (j < b.length) added.add(++j);
	return { removed, added };
}
