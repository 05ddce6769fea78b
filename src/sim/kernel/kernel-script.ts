/**
 * A tiny line language that drives the kernel API the way the C++ interpreter will, so golden
 * files, property tests and the benchmark can describe kernel runs as text. One statement per
 * line, prefixed by the user's source line number:
 *
 * ```
 * @ KernelAdd::Compute(int) < KernelAdd::Process():37     // function context, callers after <
 * 20 pipe = TPipe
 * 21 inQueueX = TQue VECIN 2                              // also: TQueBind GM VECIN 1, TBuf VECCALC
 * 22 xGm = GlobalTensor half
 * 23 xGm.SetGlobalBuffer x 0 2048                        // GM buffer name, byte offset, size
 * 24 pipe.InitBuffer inQueueX 2 512
 * 30 x = inQueueX.AllocTensor half
 * 31 DataCopy x xGm 256                                   // any core call: DataCopy, Add, SetFlag…
 * 32 y = x[128]
 * 33 inQueueX.EnQue x
 * ```
 *
 * Arguments are variables when a variable of that name exists, numbers when they parse (also
 * `a*b` and `a+b` over numbers and `blockIdx`), and strings otherwise; `//` starts a comment. `repeat N` … `end` repeats the lines between (one level deep). A GM buffer
 * named in SetGlobalBuffer is created on first use with `gmBytes` bytes.
 */
import {
	callKernelApi,
	directForm,
	directRow,
	explicitTemplateParams,
} from '../../api/call-api.ts';
import type { CallSite, Frame } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import type { GlobalTensor, GmBuffer } from './global-tensor.ts';
import type { LocalTensor } from './local-tensor.ts';
import type { TBuf } from './tbuf.ts';
import type { TPipe } from './tpipe.ts';
import type { TQueBind } from './tque-bind.ts';

/** One parsed statement. */
export interface ScriptLine {
	line: number;
	assign?: string;
	target?: string;
	method: string;
	args: string[];
	/** Call stack at this line, outermost first (the innermost frame gets `line`). */
	context: Frame[];
}

/** A parsed script: statements with loops expanded. */
export interface KernelScript {
	lines: ScriptLine[];
}

/** Parses a script; throws a plain Error on a malformed line (scripts are written by tests). */
export function parseKernelScript(text: string, file?: string): KernelScript {
	const out: ScriptLine[] = [];
	let context: Frame[] = [{ func: 'kernel()', line: 1, ...(file ? { file } : {}) }];
	let loop: { count: number; body: ScriptLine[] } | undefined;
	for (const raw of text.split('\n')) {
		const text2 = raw.replace(/\s+\/\/.*$/, '').trim();
		if (text2 === '' || text2.startsWith('#')) continue;
		if (text2.startsWith('@')) {
			const [inner, ...callers] = text2
				.slice(1)
				.split('<')
				.map((s) => s.trim());
			const frames: Frame[] = callers.reverse().map((c) => {
				const at = c.lastIndexOf(':');
				return { func: c.slice(0, at), line: Number(c.slice(at + 1)), ...(file ? { file } : {}) };
			});
			context = [...frames, { func: inner!, line: 1, ...(file ? { file } : {}) }];
			continue;
		}
		const repeat = /^repeat\s+(\d+)$/.exec(text2);
		if (repeat) {
			loop = { count: Number(repeat[1]), body: [] };
			continue;
		}
		if (text2 === 'end') {
			if (!loop) throw new Error('"end" without "repeat"');
			for (let i = 0; i < loop.count; i++) out.push(...loop.body);
			loop = undefined;
			continue;
		}
		const m = /^(\d+)\s+(?:(\w+)\s*=\s*)?(.+)$/.exec(text2);
		if (!m) throw new Error(`bad script line: ${raw}`);
		const words = m[3]!.split(/\s+/);
		const head = words[0]!;
		const slice = /^(\w+)\[(\w+)\]$/.exec(head);
		let target: string | undefined;
		let method: string;
		let args = words.slice(1);
		if (slice) {
			target = slice[1];
			method = '[]';
			args = [slice[2]!];
		} else if (head.includes('.')) {
			target = head.slice(0, head.indexOf('.'));
			method = head.slice(head.indexOf('.') + 1);
		} else {
			method = head;
		}
		const statement: ScriptLine = { line: Number(m[1]), method, args, context };
		if (m[2]) statement.assign = m[2];
		if (target) statement.target = target;
		(loop ? loop.body : out).push(statement);
	}
	return { lines: out };
}

