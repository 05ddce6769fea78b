/**
 * How a simulated core or process stops for good in the middle of a call. The simulator throws a
 * `Halt` (never an `Error`) from an API call when the real machine would stop there: a core that
 * waits forever (NPU), a CPU-debug check that raised SIGABRT, a process that exits or is killed.
 * Whoever runs the program (interpreter, test) catches it at the process or kernel boundary and
 * turns it into the run's outcome. Anything else thrown is a bug in the simulator.
 */

/** Why execution stopped. */
export type HaltKind =
	/** The core waits for something that never comes; the host sees a timeout. */
	| 'hang'
	/** A CPU-debug check fired: error line, SIGABRT, backtrace. */
	| 'abort'
	/**
	 * The hardware raised an exception on the core (NPU): an access to an address no allocation
	 * maps, a UB access out of bounds or unaligned (device-exception.ts). The kernel task fails;
	 * the host learns of it at its next synchronize (or a later call, see task-errors.ts).
	 */
	| 'exception'
	/** The process called exit() or returned from main. */
	| 'exit'
	/** A signal with no handler (or a fatal one) ended the process. */
	| 'signal';

/** Thrown by simulator calls to stop the caller's execution. Carries no stack on purpose. */
export class Halt {
	readonly kind: HaltKind;
	/** A short English reason for the trace, e.g. `AllocEventID<V_MTE2> has no free id`. */
	readonly reason: string;
	/** Exit status or signal number, where one applies. */
	readonly code: number;

	constructor(kind: HaltKind, reason: string, code = 0) {
		this.kind = kind;
		this.reason = reason;
		this.code = code;
	}
}

/** Whether `value` is a {@link Halt}. */
export function isHalt(value: unknown): value is Halt {
	return value instanceof Halt;
}
