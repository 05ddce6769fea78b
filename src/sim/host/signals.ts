/**
 * The POSIX signals a simulated host process can receive, with their Linux numbers, and what the
 * program chose to do about each (`signal(SIGINT, handler)`).
 */

/** Linux signal numbers (signal(7)). */
export const SIGNALS = {
	SIGINT: 2,
	SIGABRT: 6,
	SIGKILL: 9,
	SIGSEGV: 11,
	SIGTERM: 15,
} as const;

/** One of the names in {@link SIGNALS}. */
export type SignalName = keyof typeof SIGNALS;

/** The name of signal number `signo`, e.g. `SIGINT`, or `SIG<n>` for others. */
export function signalName(signo: number): string {
	for (const [name, value] of Object.entries(SIGNALS)) if (value === signo) return name;
	return `SIG${signo}`;
}

/**
 * A program's disposition for one signal: the default action (terminate), ignore, or a user
 * handler — a function in the program, named so the interpreter can call it.
 */
export type SignalAction =
	{ kind: 'default' } | { kind: 'ignore' } | { kind: 'handler'; name: string };

/** `SIG_DFL`: the default action. */
export const SIG_DFL: SignalAction = Object.freeze({ kind: 'default' });

/** `SIG_IGN`: ignore the signal. */
export const SIG_IGN: SignalAction = Object.freeze({ kind: 'ignore' });

/** What delivering a signal did; for `handler` the interpreter now runs the named function. */
export type SignalDelivery =
	| { action: 'handler'; signo: number; handler: string }
	| { action: 'ignored'; signo: number }
	| { action: 'terminated'; signo: number }
	| { action: 'no-such-process'; signo: number };

/** Exit status a shell reports for a process ended by signal `signo`. */
export function signalExitStatus(signo: number): number {
	return 128 + signo;
}
