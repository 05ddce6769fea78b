/**
 * The findings of a whole check, each once: the same diagnostic at the same place on several
 * products and modes is one finding that lists where it happened. SARIF results, GitHub
 * annotations and the text report's finding list are made from these.
 */
import type { ProductId } from '../sim/product-id.ts';
import type { CheckCell } from './check-cell.ts';
import type { CheckMode } from './check-mode.ts';
import { FINDING_SEVERITIES, type Finding } from './finding.ts';

/** A finding with the cells it was reported on, in matrix order. */
export interface DistinctFinding extends Finding {
	cells: Array<{ product: ProductId; mode: CheckMode }>;
}

/**
 * Every finding of `cells` once, keyed by code, place and message: errors first, then by file,
 * line and column. The message is part of the key because it names the product where a limit
 * differs, so one place can give two findings (4 buffers on one product, 8 on another).
 */
export function distinctFindings(cells: readonly CheckCell[]): DistinctFinding[] {
	const byKey = new Map<string, DistinctFinding>();
	for (const cell of cells) {
		for (const f of cell.findings) {
			const key = [f.code, f.file, f.line, f.column, f.messages.en].join('\u0000');
			let found = byKey.get(key);
			if (!found) {
				found = { ...f, cells: [] };
				byKey.set(key, found);
			}
			found.cells.push({ product: cell.product, mode: cell.mode });
		}
	}
	const rank = (f: Finding) => FINDING_SEVERITIES.indexOf(f.severity);
	return [...byKey.values()].sort(
		(a, b) =>
			rank(a) - rank(b) ||
			a.file.localeCompare(b.file) ||
			a.line - b.line ||
			a.column - b.column ||
			a.code.localeCompare(b.code),
	);
}
