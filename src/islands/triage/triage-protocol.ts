/** Messages between the triage page and its worker. */
import type { SignatureEntry } from '../../triage/signature-entry.ts';
import type { TriageResult } from '../../triage/match-log.ts';
import type { ExcerptRow } from './log-excerpt.ts';

/** Page → worker: match `text`; `seq` pairs the answer with the request. */
export interface TriageRequest {
	seq: number;
	text: string;
	signatures: readonly SignatureEntry[];
}

/** Worker → page: the result and the rows to show, or what went wrong. */
export type TriageResponse =
	| {
			seq: number;
			ok: true;
			result: TriageResult;
			excerpt: ExcerptRow[];
			ms: number;
			/** False when the error-code index could not be fetched (codes then go unnamed). */
			codesLoaded: boolean;
	  }
	| { seq: number; ok: false; error: string };
