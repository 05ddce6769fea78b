/**
 * A simulated host process: a pid, a state, the program's signal dispositions, and its AscendCL
 * runtime ({@link HostProcess.acl}). It ends by returning from main, `exit()`, or a signal whose
 * action is to terminate; at every end the driver takes back the process's device resources, and
 * on a normal end (return or exit) every resource still held is first reported as a leak.
 *
 * States: `running` → (`in-handler` ↔ `running`)* → `exited` | `killed`.
 */
import { Halt } from '../halt.ts';
import type { CallSite, SourceSpan, StateChange } from '../trace.ts';
import { AclRuntime } from './acl-runtime.ts';
import { HostMemory } from './host-memory.ts';
import { HOST_COST_US } from './host-timing.ts';
import type { Machine } from './machine.ts';
import {
	SIGNALS,
	signalExitStatus,
	signalName,
	type SignalAction,
	type SignalDelivery,
} from './signals.ts';

/** Where a process is in its life. */
export type ProcessState = 'running' | 'in-handler' | 'exited' | 'killed';

/** How a process ended. */
export type ExitStatus =
	| { kind: 'return'; code: number }
	| { kind: 'exit'; code: number }
	| { kind: 'signal'; signo: number; code: number };

const DEFAULT_ACTION: SignalAction = Object.freeze({ kind: 'default' });

/**
 * Thrown by a sleep of a background process (a scenario's `run` with `background: true`): the
 * process stays alive where it is, holding what it took, and the scenario goes on without it.
 */
export class ProcessParked extends Error {
	readonly pid: number;
	constructor(pid: number) {
		super(`process ${pid} keeps running in the background`);
		this.pid = pid;
	}
}

/** One host process; see the file comment. */
export class HostProcess {
	readonly pid: number;
	/** Process name as plog prints it, e.g. `main`. */
	readonly name: string;
	/** The AscendCL API of this process. */
	readonly acl: AclRuntime;
	/** The process environment (`getenv`), e.g. ASCEND_RT_VISIBLE_DEVICES. */
	readonly env: Readonly<Record<string, string>>;
	/** Its host memory, reached through addresses (malloc, aclrtMallocHost). */
	readonly memory = new HostMemory();
	/** Started in the background: its first sleep parks it (see {@link ProcessParked}). */
	readonly background: boolean;
	readonly #machine: Machine;
	readonly #actions = new Map<number, SignalAction>();
	/** Signals whose handler is running, innermost last. */
	readonly #handling: number[] = [];
	#state: ProcessState = 'running';
	#exit: ExitStatus | undefined;

	constructor(
		machine: Machine,
		pid: number,
		name: string,
		env: Readonly<Record<string, string>> = {},
		background = false,
	) {
		this.#machine = machine;
		this.pid = pid;
		this.name = name;
		this.env = env;
		this.background = background;
		this.acl = new AclRuntime(machine, this);
	}

	/** A sleep: a background process parks here (throws {@link ProcessParked}). */
	sleeping(): void {
		if (this.background && this.alive) {
			this.#machine.recorder.step(`host:${this.pid}`, 'sleep', [], 'running in the background');
			throw new ProcessParked(this.pid);
		}
	}

	/** The current state. */
	get state(): ProcessState {
		return this.#state;
	}

	/** Whether the process has not ended. */
	get alive(): boolean {
		return this.#state === 'running' || this.#state === 'in-handler';
	}

	/** How it ended, once it has. */
	get exitStatus(): ExitStatus | undefined {
		return this.#exit;
	}

	/** The signal whose handler is running now, or 0. */
	get handlingSignal(): number {
		// Read on every aclrtFree; indexing an empty array at -1 is a slow path in V8.
		const depth = this.#handling.length;
		return depth === 0 ? 0 : this.#handling[depth - 1]!;
	}

