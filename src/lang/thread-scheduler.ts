/**
 * Host threads of one process, run deterministically. The interpreter runs one thread at a
 * time on one JavaScript stack, so threads nest: a thread that is created waits until the
 * running thread waits (a join, a condition variable, a sleep) or ends, and then runs — on top
 * of it — until it finishes or must wait itself; then the thread below carries on. The order is
 * fixed by the program alone (oldest created thread first, never while the running thread holds
 * a lock), so a share link replays the same interleaving. A producer that fills a queue before
 * it joins its consumer, and a thread that waits for a worker's result, both run as written.
 *
 * A thread that must wait for something only a thread below it can do (a lock that thread
 * holds, a notify only it sends) cannot be resumed in this model: the run stops there with the
 * `thread-blocked` diagnostic and outcome `hang`, naming the thread and what it waits for.
 *
 * Invariants: `stack` lists the running threads from main (0) up to the current one; a thread
 * is started at most once; thread ids are 1, 2, … in creation order.
 */
import type { AclRuntime } from '../sim/host/index.ts';
import type { Recorder } from '../sim/recorder.ts';
import type { SourceSpan } from '../sim/trace.ts';
import type { Runtime, StackEntry } from './runtime.ts';
import type { Value } from './values.ts';
import type { Localized } from '../triage/localized.ts';

/** One host thread. */
export interface HostThread {
	readonly id: number;
	state: 'pending' | 'running' | 'waiting' | 'done';
	readonly run: () => Value;
	/** `join()` or `detach()` was called. */
	joined: boolean;
	detached: boolean;
	/** Where it was created. */
	readonly span: SourceSpan;
}

/** A mutex: which thread holds it, and how many times (recursive mutexes). */
export interface MutexState {
	owner: number | undefined;
	count: number;
	readonly recursive: boolean;
}

/** See the file comment. */
export class ThreadScheduler {
	readonly #rt: Runtime;
	readonly #recorder: Recorder;
	#acl: AclRuntime | undefined;
	#pid = 0;
	readonly #threads: HostThread[] = [];
	readonly #pending: HostThread[] = [];
	/** Running threads, main first. */
	readonly #stack: number[] = [0];
	/** How many locks each thread holds. */
	readonly #locks = new Map<number, number>();

	constructor(rt: Runtime, recorder: Recorder) {
		this.#rt = rt;
		this.#recorder = recorder;
	}

	/** A new process: no threads but main. */
	reset(acl: AclRuntime | undefined, pid: number): void {
		this.#acl = acl;
		this.#pid = pid;
		this.#threads.length = 0;
		this.#pending.length = 0;
		this.#stack.length = 0;
		this.#stack.push(0);
		this.#locks.clear();
		acl?.setThread(0);
	}

	/** The thread running now (0: main). */
	get current(): number {
		return this.#stack[this.#stack.length - 1]!;
	}

	/** The actor steps of the current thread are recorded under. */
	actor(): string {
		const t = this.current;
		return t === 0 ? `host:${this.#pid}` : `host:${this.#pid}:t${t}`;
	}

	/** Creates a thread that runs `run` (not yet started). */
	create(run: () => Value, span: SourceSpan): HostThread {
		const t: HostThread = {
			id: this.#threads.length + 1,
			state: 'pending',
			run,
			joined: false,
			detached: false,
			span,
		};
		this.#threads.push(t);
		this.#pending.push(t);
		this.#recorder.step(this.actor(), 'std::thread', [`t${t.id}`], 'created', { span });
		return t;
	}

	/** A switch point (a sleep): starts waiting threads, unless the current thread holds a lock. */
	switchPoint(): void {
		if (this.#pending.length === 0 || (this.#locks.get(this.current) ?? 0) > 0) return;
		this.#runPending();
	}

	#runPending(): void {
		while (this.#pending.length > 0) {
			const t = this.#pending.shift()!;
			this.#start(t);
		}
	}

