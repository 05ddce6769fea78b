/**
 * The Web Worker that runs the simulator off the main thread: it receives `{ run, request }`,
 * calls the interpreter's `run(request)` and posts the trace back in chunks (trace-transfer.ts).
 * A program that throws inside the interpreter is a simulator bug; it is reported, not hidden.
 */
/// <reference lib="webworker" />
import type { RunRequest } from '../../sim/run-request.ts';
import type { Trace } from '../../sim/trace.ts';
import { splitTrace, type TraceMessage } from './trace-transfer.ts';

/** What the page sends the worker. */
export interface RunMessage {
	run: number;
	request: RunRequest;
}

interface LangModule {
	run(request: RunRequest): Trace;
}

// The interpreter is written concurrently; a glob keeps this file building before it exists.
const interpreters = import.meta.glob<LangModule>('../../lang/index.ts');

const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(message: TraceMessage): void {
	scope.postMessage(message);
}

scope.onmessage = async (event: MessageEvent<RunMessage>) => {
	const { run, request } = event.data;
	try {
		const load = interpreters['../../lang/index.ts'];
		if (!load) throw new Error('the interpreter (src/lang) is not part of this build');
		const lang = await load();
		const trace = lang.run(request);
		for (const message of splitTrace(trace, run)) post(message);
	} catch (error) {
		post({ type: 'failed', run, message: error instanceof Error ? error.message : String(error) });
	}
};
