/**
 * The compile context: state every compile step shares (scopes, current function, macro state,
 * diagnostics) and the compiled-code shapes (`Ev`, `St`, `Ex`, `LV`).
 */
import type { SyntaxNode, Tree } from '@lezer/common';
import type { Diagnostic, SourceSpan } from '../../sim/trace.ts';
import type { BindingTable, NativeCall } from '../bindings/binding.ts';
import {
	constructParams,
	type ConstructAdviceId,
	type ConstructId,
	type DiagnosticParams,
} from '../../diagnostics/index.ts';
import { langDiagnostic, type LangCode } from '../diagnostics.ts';
import type { FuncDef } from '../func-def.ts';
import type { ParseResult } from '../parse.ts';
import type { MacroDef } from '../preprocess.ts';
import { Frame, type Runtime } from '../runtime.ts';
import { Scope, type Entity } from '../scope.ts';
import { T, type CType } from '../types.ts';
import { offsetOf, type SourceText } from '../shifted-text.ts';
import { Ptr, type Value } from '../values.ts';
import type { ParsedExpansion } from './macros.ts';
import { isPunct } from './syntax.ts';

/** A compiled expression: frame in, value out. */
export type Ev = (f: Frame) => Value;

/** A compiled statement: frame in, completion code (NORMAL, BREAK, CONTINUE, RETURN) out. */
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
	/** A constant: its address may be taken, but it cannot be assigned to. */
	readOnly?: boolean;
	/** A member of an object of an external type (whose members have no known types). */
	externalMember?: boolean;
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
	/** Diagnostics found while compiling, in source order of discovery, without duplicates. */
	readonly diagnostics: Diagnostic[] = [];
	/** The global namespace scope. */
	readonly global = new Scope(null, 'global');
	/** Global variable initialisers, in declaration order, run at process start. */
	readonly globalInits: Array<(f: Frame) => void> = [];
	/** Every function with a body, in declaration order. */
	readonly functions: FuncDef[] = [];
	/** The text node offsets refer to: the program, or a macro body's own text. */
	src: SourceText;
	/** The preprocessed program text. */
	readonly program: string;
	/** The parse result (tree, source map, launch offsets, macros). */
	readonly parsed: ParseResult;
	/** The simulator bindings names resolve to. */
	readonly bindings: BindingTable;
	/** The runtime compiled code runs against. */
	readonly rt: Runtime;
	/** The runner's hook for `<<<…>>>` launches. */
	readonly launch: LaunchKernel;
	/** Macros of the translation unit being compiled, by name (see {@link enterUnitAt}). */
	macros: Map<string, MacroDef>;
	/** Parsed macro bodies, by macro name (null: the body does not parse). */
	readonly macroTrees = new Map<string, SyntaxNode | null>();
	/** Macros being expanded, innermost last (a macro is not expanded inside itself). */
	readonly macroDepth: string[] = [];
	/** Function bodies declared but not compiled yet. */
	readonly pending: FuncDef[] = [];
	/** Compile state of the function whose body is being compiled. */
	fn: FnState = { slots: 0, ret: T.void };
	/** Nesting depth of expressions being compiled (bounds recursion on deep trees). */
	depth = 0;
	/** Local array declarations compiled so far (a block that gained some releases them). */
	autoArrays = 0;
	/** Template instances created so far (see MAX_INSTANTIATIONS). */
	instantiations = 0;
	/** Nodes parsed from a macro body, mapped to the text their offsets refer to. */
	readonly foreign = new WeakMap<SyntaxNode, SourceText>();
	/** Characters macro expansions have added so far (bounded by `maxSourceBytes`). */
	expandedChars = 0;
	/** The outermost macro being expanded and where the program used it. */
	expansionRoot: { name: string; span: SourceSpan } | undefined;
	/** Where nodes of a macro expansion are reported (the call), while one is compiled. */
	spanAt: SourceSpan | undefined;
	/** Parsed macro expansions, by expansion text. */
	readonly expansions = new Map<string, ParsedExpansion | null>();
	/** The caller's scope while arguments bound to reference parameters are compiled. */
	argScope: Scope | undefined;

	constructor(parsed: ParseResult, options: CompileOptions) {
		this.parsed = parsed;
		this.src = parsed.pre.text;
		this.program = parsed.pre.text;
		this.bindings = options.bindings;
		this.rt = options.rt;
		this.launch = options.launch;
		this.macros = parsed.pre.macros;
		this.treeText.set(parsed.tree, parsed.pre.text);
	}

	/**
	 * The file scope of each translation unit, when there are several: a unit's classes,
	 * variables and types are its own (two kernel files may each define `KernelAdd`); the
	 * functions it defines are also linked into {@link global}, where the other units find them.
	 */
	readonly unitScopes: Scope[] = [];

	/**
	 * Classes and class templates by where their definition is written (file, line, column),
	 * when the program has several translation units: a header included by two units defines
	 * the class once (see declareClass).
	 */
	readonly linkedClasses = new Map<
		string,
		Extract<Entity, { kind: 'class' } | { kind: 'classTemplate' }>
	>();

	/**
	 * Where the definition at `n` is written, as `file:line:column`, when the program has
	 * several translation units (undefined otherwise, or inside a macro expansion).
	 */
	definitionOrigin(n: SyntaxNode): string | undefined {
		if (this.parsed.units.length < 2 || this.spanAt || this.sourceOf(n) !== this.src)
			return undefined;
		const p = this.parsed.map.position(n.from);
		return p.file === undefined ? undefined : `${p.file}:${p.line}:${p.column}`;
	}

	/**
	 * Makes the translation unit that `offset` lies in the current one (its macros in force);
	 * returns its file scope.
	 */
	enterUnitAt(offset: number): Scope {
		const units = this.parsed.units;
		if (units.length < 2) return this.global;
		let index = 0;
		units.forEach((u, i) => {
			if (u.from <= offset) index = i;
		});
		this.macros = units[index]!.macros;
		while (this.unitScopes.length < units.length)
			this.unitScopes.push(new Scope(this.global, 'namespace', ''));
		return this.unitScopes[index]!;
	}

	/**
	 * The scope in the linked (global) tree that mirrors `scope`'s namespace path, made as
	 * needed; undefined when `scope` is not inside a unit's file scope (one unit, or a class).
	 */
	linkedScope(scope: Scope): Scope | undefined {
		if (this.unitScopes.length === 0) return undefined;
		const path: string[] = [];
		let s: Scope | null = scope;
		while (s && !this.unitScopes.includes(s)) {
			if (s.kind !== 'namespace' || !s.name) return undefined;
			path.unshift(s.name);
			s = s.parent;
		}
		if (!s) return undefined;
		let cur = this.global;
		for (const name of path) {
			const e = cur.names.get(name);
			if (e?.kind === 'namespace') cur = e.scope;
			else {
				const ns = new Scope(cur, 'namespace', name);
				cur.declare(name, { kind: 'namespace', scope: ns });
				cur = ns;
			}
		}
		return cur;
	}

	/**
	 * The texts parsed trees were parsed from (the program, macro bodies, expansions): a node's
	 * offsets refer to the text of the tree it belongs to.
	 */
	readonly treeText = new WeakMap<Tree, SourceText>();

	/** The text a node's offsets refer to: its tree's text (the current text for unknown trees). */
	sourceOf(n: SyntaxNode): SourceText {
		let top = n;
		while (top.parent) top = top.parent;
		const tree = top.tree;
		return (tree && this.treeText.get(tree)) ?? this.src;
	}

	/** The source text of a node. */
	text(n: SyntaxNode): string {
		return this.sourceOf(n).slice(n.from, n.to);
	}

	/** Where a node is reported: its line and column, or the macro call being expanded. */
	span(n: SyntaxNode | number): SourceSpan {
		if (this.spanAt) return this.spanAt;
		const from = typeof n === 'number' ? n : n.from;
		return this.parsed.map.position(from + offsetOf(this.src));
	}

	/** Keys of assumptions and external stubs already reported (each once per program). */
	readonly noted = new Set<string>();
	/** Handles made so far by external functions and objects. */
	externalHandles = 0;

	/** Records diagnostic `code` at `n` the first time `key` is noted. */
	noteOnce(
		code: LangCode,
		key: string,
		n: SyntaxNode | number,
		values: DiagnosticParams = {},
	): void {
		if (this.noted.has(key)) return;
		this.noted.add(key);
		this.diagnostics.push(langDiagnostic(code, this.span(n), values));
	}

	/** Records a diagnostic at a node (once per line, column and code). */
	diag(code: LangCode, n: SyntaxNode | number, values: DiagnosticParams = {}): void {
		const d = langDiagnostic(code, this.span(n), values);
		if (
			!this.diagnostics.some((x) => x.line === d.line && x.column === d.column && x.code === d.code)
		) {
			this.diagnostics.push(d);
		}
	}

	/** Reports `code` and returns an expression that stops the run if ever reached. */
	bad(code: LangCode, n: SyntaxNode, values: DiagnosticParams = {}): Ex {
		this.diag(code, n, values);
		const span = this.span(n);
		const rt = this.rt;
		return {
			ev: () => rt.stop(code, span, values),
			t: T.unknown,
		};
	}

	/**
	 * Reports a construct the subset refuses, as `construct-unsupported`: `construct` names its
	 * phrase in the catalog, `values` fill it, `advice` replaces the phrase's usual advice.
	 */
	unsupported(
		n: SyntaxNode,
		construct: ConstructId,
		values: Readonly<Record<string, string | number>> = {},
		advice?: ConstructAdviceId,
	): Ex {
		return this.bad('construct-unsupported', n, constructParams(construct, values, advice));
	}

	/** Every child of a node. */
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
