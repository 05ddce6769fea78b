/**
 * `<thread>`, `<mutex>`, `<condition_variable>`, `<atomic>` and the pthread basics, over the
 * process's {@link ThreadScheduler}. A `std::thread` runs its function with copies of its
 * arguments (`std::ref(x)` passes `x` itself) when the creating thread waits, joins or ends;
 * `lock_guard`/`unique_lock` lock on construction and unlock when they go out of scope; a thread
 * object destroyed while still joinable ends the program as `std::terminate` does. An
 * `std::atomic<T>` is a plain `T`: threads never preempt each other here.
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeCall, NativeType } from '../bindings/binding.ts';
import type { SimEnv } from '../bindings/sim-env.ts';
import { Halt } from '../../sim/halt.ts';
import { SIGNALS } from '../../sim/host/index.ts';
import type { HostThread, MutexState } from '../thread-scheduler.ts';
import { T, type TemplateArg } from '../types.ts';
import { FuncValue, ObjectStore, Ptr, SimObject, isStore, truthy, type Value } from '../values.ts';
import { cloneValue } from '../compile/value-ops.ts';
import { ChronoValue } from './chrono.ts';

/** What libstdc++'s terminate handler prints when a joinable thread is destroyed. */
export const TERMINATE_MESSAGE = 'terminate called without an active exception';

/** `std::ref(x)`: the argument is passed as the variable itself. */
class RefArg {
	readonly ptr: Ptr;
	constructor(ptr: Ptr) {
		this.ptr = ptr;
	}
}

/** A thread object's state: its thread (none for a default-constructed one). */
class ThreadHandle {
	thread: HostThread | undefined;
	constructor(thread: HostThread | undefined) {
		this.thread = thread;
	}
}

/** A lock object: the mutex and whether it holds it. */
class LockHandle {
	readonly mutex: MutexState | undefined;
	owns = false;
	constructor(mutex: MutexState | undefined) {
		this.mutex = mutex;
	}
}

/** A condition variable: how many notifies it has had. */
class ConditionState {
	notifies = 0;
}

function mutexOf(v: Value): MutexState | undefined {
	const o = v instanceof Ptr && isStore(v.base) ? v.base.load(v.offset, v.elem) : v;
	return o instanceof SimObject && isMutex(o.handle) ? o.handle : undefined;
}

function isMutex(h: unknown): h is MutexState {
	return typeof h === 'object' && h !== null && 'owner' in h && 'recursive' in h;
}

function lockOf(v: Value): LockHandle | undefined {
	return v instanceof SimObject && v.handle instanceof LockHandle ? v.handle : undefined;
}

/** The arguments a thread's function gets: copies, or the variables `std::ref` named. */
function threadArgs(args: readonly Value[]): Value[] {
	return args.map((a) => {
		if (!(a instanceof RefArg)) return cloneValue(a);
		const p = a.ptr;
		return p.base instanceof ObjectStore ? p.base.target : p;
	});
}

/** The callable a thread runs: a function, a lambda, or a member function with its object. */
function runnerOf(fn: Value, args: Value[]): (() => Value) | undefined {
	if (fn instanceof FuncValue) return () => fn.call(args);
	return undefined;
}

