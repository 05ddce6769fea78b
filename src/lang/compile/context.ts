/**
 * The compile context: state every compile step shares (scopes, current function, macro state, diagnostics) and the compiled-code shapes (`Ev`, `St`, `Ex`, `LV`).
 */
import type { SyntaxNode } from '@lezer/common';
import type { Diagnostic, SourceSpan } from '../../sim/trace.ts';
import type { BindingTable, NativeCall } from '../bindings/binding.ts';
import { langDiagnostic, type LangCode } from '../diagnostics.ts';
import type { FuncDef } from '../func-def.ts';
import type { ParseResult } from '../parse.ts';
import type { MacroDef } from '../preprocess.ts';
import { Frame, type Runtime } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { T, type CType } from '../types.ts';
import { Ptr, type Value } from '../values.ts';
import type { ParsedExpansion } from './macros.ts';
import { isPunct } from './syntax.ts';

export type Ev = (f: Frame) => Value;

export type St = (f: Frame) => number;

/**
 * A compiled expression with its static type; `c` marks a compile-time constant. A macro whose
 * expansion is statements also carries them as `st`, so `return` inside it leaves the function.
 */
export interface Ex {
	ev: Ev;
	t: CType;
	c?: boolean;
	st?: St;
}

/** A compiled place that can be read, written and addressed. */
export interface LV {
	get: Ev;
	set: (f: Frame, v: Value) => void;
	addr: (f: Frame) => Ptr;
	t: CType;
}

/** Parameters and return type of a function after template substitution. */
export interface Signature {
	params: Array<{ name: string; type: CType; ref: boolean; def?: SyntaxNode }>;
	ret: CType;
}

/** Per-function compile state. */
export interface FnState {
	slots: number;
	ret: CType;
	def?: FuncDef;
}

/** The launch hook: runs `kernel` on `blocks` blocks with `args`, from a host call site. */
export type LaunchKernel = (
	kernel: FuncDef,
	blocks: number,
	stream: Value,
	args: Value[],
	call: NativeCall,
) => Value;

/** Options the runner gives the compiler. */
export interface CompileOptions {
	bindings: BindingTable;
	rt: Runtime;
	launch: LaunchKernel;
}

/** Compile state shared by every part of the compiler, and source and diagnostic helpers. */
export class CompileContext {
	readonly diagnostics: Diagnostic[] = [];
	readonly global = new Scope(null, 'global');
	/** Global variable initialisers, in declaration order, run at process start. */
	readonly globalInits: Array<(f: Frame) => void> = [];
	/** Every function with a body, in declaration order. */
	readonly functions: FuncDef[] = [];
	/** The text node offsets refer to: the program, or a macro body's own text. */
	src: string;
	readonly program: string;
	readonly parsed: ParseResult;
	readonly b: BindingTable;
	readonly rt: Runtime;
	readonly launch: LaunchKernel;
	readonly macros: Map<string, MacroDef>;
	readonly macroTrees = new Map<string, SyntaxNode | null>();
	readonly macroDepth: string[] = [];
	readonly pending: FuncDef[] = [];
	fn: FnState = { slots: 0, ret: T.void };
	depth = 0;
	instantiations = 0;
	readonly foreign = new WeakMap<SyntaxNode, string>();
	/** Where nodes of a macro expansion are reported (the call), while one is compiled. */
	spanAt: SourceSpan | undefined;
	readonly expansions = new Map<string, ParsedExpansion | null>();
	argScope: Scope | undefined;

	constructor(parsed: ParseResult, options: CompileOptions) {
		this.parsed = parsed;
		this.src = parsed.pre.text;
		this.program = parsed.pre.text;
		this.b = options.bindings;
		this.rt = options.rt;
		this.launch = options.launch;
		this.macros = parsed.pre.macros;
	}

	text(n: SyntaxNode): string {
		return this.src.slice(n.from, n.to);
	}

	span(n: SyntaxNode | number): SourceSpan {
		if (this.spanAt) return this.spanAt;
		const from = typeof n === 'number' ? n : n.from;
		return this.parsed.map.position(from);
	}

	diag(code: LangCode, n: SyntaxNode | number, values: Record<string, string | number> = {}): void {
		const d = langDiagnostic(code, this.span(n), values);
		if (
			!this.diagnostics.some((x) => x.line === d.line && x.column === d.column && x.code === d.code)
		) {
			this.diagnostics.push(d);
		}
	}

	/** Reports `code` and returns an expression that stops the run if ever reached. */
	bad(code: LangCode, n: SyntaxNode, values: Record<string, string | number> = {}): Ex {
		this.diag(code, n, values);
		const span = this.span(n);
		const rt = this.rt;
		return {
			ev: () => rt.stop(code, span, values),
			t: T.unknown,
		};
	}

	unsupported(
		n: SyntaxNode,
		construct: string,
		detail = 'see the list of supported constructs',
	): Ex {
		return this.bad('construct-unsupported', n, { construct, detail });
	}

	children(n: SyntaxNode): SyntaxNode[] {
		const out: SyntaxNode[] = [];
		for (let c = n.firstChild; c; c = c.nextSibling) out.push(c);
		return out;
	}

	/** Children that are not punctuation or keywords. */
	parts(n: SyntaxNode): SyntaxNode[] {
		return this.children(n).filter((c) => !isPunct(c));
	}
}