	#start(t: HostThread): void {
		const rt = this.#rt;
		const saved: StackEntry[] = rt.stack;
		rt.stack = [];
		this.#stack.push(t.id);
		t.state = 'running';
		this.#acl?.setThread(t.id);
		this.#recorder.step(this.actor(), 'thread start', [`t${t.id}`], 'running', { span: t.span });
		try {
			t.run();
		} finally {
			this.#stack.pop();
			rt.stack = saved;
			this.#acl?.setThread(this.current);
		}
		t.state = 'done';
		this.#recorder.step(`host:${this.#pid}:t${t.id}`, 'thread exit', [`t${t.id}`], 'done');
	}

	/** `t.join()`: runs `t` now if it has not started; stops the run if it cannot finish. */
	join(t: HostThread, span: SourceSpan): void {
		if (t.state === 'pending') {
			this.#pending.splice(this.#pending.indexOf(t), 1);
			this.#start(t);
		}
		if (t.state !== 'done')
			this.#blocked(span, {
				zh: `线程 ${t.id} 结束（它在下面等待）`,
				en: `thread ${t.id} to finish (it is waiting below)`,
			});
		t.joined = true;
		this.#recorder.step(this.actor(), 'join', [`t${t.id}`], 'joined', { span });
	}

	/** `t.detach()`. */
	detach(t: HostThread): void {
		t.detached = true;
	}

	/** Takes `m` for the current thread, starting waiting threads first when it is free. */
	lock(m: MutexState, span: SourceSpan): void {
		const me = this.current;
		if (m.owner === me && m.recursive) {
			m.count++;
			return;
		}
		if (m.owner !== undefined && m.owner !== me)
			this.#blocked(span, {
				zh: `${threadName(m.owner).zh}持有的互斥锁`,
				en: `a mutex that ${threadName(m.owner).en} holds`,
			});
		if (m.owner === me)
			this.#blocked(span, {
				zh: '它自己已经持有的互斥锁（自死锁）',
				en: 'a mutex it already holds (a self-deadlock)',
			});
		m.owner = me;
		m.count = 1;
		this.#locks.set(me, (this.#locks.get(me) ?? 0) + 1);
	}

	/** `try_lock()`: whether it took `m`. */
	tryLock(m: MutexState): boolean {
		const me = this.current;
		if (m.owner !== undefined && !(m.owner === me && m.recursive)) return false;
		if (m.owner === me) m.count++;
		else {
			m.owner = me;
			m.count = 1;
			this.#locks.set(me, (this.#locks.get(me) ?? 0) + 1);
		}
		return true;
	}

	/** Releases `m` (a thread releasing a mutex it does not hold changes nothing). */
	unlock(m: MutexState): void {
		if (m.owner === undefined) return;
		if (--m.count > 0) return;
		const owner = m.owner;
		m.owner = undefined;
		this.#locks.set(owner, Math.max(0, (this.#locks.get(owner) ?? 1) - 1));
	}

	/**
	 * Waits until `ready()` holds, with `m` released meanwhile: waiting threads run first; when
	 * none is left and it still does not hold, the wait can never end in this model.
	 * `timeoutUs` makes the wait end (false) when nothing more can run, after that long.
	 */
	waitUntil(
		m: MutexState | undefined,
		ready: () => boolean,
		span: SourceSpan,
		what: Localized,
		timeoutUs?: number,
	): boolean {
		if (ready()) return true;
		const held = m && m.owner === this.current ? m.count : 0;
		if (m && held) {
			m.count = 1;
			this.unlock(m);
		}
		const relock = () => {
			if (m && held) {
				m.owner = this.current;
				m.count = held;
				this.#locks.set(this.current, (this.#locks.get(this.current) ?? 0) + 1);
			}
		};
		while (!ready() && this.#pending.length > 0) this.#start(this.#pending.shift()!);
		if (ready()) {
			relock();
			return true;
		}
		if (timeoutUs !== undefined) {
			this.#recorder.clock.advance(Math.max(0, Math.round(timeoutUs)));
			relock();
			return false;
		}
		return this.#blocked(span, what);
	}

	/** Threads that were created and never joined or detached (destroyed while joinable). */
	joinable(): HostThread[] {
		return this.#threads.filter((t) => !t.joined && !t.detached);
	}

	#blocked(span: SourceSpan, what: Localized): never {
		return this.#rt.stop('thread-blocked', span, { thread: threadName(this.current), what });
	}
}

/** How a thread is named in a diagnostic: main, or thread n. */
function threadName(id: number): Localized {
	return id === 0 ? { zh: '主线程', en: 'main' } : { zh: `线程 ${id}`, en: `thread ${id}` };
}
