/**
 * The C library functions that act on the simulated host process: signal dispositions, raising a
 * signal, ending the process and sleeping in virtual time (Linux manual pages). printf, malloc
 * and the other language-support functions are the interpreter's own (lang/bindings/libc-bindings.ts).
 */
import { Halt } from '../../sim/halt.ts';
import { SIGNALS, type SignalAction } from '../../sim/host/signals.ts';
import {
	isApiCallback,
	NO_COST,
	processApi,
	type ApiCallback,
	type ProcessApiRow,
} from '../api-row.ts';
import { manPage } from '../sources.ts';

/** `SIG_DFL` and `SIG_IGN` as glibc defines them: `((void (*)(int))0)` and `1`. */
export const SIG_DFL = 0;
/** See {@link SIG_DFL}. */
export const SIG_IGN = 1;
/** `SIG_ERR`, what signal() returns when it fails. */
export const SIG_ERR = -1;

const group = 'libc-process';

/** The process rows. */
export const PROCESS_APIS: readonly ProcessApiRow[] = [
	processApi({
		name: 'signal',
		group,
		signature: 'sighandler_t signal(int signum, sighandler_t handler)',
		cost: { us: 1, per: 'call' },
		doc: {
			zh: '设置进程收到 signum 时的处理方式：程序里的处理函数、SIG_IGN 或 SIG_DFL；返回原来的处理方式。SIGKILL 不能被捕获。',
			en: 'Sets what the process does on signum: a handler function of the program, SIG_IGN or SIG_DFL; returns the previous one. SIGKILL cannot be caught.',
		},
		source: manPage('signal', 2),
		run: ({ proc }, c) => {
			if (!proc) return SIG_DFL;
			const h = c.args[1];
			const action: SignalAction = isApiCallback(h)
				? { kind: 'handler', name: h.callback }
				: h === SIG_IGN
					? { kind: 'ignore' }
					: { kind: 'default' };
			const r = proc.signal(c.args[0] as number, action, c.site());
			if (!r.ok) return SIG_ERR;
			const previous = r.previous;
			return previous.kind === 'handler'
				? ({ callback: previous.name } satisfies ApiCallback)
				: previous.kind === 'ignore'
					? SIG_IGN
					: SIG_DFL;
		},
	}),
	processApi({
		name: 'raise',
		group,
		signature: 'int raise(int sig)',
		cost: NO_COST,
		doc: {
			zh: '给自己发送信号 sig：有处理函数就先运行它，默认处理方式则结束进程。',
			en: 'Sends sig to the process itself: a handler runs first; the default action ends the process.',
		},
		source: manPage('raise', 3),
		run: ({ proc }, c) => {
			if (!proc) return 0;
			const delivery = proc.raise(c.args[0] as number, c.site());
			if (delivery.action === 'handler') {
				c.callback(delivery.handler, [delivery.signo]);
				proc.handlerReturned();
			}
			return 0;
		},
	}),
	processApi({
		name: 'exit',
		group,
		signature: 'void exit(int status)',
		aliases: ['_exit'],
		cost: NO_COST,
		doc: {
			zh: '以 status 结束进程：还占着的资源被记为泄漏，然后驱动回收它们（_exit 在模拟器里与 exit 相同）。',
			en: 'Ends the process with status: whatever it still holds is reported as a leak, then the driver takes it back (_exit behaves the same in the simulator).',
		},
		source: manPage('exit', 3),
		run: ({ proc }, c) => {
			const code = c.args[0] as number;
			c.flush();
			if (proc) proc.exit(code, c.site());
			throw new Halt('exit', `exit(${code})`, code);
		},
	}),
	processApi({
		name: 'abort',
		group,
		signature: 'void abort(void)',
		cost: NO_COST,
		doc: {
			zh: '以 SIGABRT 异常结束进程，驱动回收它的 Device 资源，不报告泄漏。',
			en: 'Ends the process abnormally with SIGABRT; the driver takes back its device resources and no leaks are reported.',
		},
		source: manPage('abort', 3),
		run: ({ proc }, c) => {
			c.flush();
			if (proc) proc.raise(SIGNALS.SIGABRT, c.site());
			throw new Halt('abort', 'abort()', SIGNALS.SIGABRT);
		},
	}),
	processApi({
		name: 'getpid',
		group,
		signature: 'pid_t getpid(void)',
		cost: NO_COST,
		doc: { zh: '当前进程的 pid。', en: 'The process id of the process.' },
		source: manPage('getpid', 2),
		run: ({ proc }) => proc?.pid ?? 0,
	}),
	processApi({
		name: 'getenv',
		group,
		signature: 'char *getenv(const char *name)',
		cost: NO_COST,
		doc: {
			zh: '进程环境变量 name 的值，没有时为 NULL；多 rank 运行时每个进程有自己的 RANK_ID、RANK_SIZE、DEVICE_ID。',
			en: 'The value of the environment variable name, or NULL; when ranks run, each process has its own RANK_ID, RANK_SIZE and DEVICE_ID.',
		},
		source: manPage('getenv', 3),
		run: ({ proc }, c) => {
			const name = c.args[0] as string | null;
			return name === null ? null : (proc?.env[name] ?? null);
		},
	}),
	processApi({
		name: 'sleep',
		group,
		signature: 'unsigned int sleep(unsigned int seconds)',
		cost: NO_COST,
		doc: {
			zh: '让进程在虚拟时间里睡 seconds 秒；这期间到期的用户操作（例如 kill -2）会送达。',
			en: 'Sleeps seconds seconds of virtual time; user actions due meanwhile (kill -2, say) are delivered.',
		},
		source: manPage('sleep', 3),
		run: ({ clock, proc, yieldThread }, c) => {
			proc?.sleeping();
			clock.advance(Math.max(0, Math.round((c.args[0] as number) * 1_000_000)));
			yieldThread();
			return 0;
		},
	}),
	processApi({
		name: 'usleep',
		group,
		signature: 'int usleep(useconds_t usec)',
		cost: NO_COST,
		doc: {
			zh: '让进程在虚拟时间里睡 usec 微秒。',
			en: 'Sleeps usec microseconds of virtual time.',
		},
		source: manPage('usleep', 3),
		run: ({ clock, proc, yieldThread }, c) => {
			proc?.sleeping();
			clock.advance(Math.max(0, Math.round(c.args[0] as number)));
			yieldThread();
			return 0;
		},
	}),
];