/** Adds the thread, mutex, condition-variable and atomic names. */
export function addThreadBindings(table: BindingTable, env: SimEnv): void {
	const sched = () => env.threads;
	const types = table.types;
	const fns = table.functions;
	const threadType: NativeType = {
		name: 'thread',
		ctype: () => ({ k: 'sim', name: 'thread', targs: [] }),
		construct: (call) => {
			if (call.args.length === 0) return new SimObject('thread', [], new ThreadHandle(undefined));
			const run = runnerOf(call.args[0], threadArgs(call.args.slice(1)));
			if (!run)
				return call.rt.stop('value-not-callable', call.span, { name: 'the std::thread function' });
			return new SimObject('thread', [], new ThreadHandle(sched().create(run, call.span)));
		},
		methods: {
			join: (self, call) => {
				const h = (self as SimObject).handle as ThreadHandle;
				if (!h.thread || h.thread.joined || h.thread.detached)
					return call.rt.stop('thread-not-joinable', call.span, { name: call.name });
				sched().join(h.thread, call.span);
				return undefined;
			},
			detach: (self, call) => {
				const h = (self as SimObject).handle as ThreadHandle;
				if (!h.thread || h.thread.joined || h.thread.detached)
					return call.rt.stop('thread-not-joinable', call.span, { name: call.name });
				sched().detach(h.thread);
				return undefined;
			},
			joinable: (self) => {
				const t = ((self as SimObject).handle as ThreadHandle).thread;
				return t && !t.joined && !t.detached ? 1 : 0;
			},
			get_id: (self) => ((self as SimObject).handle as ThreadHandle).thread?.id ?? 0,
		},
		destroy: (self, call) => {
			const t = ((self as SimObject).handle as ThreadHandle).thread;
			if (!t || t.joined || t.detached) return;
			terminate(env, call);
		},
	};
	types.set('thread', threadType);
	types.set('thread::id', { name: 'thread::id', ctype: () => T.u64, methods: {} });
	fns.set('ref', (call) => (call.args[0] instanceof Ptr ? new RefArg(call.args[0]) : call.args[0]));
	fns.set('cref', fns.get('ref')!);
	table.refArgs.set('ref', [0]);
	table.refArgs.set('cref', [0]);
	fns.set('this_thread::get_id', () => sched().current);
	fns.set('thread::hardware_concurrency', () => 8);

	const mutexType = (name: string, recursive: boolean): NativeType => ({
		name,
		ctype: () => ({ k: 'sim', name, targs: [] }),
		construct: () =>
			new SimObject(name, [], { owner: undefined, count: 0, recursive } satisfies MutexState),
		methods: {
			lock: (self, call) => sched().lock(mutexOf(self)!, call.span),
			unlock: (self) => sched().unlock(mutexOf(self)!),
			try_lock: (self) => (sched().tryLock(mutexOf(self)!) ? 1 : 0),
		},
	});
	for (const name of ['mutex', 'timed_mutex', 'shared_mutex'])
		types.set(name, mutexType(name, false));
	types.set('recursive_mutex', mutexType('recursive_mutex', true));

	const DEFER = { defer: true } as const;
	const ADOPT = { adopt: true } as const;
	table.constants.set('defer_lock', { value: DEFER, type: T.unknown });
	table.constants.set('adopt_lock', { value: ADOPT, type: T.unknown });
	const lockType = (name: string): NativeType => ({
		name,
		ctype: (targs: readonly TemplateArg[]) => ({ k: 'sim', name, targs }),
		construct: (call) => {
			const h = new LockHandle(mutexOf(call.args[0]));
			const how = call.args[1];
			if (h.mutex && how !== DEFER) {
				if (how !== ADOPT) sched().lock(h.mutex, call.span);
				h.owns = true;
			}
			return new SimObject(name, call.targs, h);
		},
		methods: {
			lock: (self, call) => {
				const h = lockOf(self)!;
				if (h.mutex) sched().lock(h.mutex, call.span);
				h.owns = true;
				return undefined;
			},
			unlock: (self) => {
				const h = lockOf(self)!;
				if (h.mutex && h.owns) sched().unlock(h.mutex);
				h.owns = false;
				return undefined;
			},
			owns_lock: (self) => (lockOf(self)?.owns ? 1 : 0),
		},
		destroy: (self) => {
			const h = lockOf(self);
			if (h?.mutex && h.owns) sched().unlock(h.mutex);
			if (h) h.owns = false;
		},
	});
	for (const name of ['lock_guard', 'unique_lock', 'scoped_lock', 'shared_lock'])
		types.set(name, lockType(name));

	const cv = (self: Value) => (self as SimObject).handle as ConditionState;
	const waitFor = (
		self: Value,
		call: NativeCall,
		timeoutUs: number | undefined,
		predArg: Value,
	) => {
		const state = cv(self);
		const lock = lockOf(call.args[0]);
		const start = state.notifies;
		const pred = predArg instanceof FuncValue ? predArg : undefined;
		const ready = pred ? () => truthy(pred.call([])) : () => state.notifies !== start;
		const what = pred
			? {
					zh: '一个别的线程无法使其条件成立的条件变量',
					en: 'a condition variable whose condition no other thread can make true',
				}
			: { zh: '一个没有别的线程会发出的 notify', en: 'a notify no other thread will send' };
		return sched().waitUntil(lock?.owns ? lock.mutex : undefined, ready, call.span, what, timeoutUs)
			? 1
			: 0;
	};
	const conditionType: NativeType = {
		name: 'condition_variable',
		ctype: () => ({ k: 'sim', name: 'condition_variable', targs: [] }),
		construct: () => new SimObject('condition_variable', [], new ConditionState()),
		methods: {
			wait: (self, call) => void waitFor(self, call, undefined, call.args[1]),
			wait_for: (self, call) => {
				const d = call.args[1];
				const us =
					d instanceof SimObject && d.handle instanceof ChronoValue ? d.handle.ns / 1e3 : num(d);
				return waitFor(self, call, us, call.args[2]);
			},
			wait_until: (self, call) => waitFor(self, call, 0, call.args[2]),
			notify_one: (self) => void cv(self).notifies++,
			notify_all: (self) => void cv(self).notifies++,
		},
	};
	types.set('condition_variable', conditionType);
	types.set('condition_variable_any', { ...conditionType, name: 'condition_variable_any' });

	// Atomics are plain values (no preemption); their member functions are compiler intrinsics.
	types.set('atomic', {
		name: 'atomic',
		ctype: (targs) => (typeof targs[0] === 'object' ? targs[0] : T.i64),
		methods: {},
	});
	for (const [name, t] of [
		['atomic_int', T.i32],
		['atomic_bool', T.bool],
		['atomic_uint', T.u32],
		['atomic_long', T.i64],
		['atomic_size_t', T.u64],
	] as const)
		types.set(name, { name, ctype: () => t, methods: {} });

	// pthreads: pthread_create runs like std::thread; the id written through its first argument.
	types.set('pthread_t', { name: 'pthread_t', ctype: () => T.u64, methods: {} });
	const pthreads = new Map<number, HostThread>();
	fns.set('pthread_create', (call) => {
		const fn = call.args[2];
		const arg = call.args[3];
		if (!(fn instanceof FuncValue)) return 22;
		const t = sched().create(() => fn.call([arg]), call.span);
		pthreads.set(t.id, t);
		const out = call.args[0];
		if (out instanceof Ptr && isStore(out.base)) out.base.store(out.offset, T.u64, t.id);
		return 0;
	});
	fns.set('pthread_join', (call) => {
		const t = pthreads.get(num(call.args[0]));
		if (!t) return 3;
		sched().join(t, call.span);
		return 0;
	});
	fns.set('pthread_detach', (call) => {
		const t = pthreads.get(num(call.args[0]));
		if (t) sched().detach(t);
		return t ? 0 : 3;
	});
	fns.set('pthread_self', () => sched().current);
}

/** `std::terminate()` as a joinable thread's destructor calls it: the message, then SIGABRT. */
function terminate(env: SimEnv, call: NativeCall): never {
	call.rt.write('stderr', `${TERMINATE_MESSAGE}\n`);
	call.rt.flush();
	if (env.proc) env.proc.raise(SIGNALS.SIGABRT, call.site());
	throw new Halt('abort', 'std::terminate', SIGNALS.SIGABRT);
}