/** Values a script variable can hold. */
type ScriptValue = TPipe | TQueBind | TBuf | LocalTensor | GlobalTensor | number | boolean | string;

/** Runs a parsed script on one core; Halts propagate to the caller (the launch). */
export function runKernelScript(core: CoreContext, script: KernelScript, gmBytes = 1 << 20): void {
	const vars = new Map<string, ScriptValue>();
	const gm = new Map<string, GmBuffer>();
	for (const s of script.lines) {
		const ctx = s.context;
		const stack: Frame[] = [...ctx.slice(0, -1), { ...ctx[ctx.length - 1]!, line: s.line }];
		const site: CallSite = { stack };
		const arg = (word: string): ScriptValue => {
			if (vars.has(word)) return vars.get(word)!;
			if (word === 'blockIdx') return core.blockIdx;
			const n = Number(word);
			if (!Number.isNaN(n)) return n;
			if (/^\w+(?:[*+]\w+)+$/.test(word)) {
				const term = (t: string) =>
					t.split('*').reduce((p, f) => p * (f === 'blockIdx' ? core.blockIdx : Number(f)), 1);
				return word.split('+').reduce((sum, t) => sum + term(t), 0);
			}
			return word;
		};
		const num = (word: string | undefined): number => Number(arg(word ?? '0'));
		const result = execute(core, site, s, arg, num, gm, gmBytes, vars);
		if (s.assign !== undefined && result !== undefined) vars.set(s.assign, result);
	}
}

/**
 * Runs one statement through the API catalog: `Name words…` calls the row `Name`, `v.Member
 * words…` the member of v's class, `v[i]` its `operator[]`. The first words are the template
 * arguments the call writes out (`AllocTensor half`, `SetFlag MTE2_V 0`), the rest its arguments.
 * `SetGlobalBuffer name offset size` names a GM buffer instead of passing a pointer.
 */
function execute(
	core: CoreContext,
	site: CallSite,
	s: ScriptLine,
	arg: (word: string) => ScriptValue,
	num: (word: string | undefined) => number,
	gm: Map<string, GmBuffer>,
	gmBytes: number,
	vars: Map<string, ScriptValue>,
): ScriptValue | undefined {
	const self = s.target === undefined ? undefined : vars.get(s.target);
	if (s.target !== undefined && self === undefined)
		throw new Error(`unknown script variable ${s.target}`);
	const words = s.args;
	let name = s.method === '[]' ? 'operator[]' : s.method;
	// A declaration names the class; its constructor row is `Class::Class`.
	if (
		self === undefined &&
		!name.includes('::') &&
		/^(TPipe|TQue|TQueBind|TBuf|GlobalTensor)$/.test(name)
	)
		name = `${name}::${name}`;
	if (name === 'SetGlobalBuffer') {
		let buffer = gm.get(words[0]!);
		if (!buffer) {
			buffer = { name: words[0]!, bytes: gmBytes };
			gm.set(words[0]!, buffer);
		}
		const args: unknown[] = [{ buffer, byteOffset: num(words[1]) }];
		if (words[2] !== undefined) args.push(num(words[2]));
		return callKernelApi(core, { name, self, args, site }) as ScriptValue | undefined;
	}
	const { row } = directRow({ name, self, args: [], site });
	const targWords = words.slice(0, templateWords(row, words, vars));
	const args = words.slice(targWords.length).map((w) => arg(w));
	directForm(row, args);
	const targs = targWords.map((w) => (/^\d+$/.test(w) ? Number(w) : w));
	const call = { name, self, args, targs, site, ...(s.assign ? { declName: s.assign } : {}) };
	return callKernelApi(core, call) as ScriptValue | undefined;
}

/**
 * How many leading words are template arguments: the most that leave a form of `row` taking
 * the remaining words as arguments (a script variable is never a template argument).
 */
function templateWords(
	row: ReturnType<typeof directRow>['row'],
	words: readonly string[],
	vars: ReadonlyMap<string, unknown>,
): number {
	const most = Math.max(...row.signatures.map((sig) => explicitTemplateParams(sig).length));
	for (let e = Math.min(most, words.length); e > 0; e--) {
		if (words.slice(0, e).some((w) => vars.has(w))) continue;
		const rest = words.length - e;
		const fits = row.signatures.some(
			(sig) =>
				explicitTemplateParams(sig).length >= e && rest >= sig.minArgs && rest <= sig.maxArgs,
		);
		if (fits) return e;
	}
	return 0;
}