	/**
	 * `signal(signo, handler)`: installs an action and returns the previous one. SIGKILL cannot
	 * be caught or ignored (`ok: false`, as `SIG_ERR`).
	 */
	signal(
		signo: number,
		action: SignalAction,
		site: CallSite,
	): { ok: boolean; previous: SignalAction } {
		this.#machine.clock.advance(1);
		const previous = this.#actions.get(signo) ?? DEFAULT_ACTION;
		const ok = signo !== SIGNALS.SIGKILL;
		if (ok) this.#actions.set(signo, action);
		const shown =
			action.kind === 'handler' ? action.name : action.kind === 'ignore' ? 'SIG_IGN' : 'SIG_DFL';
		const signal = signalName(signo);
		this.#machine.recorder.step(
			`host:${this.pid}`,
			'signal',
			[signal, shown],
			ok ? 'ok' : 'SIG_ERR',
			ok
				? {
						...spanArg(site),
						changes: [{ kind: 'signal-action', pid: this.pid, signal, action: shown }],
					}
				: spanArg(site),
		);
		return { ok, previous };
	}

	/** The program's current action for `signo`. */
	actionFor(signo: number): SignalAction {
		return this.#actions.get(signo) ?? DEFAULT_ACTION;
	}

	/**
	 * Delivers `signo` (as `kill -<signo> PID` would). With a handler, the process enters
	 * `in-handler` and the caller runs the named function, then calls {@link handlerReturned}.
	 * With the default action the process ends and the driver reclaims its device resources.
	 */
	deliver(signo: number): SignalDelivery {
		if (!this.alive) return { action: 'no-such-process', signo };
		const action = signo === SIGNALS.SIGKILL ? DEFAULT_ACTION : this.actionFor(signo);
		const recorder = this.#machine.recorder;
		if (action.kind === 'ignore') {
			recorder.step('user', 'kill', [`-${signo}`, String(this.pid)], 'ignored');
			return { action: 'ignored', signo };
		}
		if (action.kind === 'handler') {
			this.#handling.push(signo);
			this.#state = 'in-handler';
			recorder.step('user', 'kill', [`-${signo}`, String(this.pid)], `handler ${action.name}`, {
				changes: [{ kind: 'process', pid: this.pid, state: 'in-handler' }],
			});
			return { action: 'handler', signo, handler: action.name };
		}
		recorder.step(
			'user',
			'kill',
			[`-${signo}`, String(this.pid)],
			`terminated (${signalName(signo)})`,
		);
		this.terminateBySignal(signo);
		return { action: 'terminated', signo };
	}

	/** The user handler for the innermost delivered signal has returned. */
	handlerReturned(): void {
		const signo = this.#handling.pop();
		if (signo === undefined || !this.alive) return;
		if (this.#handling.length === 0) this.#state = 'running';
		this.#machine.recorder.step(
			`host:${this.pid}`,
			'handler-return',
			[signalName(signo)],
			this.#state,
			{
				changes: [{ kind: 'process', pid: this.pid, state: this.#state }],
			},
		);
	}

	/**
	 * `raise(signo)`: delivers the signal to itself. When that ends the process this throws a
	 * {@link Halt} of kind `signal`; with a handler it returns the delivery for the caller to run.
	 */
	raise(signo: number, site: CallSite): SignalDelivery {
		this.#machine.recorder.step(
			`host:${this.pid}`,
			'raise',
			[signalName(signo)],
			'delivered',
			spanArg(site),
		);
		const delivery = this.deliver(signo);
		if (delivery.action === 'terminated') {
			throw new Halt('signal', `killed by ${signalName(signo)}`, signo);
		}
		return delivery;
	}

	/** `exit(code)`: leak report, driver release, then a {@link Halt} of kind `exit`. */
	exit(code: number, site: CallSite): never {
		this.#machine.recorder.step(
			`host:${this.pid}`,
			'exit',
			[String(code)],
			'exited',
			this.#exiting(site),
		);
		this.#end({ kind: 'exit', code });
		throw new Halt('exit', `exit(${code})`, code);
	}

	/** `return code;` from main: leak report and driver release; nothing is thrown. */
	returnFromMain(code: number, site: CallSite): void {
		this.#machine.recorder.step(
			`host:${this.pid}`,
			'return',
			[String(code)],
			'exited',
			this.#exiting(site),
		);
		this.#end({ kind: 'return', code });
	}

	/** The span and state fact of the step that ends the process from its own code. */
	#exiting(site: CallSite): { span?: SourceSpan; changes: StateChange[] } {
		return { ...spanArg(site), changes: [{ kind: 'process', pid: this.pid, state: 'exited' }] };
	}

	/** Ends the process by `signo` (default action): the driver reclaims, no leak report. */
	terminateBySignal(signo: number): void {
		if (!this.alive) return;
		this.#state = 'killed';
		this.#exit = { kind: 'signal', signo, code: signalExitStatus(signo) };
		this.#handling.length = 0;
		this.#reclaim();
	}

	#end(status: ExitStatus): void {
		if (!this.alive) return;
		this.acl.reportLeaks();
		this.#state = 'exited';
		this.#exit = status;
		this.#handling.length = 0;
		this.#reclaim();
	}

	#reclaim(): void {
		this.#machine.hccl.processEnded(this.pid, this.#machine.clock.now);
		this.#machine.clock.advance(HOST_COST_US.processExit);
		const held = this.acl.held();
		this.acl.releaseAll();
		const machine = this.#machine;
		const changes = this.acl.takeChanges();
		changes.push({ kind: 'process', pid: this.pid, state: this.#state });
		machine.recorder.step('driver', 'reclaim', [String(this.pid)], describeHeld(held), { changes });
		machine.flushSeries();
	}
}

function describeHeld(held: ReturnType<AclRuntime['held']>): string {
	const parts: string[] = [];
	if (held.allocations)
		parts.push(`${held.allocations} device allocation(s), ${held.deviceBytes} bytes`);
	if (held.eventResources) parts.push(`${held.eventResources} event resource(s)`);
	if (held.streams) parts.push(`${held.streams} stream(s)`);
	if (held.models) parts.push(`${held.models} model(s)`);
	if (held.contexts) parts.push(`${held.contexts} context(s)`);
	return parts.length > 0 ? `released ${parts.join(', ')}` : 'nothing to release';
}

function spanArg(site: CallSite): { span?: { line: number; column: number } } {
	const frame = site.stack[site.stack.length - 1];
	return frame ? { span: { line: frame.line, column: frame.column ?? 1 } } : {};
}
