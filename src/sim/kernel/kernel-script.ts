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
import type { CallSite, Frame } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import { GlobalTensor, type GmBuffer } from './global-tensor.ts';
import { LocalTensor } from './local-tensor.ts';
import { TBuf } from './tbuf.ts';
import { TPipe } from './tpipe.ts';
import { TQueBind } from './tque-bind.ts';
import { isVectorOp, type VectorArg } from './vector-ops.ts';

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
	const a = s.args;
	if (!s.target) {
		switch (s.method) {
			case 'TPipe':
				return core.createTPipe(site, s.assign);
			case 'TQue':
				return core.createTQue(site, a[0]!, num(a[1]), s.assign);
			case 'TQueBind':
				return core.createTQueBind(site, a[0]!, a[1]!, num(a[2]), s.assign);
			case 'TBuf':
				return core.createTBuf(site, a[0] ?? 'VECCALC', s.assign);
			case 'GlobalTensor':
				return core.createGlobalTensor(site, a[0]!, s.assign);
			case 'GetBlockIdx':
				return core.GetBlockIdx(site);
			case 'GetBlockNum':
				return core.GetBlockNum(site);
			case 'DataCopy':
				return core.DataCopy(site, arg(a[0]!) as LocalTensor, arg(a[1]!) as LocalTensor, num(a[2]));
			case 'PipeBarrier':
				core.PipeBarrier(site, a[0]!);
				return undefined;
			case 'SetFlag':
				core.SetFlag(site, a[0]!, num(a[1]));
				return undefined;
			case 'WaitFlag':
				core.WaitFlag(site, a[0]!, num(a[1]));
				return undefined;
			default:
				if (isVectorOp(s.method))
					return core.vectorOp(
						site,
						s.method,
						a.map((w) => arg(w) as VectorArg),
					);
				throw new Error(`unknown script call ${s.method}`);
		}
	}
	const target = vars.get(s.target);
	if (target instanceof TPipe) {
		switch (s.method) {
			case 'InitBuffer': {
				const q = arg(a[0]!) as TQueBind | TBuf;
				return q instanceof TBuf
					? target.InitBuffer(site, q, num(a[1]))
					: target.InitBuffer(site, q, num(a[1]), num(a[2]));
			}
			case 'AllocEventID':
				return target.AllocEventID(site, a[0]!);
			case 'ReleaseEventID':
				target.ReleaseEventID(site, a[0]!, num(a[1]));
				return undefined;
			case 'Reset':
				target.Reset(site);
				return undefined;
			case 'Destroy':
				target.Destroy(site);
				return undefined;
		}
	} else if (target instanceof TQueBind) {
		switch (s.method) {
			case 'AllocTensor':
				return target.AllocTensor(site, a[0]!);
			case 'FreeTensor':
				target.FreeTensor(site, arg(a[0]!) as LocalTensor);
				return undefined;
			case 'EnQue':
				return target.EnQue(site, arg(a[0]!) as LocalTensor);
			case 'DeQue':
				return target.DeQue(site, a[0]!);
			case 'FreeAllEvent':
				target.FreeAllEvent(site);
				return undefined;
			case 'VacantInQue':
				return target.VacantInQue(site);
			case 'HasTensorInQue':
				return target.HasTensorInQue(site);
			case 'GetTensorCountInQue':
				return target.GetTensorCountInQue(site);
			case 'HasIdleBuffer':
				return target.HasIdleBuffer(site);
		}
	} else if (target instanceof TBuf) {
		if (s.method === 'Get')
			return target.Get(site, a[0]!, a[1] === undefined ? undefined : num(a[1]));
	} else if (target instanceof LocalTensor) {
		if (s.method === '[]') return target.at(site, num(a[0]));
		if (s.method === 'ReinterpretCast') return target.ReinterpretCast(site, a[0]!);
		if (s.method === 'GetSize') return target.GetSize(site);
	} else if (target instanceof GlobalTensor) {
		if (s.method === 'SetGlobalBuffer') {
			let buffer = gm.get(a[0]!);
			if (!buffer) {
				buffer = { name: a[0]!, bytes: gmBytes };
				gm.set(a[0]!, buffer);
			}
			target.SetGlobalBuffer(
				site,
				{ buffer, byteOffset: num(a[1]) },
				a[2] === undefined ? undefined : num(a[2]),
			);
			return undefined;
		}
		if (s.method === '[]') return target.at(site, num(a[0]));
	}
	throw new Error(`unknown script call ${s.target}.${s.method}`);
}
