/**
 * The widget's island loads when it is scrolled into view; the interpreter and the simulators
 * load later, in the worker. This follows the island's static imports (type-only ones are
 * erased, dynamic ones load on demand) and fails when one reaches the interpreter, as an import
 * of the check runner once did (the island grew from 27 KB to 206 KB).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm;
const BARE_IMPORT = /^\s*import\s+'([^']+)'/gm;

/** Every project file the island reaches through static imports, from `entry`. */
function reached(entry: string): Set<string> {
	const seen = new Set<string>();
	const queue = [resolve(entry)];
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		const text = readFileSync(file, 'utf8');
		for (const pattern of [STATIC_IMPORT, BARE_IMPORT]) {
			for (const m of text.matchAll(pattern)) {
				const spec = m[1]!;
				if (!spec.startsWith('.') || !/\.(ts|tsx)$/.test(spec)) continue;
				queue.push(resolve(dirname(file), spec));
			}
		}
	}
	return seen;
}

describe('the island before the worker', () => {
	it('reaches neither the interpreter nor the check runner through static imports', () => {
		const files = [...reached('src/islands/repro/repro-island.tsx')].map((f) =>
			f.slice(resolve('.').length + 1),
		);
		expect(files).toContain('src/islands/repro/check-matrix.tsx');
		expect(
			files.filter((f) => f.startsWith('src/lang/') || f === 'src/check/check-run.ts'),
		).toEqual([]);
	});
});
