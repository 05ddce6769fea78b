/**
 * The triage worker: matches a log off the main thread so a 10 MB paste keeps the page
 * responsive. Compiles the signatures once per distinct registry, and fetches the error-code
 * index (`/codes.json`) on the first request; if that fails, it still matches the cases and
 * says the codes could not be read.
 */
import { compileSignatures, type CompiledSignature } from '../../triage/compile-signatures.ts';
import { matchLog } from '../../triage/match-log.ts';
import type { SignatureEntry } from '../../triage/signature-entry.ts';
import { fetchCodeDirectory } from './fetch-code-directory.ts';
import { buildExcerpt } from './log-excerpt.ts';
import type { TriageRequest, TriageResponse } from './triage-protocol.ts';

let compiledFor: readonly SignatureEntry[] | undefined;
let compiled: CompiledSignature[] = [];
let compiledKey = '';

function signaturesFor(entries: readonly SignatureEntry[]): CompiledSignature[] {
	const key = entries.map((entry) => entry.id).join('\n');
	if (compiledFor === undefined || key !== compiledKey) {
		compiled = compileSignatures(entries);
		compiledFor = entries;
		compiledKey = key;
	}
	return compiled;
}

self.onmessage = async (event: MessageEvent<TriageRequest>) => {
	const { seq, text, signatures } = event.data;
	let response: TriageResponse;
	try {
		const codes = await fetchCodeDirectory();
		const started = performance.now();
		const result = matchLog(text, signaturesFor(signatures), codes ? { codes } : {});
		const excerpt = buildExcerpt(text, result);
		response = {
			seq,
			ok: true,
			result,
			excerpt,
			ms: Math.round(performance.now() - started),
			codesLoaded: codes !== undefined,
		};
	} catch (error) {
		response = { seq, ok: false, error: (error as Error).message };
	}
	self.postMessage(response);
};
