/**
 * The C and C++ standard library as programs use it around AscendCL and Ascend C: printf
 * (host and kernel), std::cout, malloc/free over the interpreter's own host memory, file I/O
 * stubs. The functions that act on the simulated process (signal, raise, exit, abort, sleep,
 * getpid) are catalog rows (src/api/libc/process.ts), bound with the rest of the catalog.
 */
import { Halt } from '../../sim/halt.ts';
import { SIGNALS } from '../../sim/host/index.ts';
import { T } from '../types.ts';
import { ENDL, OStream, Ptr, type Value } from '../values.ts';
import { num } from './args.ts';
import { formatE, formatF, formatG } from '../std/number-format.ts';
import type { BindingTable, NativeCall, NativeFunction } from './binding.ts';
import { SIG_DFL, SIG_IGN } from '../../api/libc/process.ts';
import type { SimEnv } from './sim-env.ts';

/** Formats a printf format string with C semantics for the common conversions. */
export function formatPrintf(fmt: string, args: readonly Value[]): string {
	let i = 0;
	return fmt.replace(
		/%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|z|j|t|L)?([diouxXfFeEgGcsp%])/g,
		(
			_m,
			flags: string,
			width: string | undefined,
			prec: string | undefined,
			len: string | undefined,
			conv: string,
		) => {
			if (conv === '%') return '%';
			let w = width === '*' ? Number(args[i++]) : width ? Number(width) : 0;
			const p = prec === '*' ? Number(args[i++]) : prec !== undefined ? Number(prec) : undefined;
			const v = args[i++];
			let s: string;
			const n =
				typeof v === 'number'
					? v
					: v instanceof Ptr
						? v.offset
						: v === null || v === undefined
							? 0
							: 0;
			switch (conv) {
				case 'd':
				case 'i':
					s = String(Math.trunc(n));
					if (flags.includes('+') && n >= 0) s = `+${s}`;
					break;
				case 'u':
					s = String(
						len === 'l' || len === 'll' || len === 'z' ? Math.trunc(n) : Math.trunc(n) >>> 0,
					);
					break;
				case 'x':
				case 'X': {
					const u =
						len === 'l' || len === 'll' || len === 'z'
							? BigInt.asUintN(64, BigInt(Math.trunc(n)))
							: BigInt(Math.trunc(n) >>> 0);
					s = u.toString(16);
					if (conv === 'X') s = s.toUpperCase();
					if (flags.includes('#') && u !== 0n) s = `0x${s}`;
					break;
				}
				case 'o':
					s = (Math.trunc(n) >>> 0).toString(8);
					break;
				case 'f':
				case 'F':
					s = formatF(n, p ?? 6);
					break;
				case 'e':
				case 'E':
					s = formatE(n, p ?? 6);
					if (conv === 'E') s = s.toUpperCase();
					break;
				case 'g':
				case 'G':
					s = formatG(n, p ?? 6);
					if (conv === 'G') s = s.toUpperCase();
					break;
				case 'c':
					s = String.fromCharCode(n);
					break;
				case 's':
					s = typeof v === 'string' ? v : v === null ? '(null)' : String(v);
					if (p !== undefined) s = s.slice(0, p);
					break;
				case 'p':
					s =
						v === null || v === undefined || v === 0 ? '(nil)' : `0x${Math.trunc(n).toString(16)}`;
					break;
				default:
					s = '';
			}
			if (w < 0) {
				flags += '-';
				w = -w;
			}
			if (s.length < w) {
				if (flags.includes('-')) s = s.padEnd(w);
				else if (flags.includes('0') && /[diuxXfFeE]/.test(conv)) {
					const sign = /^[+-]/.test(s) ? s[0]! : '';
					s = sign + s.slice(sign.length).padStart(w - sign.length, '0');
				} else s = s.padStart(w);
			}
			return s;
		},
	);
}

/** Adds the standard-library names to `table`. */
export function addLibcBindings(table: BindingTable, env: SimEnv): void {
	const fns = table.functions;
	const printf: NativeFunction = (call: NativeCall) => {
		const fmt = typeof call.args[0] === 'string' ? call.args[0] : '';
		const text = formatPrintf(fmt, call.args.slice(1));
		call.rt.write('stdout', text);
		return text.length;
	};
	printf.ret = T.i32;
	fns.set('printf', printf);
	fns.set('PRINTF', printf);
	fns.set('fprintf', (call) => {
		const stream = call.args[0];
		const fmt = typeof call.args[1] === 'string' ? call.args[1] : '';
		const text = formatPrintf(fmt, call.args.slice(2));
		call.rt.write(
			stream instanceof OStream && stream.channel === 'stderr' ? 'stderr' : 'stdout',
			text,
		);
		return text.length;
	});
	fns.set('puts', (call) => {
		call.rt.write('stdout', `${typeof call.args[0] === 'string' ? call.args[0] : ''}\n`);
		return 1;
	});
	fns.set('fflush', () => 0);
	// Buffering of a stream: output is written as the program makes it either way.
	fns.set('setvbuf', () => 0);
	fns.set('setbuf', () => undefined);
	for (const [name, value] of [
		['_IOFBF', 0],
		['_IOLBF', 1],
		['_IONBF', 2],
		['BUFSIZ', 8192],
	] as const)
		table.constants.set(name, { value, type: T.i32 });
	const heapAlloc = (call: NativeCall, bytes: number) => {
		const p = call.rt.alloc(bytes);
		call.rt.blocks.allocated(p, {
			kind: 'malloc',
			bytes,
			what: `${call.name}(${bytes})`,
			span: call.span,
		});
		return p;
	};
	fns.set('malloc', (call) => heapAlloc(call, num(call.args[0])));
	fns.set('calloc', (call) => heapAlloc(call, num(call.args[0]) * num(call.args[1])));
	fns.set('realloc', (call) => {
		const old = call.args[0];
		if (typeof old === 'number') call.rt.blocks.freed(old);
		return heapAlloc(call, num(call.args[1]));
	});
	fns.set('free', (call) => {
		const p = call.args[0];
		call.rt.blocks.freed(p instanceof Ptr ? p.base : p);
		return undefined;
	});
	// memset/memcpy, atoi and strlen are the standard library's (std/algorithms.ts, std/strings.ts).
	fns.set('assert', (call) => {
		const v = call.args[0];
		if (v === 0 || v === null || v === undefined) {
			call.rt.write('stderr', `Assertion failed at line ${call.span.line}\n`);
			if (env.proc) env.proc.raise(SIGNALS.SIGABRT, call.site());
			throw new Halt('abort', 'assert', SIGNALS.SIGABRT);
		}
		return undefined;
	});

	const c = table.constants;
	for (const [name, value] of Object.entries(SIGNALS)) c.set(name, { value, type: T.i32 });
	c.set('SIG_DFL', { value: SIG_DFL, type: T.i32 });
	c.set('SIG_IGN', { value: SIG_IGN, type: T.i32 });
	c.set('EXIT_SUCCESS', { value: 0, type: T.i32 });
	c.set('EXIT_FAILURE', { value: 1, type: T.i32 });
	c.set('cout', { value: new OStream('stdout'), type: T.stream });
	c.set('cerr', { value: new OStream('stderr'), type: T.stream });
	c.set('stdout', { value: new OStream('stdout'), type: T.unknown });
	c.set('stderr', { value: new OStream('stderr'), type: T.unknown });
	c.set('endl', { value: ENDL, type: T.unknown });
	c.set('true', { value: 1, type: T.bool });
	c.set('false', { value: 0, type: T.bool });
}
