/**
 * One cell of the check matrix: a program run on one product in one mode, reduced to what the
 * matrix shows (the outcome, the findings, the rule that failed) and the run's resource report.
 * A cell is small plain data, so a worker posts cells rather than whole traces.
 */
import type { ProductId } from '../sim/product-id.ts';
import type { RunMode } from '../sim/run-request.ts';
import type { CheckMode } from './check-mode.ts';
import type { ResourceReport } from '../sim/resources/resource-report.ts';
import type { Outcome, Trace } from '../sim/trace.ts';
import { findingsOf, type Finding } from './finding.ts';

/**
 * A cell's outcome: the run's, or `unavailable` when the simulator has no such mode yet (the
 * cell was not run; it neither passes nor fails).
 */
export type CheckOutcome = Outcome | 'unavailable';

/** The result of one product × mode. */
export interface CheckCell {
	product: ProductId;
	mode: CheckMode;
	outcome: CheckOutcome;
	findings: Finding[];
	resources: ResourceReport;
}

/** Outcomes that mean the program failed on the cell (rejected is apart: it did not run). */
const FAILED: ReadonlySet<CheckOutcome> = new Set<CheckOutcome>(['error', 'hang', 'abort']);

/** Reduces the trace of a run on `product` in `mode` to its cell. */
export function checkCell(
	trace: Pick<Trace, 'outcome' | 'diagnostics' | 'resources'>,
	product: ProductId,
	mode: RunMode,
	fileName: string,
): CheckCell {
	return {
		product,
		mode,
		outcome: trace.outcome,
		findings: findingsOf(trace, fileName),
		resources: trace.resources ?? { peaks: [], held: [] },
	};
}

/** The cell of a mode the simulator cannot run yet: not run, nothing found, nothing held. */
export function unavailableCell(product: ProductId, mode: CheckMode): CheckCell {
	return {
		product,
		mode,
		outcome: 'unavailable',
		findings: [],
		resources: { peaks: [], held: [] },
	};
}

/** Whether the program failed on the cell: an error code, a hang or an abort. */
export function cellFailed(cell: Pick<CheckCell, 'outcome'>): boolean {
	return FAILED.has(cell.outcome);
}

/**
 * The rule the matrix names for a cell that did not complete: its first error finding, else
 * its first warning; undefined for a completed cell or one whose run reported neither.
 */
export function cellRule(cell: Pick<CheckCell, 'outcome' | 'findings'>): Finding | undefined {
	if (cell.outcome === 'completed' || cell.outcome === 'unavailable') return undefined;
	return (
		cell.findings.find((f) => f.severity === 'error') ??
		cell.findings.find((f) => f.severity === 'warning')
	);
}
