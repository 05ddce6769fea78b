/**
 * The event a reproduction widget sends when the reader changes it (code, variant, product,
 * mode, actions, a run or a step), carrying the state a share link would restore. The page's
 * "report a problem" link listens for it to attach that link (see src/scripts/report-link.ts).
 */
import type { ShareState } from './share-state.ts';

/** The event's name, dispatched on `document`. */
export const REPRO_STATE_EVENT = 'casebook:repro-state';

/** What the event carries. */
export interface ReproStateDetail {
	/** The widget's element id for `#w=` (none in the playground, which has one widget). */
	widget?: string;
	state: ShareState;
}

/** Tells the page that a widget's state is now `detail.state`. */
export function announceReproState(detail: ReproStateDetail): void {
	document.dispatchEvent(new CustomEvent<ReproStateDetail>(REPRO_STATE_EVENT, { detail }));
}
