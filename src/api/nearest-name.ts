/**
 * "Did you mean …?": the known name closest to a misspelt one, by edit distance with a
 * case-insensitive pass first (`aclrtcreatestream` → `aclrtCreateStream`).
 */

/** Levenshtein distance between `a` and `b`, giving up (returning `limit + 1`) past `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const row = [i];
		let best = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
			row.push(v);
			if (v < best) best = v;
		}
		if (best > limit) return limit + 1;
		prev = row;
	}
	return prev[b.length]!;
}

/**
 * The name in `names` nearest to `name`, if one is near enough to be a likely typo: the same
 * letters in another case, or at most a quarter of the name’s length of edits away (at least 1, at most 3).
 * Ties go to the name listed first.
 */
export function nearestName(name: string, names: Iterable<string>): string | undefined {
	const lower = name.toLowerCase();
	const limit = Math.min(3, Math.max(1, Math.floor(name.length / 4)));
	let best: string | undefined;
	let bestDistance = limit + 1;
	for (const candidate of names) {
		if (candidate === name) continue;
		if (candidate.toLowerCase() === lower) return candidate;
		const d = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
		if (d < bestDistance) {
			best = candidate;
			bestDistance = d;
		}
	}
	return best;
}
