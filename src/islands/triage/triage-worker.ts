/**
 * The triage worker: matches a log off the main thread so a 10 MB paste keeps the page
 * responsive. Compiles the signatures once per distinct registry.
 */
import { compileSignatures, type CompiledSignature } from '../../triage/compile-signatures.ts';
import { matchLog } from '../../triage/match-log.ts';
import type { SignatureEntry } from '../../triage/signature-entry.ts';
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

self.onmessage = (event: MessageEvent<TriageRequest>) => {
	const { seq, text, signatures } = event.data;
	let response: TriageResponse;
	try {
		const started = performance.now();
		const result = matchLog(text, signaturesFor(signatures));
		const excerpt = buildExcerpt(text, result);
		response = { seq, ok: true, result, excerpt, ms: Math.round(performance.now() - started) };
	} catch (error) {
		response = { seq, ok: false, error: (error as Error).message };
	}
	self.postMessage(response);
};
