/**
 * What a check concludes, and so the exit status of `casebook check`: `rejected` when the
 * program could not be interpreted on some cell (the check is incomplete), `findings` when a
 * cell failed (error code, hang, abort) or a finding is at or above the threshold, else `clean`.
 */
import { cellFailed, type CheckCell } from './check-cell.ts';
import { atOrAbove, type FindingSeverity } from './finding.ts';

/** The verdict of a check. */
export type CheckVerdict = 'clean' | 'findings' | 'rejected';

/** The verdict of `cells` with findings counted from `failOn` up. */
export function checkVerdict(cells: readonly CheckCell[], failOn: FindingSeverity): CheckVerdict {
	if (cells.some((c) => c.outcome === 'rejected')) return 'rejected';
	const failed = cells.some(
		(c) => cellFailed(c) || c.findings.some((f) => atOrAbove(f.severity, failOn)),
	);
	return failed ? 'findings' : 'clean';
}
