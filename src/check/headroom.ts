/**
 * Headroom across products: for each resource a check's runs touched, the highest level each
 * product reached (over its modes) against that product's limit, so one line can say "VECIN
 * buffers peak at 6 of 4 on atlas-training, 6 of 8 elsewhere". Read from the runs' resource
 * reports; nothing here knows a limit of its own.
 */
import type { ProductId } from '../sim/product-id.ts';
import {
	RESOURCE_KINDS,
	type ResourceKind,
	type ResourceOverrun,
	type ResourcePlace,
} from '../sim/resources/resource-report.ts';
import type { CheckCell } from './check-cell.ts';
import type { CheckMode } from './check-mode.ts';

/** One product's peak of a resource: the mode that reached it highest. */
export interface ProductPeak {
	product: ProductId;
	mode: CheckMode;
	peak: number;
	limit: number;
	illustrative?: boolean;
	at?: ResourcePlace;
	/** The first overrun in any mode of the product. */
	over?: ResourceOverrun;
}

/** One resource across products, in the order the check listed them. */
export interface HeadroomRow {
	kind: ResourceKind;
	subject: string;
	unit: 'count' | 'bytes';
	products: ProductPeak[];
}

/** The headroom rows of `cells`: resource kind order, then first appearance. */
export function headroomOf(cells: readonly CheckCell[]): HeadroomRow[] {
	const rows = new Map<string, HeadroomRow>();
	for (const cell of cells) {
		for (const p of cell.resources.peaks) {
			const key = `${p.kind}\u0000${p.subject}`;
			let row = rows.get(key);
			if (!row) {
				row = { kind: p.kind, subject: p.subject, unit: p.unit, products: [] };
				rows.set(key, row);
			}
			const entry: ProductPeak = {
				product: cell.product,
				mode: cell.mode,
				peak: p.peak,
				limit: p.limit,
			};
			if (p.illustrative) entry.illustrative = true;
			if (p.at) entry.at = p.at;
			if (p.over) entry.over = p.over;
			const i = row.products.findIndex((e) => e.product === cell.product);
			const known = row.products[i];
			if (!known) row.products.push(entry);
			else {
				const over = known.over ?? entry.over;
				const kept = entry.peak > known.peak ? entry : known;
				if (over) kept.over = over;
				row.products[i] = kept;
			}
		}
	}
	const order = new Map(RESOURCE_KINDS.map((k, i) => [k, i]));
	return [...rows.values()]
		.map((row, i) => ({ row, i }))
		.sort((a, b) => order.get(a.row.kind)! - order.get(b.row.kind)! || a.i - b.i)
		.map((e) => e.row);
}

/** Whether any product of the row went over its limit. */
export function rowOverLimit(row: HeadroomRow): boolean {
	return row.products.some((p) => p.over !== undefined);
}
