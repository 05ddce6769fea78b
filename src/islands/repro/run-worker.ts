/**
 * The Web Worker that runs the simulator off the main thread: it receives `{ run, request }`,
 * calls the interpreter's `run(request)`, posts the trace back in chunks (trace-transfer.ts),
 * then matches the log against the signature registry and the code index so recognised lines
 * link to their case and the codes they quote link to their pages.
 * It also runs "Check all products" (`{ check, program, … }`, check-task.ts), cell by cell.
 * A throw inside the interpreter is a simulator bug; it is reported, not hidden.
 */
/// <reference lib="webworker" />
import type { Lang } from '../../cases/schema.ts';
import { codeUrl } from '../../codes/code-url.ts';
import { run as runProgram } from '../../lang/index.ts';
import type { RunRequest } from '../../sim/run-request.ts';
import type { LogLine } from '../../sim/trace.ts';
import { compileSignatures, matchLog } from '../../triage/index.ts';
import type { SignatureEntry } from '../../triage/signature-entry.ts';
import { fetchCodeDirectory } from '../triage/fetch-code-directory.ts';
import type { LogLink } from './repro-props.ts';
import { splitTrace, type TraceMessage } from './trace-transfer.ts';
import { isCheckMessage, runCheckTask, type CheckMessage } from './check-task.ts';

/** What the page sends the worker. */
export interface RunMessage {
	run: number;
	request: RunRequest;
	lang: Lang;
}

/** A registry entry as `/signatures.json` serves it (the fields the worker reads). */
interface RegistryEntry extends SignatureEntry {
	urls: Record<Lang, string>;
	title?: Partial<Record<Lang, string>>;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;

let registry:
	Promise<{ entries: RegistryEntry[]; compiled: ReturnType<typeof compileSignatures> }> | undefined;

/** The signature registry, fetched once per worker; empty when it cannot be loaded. */
function loadRegistry() {
	registry ??= fetch('/signatures.json')
		.then((response) => (response.ok ? response.json() : { signatures: [] }))
		.then((body: { signatures?: RegistryEntry[] }) => {
			const entries = Array.isArray(body.signatures) ? body.signatures : [];
			return { entries, compiled: compileSignatures(entries) };
		})
		.catch(() => ({ entries: [], compiled: compileSignatures([]) }));
	return registry;
}

/** Whether a log may quote an error code (only then is the code index fetched). */
function mayQuoteCodes(log: readonly LogLine[]): boolean {
	return log.some((line) => line.level === 'ERROR' || /\d{6}|[EW][0-9A-Z]\d{4}/.test(line.text));
}

/**
 * Links from log lines (by index) to the case that explains them and to the pages of the codes
 * they quote.
 */
async function linkLog(log: readonly LogLine[], lang: Lang): Promise<LogLink[]> {
	if (log.length === 0) return [];
	const [{ entries, compiled }, codes] = await Promise.all([
		loadRegistry(),
		mayQuoteCodes(log) ? fetchCodeDirectory() : Promise.resolve(undefined),
	]);
	if (entries.length === 0 && !codes) return [];
	// Text line → log index, so a log line with embedded newlines still maps back.
	const indexOfLine: number[] = [];
	log.forEach((line, index) => {
		for (let i = 0; i <= line.text.split('\n').length - 1; i++) indexOfLine.push(index);
	});
	const result = matchLog(log.map((line) => line.text).join('\n'), compiled, { codes });
	const links: LogLink[] = [];
	const caseLinked = new Set<number>();
	for (const match of result.matches) {
		const entry = entries.find((e) => e.id === match.signature);
		if (!entry) continue;
		for (const line of match.lines) {
			const index = indexOfLine[line - 1];
			if (index === undefined || caseLinked.has(index)) continue;
			caseLinked.add(index);
			links.push({
				line: index,
				caseSlug: match.case,
				href: entry.urls[lang] ?? `/${lang}/cases/${match.case}/`,
				title: entry.title?.[lang] ?? match.case,
			});
		}
	}
	for (const code of result.codes) {
		if (!code.hasPage) continue;
		for (const index of new Set(code.lines.map((line) => indexOfLine[line - 1]))) {
			if (index === undefined) continue;
			links.push({
				line: index,
				code: code.code,
				href: codeUrl(code.code, lang),
				title: code.code,
			});
		}
	}
	return links.sort((a, b) => a.line - b.line);
}

function post(message: TraceMessage): void {
	scope.postMessage(message);
}

scope.onmessage = async (event: MessageEvent<RunMessage | CheckMessage>) => {
	if (isCheckMessage(event.data))
		return runCheckTask(event.data, (reply) => scope.postMessage(reply));
	const { run, request, lang } = event.data;
	try {
		const trace = runProgram(request);
		const messages = splitTrace(trace, run);
		const done = messages.pop()!;
		for (const message of messages) post(message);
		post({ type: 'links', run, links: await linkLog(trace.log, lang).catch(() => []) });
		post(done);
	} catch (error) {
		post({ type: 'failed', run, message: error instanceof Error ? error.message : String(error) });
	}
};
