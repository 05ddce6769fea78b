/**
 * The compiler: turns the Lezer tree of a program into JavaScript closures, once, so a loop
 * runs a million iterations without re-walking the syntax tree. It also resolves every name
 * (classes, templates, namespaces, macros, simulator bindings) and reports what it cannot run
 * as diagnostics with line and column.
 *
 * Compiled code: an expression is `(frame) => value`; a statement is `(frame) => completion`
 * (NORMAL, BREAK, CONTINUE, RETURN). Values are already wrapped to their C++ type.
 */
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/cpp';
import type { Diagnostic, SourceSpan } from '../sim/trace.ts';
import {
	SIM_NAMESPACES,
	type BindingTable,
	type NativeCall,
	type NativeResult,
} from './bindings/binding.ts';
import { dtypeOf } from '../sim/kernel/dtype.ts';
import { ClassDef } from './class-def.ts';
import { langDiagnostic, LangStop, type LangCode } from './diagnostics.ts';
import type { CompiledFunc, FuncDef, TemplateParam } from './func-def.ts';
import type { ParseResult } from './parse.ts';
import { expandMacro } from './macro-expand.ts';
import type { MacroDef } from './preprocess.ts';
import { BREAK, CONTINUE, Frame, MAX_CALL_DEPTH, NORMAL, RETURN, type Runtime } from './runtime.ts';
import { Scope, type ClassTemplate, type Entity } from './scope.ts';
import {
	CHAR_PTR,
	PRIMITIVE_TYPES,
	T,
	argsKey,
	asInt,
	commonType,
	sizeOf,
	typeName,
	type CType,
	type TemplateArg,
} from './types.ts';
import {
	ArrayStore,
	CellStore,
	ENDL,
	FuncValue,
	Instance,
	ObjectStore,
	OStream,
	Ptr,
	SimObject,
	convert,
	isStore,
	truthy,
	type Value,
} from './values.ts';

type Ev = (f: Frame) => Value;
type St = (f: Frame) => number;

/**
 * A compiled expression with its static type; `c` marks a compile-time constant. A macro whose
 * expansion is statements also carries them as `st`, so `return` inside it leaves the function.
 */
interface Ex {
	ev: Ev;
	t: CType;
	c?: boolean;
	st?: St;
}

/** A compiled place that can be read, written and addressed. */
interface LV {
	get: Ev;
	set: (f: Frame, v: Value) => void;
	addr: (f: Frame) => Ptr;
	t: CType;
}

/** Parameters and return type of a function after template substitution. */
interface Signature {
	params: Array<{ name: string; type: CType; ref: boolean; def?: SyntaxNode }>;
	ret: CType;
}

/** A macro expansion parsed in its own text. */
interface ParsedExpansion {
	kind: 'expr' | 'stmt';
	node: SyntaxNode;
	text: string;
}

/** Per-function compile state. */
interface FnState {
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

const BINARY_PREC: Record<string, number> = {
	'||': 1,
	'&&': 2,
	'|': 3,
	'^': 4,
	'&': 5,
	'==': 6,
	'!=': 6,
	'<': 7,
	'>': 7,
	'<=': 7,
	'>=': 7,
	'<<': 8,
	'>>': 8,
	'+': 9,
	'-': 9,
	'*': 10,
	'/': 10,
	'%': 10,
};

/** Template instances one program may create (a recursive template would never stop). */
const MAX_INSTANTIATIONS = 256;

/** Names of C++ features the subset refuses, by node name, for the diagnostic. */
const UNSUPPORTED: Record<string, string> = {
	LambdaExpression: 'a lambda expression',
	GotoStatement: 'goto',
	CoReturnStatement: 'co_return',
	CoYieldStatement: 'co_yield',
	CoAwaitExpression: 'co_await',
	FoldExpression: 'a fold expression',
	ParameterPackExpansion: 'a parameter pack',
	VariadicParameterDeclaration: 'a variadic template parameter',
	UserDefinedLiteral: 'a user-defined literal',
};

/** Framework macros that need the operator build system. */
const FRAMEWORK_MACROS = new Set([
	'GET_TILING_DATA',
	'GET_TILING_DATA_WITH_STRUCT',
	'GET_TILING_DATA_MEMBER',
	'TILING_KEY_IS',
	'REGISTER_TILING_DEFAULT',
	'KERNEL_TASK_TYPE_DEFAULT',
	'BEGIN_TILING_DATA_DEF',
]);

/** See the file comment. */
export class Compiler {
	readonly diagnostics: Diagnostic[] = [];
	readonly global = new Scope(null, 'global');
	/** Global variable initialisers, in declaration order, run at process start. */
	readonly globalInits: Array<(f: Frame) => void> = [];
	/** Every function with a body, in declaration order. */
	readonly functions: FuncDef[] = [];
	/** The text node offsets refer to: the program, or a macro body's own text. */
	#src: string;
	readonly #program: string;
	readonly #parsed: ParseResult;
	readonly #b: BindingTable;
	readonly #rt: Runtime;
	readonly #launch: LaunchKernel;
	readonly #macros: Map<string, MacroDef>;
	readonly #macroTrees = new Map<string, SyntaxNode | null>();
	readonly #macroDepth: string[] = [];
	readonly #pending: FuncDef[] = [];
	#fn: FnState = { slots: 0, ret: T.void };
	#depth = 0;

	constructor(parsed: ParseResult, options: CompileOptions) {
		this.#parsed = parsed;
		this.#src = parsed.pre.text;
		this.#program = parsed.pre.text;
		this.#b = options.bindings;
		this.#rt = options.rt;
		this.#launch = options.launch;
		this.#macros = parsed.pre.macros;
	}

	// ───────────────────────────── helpers ─────────────────────────────

	#text(n: SyntaxNode): string {
		return this.#src.slice(n.from, n.to);
	}

	#span(n: SyntaxNode | number): SourceSpan {
		if (this.#spanAt) return this.#spanAt;
		const from = typeof n === 'number' ? n : n.from;
		return this.#parsed.map.position(from);
	}

	#diag(
		code: LangCode,
		n: SyntaxNode | number,
		values: Record<string, string | number> = {},
	): void {
		const d = langDiagnostic(code, this.#span(n), values);
		if (
			!this.diagnostics.some((x) => x.line === d.line && x.column === d.column && x.code === d.code)
		) {
			this.diagnostics.push(d);
		}
	}

	/** Reports `code` and returns an expression that stops the run if ever reached. */
	#bad(code: LangCode, n: SyntaxNode, values: Record<string, string | number> = {}): Ex {
		this.#diag(code, n, values);
		const span = this.#span(n);
		const rt = this.#rt;
		return {
			ev: () => rt.stop(code, span, values),
			t: T.unknown,
		};
	}

	#unsupported(
		n: SyntaxNode,
		construct: string,
		detail = 'see the list of supported constructs',
	): Ex {
		return this.#bad('construct-unsupported', n, { construct, detail });
	}

	#children(n: SyntaxNode): SyntaxNode[] {
		const out: SyntaxNode[] = [];
		for (let c = n.firstChild; c; c = c.nextSibling) out.push(c);
		return out;
	}

	/** Children that are not punctuation or keywords. */
	#parts(n: SyntaxNode): SyntaxNode[] {
		return this.#children(n).filter((c) => !isPunct(c));
	}

	// ───────────────────────────── program ─────────────────────────────

	/** Declares everything at top level, then compiles every function body. */
	compileProgram(top: SyntaxNode): void {
		this.#declareList(top, this.global, false);
		this.drain();
	}

	/** Compiles pending function bodies (instantiations add more while compiling). */
	drain(): void {
		while (this.#pending.length > 0) {
			const def = this.#pending.shift()!;
			this.#compileBody(def);
		}
	}

	#declareList(n: SyntaxNode, scope: Scope, externC: boolean): void {
		for (const c of this.#children(n)) this.#declareTop(c, scope, externC);
	}

	#declareTop(n: SyntaxNode, scope: Scope, externC: boolean): void {
		try {
			this.#declareTopInner(n, scope, externC);
		} catch (e) {
			if (e instanceof LangStop) this.diagnostics.push(e.diagnostic);
			else throw e;
		}
	}

	#declareTopInner(n: SyntaxNode, scope: Scope, externC: boolean): void {
		switch (n.name) {
			case '{':
			case '}':
			case ';':
			case 'PreprocDirective':
			case 'LineComment':
			case 'BlockComment':
			case 'StaticAssertDeclaration':
				return;
			case 'NamespaceDefinition': {
				const id = n.getChild('Identifier') ?? n.getChild('NamespaceIdentifier');
				const name = id ? this.#text(id) : '';
				let ns: Scope = scope;
				if (name) {
					const existing = scope.names.get(name);
					if (existing?.kind === 'namespace') ns = existing.scope;
					else {
						ns = new Scope(scope, 'namespace', name);
						scope.declare(name, { kind: 'namespace', scope: ns });
					}
				}
				const body = n.getChild('CompoundStatement') ?? n.getChild('DeclarationList');
				if (body) this.#declareList(body, ns, externC);
				return;
			}
			case 'LinkageSpecification': {
				for (const c of this.#children(n)) {
					if (c.name === 'DeclarationList') this.#declareList(c, scope, true);
					else if (c.name !== 'extern' && c.name !== 'String') this.#declareTop(c, scope, true);
				}
				return;
			}
			case 'UsingDeclaration':
				this.#using(n, scope);
				return;
			case 'AliasDeclaration': {
				const name = n.getChild('TypeIdentifier');
				const td = n.getChild('TypeDescriptor');
				if (name && td)
					scope.declare(this.#text(name), { kind: 'type', type: this.#typeDescriptor(td, scope) });
				return;
			}
			case 'TypeDefinition':
				this.#typedef(n, scope);
				return;
			case 'FunctionDefinition':
				this.#declareFunction(n, scope, externC, []);
				return;
			case 'TemplateDeclaration':
				this.#declareTemplate(n, scope, externC);
				return;
			case 'ClassSpecifier':
			case 'StructSpecifier':
			case 'UnionSpecifier':
				this.#declareClass(n, scope, []);
				return;
			case 'EnumSpecifier':
				this.#declareEnum(n, scope);
				return;
			case 'Declaration':
				this.#globalDeclaration(n, scope);
				return;
			case 'ExpressionStatement':
			case 'CompoundStatement':
				// A macro call at top level (e.g. `REGISTER_TILING_DEFAULT(...)`) or stray code.
				this.#topLevelStatement(n);
				return;
			default:
				if (n.type.isError) return;
				if (UNSUPPORTED[n.name]) this.#unsupported(n, UNSUPPORTED[n.name]!);
				else this.#unsupported(n, `\`${firstLine(this.#text(n))}\` at file level`);
		}
	}

	#topLevelStatement(n: SyntaxNode): void {
		const call = n.getChild('CallExpression');
		const callee = call?.firstChild;
		if (callee && FRAMEWORK_MACROS.has(this.#text(callee))) {
			this.#diag('macro-framework', callee, { name: this.#text(callee) });
			return;
		}
		this.#unsupported(n, `\`${firstLine(this.#text(n))}\` at file level`);
	}

	#using(n: SyntaxNode, scope: Scope): void {
		const isNamespace = n.getChild('namespace') !== null;
		const target = this.#parts(n).filter((c) => c.name !== 'using' && c.name !== 'namespace');
		const last = target[target.length - 1];
		if (!last) return;
		const path = this.#text(last)
			.split('::')
			.filter((p) => p.length > 0);
		if (isNamespace) {
			const ns = this.#findNamespace(path, scope);
			if (ns) scope.usings.push(ns);
			// `using namespace AscendC;` (or tik2, std) needs nothing: simulator names are global.
			return;
		}
		// `using X::y;` — bring one name in.
		const name = path[path.length - 1]!;
		const e = this.#lookupPath(path, scope);
		if (e) scope.declare(name, e);
	}

	#findNamespace(path: string[], scope: Scope): Scope | undefined {
		let cur: Scope | undefined;
		for (const p of path) {
			const e: Entity | undefined = cur ? cur.lookupOwn(p) : scope.lookup(p);
			if (e?.kind !== 'namespace') return undefined;
			cur = e.scope;
		}
		return cur;
	}

	#typedef(n: SyntaxNode, scope: Scope): void {
		const kids = this.#parts(n).filter((c) => c.name !== 'typedef');
		const typeNode = kids[0];
		if (!typeNode) return;
		let base: CType;
		if (typeNode.name === 'StructSpecifier' || typeNode.name === 'ClassSpecifier') {
			const cls = this.#declareClass(typeNode, scope, []);
			base = cls ? { k: 'class', cls, targs: [] } : T.unknown;
		} else if (typeNode.name === 'EnumSpecifier') {
			base = this.#declareEnum(typeNode, scope);
		} else base = this.#resolveType(typeNode, scope);
		for (const d of kids.slice(1)) {
			const info = this.#declarator(d, base, scope);
			if (info.name) scope.declare(info.name, { kind: 'type', type: info.type });
		}
	}

	#declareEnum(n: SyntaxNode, scope: Scope): CType {
		const nameNode = n.getChild('TypeIdentifier');
		const name = nameNode ? this.#text(nameNode) : '';
		const scoped = n.getChild('class') !== null || n.getChild('struct') !== null;
		const baseNode = this.#children(n).find(
			(c) => c.name === 'PrimitiveType' || c.name === 'SizedTypeSpecifier',
		);
		const base = baseNode ? this.#resolveType(baseNode, scope) : T.i32;
		const type: CType = { k: 'enum', name: scope.prefix() + name, base };
		const inner = scoped ? new Scope(scope, 'namespace', name) : scope;
		if (name) {
			scope.declare(name, scoped ? { kind: 'namespace', scope: inner } : { kind: 'type', type });
			if (scoped) inner.declare('__type', { kind: 'type', type });
		}
		const list = n.getChild('EnumeratorList');
		let next = 0;
		for (const e of list ? list.getChildren('Enumerator') : []) {
			const id = e.getChild('Identifier');
			if (!id) continue;
			const valueNode = this.#parts(e).find((c) => c.from !== id.from);
			if (valueNode) {
				const v = this.#constValue(valueNode, inner);
				next = typeof v === 'number' ? v : next;
			}
			inner.declare(this.#text(id), { kind: 'const', value: next, type });
			next++;
		}
		return type;
	}

	#declareTemplate(n: SyntaxNode, scope: Scope, externC: boolean): void {
		const tparams = this.#templateParams(n.getChild('TemplateParameterList'));
		const body = this.#parts(n).find(
			(c) => c.name !== 'template' && c.name !== 'TemplateParameterList',
		);
		if (!body) return;
		switch (body.name) {
			case 'FunctionDefinition':
				this.#declareFunction(body, scope, externC, tparams);
				return;
			case 'ClassSpecifier':
			case 'StructSpecifier':
				this.#declareClass(body, scope, tparams);
				return;
			case 'Declaration':
				// A template function declared but defined later, or a variable template.
				return;
			case 'TemplateDeclaration':
				this.#declareTemplate(body, scope, externC);
				return;
			default:
				this.#unsupported(body, 'this kind of template');
		}
	}

	#templateParams(list: SyntaxNode | null): TemplateParam[] {
		const out: TemplateParam[] = [];
		if (!list) return out;
		for (const p of this.#parts(list)) {
			if (p.name === 'TypeParameterDeclaration' || p.name === 'OptionalTypeParameterDeclaration') {
				const id = p.getChild('TypeIdentifier');
				const def = p.getChild('TypeDescriptor') ?? undefined;
				const tp: TemplateParam = { name: id ? this.#text(id) : '', kind: 'type' };
				if (def) tp.def = def;
				out.push(tp);
			} else if (p.name === 'ParameterDeclaration' || p.name === 'OptionalParameterDeclaration') {
				const ids = p.getChildren('Identifier');
				const id = ids[0];
				const tp: TemplateParam = { name: id ? this.#text(id) : '', kind: 'value' };
				const parts = this.#parts(p);
				const def = p.name === 'OptionalParameterDeclaration' ? parts[parts.length - 1] : undefined;
				if (def && def !== id) tp.def = def;
				out.push(tp);
			} else {
				this.#unsupported(p, 'this kind of template parameter');
			}
		}
		return out;
	}

	// ───────────────────────────── classes ─────────────────────────────

	#declareClass(n: SyntaxNode, scope: Scope, tparams: TemplateParam[]): ClassDef | undefined {
		const nameNode = n.getChild('TypeIdentifier') ?? n.getChild('ScopedTypeIdentifier');
		const name = nameNode ? this.#text(nameNode) : `(anonymous)`;
		const body = n.getChild('FieldDeclarationList');
		if (tparams.length > 0) {
			const tpl: ClassTemplate = {
				name,
				qualName: scope.prefix() + name,
				tparams,
				node: n,
				scope,
				instances: new Map(),
				outOfClass: [],
			};
			const existing = scope.names.get(name);
			if (existing?.kind === 'classTemplate' && !body) return undefined;
			scope.declare(name, { kind: 'classTemplate', tpl });
			return undefined;
		}
		if (!body) {
			const existing = scope.lookup(name);
			if (existing?.kind === 'class') return existing.cls;
			// A forward declaration: declare an empty class that the definition fills later.
			const fwd = new ClassDef(name, scope.prefix() + name, []);
			fwd.scope = new Scope(scope, 'class', name);
			fwd.scope.cls = fwd;
			scope.declare(name, { kind: 'class', cls: fwd });
			return fwd;
		}
		const existing = scope.names.get(name);
		const cls =
			existing?.kind === 'class' && !existing.cls.complete
				? existing.cls
				: new ClassDef(name, scope.prefix() + name, []);
		if (!cls.scope) {
			cls.scope = new Scope(scope, 'class', name);
			cls.scope.cls = cls;
		}
		scope.declare(name, { kind: 'class', cls });
		this.#fillClass(cls, body);
		return cls;
	}

	/** Instantiates class template `tpl` with `targs` (cached per argument list). */
	#instantiate(tpl: ClassTemplate, targs: TemplateArg[], at: SyntaxNode): ClassDef | undefined {
		const full = this.#fillDefaults(tpl.tparams, targs, tpl.scope, at);
		if (!full) return undefined;
		const key = argsKey(full);
		const cached = tpl.instances.get(key);
		if (cached) return cached;
		if (!this.#mayInstantiate(at)) return undefined;
		const cls = new ClassDef(tpl.name, tpl.qualName, full);
		cls.scope = new Scope(tpl.scope, 'class', tpl.name);
		cls.scope.cls = cls;
		tpl.tparams.forEach((p, i) => cls.scope.declare(p.name, { kind: 'targ', value: full[i]! }));
		tpl.instances.set(key, cls);
		const body = tpl.node.getChild('FieldDeclarationList');
		if (body) this.#fillClass(cls, body);
		for (const o of tpl.outOfClass) this.#attachOutOfClass(cls, o.node, o.tparams);
		return cls;
	}

	#fillDefaults(
		tparams: TemplateParam[],
		targs: TemplateArg[],
		scope: Scope,
		at: SyntaxNode,
	): TemplateArg[] | undefined {
		const full = [...targs];
		if (full.length > tparams.length) {
			this.#diag('args-mismatch', at, {
				name: this.#text(at),
				expected: tparams.length,
				got: full.length,
			});
			return undefined;
		}
		const s = new Scope(scope, 'block');
		tparams.forEach((p, i) => {
			if (i < full.length) s.declare(p.name, { kind: 'targ', value: full[i]! });
		});
		for (let i = full.length; i < tparams.length; i++) {
			const p = tparams[i]!;
			if (!p.def) {
				this.#diag('template-args-missing', at, { name: firstLine(this.#text(at)) });
				return undefined;
			}
			const v = p.kind === 'type' ? this.#resolveType(p.def, s) : this.#constValue(p.def, s);
			full.push(
				typeof v === 'number' ? v : typeof v === 'object' && v && 'k' in v ? (v as CType) : 0,
			);
			s.declare(p.name, { kind: 'targ', value: full[i]! });
		}
		return full;
	}

	#fillClass(cls: ClassDef, body: SyntaxNode): void {
		const scope = cls.scope;
		this.#inheritBases(cls, body.parent);
		const methods: SyntaxNode[] = [];
		for (const m of this.#children(body)) {
			try {
				switch (m.name) {
					case 'FieldDeclaration':
						this.#fieldDeclaration(cls, m);
						break;
					case 'FunctionDefinition':
						methods.push(m);
						break;
					case 'TemplateDeclaration': {
						const inner = this.#parts(m).find((c) => c.name === 'FunctionDefinition');
						if (inner) {
							const tparams = this.#templateParams(m.getChild('TemplateParameterList'));
							this.#declareFunction(inner, scope, false, tparams, cls);
						} else this.#unsupported(m, 'a member template other than a function');
						break;
					}
					case 'ClassSpecifier':
					case 'StructSpecifier':
						this.#declareClass(m, scope, []);
						break;
					case 'EnumSpecifier':
						this.#declareEnum(m, scope);
						break;
					case 'AliasDeclaration':
					case 'TypeDefinition':
					case 'UsingDeclaration':
						this.#declareTop(m, scope, false);
						break;
					case 'AccessSpecifier':
					case 'FriendDeclaration':
					case '{':
					case '}':
					case ';':
					case 'PreprocDirective':
					case 'LineComment':
					case 'BlockComment':
						break;
					case 'Declaration':
						this.#fieldDeclaration(cls, m);
						break;
					default:
						if (!m.type.isError) this.#unsupported(m, `\`${firstLine(this.#text(m))}\` in a class`);
				}
			} catch (e) {
				if (e instanceof LangStop) this.diagnostics.push(e.diagnostic);
				else throw e;
			}
		}
		cls.complete = true;
		for (const m of methods) this.#declareFunction(m, scope, false, [], cls);
	}

	/**
	 * Public inheritance from classes of the program: base fields come first (so inherited
	 * member functions see the same field indices) and base member functions are inherited.
	 */
	#inheritBases(cls: ClassDef, classNode: SyntaxNode | null): void {
		const clause = classNode?.getChild('BaseClassClause');
		if (!clause) return;
		for (const b of this.#parts(clause)) {
			if (!isTypeNode(b.name)) continue;
			const t = this.#resolveType(b, cls.scope.parent ?? cls.scope);
			if (t.k !== 'class') {
				if (t.k !== 'unknown') {
					this.#unsupported(
						b,
						`the base class \`${this.#text(b)}\``,
						'only classes of the program can be bases',
					);
				}
				continue;
			}
			for (const f of t.cls.fields) {
				cls.addField(f);
				const index = cls.fields.length - 1;
				cls.scope.declare(f.name, { kind: 'field', cls, index, type: f.type });
			}
			for (const defs of t.cls.methods.values()) {
				for (const d of defs) if (d.name !== t.cls.name) cls.addMethod(d);
			}
			for (const [name, st] of t.cls.statics) {
				cls.statics.set(name, st);
				cls.scope.declare(name, { kind: 'global', cell: st.cell as { v: Value }, type: st.type });
			}
		}
	}

	#fieldDeclaration(cls: ClassDef, m: SyntaxNode): void {
		const kids = this.#parts(m);
		const isStatic = kids.some((c) => c.name === 'static');
		const fnDecl = kids.find((c) => c.name === 'FunctionDeclarator');
		if (fnDecl) {
			// A member function declared here and defined out of class (`void K::F() {…}`).
			return;
		}
		const typeNode = kids.find((c) => isTypeNode(c.name));
		if (!typeNode) return;
		let base: CType;
		if (typeNode.name === 'StructSpecifier' || typeNode.name === 'ClassSpecifier') {
			const inner = this.#declareClass(typeNode, cls.scope, []);
			base = inner ? { k: 'class', cls: inner, targs: [] } : T.unknown;
		} else base = this.#resolveType(typeNode, cls.scope);
		const after = kids.slice(kids.indexOf(typeNode) + 1);
		for (let i = 0; i < after.length; i++) {
			const d = after[i]!;
			if (!isDeclaratorNode(d.name)) continue;
			const info = this.#declarator(d, base, cls.scope);
			if (!info.name) continue;
			// `static constexpr int M = 4;` puts the value right after the FieldIdentifier.
			let init = info.init;
			const next = after[i + 1];
			const assigned = next ? this.#src.slice(d.to, next.from).includes('=') : false;
			if (
				!init &&
				next &&
				(assigned || !isDeclaratorNode(next.name)) &&
				next.name !== 'BitfieldClause'
			) {
				init = next;
				i++;
			}
			if (isStatic) {
				const cell: { v: Value } = { v: defaultValue(info.type) };
				if (init) {
					const v = this.#constValue(init, cls.scope);
					cell.v = convert(v as Value, info.type);
				}
				cls.statics.set(info.name, { type: info.type, cell });
				cls.scope.declare(info.name, { kind: 'global', cell, type: info.type });
				continue;
			}
			const field: { name: string; type: CType; init?: SyntaxNode; arrayDims?: number[] } = {
				name: info.name,
				type: info.type.k === 'array' ? elemOf(info.type) : info.type,
			};
			if (info.type.k === 'array') field.arrayDims = dimsOf(info.type);
			if (init) field.init = init;
			cls.addField(field);
			cls.scope.declare(info.name, {
				kind: 'field',
				cls,
				index: cls.fields.length - 1,
				type: info.type,
			});
		}
	}

	/**
	 * Attaches an out-of-class member definition of a class template to one instance; its own
	 * template parameter names (`template <typename U> void K<U>::F()`) stand for the instance's
	 * arguments.
	 */
	#attachOutOfClass(cls: ClassDef, node: SyntaxNode, tparams: TemplateParam[]): void {
		const fnScope = new Scope(cls.scope, 'block');
		tparams.forEach((p, i) => {
			const arg = cls.targs[i];
			if (p.name && arg !== undefined) fnScope.declare(p.name, { kind: 'targ', value: arg });
		});
		this.#declareFunction(node, fnScope, false, [], cls);
	}

	// ───────────────────────────── functions ─────────────────────────────

	#declareFunction(
		n: SyntaxNode,
		scope: Scope,
		externC: boolean,
		tparams: TemplateParam[],
		cls?: ClassDef,
	): void {
		const decl = findFunctionDeclarator(n);
		if (!decl) {
			this.#unsupported(n, 'this function definition');
			return;
		}
		const nameNode = decl.firstChild;
		if (!nameNode) return;
		let name = this.#text(nameNode);
		let owner = cls;
		let ownerScope = scope;
		if (!cls && (nameNode.name === 'ScopedIdentifier' || nameNode.name === 'QualifiedIdentifier')) {
			// `void KernelAdd::Init(...) {…}` or `template<…> void K<T>::F() {…}`.
			const path = name.split('::');
			name = path.pop()!;
			const ownerName = path.join('::').replace(/<.*>$/, '');
			const e = this.#lookupPath(ownerName.split('::'), scope);
			if (e?.kind === 'class') {
				owner = e.cls;
				ownerScope = e.cls.scope;
			} else if (e?.kind === 'classTemplate') {
				e.tpl.outOfClass.push({ node: n, tparams });
				for (const inst of e.tpl.instances.values()) this.#attachOutOfClass(inst, n, tparams);
				return;
			} else if (e?.kind === 'namespace') {
				ownerScope = e.scope;
			} else {
				this.#diag('type-unknown', nameNode, { name: ownerName });
				return;
			}
		}
		const isDtor = nameNode.name === 'DestructorName' || name.startsWith('~');
		if (isDtor) return; // Destructors of user classes have nothing the simulator observes.
		const params = decl.getChild('ParameterList');
		const plist = params ? this.#parts(params) : [];
		const paramCount = plist.filter(
			(p) => p.name !== 'PrimitiveType' || this.#text(p) !== 'void',
		).length;
		const defaults = plist.filter((p) => p.name === 'OptionalParameterDeclaration').length;
		const isStatic = this.#children(n).some((c) => c.name === 'static');
		// `__global__` (blanked before parsing) stood between the previous declaration and this
		// function's name: the function is a kernel entry.
		const from = n.prevSibling?.to ?? n.parent?.from ?? 0;
		const kernel = this.#parsed.pre.globalOffsets.some((o) => o >= from && o < decl.from);
		const def: FuncDef = {
			name,
			qualName: (owner ? owner.qualName + '::' : ownerScope.prefix()) + name,
			node: n,
			scope: ownerScope,
			tparams,
			isCtor: !!owner && name === owner.name,
			isStatic,
			externC,
			kernel,
			paramCount,
			defaults,
		};
		if (owner) def.cls = owner;
		if (tparams.length > 0) def.instances = new Map();
		if (owner) {
			const list = owner.methods.get(name) ?? [];
			// A definition replaces a bare declaration, and a derived class's member function
			// hides the inherited one with the same parameter count.
			const same = list.findIndex(
				(d) => d.paramCount === paramCount && (!d.node || d.cls !== owner),
			);
			if (same >= 0) list.splice(same, 1);
			owner.addMethod(def);
		} else {
			const e = ownerScope.names.get(name);
			if (e?.kind === 'func') {
				e.defs.push(def);
			} else ownerScope.declare(name, { kind: 'func', defs: [def] });
		}
		if (tparams.length === 0) {
			this.functions.push(def);
			this.#pending.push(def);
		}
	}

	#instantiations = 0;

	/** Counts an instantiation; past the cap (runaway recursive templates) reports and refuses. */
	#mayInstantiate(at: SyntaxNode): boolean {
		if (++this.#instantiations <= MAX_INSTANTIATIONS) return true;
		this.#unsupported(
			at,
			`more than ${MAX_INSTANTIATIONS} template instantiations`,
			'look for a template that instantiates itself without end',
		);
		return false;
	}

	/** The instance of function template `def` for `targs` (compiled through the queue). */
	#instantiateFunction(def: FuncDef, targs: TemplateArg[], at: SyntaxNode): FuncDef | undefined {
		const full = this.#fillDefaults(def.tparams, targs, def.scope, at);
		if (!full) return undefined;
		const key = argsKey(full);
		const cached = def.instances!.get(key);
		if (cached) return cached;
		if (!this.#mayInstantiate(at)) return undefined;
		const scope = new Scope(def.scope, 'block');
		def.tparams.forEach((p, i) => scope.declare(p.name, { kind: 'targ', value: full[i]! }));
		const inst: FuncDef = {
			...def,
			scope,
			tparams: [],
			targs: full,
			instances: undefined,
			compiled: undefined,
		};
		delete (inst as FuncDef & { sig?: Signature }).sig;
		def.instances!.set(key, inst);
		this.functions.push(inst);
		this.#pending.push(inst);
		return inst;
	}

	/** Parameter types of `def` (resolved once, in its own scope). */
	#signature(def: FuncDef): Signature {
		const cached = (def as FuncDef & { sig?: Signature }).sig;
		if (cached) return cached;
		const n = def.node!;
		const decl = findFunctionDeclarator(n)!;
		const scope = def.scope;
		const params: Array<{ name: string; type: CType; ref: boolean; def?: SyntaxNode }> = [];
		const plist = decl.getChild('ParameterList');
		for (const p of plist ? this.#parts(plist) : []) {
			if (p.name !== 'ParameterDeclaration' && p.name !== 'OptionalParameterDeclaration') {
				if (p.name === 'VariadicParameterDeclaration' || this.#text(p) === '...') {
					this.#unsupported(p, 'a variadic parameter');
				}
				continue;
			}
			const kids = this.#parts(p);
			const typeNode = kids.find((c) => isTypeNode(c.name));
			if (!typeNode) continue;
			const base = this.#resolveType(typeNode, scope);
			if (base.k === 'void' && kids.length === 1) continue;
			const d = kids.find((c, i) => i > kids.indexOf(typeNode) && isDeclaratorNode(c.name));
			const info = d ? this.#declarator(d, base, scope) : { name: '', type: base, ref: false };
			const entry: { name: string; type: CType; ref: boolean; def?: SyntaxNode } = {
				name: info.name,
				type: info.type.k === 'array' ? { k: 'ptr', to: elemOf(info.type) } : info.type,
				ref: info.ref,
			};
			if (p.name === 'OptionalParameterDeclaration') {
				const last = kids[kids.length - 1];
				if (last && last !== d && last !== typeNode) entry.def = last;
			}
			params.push(entry);
		}
		const typeNode = this.#children(n).find((c) => isTypeNode(c.name));
		let ret: CType = typeNode ? this.#resolveType(typeNode, scope) : T.void;
		// `T* f()` / `T& f()`: the declarator wraps the function declarator.
		for (let d: SyntaxNode | null = decl.parent; d && d !== n; d = d.parent) {
			if (d.name === 'PointerDeclarator') ret = { k: 'ptr', to: ret };
		}
		const sig = { params, ret };
		(def as FuncDef & { sig?: typeof sig }).sig = sig;
		return sig;
	}

	/** How C++ prints the function in a backtrace, e.g. `KernelAdd::Compute(int)`. */
	#frameName(def: FuncDef): string {
		if (def.externC || def.qualName === 'main') return def.qualName;
		const sig = this.#signature(def);
		const targs = def.targs?.length ? `<${def.targs.map(demangledArg).join(', ')}>` : '';
		const params = sig.params.map((p) => demangled(p.type) + (p.ref ? '&' : '')).join(', ');
		const prefix = def.targs?.length && sig.ret.k !== 'class' ? `${demangled(sig.ret)} ` : '';
		const owner = def.cls
			? `${def.cls.qualName}${def.cls.targs.length ? `<${def.cls.targs.map(demangledArg).join(', ')}>` : ''}::`
			: def.qualName.slice(0, def.qualName.length - def.name.length);
		return `${prefix}${owner}${def.name}${targs}(${params})`;
	}

	#compileBody(def: FuncDef): void {
		const n = def.node;
		if (!n) return;
		const body = n.getChild('CompoundStatement');
		const saved = this.#fn;
		const sig = this.#signature(def);
		const fs: FnState = { slots: 0, ret: sig.ret, def };
		this.#fn = fs;
		const scope = new Scope(def.cls ? def.cls.scope : def.scope, 'function', def.name);
		if (def.cls && def.scope !== def.cls.scope) {
			// Instances of member templates keep their template arguments in def.scope.
			for (const [k, v] of def.scope.names) scope.declare(k, v);
		}
		const paramSlots: Array<{ slot: number; type: CType; ref: boolean }> = [];
		for (const p of sig.params) {
			const slot = fs.slots++;
			const refScalar = p.ref && isScalarLike(p.type);
			if (p.name) scope.declare(p.name, { kind: 'local', slot, type: p.type, ref: refScalar });
			paramSlots.push({ slot, type: p.type, ref: refScalar });
		}
		let init: St | undefined;
		if (def.isCtor && def.cls) init = this.#ctorInit(def.cls, n, scope);
		let bodySt: St = () => NORMAL;
		try {
			if (body) bodySt = this.#block(body, scope, false);
			else if (!n.getChild('CompoundStatement')) bodySt = () => NORMAL;
		} catch (e) {
			if (e instanceof LangStop) this.diagnostics.push(e.diagnostic);
			else throw e;
		}
		this.#fn = saved;
		const rt = this.#rt;
		const name = this.#frameName(def);
		const line = this.#span(n).line;
		const slots = () => fs.slots;
		const ret = sig.ret;
		const retConv = isScalarLike(ret) && ret.k !== 'ptr';
		const classRet = ret.k === 'class';
		const nparams = paramSlots.length;
		const compiled: CompiledFunc = {
			slots: 0,
			params: sig.params,
			ret,
			invoke: (self, args) => {
				rt.tick();
				if (rt.stack.length >= MAX_CALL_DEPTH) {
					rt.stop('recursion-too-deep', { line, column: 1 }, { depth: MAX_CALL_DEPTH });
				}
				const f = new Frame(slots(), self);
				for (let i = 0; i < nparams; i++) {
					const p = paramSlots[i]!;
					const a = args[i];
					f.s[p.slot] = p.ref
						? a
						: p.type.k === 'class' && !sig.params[i]!.ref
							? cloneValue(a)
							: convertArg(a, p.type);
				}
				rt.stack.push({ func: name, line, column: 1 });
				if (init) init(f);
				bodySt(f);
				rt.stack.pop();
				const r = f.ret;
				return retConv ? convert(r, ret) : classRet ? cloneValue(r) : r;
			},
		};
		def.compiled = compiled;
	}

	/** Field construction in declaration order, then the constructor's initializer list. */
	#ctorInit(cls: ClassDef, n: SyntaxNode, scope: Scope): St {
		const list = n.getChild('FieldInitializerList');
		const inits = new Map<string, SyntaxNode>();
		for (const fi of list ? list.getChildren('FieldInitializer') : []) {
			const id = fi.firstChild;
			if (id) inits.set(this.#text(id), fi);
		}
		const steps: Array<(f: Frame) => void> = [];
		for (const [name, fi] of inits) {
			const index = cls.fieldIndex.get(name);
			if (index === undefined) {
				this.#diag('member-unknown', fi, { type: cls.qualName, name });
				continue;
			}
			const field = cls.fields[index]!;
			const argsNode = fi.getChild('ArgumentList') ?? fi.getChild('InitializerList');
			const args = argsNode ? this.#parts(argsNode).map((a) => this.#expr(a, scope)) : [];
			if (field.type.k === 'sim' || field.type.k === 'class') {
				const make = this.#constructFrom(field.type, args, fi);
				steps.push((f) => {
					(f.self as Instance).fields[index] = make(f);
				});
			} else {
				const a = args[0];
				const t = field.type;
				if (a) steps.push((f) => void ((f.self as Instance).fields[index] = convert(a.ev(f), t)));
			}
		}
		return (f) => {
			for (const s of steps) s(f);
			return NORMAL;
		};
	}

	// ───────────────────────────── types ─────────────────────────────

	/** The CType a type node names. */
	#resolveType(n: SyntaxNode, scope: Scope): CType {
		switch (n.name) {
			case 'PrimitiveType': {
				const t = PRIMITIVE_TYPES[this.#text(n)];
				return t ?? T.unknown;
			}
			case 'SizedTypeSpecifier': {
				const words = this.#text(n).split(/\s+/);
				const unsigned = words.includes('unsigned');
				const longs = words.filter((w) => w === 'long').length;
				if (words.includes('char')) return unsigned ? T.u8 : T.i8;
				if (words.includes('short')) return unsigned ? T.u16 : T.i16;
				if (words.includes('double')) return T.f64;
				if (longs >= 1) return unsigned ? T.u64 : T.i64;
				return unsigned ? T.u32 : T.i32;
			}
			case 'auto':
				return T.unknown;
			case 'TypeDescriptor':
				return this.#typeDescriptor(n, scope);
			case 'TypeIdentifier':
			case 'ScopedTypeIdentifier':
			case 'NamespaceIdentifier':
			case 'Identifier':
				return this.#namedType(this.#text(n), n, scope, []);
			case 'TemplateType': {
				const nameNode = n.firstChild!;
				const args = this.#templateArgs(n.getChild('TemplateArgumentList'), scope);
				return this.#namedType(this.#text(nameNode), nameNode, scope, args);
			}
			case 'StructSpecifier':
			case 'ClassSpecifier': {
				const id = n.getChild('TypeIdentifier');
				if (!id) return T.unknown;
				if (n.getChild('FieldDeclarationList')) {
					const cls = this.#declareClass(n, scope, []);
					return cls ? { k: 'class', cls, targs: [] } : T.unknown;
				}
				return this.#namedType(this.#text(id), id, scope, []);
			}
			case 'EnumSpecifier': {
				const id = n.getChild('TypeIdentifier');
				return id ? this.#namedType(this.#text(id), id, scope, []) : T.i32;
			}
			case 'DependentType':
			case 'TypenameType': {
				const inner = this.#parts(n).find((c) => c.name !== 'typename');
				return inner ? this.#resolveType(inner, scope) : T.unknown;
			}
			default:
				return T.unknown;
		}
	}

	#typeDescriptor(n: SyntaxNode, scope: Scope): CType {
		const kids = this.#parts(n);
		const typeNode = kids.find((c) => isTypeNode(c.name));
		let t = typeNode ? this.#resolveType(typeNode, scope) : T.unknown;
		for (const c of kids) {
			if (c.name === 'AbstractPointerDeclarator') {
				const depth = (this.#text(c).match(/\*/g) ?? []).length;
				for (let i = 0; i < depth; i++) t = { k: 'ptr', to: t };
			} else if (c.name === 'AbstractArrayDeclarator') {
				t = { k: 'ptr', to: t };
			}
		}
		return t;
	}

	/** Resolves a (possibly qualified) type name with template arguments. */
	#namedType(name: string, at: SyntaxNode, scope: Scope, targs: TemplateArg[]): CType {
		const path = name.split('::').map((p) => p.trim());
		const last = path[path.length - 1]!;
		const prim = path.length === 1 ? PRIMITIVE_TYPES[last] : undefined;
		const e = this.#lookupPath(path, scope);
		if (e) {
			switch (e.kind) {
				case 'type':
					return e.type;
				case 'class':
					return { k: 'class', cls: e.cls, targs: [] };
				case 'classTemplate': {
					const cls = this.#instantiate(e.tpl, targs, at);
					return cls ? { k: 'class', cls, targs: cls.targs } : T.unknown;
				}
				case 'targ':
					return typeof e.value === 'number' ? T.i32 : e.value;
				case 'namespace': {
					const inner = e.scope.names.get('__type');
					if (inner?.kind === 'type') return inner.type;
					break;
				}
				default:
					break;
			}
		}
		if (prim) return prim;
		const macro = path.length === 1 ? this.#macros.get(last) : undefined;
		if (
			macro &&
			!macro.params &&
			/^[\w\s:*]+$/.test(macro.body.trim()) &&
			!this.#macroDepth.includes(last)
		) {
			this.#macroDepth.push(last);
			try {
				const text = macro.body.trim();
				const stars = (text.match(/\*/g) ?? []).length;
				let t = this.#namedType(
					text.replace(/\*/g, '').trim().split(/\s+/).pop()!,
					at,
					scope,
					targs,
				);
				for (let i = 0; i < stars; i++) t = { k: 'ptr', to: t };
				return t;
			} finally {
				this.#macroDepth.pop();
			}
		}
		const simName = this.#simName(path);
		if (simName !== undefined) {
			const nt = this.#b.types.get(simName);
			if (nt) return nt.ctype ? nt.ctype(targs) : { k: 'sim', name: nt.name, targs };
			const p = PRIMITIVE_TYPES[simName];
			if (p) return p;
		}
		this.#diag('type-unknown', at, { name });
		return T.unknown;
	}

	#templateArgs(list: SyntaxNode | null, scope: Scope): TemplateArg[] {
		if (!list) return [];
		return this.#parts(list).map((a) => this.#templateArg(a, scope));
	}

	/** A template argument: a type, or a constant expression (enum values, numbers). */
	#templateArg(a: SyntaxNode, scope: Scope): TemplateArg {
		if (a.name === 'TypeDescriptor') {
			const kids = this.#parts(a);
			const only = kids.length === 1 ? kids[0]! : undefined;
			if (only && (only.name === 'TypeIdentifier' || only.name === 'ScopedTypeIdentifier')) {
				// `BUFFER_NUM`, `TPosition::VECIN`: names that may be values rather than types.
				const v = this.#tryValueName(this.#text(only), scope);
				if (v !== undefined) return v;
			}
			return this.#typeDescriptor(a, scope);
		}
		const v = this.#constValue(a, scope);
		return typeof v === 'number' ? v : 0;
	}

	/** The value of a name if it names a constant (not a type), else undefined. */
	#tryValueName(name: string, scope: Scope): number | undefined {
		const path = name.split('::');
		const e = this.#lookupPath(path, scope);
		if (e) {
			if (e.kind === 'const' && typeof e.value === 'number') return e.value;
			if (e.kind === 'targ' && typeof e.value === 'number') return e.value;
			if (e.kind === 'global' && typeof e.cell.v === 'number') return e.cell.v;
			return undefined;
		}
		if (path.length === 1 && this.#macros.has(name)) {
			const v = this.#constValueOfMacro(name, scope);
			if (typeof v === 'number') return v;
		}
		const c = this.#simConstant(path);
		if (c && typeof c.value === 'number') return c.value;
		return undefined;
	}

	#constValueOfMacro(name: string, scope: Scope): Value {
		const ex = this.#macroObject(name, scope, undefined);
		if (!ex || !ex.c) return undefined;
		return ex.ev(new Frame(0, null));
	}

	/** Evaluates a constant expression at compile time (array sizes, template args, enums). */
	#constValue(n: SyntaxNode, scope: Scope): Value {
		const ex = this.#expr(n, scope);
		if (!ex.c) {
			this.#unsupported(
				n,
				`a non-constant \`${firstLine(this.#text(n))}\` where a constant is needed`,
			);
			return 0;
		}
		try {
			return ex.ev(new Frame(0, null));
		} catch (e) {
			if (e instanceof LangStop) {
				this.diagnostics.push(e.diagnostic);
				return 0;
			}
			throw e;
		}
	}

	// ───────────────────────────── names ─────────────────────────────

	/** The unqualified simulator name of a path, if it is in a simulator namespace. */
	#simName(path: string[]): string | undefined {
		let i = 0;
		while (i < path.length - 1 && SIM_NAMESPACES.has(path[i]!)) i++;
		const rest = path.slice(i);
		return rest.join('::');
	}

	#simConstant(path: string[]) {
		const name = this.#simName(path);
		if (name === undefined) return undefined;
		return this.#b.constants.get(name);
	}

	/** Resolves a qualified path in the user's scopes. */
	#lookupPath(path: string[], scope: Scope): Entity | undefined {
		const parts = path[0] === '' ? path.slice(1) : path;
		if (parts.length === 0) return undefined;
		let e = path[0] === '' ? this.global.lookupOwn(parts[0]!) : scope.lookup(parts[0]!);
		for (let i = 1; i < parts.length && e; i++) {
			const name = parts[i]!.replace(/<.*>$/, '');
			if (e.kind === 'namespace') e = e.scope.lookupOwn(name);
			else if (e.kind === 'class') e = e.cls.scope.lookupOwn(name);
			else if (e.kind === 'type' && e.type.k === 'class') e = e.type.cls.scope.lookupOwn(name);
			else if (e.kind === 'classTemplate') return undefined;
			else return undefined;
		}
		return e;
	}

	// ───────────────────────────── declarators ─────────────────────────────

	/** Name, derived type and initializer of one declarator. */
	#declarator(
		d: SyntaxNode,
		base: CType,
		scope: Scope,
	): {
		name: string;
		type: CType;
		ref: boolean;
		init?: SyntaxNode;
		nameNode?: SyntaxNode;
		arrayUnsized?: boolean;
	} {
		let type = base;
		let ref = false;
		let init: SyntaxNode | undefined;
		let arrayUnsized = false;
		const dims: Array<number | undefined> = [];
		let cur: SyntaxNode | null = d;
		let nameNode: SyntaxNode | undefined;
		while (cur) {
			switch (cur.name) {
				case 'InitDeclarator': {
					const kids = this.#parts(cur);
					const target = kids[0]!;
					init = kids[kids.length - 1] !== target ? kids[kids.length - 1] : undefined;
					cur = target;
					continue;
				}
				case 'PointerDeclarator': {
					const stars =
						(
							this.#text(cur)
								.match(/^[\s*&]*(?:const\s*)?[\s*]*/)?.[0]
								.match(/\*/g) ?? []
						).length || 1;
					void stars;
					type = { k: 'ptr', to: type };
					cur = this.#parts(cur).find((c) => isDeclaratorNode(c.name)) ?? null;
					continue;
				}
				case 'ReferenceDeclarator':
					ref = true;
					cur = this.#parts(cur).find((c) => isDeclaratorNode(c.name)) ?? null;
					continue;
				case 'ArrayDeclarator': {
					const kids = this.#parts(cur);
					const inner = kids[0]!;
					const sizeNode = kids[1];
					if (sizeNode) {
						const v = this.#constValue(sizeNode, scope);
						dims.push(typeof v === 'number' ? v : 0);
					} else {
						dims.push(undefined);
						arrayUnsized = true;
					}
					cur = inner;
					continue;
				}
				case 'Identifier':
				case 'FieldIdentifier':
				case 'TypeIdentifier':
				case 'DestructorName':
					nameNode = cur;
					cur = null;
					continue;
				case 'ScopedIdentifier':
					nameNode = cur;
					cur = null;
					continue;
				default:
					cur = null;
			}
		}
		for (let i = dims.length - 1; i >= 0; i--) type = { k: 'array', of: type, n: dims[i] ?? 0 };
		const out: {
			name: string;
			type: CType;
			ref: boolean;
			init?: SyntaxNode;
			nameNode?: SyntaxNode;
			arrayUnsized?: boolean;
		} = {
			name: nameNode ? this.#text(nameNode) : '',
			type,
			ref,
		};
		if (init) out.init = init;
		if (nameNode) out.nameNode = nameNode;
		if (arrayUnsized) out.arrayUnsized = true;
		return out;
	}

	#globalDeclaration(n: SyntaxNode, scope: Scope): void {
		const kids = this.#parts(n);
		const fnDecl = kids.find((c) => c.name === 'FunctionDeclarator');
		if (fnDecl) return; // A prototype; the definition comes elsewhere (or from a binding).
		const st = this.#declaration(n, scope, true);
		this.globalInits.push((f) => void st(f));
	}

	/**
	 * Compiles a declaration statement. Locals get frame slots; at file level (`global`) each
	 * variable gets a cell (constants with constant initializers are folded).
	 */
	#declaration(n: SyntaxNode, scope: Scope, global: boolean): St {
		const kids = this.#parts(n);
		const isStatic = kids.some((c) => c.name === 'static');
		const isConst = kids.some((c) => c.name === 'constexpr' || c.name === 'const');
		const typeNode = kids.find((c) => isTypeNode(c.name));
		if (!typeNode) {
			return this.#stBad(n, 'construct-unsupported', {
				construct: `the declaration \`${firstLine(this.#text(n))}\``,
				detail: 'give the variable a type',
			});
		}
		if (kids.some((c) => c.name === 'FunctionDeclarator')) return () => NORMAL;
		let base: CType;
		if (
			(typeNode.name === 'StructSpecifier' || typeNode.name === 'ClassSpecifier') &&
			typeNode.getChild('FieldDeclarationList')
		) {
			const cls = this.#declareClass(typeNode, scope, []);
			base = cls ? { k: 'class', cls, targs: [] } : T.unknown;
		} else if (typeNode.name === 'EnumSpecifier' && typeNode.getChild('EnumeratorList')) {
			base = this.#declareEnum(typeNode, scope);
		} else base = this.#resolveType(typeNode, scope);
		const steps: St[] = [];
		for (const d of kids.slice(kids.indexOf(typeNode) + 1)) {
			if (!isDeclaratorNode(d.name)) continue;
			steps.push(this.#declareOne(d, base, scope, global || isStatic, isConst));
		}
		if (steps.length === 1) return steps[0]!;
		return (f) => {
			for (const s of steps) s(f);
			return NORMAL;
		};
	}

	#declareOne(d: SyntaxNode, base: CType, scope: Scope, global: boolean, isConst: boolean): St {
		const info = this.#declarator(d, base, scope);
		const name = info.name;
		let type = info.type;
		const initNode = info.init;
		// Initializer
		let initEx: Ex | undefined;
		let ctorArgs: Ex[] | undefined;
		let listItems: SyntaxNode[] | undefined;
		if (initNode) {
			if (initNode.name === 'InitializerList') listItems = this.#parts(initNode);
			else if (initNode.name === 'ArgumentList')
				ctorArgs = this.#parts(initNode).map((a) => this.#expr(a, scope));
			else initEx = this.#expr(initNode, scope);
		}
		if (type.k === 'unknown' && initEx)
			type = initEx.t.k === 'array' ? { k: 'ptr', to: elemOf(initEx.t) } : initEx.t;
		if (type.k === 'array' && info.arrayUnsized && listItems) {
			type = { k: 'array', of: type.of, n: listItems.length };
		}
		// Constants fold at compile time.
		if (isConst && initEx?.c && !info.ref && isScalarLike(type)) {
			const v = convert(initEx.ev(new Frame(0, null)), type);
			scope.declare(name, { kind: 'const', value: v, type });
			return () => NORMAL;
		}
		let make: Ev;
		if (info.ref) {
			if (!initEx)
				return this.#stBad(d, 'construct-unsupported', {
					construct: 'a reference without an initializer',
					detail: 'bind the reference where you declare it',
				});
			if (isScalarLike(type)) {
				const lv = this.#lvalue(initNode!, scope);
				if (!lv) return () => NORMAL;
				make = lv.addr;
			} else make = initEx.ev;
		} else if (type.k === 'array') {
			make = this.#arrayInit(type, listItems, scope, name);
		} else if (type.k === 'class' || type.k === 'sim') {
			if (initEx) {
				const ev = initEx.ev;
				make = type.k === 'class' ? (f) => cloneValue(ev(f)) : ev;
			} else if (listItems) {
				make = this.#constructFrom(
					type,
					listItems.map((a) => this.#expr(a, scope)),
					d,
					true,
					name,
				);
			} else {
				make = this.#constructFrom(type, ctorArgs ?? [], d, false, name);
			}
		} else if (initEx) {
			const ev = initEx.ev;
			const t = type;
			make = (f) => convertArg(ev(f), t);
		} else if (listItems) {
			const first = listItems[0] ? this.#expr(listItems[0], scope) : undefined;
			const t = type;
			make = first ? (f) => convert(first.ev(f), t) : () => defaultValue(t);
		} else if (ctorArgs) {
			const first = ctorArgs[0];
			const t = type;
			make = first ? (f) => convert(first.ev(f), t) : () => defaultValue(t);
		} else {
			const v = defaultValue(type);
			make = () => v;
		}
		if (global) {
			const cell: { v: Value } = { v: defaultValue(type) };
			scope.declare(name, { kind: 'global', cell, type });
			// Initialised once per process (globals at start, statics on first pass).
			let done = -1;
			const rt = this.#rt;
			return (f) => {
				if (done !== rt.generation) {
					done = rt.generation;
					cell.v = make(f);
				}
				return NORMAL;
			};
		}
		const slot = this.#fn.slots++;
		const refScalar = info.ref && isScalarLike(type);
		const st: St = (f) => {
			f.s[slot] = make(f);
			return NORMAL;
		};
		scope.declare(name, { kind: 'local', slot, type, ref: refScalar });
		return st;
	}

	#arrayInit(
		type: Extract<CType, { k: 'array' }>,
		items: SyntaxNode[] | undefined,
		scope: Scope,
		name: string,
	): Ev {
		const elem = type.of;
		const n = type.n;
		const exprs = (items ?? []).map((a) => this.#expr(a, scope));
		const inner = elem.k === 'array' ? elem : undefined;
		return (f) => {
			const values: Value[] = new Array(n);
			for (let i = 0; i < n; i++) {
				const e = exprs[i];
				values[i] = inner
					? this.#arrayInit(inner, undefined, scope, name)(f)
					: e
						? convert(e.ev(f), elem)
						: elem.k === 'class'
							? newInstance(elem)
							: defaultValue(elem);
			}
			return new Ptr(new ArrayStore(values, elem, name), 0, elem);
		};
	}

	/** Builds a value of class/sim type from constructor or brace arguments. */
	#constructFrom(
		type: CType,
		args: Ex[],
		at: SyntaxNode | null,
		brace = false,
		declName?: string,
	): Ev {
		if (type.k === 'sim') {
			const nt = this.#b.types.get(type.name);
			if (!nt?.construct) {
				if (args.length === 1) return args[0]!.ev;
				return () => new SimObject(type.name, type.targs, null);
			}
			return this.#nativeCall(nt.construct, args, type.targs, at, type.name, declName);
		}
		if (type.k === 'class') {
			const cls = type.cls;
			const ctors = (cls.methods.get(cls.name) ?? []).filter((c) => c.node);
			const fieldInit = this.#fieldInitializers(cls);
			if (ctors.length === 0 || (brace && !ctors.some((c) => c.paramCount === args.length))) {
				// Aggregate initialisation: fields in order.
				const evs = args.map((a) => a.ev);
				const fields = cls.fields;
				if (at && args.length > fields.length) {
					this.#diag('args-mismatch', at, {
						name: cls.name,
						expected: fields.length,
						got: args.length,
					});
				}
				return (f) => {
					const inst = fieldInit(f);
					for (let i = 0; i < evs.length && i < fields.length; i++) {
						inst.fields[i] = convertArg(evs[i]!(f), fields[i]!.type);
					}
					return inst;
				};
			}
			if (!at) {
				// A member default-constructed as part of its enclosing object.
				const ctor0 = ctors.find((c) => c.paramCount - c.defaults === 0);
				return (f) => {
					const inst = fieldInit(f);
					ctor0?.compiled?.invoke(inst, []);
					return inst;
				};
			}
			const ctor = this.#pickOverload(ctors, args, at, cls.name);
			if (!ctor) return () => undefined;
			const callArgs = this.#argEvaluator(ctor, args, at);
			const site = this.#span(at);
			const rt = this.#rt;
			return (f) => {
				const inst = fieldInit(f);
				const top = rt.stack[rt.stack.length - 1];
				if (top) {
					top.line = site.line;
					top.column = site.column;
				}
				ctor.compiled!.invoke(inst, callArgs(f));
				return inst;
			};
		}
		if (args.length === 1) {
			const a = args[0]!;
			return (f) => convert(a.ev(f), type);
		}
		return () => defaultValue(type);
	}

	/** A function that creates an instance with every field default-constructed or initialised. */
	#fieldInitializers(cls: ClassDef): (f: Frame) => Instance {
		const makers: Array<Ev | undefined> = [];
		const cached = (cls as ClassDef & { makers?: Array<Ev | undefined> }).makers;
		if (cached) return (f) => buildInstance(cls, cached, f);
		(cls as ClassDef & { makers?: Array<Ev | undefined> }).makers = makers;
		for (const field of cls.fields) {
			const full: CType = field.arrayDims?.length
				? field.arrayDims.reduceRight<CType>((of, n) => ({ k: 'array', of, n }), field.type)
				: field.type;
			if (full.k === 'array') {
				makers.push(
					this.#arrayInit(
						full,
						field.init?.name === 'InitializerList' ? this.#parts(field.init) : undefined,
						cls.scope,
						field.name,
					),
				);
			} else if (full.k === 'sim' || full.k === 'class') {
				makers.push(this.#constructFrom(full, [], null, false, field.name));
			} else if (field.init) {
				const init =
					field.init.name === 'InitializerList' ? this.#parts(field.init)[0] : field.init;
				const ex = init ? this.#expr(init, cls.scope) : undefined;
				makers.push(ex ? (f) => convert(ex.ev(f), full) : undefined);
			} else makers.push(undefined);
		}
		return (f) => buildInstance(cls, makers, f);
	}

	// ───────────────────────────── statements ─────────────────────────────

	#stBad(n: SyntaxNode, code: LangCode, values: Record<string, string | number> = {}): St {
		const ex = this.#bad(code, n, values);
		return (f) => {
			ex.ev(f);
			return NORMAL;
		};
	}

	#block(n: SyntaxNode, outer: Scope, newScope = true): St {
		const scope = newScope ? new Scope(outer, 'block') : outer;
		const list: St[] = [];
		for (const c of this.#children(n)) {
			if (c.name === '{' || c.name === '}') continue;
			const st = this.#stmt(c, scope);
			if (st) list.push(st);
		}
		return seq(list);
	}

	#stmt(n: SyntaxNode, scope: Scope): St | undefined {
		try {
			return this.#stmtInner(n, scope);
		} catch (e) {
			if (e instanceof LangStop) {
				this.diagnostics.push(e.diagnostic);
				return undefined;
			}
			throw e;
		}
	}

	#stmtInner(n: SyntaxNode, scope: Scope): St | undefined {
		const rt = this.#rt;
		switch (n.name) {
			case ';':
			case 'LineComment':
			case 'BlockComment':
			case 'PreprocDirective':
				return undefined;
			case 'CompoundStatement':
				return this.#block(n, scope);
			case 'Declaration':
				return this.#declaration(n, scope, false);
			case 'ExpressionStatement': {
				const e = this.#parts(n)[0];
				if (!e) return undefined;
				const ex = this.#expr(e, scope);
				if (ex.st) return ex.st;
				const ev = ex.ev;
				return (f) => {
					ev(f);
					return NORMAL;
				};
			}
			case 'IfStatement': {
				const cond = this.#condition(n.getChild('ConditionClause'), scope);
				const parts = this.#parts(n).filter(
					(c) =>
						c.name !== 'if' &&
						c.name !== 'ConditionClause' &&
						c.name !== 'else' &&
						c.name !== 'constexpr',
				);
				const then = parts[0] ? (this.#stmt(parts[0], new Scope(scope, 'block')) ?? nop) : nop;
				const otherwise = parts[1] ? (this.#stmt(parts[1], new Scope(scope, 'block')) ?? nop) : nop;
				return (f) => (truthy(cond(f)) ? then(f) : otherwise(f));
			}
			case 'WhileStatement': {
				const inner = new Scope(scope, 'block');
				const cond = this.#condition(n.getChild('ConditionClause'), inner);
				const bodyNode = this.#parts(n).filter(
					(c) => c.name !== 'while' && c.name !== 'ConditionClause',
				)[0];
				const body = bodyNode ? (this.#stmt(bodyNode, inner) ?? nop) : nop;
				const span = this.#span(n);
				return (f) => {
					rt.loop = span;
					while (truthy(cond(f))) {
						rt.tick();
						const r = body(f);
						if (r === BREAK) break;
						if (r === RETURN) return RETURN;
					}
					return NORMAL;
				};
			}
			case 'DoStatement': {
				const parts = this.#parts(n).filter((c) => c.name !== 'do' && c.name !== 'while');
				const body = parts[0] ? (this.#stmt(parts[0], new Scope(scope, 'block')) ?? nop) : nop;
				const condNode = parts[1];
				const cond = condNode ? this.#expr(condNode, scope).ev : () => 0;
				const span = this.#span(n);
				return (f) => {
					rt.loop = span;
					do {
						rt.tick();
						const r = body(f);
						if (r === BREAK) break;
						if (r === RETURN) return RETURN;
					} while (truthy(cond(f)));
					return NORMAL;
				};
			}
			case 'ForStatement':
				return this.#for(n, scope);
			case 'ForRangeLoop':
				return this.#forRange(n, scope);
			case 'SwitchStatement':
				return this.#switch(n, scope);
			case 'BreakStatement':
				return () => BREAK;
			case 'ContinueStatement':
				return () => CONTINUE;
			case 'ReturnStatement': {
				const e = this.#parts(n).find((c) => c.name !== 'return');
				if (!e) return () => RETURN;
				const ex =
					e.name === 'InitializerList'
						? this.#braceValue(e, this.#fn.ret, scope)
						: this.#expr(e, scope);
				const ev = ex.ev;
				return (f) => {
					f.ret = ev(f);
					return RETURN;
				};
			}
			case 'LabeledStatement': {
				const inner = this.#parts(n).find((c) => c.name !== 'StatementIdentifier');
				return inner ? this.#stmt(inner, scope) : undefined;
			}
			case 'StaticAssertDeclaration':
				return undefined;
			case 'TryStatement': {
				// Nothing in the simulator throws a C++ exception (a `throw` stops the run), so the
				// try block runs and the handlers never do.
				const block = n.getChild('CompoundStatement');
				return block ? this.#block(block, scope) : undefined;
			}
			case 'ThrowStatement': {
				const span = this.#span(n);
				return () => rt.stop('exception-thrown', span);
			}
			case 'CaseStatement':
				return this.#stBad(n, 'construct-unsupported', {
					construct: '`case` outside a switch',
					detail: 'put it inside a switch',
				});
			case 'TypeDefinition':
			case 'AliasDeclaration':
			case 'UsingDeclaration':
			case 'ClassSpecifier':
			case 'StructSpecifier':
			case 'EnumSpecifier':
				this.#declareTop(n, scope, false);
				return undefined;
			default:
				if (n.type.isError) return undefined;
				if (UNSUPPORTED[n.name])
					return this.#stBad(n, 'construct-unsupported', {
						construct: UNSUPPORTED[n.name]!,
						detail: 'use a plain loop or a return code',
					});
				{
					// An expression used as a statement without `;` wrapper.
					const ex = this.#expr(n, scope);
					const ev = ex.ev;
					return (f) => {
						ev(f);
						return NORMAL;
					};
				}
		}
	}

	#condition(n: SyntaxNode | null, scope: Scope): Ev {
		if (!n) return () => 1;
		const parts = this.#parts(n);
		if (parts.length === 0) return () => 1;
		const decl = parts.find((c) => c.name === 'Declaration');
		if (decl) {
			const st = this.#declaration(decl, scope, false);
			const rest = parts.filter((c) => c !== decl);
			const cond = rest[0] ? this.#expr(rest[0], scope).ev : () => 1;
			return (f) => {
				st(f);
				return cond(f);
			};
		}
		const last = parts[parts.length - 1]!;
		return this.#expr(last, scope).ev;
	}

	#for(n: SyntaxNode, outer: Scope): St {
		const rt = this.#rt;
		const scope = new Scope(outer, 'block');
		// Children between `(` and `)`: init ; cond ; update — split on the `;` tokens.
		const kids = this.#children(n);
		const open = kids.findIndex((c) => c.name === '(');
		const close = kids.findIndex((c) => c.name === ')');
		const inside = kids.slice(open + 1, close < 0 ? kids.length : close);
		const bodyNode = close >= 0 ? kids.slice(close + 1).find((c) => !isPunct(c)) : undefined;
		let init: St = nop;
		let cond: Ev = () => 1;
		let update: Ev | undefined;
		// `;` between the parts is an anonymous token: a part's section is the number of `;`
		// between `(` and the part.
		const openAt = kids[open]?.to ?? n.from;
		for (const c of inside) {
			if (c.name === ';') continue;
			const section = (this.#src.slice(openAt, c.from).match(/;/g) ?? []).length;
			if (section === 0) {
				if (c.name === 'Declaration') init = this.#declaration(c, scope, false);
				else {
					const ev = this.#expr(c, scope).ev;
					init = (f) => {
						ev(f);
						return NORMAL;
					};
				}
			} else if (section === 1) {
				cond = this.#expr(c, scope).ev;
			} else if (section === 2) {
				update = this.#expr(c, scope).ev;
			}
		}
		const body = bodyNode ? (this.#stmt(bodyNode, new Scope(scope, 'block')) ?? nop) : nop;
		const span = this.#span(n);
		if (update) {
			const upd = update;
			return (f) => {
				rt.loop = span;
				init(f);
				for (; truthy(cond(f)); upd(f)) {
					rt.tick();
					const r = body(f);
					if (r === BREAK) break;
					if (r === RETURN) return RETURN;
				}
				return NORMAL;
			};
		}
		return (f) => {
			rt.loop = span;
			init(f);
			while (truthy(cond(f))) {
				rt.tick();
				const r = body(f);
				if (r === BREAK) break;
				if (r === RETURN) return RETURN;
			}
			return NORMAL;
		};
	}

	/** `for (T x : array)` over a C array; other ranges are outside the subset. */
	#forRange(n: SyntaxNode, outer: Scope): St {
		const rt = this.#rt;
		const scope = new Scope(outer, 'block');
		const kids = this.#parts(n).filter((c) => c.name !== 'for');
		const typeNode = kids.find((c) => isTypeNode(c.name));
		const rest = kids.filter((c) => c !== typeNode);
		const declNode = rest[0];
		const rangeNode = rest[1];
		const bodyNode = rest[2];
		if (!typeNode || !declNode || !rangeNode || !bodyNode) {
			return this.#stBad(n, 'construct-unsupported', {
				construct: 'this range-based for loop',
				detail: 'write an index loop',
			});
		}
		const range = this.#expr(rangeNode, scope);
		if (range.t.k !== 'array') {
			return this.#stBad(rangeNode, 'construct-unsupported', {
				construct: `a range-based for loop over \`${this.#text(rangeNode)}\``,
				detail: 'only C arrays can be ranges here; write an index loop',
			});
		}
		const elem = range.t.of;
		const info = this.#declarator(declNode, this.#resolveType(typeNode, scope), scope);
		const type = info.type.k === 'unknown' ? elem : info.type;
		const slot = this.#fn.slots++;
		scope.declare(info.name, { kind: 'local', slot, type, ref: false });
		const body = this.#stmt(bodyNode, new Scope(scope, 'block')) ?? nop;
		const ev = range.ev;
		const span = this.#span(n);
		return (f) => {
			rt.loop = span;
			const p = ev(f);
			if (!(p instanceof Ptr) || !(p.base instanceof ArrayStore)) return NORMAL;
			const items = p.base.items;
			for (let i = p.base.index(p.offset); i < items.length; i++) {
				rt.tick();
				f.s[slot] = items[i];
				const r = body(f);
				if (r === BREAK) break;
				if (r === RETURN) return RETURN;
			}
			return NORMAL;
		};
	}

	#switch(n: SyntaxNode, outer: Scope): St {
		const scope = new Scope(outer, 'block');
		const cond = this.#condition(n.getChild('ConditionClause'), scope);
		const body = n.getChild('CompoundStatement');
		const labels: Array<{ value: Value | 'default'; index: number }> = [];
		const list: St[] = [];
		for (const c of body ? this.#children(body) : []) {
			if (c.name !== 'CaseStatement') {
				const st = c.name === '{' || c.name === '}' ? undefined : this.#stmt(c, scope);
				if (st) list.push(st);
				continue;
			}
			const parts = this.#parts(c);
			const isDefault = c.getChild('default') !== null;
			let rest = parts.filter((p) => p.name !== 'case' && p.name !== 'default');
			if (isDefault) labels.push({ value: 'default', index: list.length });
			else {
				const valueNode = rest[0];
				rest = rest.slice(1);
				labels.push({
					value: valueNode ? this.#constValue(valueNode, scope) : 0,
					index: list.length,
				});
			}
			for (const s of rest) {
				const st = this.#stmt(s, scope);
				if (st) list.push(st);
			}
		}
		return (f) => {
			const v = cond(f);
			let start = -1;
			for (const l of labels) {
				if (l.value !== 'default' && l.value === v) {
					start = l.index;
					break;
				}
			}
			if (start < 0) start = labels.find((l) => l.value === 'default')?.index ?? -1;
			if (start < 0) return NORMAL;
			for (let i = start; i < list.length; i++) {
				const r = list[i]!(f);
				if (r === BREAK) return NORMAL;
				if (r !== NORMAL) return r;
			}
			return NORMAL;
		};
	}

	// ───────────────────────────── expressions ─────────────────────────────

	#expr(n: SyntaxNode, scope: Scope): Ex {
		if (++this.#depth > 200) {
			this.#depth--;
			return this.#unsupported(n, 'an expression nested this deeply');
		}
		try {
			return this.#exprInner(n, scope);
		} finally {
			this.#depth--;
		}
	}

	#exprInner(n: SyntaxNode, scope: Scope): Ex {
		switch (n.name) {
			case 'Number':
				return this.#number(n);
			case 'True':
				return constEx(1, T.bool);
			case 'False':
				return constEx(0, T.bool);
			case 'nullptr':
			case 'NULL':
				return constEx(null, { k: 'ptr', to: T.void });
			case 'String':
			case 'RawString':
			case 'ConcatenatedString':
				return constEx(this.#stringValue(n), CHAR_PTR);
			case 'CharLiteral': {
				const s = unescape(this.#text(n).replace(/^[uUL8]*'|'$/g, ''));
				return constEx(s.length > 0 ? s.charCodeAt(0) : 0, T.char);
			}
			case 'ParenthesizedExpression': {
				const inner = this.#parts(n)[0];
				return inner ? this.#expr(inner, scope) : this.#unsupported(n, 'empty parentheses');
			}
			case 'Identifier':
			case 'ScopedIdentifier':
			case 'QualifiedIdentifier':
			case 'FieldIdentifier':
			case 'TypeIdentifier':
			case 'ScopedTypeIdentifier':
				return this.#name(n, scope);
			case 'this': {
				return { ev: (f) => new Ptr(new ObjectStore(f.self, 'this'), 0, T.unknown), t: T.unknown };
			}
			case 'BinaryExpression':
				return this.#binaryChain(n, scope);
			case 'UnaryExpression':
				return this.#unary(n, scope);
			case 'UpdateExpression':
				return this.#update(n, scope);
			case 'AssignmentExpression':
				return this.#assign(n, scope);
			case 'ConditionalExpression':
				return this.#conditional(n, scope);
			case 'CommaExpression': {
				const [a, b] = this.#parts(n).filter((c) => c.name !== ',');
				if (!a || !b) return this.#unsupported(n, 'this comma expression');
				const ea = this.#expr(a, scope).ev;
				const eb = this.#expr(b, scope);
				return { ev: (f) => (ea(f), eb.ev(f)), t: eb.t };
			}
			case 'CastExpression': {
				const td = n.getChild('TypeDescriptor');
				const value = this.#parts(n)
					.filter((c) => c.name !== 'TypeDescriptor')
					.pop();
				if (!td || !value) return this.#unsupported(n, 'this cast');
				return this.#cast(this.#typeDescriptor(td, scope), this.#expr(value, scope));
			}
			case 'SizeofExpression':
				return this.#sizeof(n, scope);
			case 'PointerExpression':
				return this.#pointerExpr(n, scope);
			case 'SubscriptExpression':
			case 'FieldExpression': {
				const lv = this.#lvalue(n, scope);
				if (lv) return { ev: lv.get, t: lv.t };
				return this.#rvalueMember(n);
			}
			case 'CallExpression':
				return this.#call(n, scope);
			case 'InitializerList':
				return this.#unsupported(n, 'a brace list here', 'initialise a named variable instead');
			case 'CompoundLiteralExpression': {
				const td = this.#parts(n)[0];
				const list = n.getChild('InitializerList');
				if (!td || !list) return this.#unsupported(n, 'this compound literal');
				const t = this.#resolveType(td, scope);
				return this.#braceValue(list, t, scope);
			}
			case 'DeleteExpression':
				return constEx(undefined, T.void);
			case 'NewExpression':
				return this.#newExpr(n, scope);
			case 'TemplateFunction': {
				return this.#name(n, scope);
			}
			default:
				if (UNSUPPORTED[n.name]) return this.#unsupported(n, UNSUPPORTED[n.name]!);
				if (n.type.isError)
					return this.#bad('parse-error', n, { text: firstLine(this.#text(n)) || '?' });
				return this.#unsupported(n, `\`${firstLine(this.#text(n))}\` (${n.name})`);
		}
	}

	/** `new T[n]` (host memory), `new T(args)` / `new T{…}` (one object). */
	#newExpr(n: SyntaxNode, scope: Scope): Ex {
		const typeNode = this.#parts(n).find((c) => isTypeNode(c.name));
		if (!typeNode) return this.#unsupported(n, 'this new-expression');
		const t = this.#resolveType(typeNode, scope);
		const arr = n.getChild('NewDeclarator');
		const rt = this.#rt;
		if (arr) {
			const count = this.#parts(arr)[0];
			const size = count ? this.#expr(count, scope).ev : () => 1;
			const bytes = Math.max(1, sizeOf(t));
			return { ev: (f) => rt.alloc(numOf(size(f)) * bytes), t: { k: 'ptr', to: t } };
		}
		const list = n.getChild('ArgumentList') ?? n.getChild('InitializerList');
		const args = list ? this.#parts(list).map((a) => this.#expr(a, scope)) : [];
		const make = this.#constructFrom(t, args, n, list?.name === 'InitializerList');
		const name = this.#text(typeNode);
		return {
			ev: (f) => {
				let v = make(f);
				if (t.k === 'class' || t.k === 'sim') return new Ptr(new ObjectStore(v, name), 0, t);
				return new Ptr(
					new CellStore(
						() => v,
						(x) => void (v = x),
						name,
					),
					0,
					t,
				);
			},
			t: { k: 'ptr', to: t },
		};
	}

	#braceValue(list: SyntaxNode, t: CType, scope: Scope): Ex {
		const args = this.#parts(list).map((a) => this.#expr(a, scope));
		return { ev: this.#constructFrom(t, args, list, true), t };
	}

	#number(n: SyntaxNode): Ex {
		const raw = this.#text(n).replace(/'/g, '');
		const lower = raw.toLowerCase();
		const isHex = lower.startsWith('0x');
		const isFloat = (!isHex && /[.e]/.test(lower)) || (!isHex && /f$/.test(lower));
		if (isFloat) {
			const v = Number.parseFloat(lower.replace(/[fl]+$/, ''));
			return constEx(lower.endsWith('f') ? Math.fround(v) : v, lower.endsWith('f') ? T.f32 : T.f64);
		}
		const suffix = /[ul]*$/.exec(lower)![0];
		const digits = lower.slice(0, lower.length - suffix.length);
		let v: number;
		if (isHex) v = Number.parseInt(digits.slice(2), 16);
		else if (digits.startsWith('0b')) v = Number.parseInt(digits.slice(2), 2);
		else if (digits.length > 1 && digits.startsWith('0')) v = Number.parseInt(digits, 8);
		else v = Number.parseInt(digits, 10);
		if (!Number.isFinite(v)) v = 0;
		const unsigned = suffix.includes('u');
		const long = suffix.includes('l') || v > 0x7fffffff;
		let t: CType = long ? (unsigned ? T.u64 : T.i64) : unsigned ? T.u32 : T.i32;
		if (!long && !unsigned && v > 0x7fffffff) t = T.i64;
		return constEx(v, t);
	}

	#stringValue(n: SyntaxNode): string {
		if (n.name === 'ConcatenatedString')
			return this.#parts(n)
				.map((c) => this.#stringValue(c))
				.join('');
		const text = this.#text(n);
		if (n.name === 'RawString') {
			const m = /R"([^(]*)\(([\s\S]*)\)\1"$/.exec(text);
			return m?.[2] ?? '';
		}
		return unescape(text.replace(/^[uUL8]*"|"$/g, ''));
	}

	/** A name used as a value. */
	#name(n: SyntaxNode, scope: Scope): Ex {
		const text = this.#text(n).replace(/\s+/g, '');
		if (n.name === 'TemplateFunction') {
			return this.#unsupported(n, `\`${text}\` used as a value`);
		}
		const path = text.split('::');
		// Macros first, as the C preprocessor would have replaced them.
		if (path.length === 1 && this.#macros.has(text)) {
			const m = this.#macroObject(text, scope, n);
			if (m) return m;
		}
		const e = this.#lookupPath(path, scope);
		if (e) return this.#entityValue(e, n, text);
		if (text === '__FILE__') return constEx(this.#rt.fileName, CHAR_PTR);
		if (text === '__LINE__') return constEx(this.#span(n).line, T.i32);
		if (text === '__func__' || text === '__FUNCTION__') {
			return constEx(this.#fn.def?.name ?? '', CHAR_PTR);
		}
		const c = this.#simConstant(path);
		if (c) return constEx(c.value, c.type);
		if (text === 'NULL') return constEx(null, { k: 'ptr', to: T.void });
		if (FRAMEWORK_MACROS.has(text)) return this.#bad('macro-framework', n, { name: text });
		return this.#bad('name-unknown', n, { name: text });
	}

	#entityValue(e: Entity, n: SyntaxNode, text: string): Ex {
		switch (e.kind) {
			case 'local': {
				const slot = e.slot;
				if (e.ref) {
					return { ev: (f) => derefPtr(f.s[slot] as Ptr), t: e.type };
				}
				return { ev: (f) => f.s[slot], t: e.type };
			}
			case 'global': {
				const cell = e.cell;
				return { ev: () => cell.v, t: e.type };
			}
			case 'const':
				return constEx(e.value, e.type);
			case 'targ':
				return typeof e.value === 'number'
					? constEx(e.value, T.i32)
					: this.#unsupported(n, `the type \`${text}\` used as a value`);
			case 'field': {
				const index = e.index;
				return { ev: (f) => (f.self as Instance).fields[index], t: e.type };
			}
			case 'func': {
				const defs = e.defs;
				const def = defs.find((d) => d.node) ?? defs[0]!;
				if (def.tparams.length > 0)
					return this.#unsupported(n, 'a function template used as a value');
				const name = def.qualName;
				const value = new FuncValue(name, (args) => def.compiled!.invoke(null, args));
				return constEx(value, { k: 'func', name });
			}
			default:
				return this.#unsupported(n, `the type \`${text}\` used as a value`);
		}
	}

	/** An object-like macro used as a value: its body compiled at the use site. */
	#macroObject(name: string, scope: Scope, at: SyntaxNode | undefined): Ex | undefined {
		const m = this.#macros.get(name)!;
		if (this.#macroDepth.includes(name)) return undefined;
		if (m.params) {
			if (at)
				return this.#unsupported(at, `the function-like macro \`${name}\` used without arguments`);
			return undefined;
		}
		const body = this.#macroBody(m, 'expr');
		if (body === null) {
			if (m.predefined) {
				const v = Number(m.body);
				return constEx(Number.isFinite(v) ? v : 0, T.i32);
			}
			if (m.body.trim() === '') return constEx(1, T.i32);
			if (at) return this.#unsupported(at, `the macro \`${name}\` (its body is not an expression)`);
			return undefined;
		}
		this.#macroDepth.push(name);
		const saved = this.#swapSource(this.#foreign.get(body));
		try {
			return this.#expr(body, scope);
		} finally {
			this.#swapSource(saved);
			this.#macroDepth.pop();
		}
	}

	/**
	 * Parses a macro body once. The text keeps the body at its own offsets (everything else is
	 * blanked) and puts a wrapper in the space of `#define NAME`, so positions stay exact.
	 */
	#macroBody(m: MacroDef, kind: 'expr' | 'stmt'): SyntaxNode | null {
		const key = `${kind}:${m.name}`;
		if (this.#macroTrees.has(key)) return this.#macroTrees.get(key)!;
		let result: SyntaxNode | null = null;
		if (m.bodyOffset >= 0 && m.body.trim() !== '') {
			const room = m.bodyOffset - m.offset;
			const open = kind === 'expr' ? 'int m=(' : 'void m(){';
			const close = kind === 'expr' ? ');' : ';}';
			if (room >= open.length) {
				const before = this.#parsed.source.slice(0, m.offset).replace(/[^\n]/g, ' ');
				const text = before + open.padEnd(room, ' ') + m.body + close;
				const tree = parser.parse(text);
				let bad = false;
				tree.iterate({
					enter: (node) => {
						if (node.type.isError) bad = true;
						return !bad;
					},
				});
				if (!bad) {
					const top = tree.topNode;
					if (kind === 'expr') {
						const decl = top.getChild('Declaration');
						const init = decl?.getChild('InitDeclarator');
						const paren = init?.lastChild;
						const inner =
							paren?.name === 'ParenthesizedExpression' ? this.#parts(paren)[0] : undefined;
						result = inner ?? null;
					} else {
						const fn = top.getChild('FunctionDefinition');
						result = fn?.getChild('CompoundStatement') ?? null;
					}
					if (result) this.#foreign.set(result, text);
				}
			}
		}
		this.#macroTrees.set(key, result);
		return result;
	}

	readonly #foreign = new WeakMap<SyntaxNode, string>();

	/** A function-like macro call: expanded as text, then compiled at the call site. */
	#macroCall(m: MacroDef, args: SyntaxNode[], scope: Scope, at: SyntaxNode): Ex {
		if (this.#macroDepth.includes(m.name)) {
			return this.#unsupported(at, `the recursive macro \`${m.name}\``);
		}
		const expansion = expandMacro(
			m,
			args.map((a) => this.#text(a)),
		);
		if ('error' in expansion) {
			return this.#bad('args-mismatch', at, {
				name: m.name,
				expected: (m.params ?? []).filter((p) => p !== '...').length,
				got: args.length,
			});
		}
		const parsed = this.#parseExpansion(expansion.text);
		if (!parsed) {
			return this.#unsupported(
				at,
				`the macro \`${m.name}\` (its expansion is not an expression or statements)`,
			);
		}
		// Everything in the expansion is reported at the macro call, as compilers do.
		const savedAt = this.#spanAt;
		this.#spanAt = savedAt ?? this.#span(at);
		const savedSrc = this.#swapSource(parsed.text);
		this.#macroDepth.push(m.name);
		try {
			if (parsed.kind === 'expr') return this.#expr(parsed.node, scope);
			const st = this.#block(parsed.node, scope);
			return {
				ev: (f) => {
					st(f);
					return undefined;
				},
				t: T.void,
				st,
			};
		} finally {
			this.#macroDepth.pop();
			this.#swapSource(savedSrc);
			this.#spanAt = savedAt;
		}
	}

	/** Where nodes of a macro expansion are reported (the call), while one is compiled. */
	#spanAt: SourceSpan | undefined;

	readonly #expansions = new Map<string, ParsedExpansion | null>();

	/** Parses a macro expansion as an expression, else as statements (cached by text). */
	#parseExpansion(body: string): ParsedExpansion | null {
		const cached = this.#expansions.get(body);
		if (cached !== undefined) return cached;
		let result: ParsedExpansion | null = null;
		for (const kind of ['expr', 'stmt'] as const) {
			const text = kind === 'expr' ? `int m=(${body});` : `void m(){${body};}`;
			const tree = parser.parse(text);
			let bad = false;
			tree.iterate({
				enter: (node) => {
					if (node.type.isError) bad = true;
					return !bad;
				},
			});
			if (bad) continue;
			const top = tree.topNode;
			if (kind === 'expr') {
				const paren = top.getChild('Declaration')?.getChild('InitDeclarator')?.lastChild;
				const inner = paren?.name === 'ParenthesizedExpression' ? this.#parts(paren)[0] : undefined;
				if (inner) result = { kind, node: inner, text };
			} else {
				const block = top.getChild('FunctionDefinition')?.getChild('CompoundStatement');
				if (block) result = { kind, node: block, text };
			}
			if (result) break;
		}
		this.#expansions.set(body, result);
		return result;
	}

	/** Switches the text that node offsets refer to; returns the previous one. */
	#swapSource(text: string | undefined): string {
		const prev = this.#src;
		this.#src = text ?? this.#program;
		return prev;
	}

	// Binary operators ----------------------------------------------------------

	/** Flattens a chain of binary expressions and rebuilds it with C++ precedence. */
	#binaryChain(n: SyntaxNode, scope: Scope): Ex {
		const operands: SyntaxNode[] = [];
		const ops: string[] = [];
		const flatten = (node: SyntaxNode) => {
			for (let c = node.firstChild; c; c = c.nextSibling) {
				if (c.name === 'BinaryExpression') flatten(c);
				else if (
					c.name === 'ArithOp' ||
					c.name === 'CompareOp' ||
					c.name === 'LogicOp' ||
					c.name === 'BitOp' ||
					c.name === 'EqualityOp' ||
					/^[-+*/%<>=!&|^]+$/.test(c.name)
				)
					ops.push(this.#text(c));
				else if (c.type.isError) operands.push(c);
				else operands.push(c);
			}
		};
		flatten(n);
		if (operands.length !== ops.length + 1)
			return this.#bad('parse-error', n, { text: firstLine(this.#text(n)) });
		let i = 0;
		const climb = (minPrec: number): Ex => {
			let left = this.#expr(operands[i]!, scope);
			while (i < ops.length) {
				const op = ops[i]!;
				const prec = BINARY_PREC[op] ?? 0;
				if (prec < minPrec) break;
				i++;
				const right = climb(prec + 1);
				left = this.#binary(op, left, right, n);
			}
			return left;
		};
		const result = climb(1);
		return result;
	}

	#binary(op: string, a: Ex, b: Ex, at: SyntaxNode): Ex {
		const ea = a.ev;
		const eb = b.ev;
		const c = !!(a.c && b.c);
		const fold = (ex: Ex): Ex => (c ? foldEx(ex) : ex);
		if (op === '&&')
			return fold({ ev: (f) => (truthy(ea(f)) && truthy(eb(f)) ? 1 : 0), t: T.bool, c });
		if (op === '||')
			return fold({ ev: (f) => (truthy(ea(f)) || truthy(eb(f)) ? 1 : 0), t: T.bool, c });
		if (op === '<<' && (a.t.k === 'stream' || a.t.k === 'unknown')) {
			const rt = this.#rt;
			const bt = b.t;
			if (a.t.k === 'stream') {
				return {
					ev: (f) => {
						const s = ea(f) as OStream;
						const v = eb(f);
						rt.write(s.channel, v === ENDL ? '\n' : streamText(v, bt));
						return s;
					},
					t: T.stream,
				};
			}
		}
		const span = this.#span(at);
		const rt = this.#rt;
		// Pointer arithmetic.
		if ((op === '+' || op === '-') && (a.t.k === 'ptr' || a.t.k === 'array')) {
			const sign = op === '+' ? 1 : -1;
			if (op === '-' && (b.t.k === 'ptr' || b.t.k === 'array')) {
				const size = Math.max(1, sizeOf(a.t.k === 'ptr' ? a.t.to : a.t.of));
				return { ev: (f) => ((ea(f) as Ptr).offset - (eb(f) as Ptr).offset) / size, t: T.i64 };
			}
			const t = a.t.k === 'array' ? ({ k: 'ptr', to: a.t.of } as CType) : a.t;
			const elemSize = Math.max(1, sizeOf(a.t.k === 'array' ? a.t.of : a.t.to));
			return {
				ev: (f) => {
					const p = ea(f);
					const k = eb(f) as number;
					if (p instanceof Ptr) return p.add(sign * k);
					if (typeof p === 'number' && p !== 0) return p + sign * k * elemSize;
					if (p === null || p === undefined)
						return rt.stop('null-dereference', span, { name: '(null)' });
					return p;
				},
				t,
			};
		}
		if (op === '+' && (b.t.k === 'ptr' || b.t.k === 'array')) return this.#binary('+', b, a, at);
		if (op === '==' || op === '!=') {
			const eq = op === '==';
			if (!isArithLike(a.t) || !isArithLike(b.t)) {
				return fold({ ev: (f) => (ptrEqual(ea(f), eb(f)) === eq ? 1 : 0), t: T.bool, c });
			}
		}
		const common = commonType(a.t, b.t);
		const t: CType = common ?? T.unknown;
		const cmp =
			op === '<' || op === '>' || op === '<=' || op === '>=' || op === '==' || op === '!=';
		if (t.k === 'float') {
			const wrap = t.bits === 32 ? Math.fround : (x: number) => x;
			const num =
				(e: Ev): ((f: Frame) => number) =>
				(f) =>
					e(f) as number;
			const x = num(ea);
			const y = num(eb);
			switch (op) {
				case '+':
					return fold({ ev: (f) => wrap(x(f) + y(f)), t, c });
				case '-':
					return fold({ ev: (f) => wrap(x(f) - y(f)), t, c });
				case '*':
					return fold({ ev: (f) => wrap(x(f) * y(f)), t, c });
				case '/':
					return fold({ ev: (f) => wrap(x(f) / y(f)), t, c });
				case '<':
					return fold({ ev: (f) => (x(f) < y(f) ? 1 : 0), t: T.bool, c });
				case '>':
					return fold({ ev: (f) => (x(f) > y(f) ? 1 : 0), t: T.bool, c });
				case '<=':
					return fold({ ev: (f) => (x(f) <= y(f) ? 1 : 0), t: T.bool, c });
				case '>=':
					return fold({ ev: (f) => (x(f) >= y(f) ? 1 : 0), t: T.bool, c });
				case '==':
					return fold({ ev: (f) => (x(f) === y(f) ? 1 : 0), t: T.bool, c });
				case '!=':
					return fold({ ev: (f) => (x(f) !== y(f) ? 1 : 0), t: T.bool, c });
				default:
					return this.#bad('construct-unsupported', at, {
						construct: `\`${op}\` on floating-point values`,
						detail: 'cast to an integer type first',
					});
			}
		}
		// Integers (or unknown: treated as 64-bit integers when both values are whole numbers).
		const it = asInt(t) ?? T.i64;
		const dyn = t.k === 'unknown';
		const x = (f: Frame) => numOf(ea(f));
		const y = (f: Frame) => numOf(eb(f));
		if (cmp) {
			// Comparisons after conversion to the common type (so -1 < 0u is false, as in C++).
			const cx = dyn ? x : (f: Frame) => convert(x(f), it) as number;
			const cy = dyn ? y : (f: Frame) => convert(y(f), it) as number;
			const fn: (p: number, q: number) => boolean =
				op === '<'
					? (p, q) => p < q
					: op === '>'
						? (p, q) => p > q
						: op === '<='
							? (p, q) => p <= q
							: op === '>='
								? (p, q) => p >= q
								: op === '=='
									? (p, q) => p === q
									: (p, q) => p !== q;
			return fold({ ev: (f) => (fn(cx(f), cy(f)) ? 1 : 0), t: T.bool, c });
		}
		const wrap = dyn ? (v: number) => v : makeWrap(it);
		const bits32 = it.bits <= 32;
		switch (op) {
			case '+':
				return fold({ ev: (f) => wrap(x(f) + y(f)), t, c });
			case '-':
				return fold({ ev: (f) => wrap(x(f) - y(f)), t, c });
			case '*':
				if (bits32) return fold({ ev: (f) => wrap(Math.imul(x(f), y(f))), t, c });
				return fold({ ev: (f) => wrap(x(f) * y(f)), t, c });
			case '/':
			case '%': {
				const div = op === '/';
				return fold({
					ev: (f) => {
						const p = x(f);
						const q = y(f);
						if (dyn && (!Number.isInteger(p) || !Number.isInteger(q))) return div ? p / q : p % q;
						if (q === 0) return rt.stop('division-by-zero', span);
						const cp = dyn ? p : (convert(p, it) as number);
						const cq = dyn ? q : (convert(q, it) as number);
						return wrap(div ? Math.trunc(cp / cq) : cp % cq);
					},
					t,
					c,
				});
			}
			case '&':
				return fold({ ev: (f) => wrap(bits32 ? x(f) & y(f) : big(x(f), y(f), '&')), t, c });
			case '|':
				return fold({ ev: (f) => wrap(bits32 ? x(f) | y(f) : big(x(f), y(f), '|')), t, c });
			case '^':
				return fold({ ev: (f) => wrap(bits32 ? x(f) ^ y(f) : big(x(f), y(f), '^')), t, c });
			case '<<': {
				const lt = asInt(a.t) ? promote32(asInt(a.t)!) : it;
				const w = makeWrap(lt);
				return fold({ ev: (f) => w(x(f) * 2 ** (y(f) & 63)), t: lt, c });
			}
			case '>>': {
				const lt = asInt(a.t) ? promote32(asInt(a.t)!) : it;
				const w = makeWrap(lt);
				return fold({ ev: (f) => w(Math.floor(x(f) / 2 ** (y(f) & 63))), t: lt, c });
			}
		}
		return this.#bad('construct-unsupported', at, {
			construct: `the operator \`${op}\``,
			detail: 'rewrite the expression',
		});
	}

	#unary(n: SyntaxNode, scope: Scope): Ex {
		const kids = this.#children(n);
		const opNode = kids[0]!;
		const operand = kids[kids.length - 1]!;
		const op = this.#text(opNode);
		const a = this.#expr(operand, scope);
		const ea = a.ev;
		const c = a.c;
		const fold = (ex: Ex): Ex => (c ? foldEx(ex) : ex);
		switch (op) {
			case '!':
				return fold({ ev: (f) => (truthy(ea(f)) ? 0 : 1), t: T.bool, c });
			case '-': {
				const t = a.t.k === 'float' ? a.t : asInt(a.t) ? promote32(asInt(a.t)!) : T.unknown;
				const w = t.k === 'int' ? makeWrap(t) : (v: number) => v;
				return fold({ ev: (f) => w(-numOf(ea(f))), t, c });
			}
			case '+':
				return a;
			case '~': {
				const t = asInt(a.t) ? promote32(asInt(a.t)!) : T.i64;
				const w = makeWrap(t);
				return fold({ ev: (f) => w(t.bits <= 32 ? ~numOf(ea(f)) : -numOf(ea(f)) - 1), t, c });
			}
		}
		return this.#unsupported(n, `the unary operator \`${op}\``);
	}

	#update(n: SyntaxNode, scope: Scope): Ex {
		const kids = this.#children(n);
		const prefix = kids[0]!.name === 'UpdateOp';
		const opNode = prefix ? kids[0]! : kids[kids.length - 1]!;
		const target = prefix ? kids[kids.length - 1]! : kids[0]!;
		const delta = this.#text(opNode) === '++' ? 1 : -1;
		// Fast path: a local integer variable.
		const e =
			target.name === 'Identifier' ? this.#lookupPath([this.#text(target)], scope) : undefined;
		if (e?.kind === 'local' && !e.ref && !this.#macros.has(this.#text(target))) {
			const slot = e.slot;
			const t = e.type;
			if (t.k === 'int' && t.bits === 32) {
				const w = t.signed ? (v: number) => v | 0 : (v: number) => v >>> 0;
				return prefix
					? { ev: (f) => (f.s[slot] = w((f.s[slot] as number) + delta)), t }
					: {
							ev: (f) => {
								const old = f.s[slot] as number;
								f.s[slot] = w(old + delta);
								return old;
							},
							t,
						};
			}
		}
		const lv = this.#lvalue(target, scope);
		if (!lv) return this.#bad('lvalue-required', target, { text: this.#text(target) });
		const t = lv.t;
		const step = (v: Value): Value =>
			v instanceof Ptr ? v.add(delta) : convert(numOf(v) + delta, t);
		return prefix
			? {
					ev: (f) => {
						const v = step(lv.get(f));
						lv.set(f, v);
						return v;
					},
					t,
				}
			: {
					ev: (f) => {
						const old = lv.get(f);
						lv.set(f, step(old));
						return old;
					},
					t,
				};
	}

	#assign(n: SyntaxNode, scope: Scope): Ex {
		const kids = this.#children(n);
		const target = kids[0]!;
		const opNode = kids[1]!;
		const valueNode = kids[kids.length - 1]!;
		const op = opNode.name === 'UpdateOp' ? this.#text(opNode) : '=';
		const value =
			valueNode.name === 'InitializerList'
				? this.#braceValue(valueNode, this.#lvalueType(target, scope), scope)
				: this.#expr(valueNode, scope);
		// Fast path: local scalar variable.
		const e =
			target.name === 'Identifier' && !this.#macros.has(this.#text(target))
				? this.#lookupPath([this.#text(target)], scope)
				: undefined;
		if (e?.kind === 'local' && !e.ref && op === '=' && isArithLike(e.type)) {
			const slot = e.slot;
			const t = e.type;
			const ev = value.ev;
			if (t.k === 'int' && t.bits === 32 && t.signed)
				return { ev: (f) => (f.s[slot] = numOf(ev(f)) | 0), t };
			return { ev: (f) => (f.s[slot] = convert(ev(f), t)), t };
		}
		const lv = this.#lvalue(target, scope);
		if (!lv) return this.#bad('lvalue-required', target, { text: this.#text(target) });
		if (op === '=') {
			const ev = value.ev;
			const t = lv.t;
			if (t.k === 'class') {
				return {
					ev: (f) => {
						const v = ev(f);
						const cur = lv.get(f);
						if (cur instanceof Instance && v instanceof Instance)
							cur.fields.splice(0, cur.fields.length, ...cloneInstance(v).fields);
						else lv.set(f, cloneValue(v));
						return cur;
					},
					t,
				};
			}
			return {
				ev: (f) => {
					const v = convertArg(ev(f), t);
					lv.set(f, v);
					return v;
				},
				t,
			};
		}
		const binop = op.slice(0, -1);
		const cur: Ex = { ev: lv.get, t: lv.t };
		const combined = this.#binary(binop, cur, value, n);
		const ev = combined.ev;
		const t = lv.t;
		return {
			ev: (f) => {
				const v = convertArg(ev(f), t);
				lv.set(f, v);
				return v;
			},
			t,
		};
	}

	/** `*target op= value`, from the AssignmentExpression Lezer put under the `*`. */
	#derefAssign(assign: SyntaxNode, scope: Scope): Ex {
		const kids = this.#children(assign);
		const target = kids[0]!;
		const opNode = kids[1]!;
		const valueNode = kids[kids.length - 1]!;
		const lv = this.#derefLV(target, scope, assign);
		const value = this.#expr(valueNode, scope);
		const op = opNode.name === 'UpdateOp' ? this.#text(opNode) : '=';
		const combined =
			op === '=' ? value : this.#binary(op.slice(0, -1), { ev: lv.get, t: lv.t }, value, assign);
		const ev = combined.ev;
		const t = lv.t;
		return {
			ev: (f) => {
				const v = convertArg(ev(f), t);
				lv.set(f, v);
				return v;
			},
			t,
		};
	}

	/** The place `*p` for the pointer expression `pointerNode`. */
	#derefLV(pointerNode: SyntaxNode, scope: Scope, at: SyntaxNode): LV {
		const p = this.#expr(pointerNode, scope);
		const t = p.t.k === 'ptr' ? p.t.to : p.t.k === 'array' ? p.t.of : T.unknown;
		const span = this.#span(at);
		const rt = this.#rt;
		const name = this.#text(pointerNode);
		const memory = rt.memory;
		const ptrOf = (f: Frame): Ptr => {
			const v = p.ev(f);
			if (v instanceof Ptr) return v;
			if (typeof v === 'number' && v !== 0) {
				const cell = new CellStore(
					() => memory.get(v) ?? 0,
					(x) => void memory.set(v, x),
					name,
				);
				return new Ptr(cell, 0, t);
			}
			return rt.stop('null-dereference', span, { name });
		};
		return {
			get: (f) => {
				const q = ptrOf(f);
				return isStore(q.base) ? q.base.load(q.offset, q.elem) : q;
			},
			set: (f, v) => {
				const q = ptrOf(f);
				if (isStore(q.base)) q.base.store(q.offset, q.elem, v);
			},
			addr: ptrOf,
			t,
		};
	}

	#lvalueType(n: SyntaxNode, scope: Scope): CType {
		const saved = this.diagnostics.length;
		const lv = this.#lvalue(n, scope);
		this.diagnostics.length = saved;
		return lv?.t ?? T.unknown;
	}

	#conditional(n: SyntaxNode, scope: Scope): Ex {
		const parts = this.#parts(n).filter(
			(c) => c.name !== 'LogicOp' && this.#text(c) !== '?' && this.#text(c) !== ':',
		);
		const [condNode, aNode, bNode] = parts;
		if (!condNode || !aNode || !bNode) return this.#unsupported(n, 'this conditional expression');
		// Lezer reads `x = c ? a : b` as `(x = c) ? a : b`; C++ means `x = (c ? a : b)`.
		if (condNode.name === 'AssignmentExpression') {
			const kids = this.#children(condNode);
			const target = kids[0]!;
			const opNode = kids[1]!;
			const cond = this.#expr(kids[kids.length - 1]!, scope);
			const a = this.#expr(aNode, scope);
			const b = this.#expr(bNode, scope);
			const sel: Ex = {
				ev: (f) => (truthy(cond.ev(f)) ? a.ev(f) : b.ev(f)),
				t: commonType(a.t, b.t) ?? a.t,
			};
			const lv = this.#lvalue(target, scope);
			if (!lv) return this.#bad('lvalue-required', target, { text: this.#text(target) });
			const op = opNode.name === 'UpdateOp' ? this.#text(opNode) : '=';
			const value =
				op === '=' ? sel : this.#binary(op.slice(0, -1), { ev: lv.get, t: lv.t }, sel, n);
			const t = lv.t;
			return {
				ev: (f) => {
					const v = convertArg(value.ev(f), t);
					lv.set(f, v);
					return v;
				},
				t,
			};
		}
		const cond = this.#expr(condNode, scope);
		const a = this.#expr(aNode, scope);
		const b = this.#expr(bNode, scope);
		const t = commonType(a.t, b.t) ?? a.t;
		const c = !!(cond.c && a.c && b.c);
		const ex: Ex = {
			ev: (f) => (truthy(cond.ev(f)) ? convertArg(a.ev(f), t) : convertArg(b.ev(f), t)),
			t,
			c,
		};
		return c ? foldEx(ex) : ex;
	}

	#cast(t: CType, value: Ex): Ex {
		const ev = value.ev;
		if (t.k === 'void') return { ev: (f) => (ev(f), undefined), t };
		if (t.k === 'ptr') {
			const to = t.to;
			return {
				ev: (f) => {
					const v = ev(f);
					if (v instanceof Ptr) return v.cast(to);
					if (v === 0) return null;
					if (v instanceof Instance || v instanceof SimObject) return v;
					return v;
				},
				t,
				c: value.c,
			};
		}
		const ex: Ex = { ev: (f) => convert(ev(f), t), t, c: value.c };
		return value.c ? foldEx(ex) : ex;
	}

	#sizeof(n: SyntaxNode, scope: Scope): Ex {
		const td = n.getChild('TypeDescriptor');
		if (td) {
			// `sizeof(x)` with x a variable parses as a type; prefer the variable if there is one.
			const kids = this.#parts(td);
			if (kids.length === 1 && kids[0]!.name === 'TypeIdentifier') {
				const e = this.#lookupPath([this.#text(kids[0]!)], scope);
				if (
					e &&
					(e.kind === 'local' || e.kind === 'global' || e.kind === 'field' || e.kind === 'const')
				) {
					return constEx(sizeOf(e.type), T.u64);
				}
			}
			return constEx(sizeOf(this.#typeDescriptor(td, scope)), T.u64);
		}
		const inner = this.#parts(n).find((c) => c.name !== 'sizeof');
		if (!inner) return this.#unsupported(n, 'this sizeof');
		const saved = this.diagnostics.length;
		const ex = this.#expr(inner, scope);
		if (ex.t.k === 'unknown') {
			// Maybe a type written as an expression, e.g. sizeof(half).
			this.diagnostics.length = saved;
			const t = this.#namedType(this.#text(inner).replace(/[()\s]/g, ''), inner, scope, []);
			return constEx(sizeOf(t), T.u64);
		}
		return constEx(sizeOf(ex.t), T.u64);
	}

	#pointerExpr(n: SyntaxNode, scope: Scope): Ex {
		const kids = this.#children(n);
		// The operator is an anonymous token: read it from the text.
		const op = this.#text(n).trimStart()[0];
		const operand = kids[kids.length - 1]!;
		// Lezer reads `*p = v` as `*(p = v)`; C++ means `(*p) = v`.
		if (op === '*' && operand.name === 'AssignmentExpression')
			return this.#derefAssign(operand, scope);
		if (op === '&') {
			// `&func` is the function itself.
			const lv = this.#lvalue(operand, scope);
			if (!lv) {
				const v = this.#expr(operand, scope);
				if (v.t.k === 'func') return v;
				return this.#bad('lvalue-required', operand, { text: this.#text(operand) });
			}
			return { ev: lv.addr, t: { k: 'ptr', to: lv.t } };
		}
		const lv = this.#lvalue(n, scope);
		if (!lv) return this.#bad('lvalue-required', n, { text: this.#text(n) });
		return { ev: lv.get, t: lv.t };
	}

	/** A member of a value that is not a variable (e.g. `f().x`): outside the subset. */
	#rvalueMember(n: SyntaxNode): Ex {
		return this.#unsupported(
			n,
			`\`${firstLine(this.#text(n))}\` here`,
			'store the value in a variable first',
		);
	}

	// L-values ------------------------------------------------------------------

	#lvalue(n: SyntaxNode, scope: Scope): LV | undefined {
		switch (n.name) {
			case 'ParenthesizedExpression': {
				const inner = this.#parts(n)[0];
				return inner ? this.#lvalue(inner, scope) : undefined;
			}
			case 'Identifier':
			case 'ScopedIdentifier':
			case 'FieldIdentifier': {
				const text = this.#text(n).replace(/\s+/g, '');
				if (this.#macros.has(text)) {
					const m = this.#macroBody(this.#macros.get(text)!, 'expr');
					if (m && !this.#macroDepth.includes(text)) {
						this.#macroDepth.push(text);
						const saved = this.#swapSource(this.#foreign.get(m));
						try {
							return this.#lvalue(m, scope);
						} finally {
							this.#swapSource(saved);
							this.#macroDepth.pop();
						}
					}
				}
				const e = this.#lookupPath(text.split('::'), scope);
				if (!e) {
					this.#bad('name-unknown', n, { name: text });
					return undefined;
				}
				return this.#entityLV(e, text);
			}
			case 'FieldExpression':
				return this.#fieldLV(n, scope);
			case 'SubscriptExpression':
				return this.#subscriptLV(n, scope);
			case 'PointerExpression': {
				const kids = this.#children(n);
				if (this.#text(n).trimStart()[0] !== '*' || kids.length === 0) return undefined;
				return this.#derefLV(kids[kids.length - 1]!, scope, n);
			}
			default:
				return undefined;
		}
	}

	#entityLV(e: Entity, text: string): LV | undefined {
		switch (e.kind) {
			case 'local': {
				const slot = e.slot;
				const t = e.type;
				if (e.ref) {
					return {
						get: (f) => derefPtr(f.s[slot] as Ptr),
						set: (f, v) => storePtr(f.s[slot] as Ptr, v),
						addr: (f) => f.s[slot] as Ptr,
						t,
					};
				}
				return {
					get: (f) => f.s[slot],
					set: (f, v) => void (f.s[slot] = v),
					addr: (f) => {
						const v = f.s[slot];
						if (t.k === 'array' && v instanceof Ptr) return v;
						if (t.k === 'class' || t.k === 'sim') return new Ptr(new ObjectStore(v, text), 0, t);
						return new Ptr(
							new CellStore(
								() => f.s[slot],
								(x) => void (f.s[slot] = x),
								text,
							),
							0,
							t,
						);
					},
					t,
				};
			}
			case 'global': {
				const cell = e.cell;
				const t = e.type;
				return {
					get: () => cell.v,
					set: (_f, v) => void (cell.v = v),
					addr: () =>
						t.k === 'class' || t.k === 'sim'
							? new Ptr(new ObjectStore(cell.v, text), 0, t)
							: new Ptr(
									new CellStore(
										() => cell.v,
										(x) => void (cell.v = x),
										text,
									),
									0,
									t,
								),
					t,
				};
			}
			case 'field': {
				const index = e.index;
				const t = e.type;
				return fieldLV((f) => f.self as Instance, index, t, text);
			}
			default:
				return undefined;
		}
	}

	#fieldLV(n: SyntaxNode, scope: Scope): LV | undefined {
		const kids = this.#children(n);
		const objNode = kids[0]!;
		const arrow = kids.some((c) => c.name === '->' || this.#text(c) === '->');
		const fieldNode = kids[kids.length - 1]!;
		const field = this.#text(fieldNode);
		if (fieldNode.name === 'TemplateMethod') return undefined;
		const span = this.#span(n);
		const rt = this.#rt;
		if (objNode.name === 'this') {
			const cls = scope.cls;
			const index = cls?.fieldIndex.get(field);
			if (!cls || index === undefined) {
				this.#bad('member-unknown', fieldNode, { type: cls?.qualName ?? 'this', name: field });
				return undefined;
			}
			return fieldLV((f) => f.self as Instance, index, cls.fields[index]!.type, field);
		}
		const obj = this.#expr(objNode, scope);
		const ot = arrow ? (obj.t.k === 'ptr' ? obj.t.to : T.unknown) : obj.t;
		const getObj = arrow
			? (f: Frame): Value => {
					const p = obj.ev(f);
					if (p instanceof Ptr) return isStore(p.base) ? p.base.load(p.offset, p.elem) : p.base;
					if (p === null || p === undefined)
						return rt.stop('null-dereference', span, { name: this.#text(objNode) });
					return p;
				}
			: obj.ev;
		if (ot.k === 'class') {
			const index = ot.cls.fieldIndex.get(field);
			if (index === undefined) {
				const st = ot.cls.statics.get(field);
				if (st)
					return {
						get: () => st.cell.v as Value,
						set: (_f, v) => void (st.cell.v = v),
						addr: () =>
							new Ptr(
								new CellStore(
									() => st.cell.v as Value,
									(x) => void (st.cell.v = x),
									field,
								),
								0,
								st.type,
							),
						t: st.type,
					};
				this.#bad('member-unknown', fieldNode, { type: ot.cls.qualName, name: field });
				return undefined;
			}
			const f0 = ot.cls.fields[index]!;
			const t: CType = f0.arrayDims?.length
				? f0.arrayDims.reduceRight<CType>((of, k) => ({ k: 'array', of, n: k }), f0.type)
				: f0.type;
			return fieldLV(getObj as (f: Frame) => Instance, index, t, field);
		}
		if (ot.k === 'sim') {
			const nt = this.#b.types.get(ot.name);
			const getter = nt?.fields?.[field];
			if (!getter) {
				this.#bad('member-unknown', fieldNode, { type: typeName(ot), name: field });
				return undefined;
			}
			return {
				get: (f) => getter(getObj(f)),
				set: () => undefined,
				addr: () => new Ptr({}, 0, T.unknown),
				t: T.unknown,
			};
		}
		// Unknown static type: look the field up by name at run time.
		return {
			get: (f) => {
				const o = getObj(f);
				if (o instanceof Instance) {
					const i = o.cls.fieldIndex.get(field);
					if (i !== undefined) return o.fields[i];
				}
				return rt.stop('member-unknown', span, { type: describe(o), name: field });
			},
			set: (f, v) => {
				const o = getObj(f);
				if (o instanceof Instance) {
					const i = o.cls.fieldIndex.get(field);
					if (i !== undefined) {
						o.fields[i] = convertArg(v, o.cls.fields[i]!.type);
						return;
					}
				}
				rt.stop('member-unknown', span, { type: describe(o), name: field });
			},
			addr: (f) => {
				const o = getObj(f);
				if (o instanceof Instance) {
					const i = o.cls.fieldIndex.get(field);
					if (i !== undefined)
						return new Ptr(
							new CellStore(
								() => o.fields[i],
								(x) => void (o.fields[i] = x),
								field,
							),
							0,
							o.cls.fields[i]!.type,
						);
				}
				return rt.stop('member-unknown', span, { type: describe(o), name: field });
			},
			t: T.unknown,
		};
	}

	#subscriptLV(n: SyntaxNode, scope: Scope): LV | undefined {
		const parts = this.#parts(n);
		const arrNode = parts[0]!;
		const idxNode = parts[1];
		if (!idxNode) return undefined;
		const arr = this.#expr(arrNode, scope);
		const idx = this.#expr(idxNode, scope).ev;
		const span = this.#span(n);
		const rt = this.#rt;
		const name = this.#text(arrNode);
		if (arr.t.k === 'sim' || arr.t.k === 'unknown') {
			const nt = arr.t.k === 'sim' ? this.#b.types.get(arr.t.name) : undefined;
			const b = this.#b;
			const call = this.#callInfo(n, name, [], []);
			const simIndex = (o: Value, i: number, f: Frame): Value => {
				const t = nt ?? (o instanceof SimObject ? b.types.get(o.type) : undefined);
				if (t?.index) return t.index(o, i, call(f, [i])) as Value;
				return undefined;
			};
			if (arr.t.k === 'sim') {
				return {
					get: (f) => simIndex(arr.ev(f), numOf(idx(f)), f),
					set: () => undefined,
					addr: () => new Ptr({}, 0, T.unknown),
					t: arr.t,
				};
			}
			const elemLV = this.#ptrElementLV(arr.ev, idx, T.unknown, span, name, rt);
			return {
				get: (f) => {
					const o = arr.ev(f);
					if (o instanceof SimObject) return simIndex(o, numOf(idx(f)), f);
					return elemLV.get(f);
				},
				set: elemLV.set,
				addr: elemLV.addr,
				t: T.unknown,
			};
		}
		const elem = arr.t.k === 'ptr' ? arr.t.to : arr.t.k === 'array' ? arr.t.of : T.unknown;
		return this.#ptrElementLV(arr.ev, idx, elem, span, name, rt);
	}

	#ptrElementLV(arr: Ev, idx: Ev, elem: CType, span: SourceSpan, name: string, rt: Runtime): LV {
		const size = Math.max(1, sizeOf(elem));
		const memory = rt.memory;
		const address = (f: Frame): number | undefined => {
			const p = arr(f);
			return typeof p === 'number' && p !== 0 ? p + numOf(idx(f)) * size : undefined;
		};
		const at = (f: Frame): Ptr => {
			const p = arr(f);
			if (!(p instanceof Ptr)) return rt.stop('null-dereference', span, { name });
			const i = numOf(idx(f));
			if (p.base instanceof ArrayStore) {
				const k = p.base.index(p.offset) + i;
				if (k < 0 || k >= p.base.items.length) {
					return rt.stop('index-out-of-range', span, { index: i, name, size: p.base.items.length });
				}
			}
			return p.add(i);
		};
		return {
			get: (f) => {
				const a = address(f);
				if (a !== undefined) return memory.get(a) ?? 0;
				const q = at(f);
				return isStore(q.base) ? q.base.load(q.offset, q.elem) : 0;
			},
			set: (f, v) => {
				const a = address(f);
				if (a !== undefined) {
					memory.set(a, convertArg(v, elem));
					return;
				}
				const q = at(f);
				if (isStore(q.base)) q.base.store(q.offset, q.elem, convertArg(v, elem));
			},
			addr: (f) => {
				const a = address(f);
				if (a === undefined) return at(f);
				const cell = new CellStore(
					() => memory.get(a) ?? 0,
					(x) => void memory.set(a, x),
					name,
				);
				return new Ptr(cell, 0, elem);
			},
			t: elem,
		};
	}

	// Calls ---------------------------------------------------------------------

	/** Builds the NativeCall for a binding invocation at node `n`. */
	#callInfo(
		n: SyntaxNode | null,
		name: string,
		targs: readonly TemplateArg[],
		argTypes: readonly CType[],
		declName?: string,
	): (f: Frame, args: Value[]) => NativeCall {
		const rt = this.#rt;
		const fixed = n ? this.#span(n) : undefined;
		const site = () => rt.site();
		return (_f, args) => {
			const top = rt.stack[rt.stack.length - 1];
			let span = fixed;
			if (top && fixed) {
				top.line = fixed.line;
				top.column = fixed.column;
			} else if (!span)
				span = top ? { line: top.line, column: top.column } : { line: 1, column: 1 };
			const call: NativeCall = { args, argTypes, targs, rt, site, span: span!, name };
			if (declName !== undefined) call.declName = declName;
			return call;
		};
	}

	#nativeCall(
		fn: (call: NativeCall) => NativeResult,
		args: Ex[],
		targs: readonly TemplateArg[],
		at: SyntaxNode | null,
		name: string,
		declName?: string,
	): Ev {
		const evs = args.map((a) => a.ev);
		const info = this.#callInfo(
			at,
			name,
			targs,
			args.map((a) => a.t),
			declName,
		);
		const rt = this.#rt;
		const n = evs.length;
		return (f) => {
			const vals = new Array<Value>(n);
			for (let i = 0; i < n; i++) vals[i] = evs[i]!(f);
			const r = fn(info(f, vals));
			if (rt.steps >= rt.nextCheck || rt.clock.now >= rt.dueAt) rt.check();
			return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
		};
	}

	#call(n: SyntaxNode, scope: Scope): Ex {
		const kids = this.#parts(n);
		const callee = kids[0]!;
		const argList = n.getChild('ArgumentList');
		const argNodes = argList ? this.#parts(argList) : [];
		// Kernel launch: `kernel<<<b, l2, s>>>(args)` was rewritten to `kernel(b, l2, s)(args)`.
		if (callee.name === 'CallExpression' && this.#isLaunch(callee))
			return this.#launchExpr(callee, argNodes, scope, n);
		let nameNode = callee;
		let targNodes: SyntaxNode | null = null;
		if (callee.name === 'TemplateFunction') {
			nameNode = callee.firstChild!;
			targNodes = callee.getChild('TemplateArgumentList');
		}
		if (callee.name === 'FieldExpression') return this.#methodCall(callee, argNodes, scope, n);
		if (
			nameNode.name === 'Identifier' ||
			nameNode.name === 'ScopedIdentifier' ||
			nameNode.name === 'QualifiedIdentifier' ||
			nameNode.name === 'TypeIdentifier' ||
			nameNode.name === 'ScopedTypeIdentifier' ||
			nameNode.name === 'PrimitiveType'
		) {
			const text = this.#text(nameNode).replace(/\s+/g, '');
			const path = text.split('::');
			const last = path[path.length - 1]!;
			// C++ casts.
			if (
				path.length === 1 &&
				/^(static|reinterpret|const|dynamic)_cast$/.test(last) &&
				targNodes
			) {
				const t = this.#templateArgs(targNodes, scope)[0];
				const v = argNodes[0];
				if (!v || !t || typeof t === 'number') return this.#unsupported(n, 'this cast');
				return this.#cast(t, this.#expr(v, scope));
			}
			if (path.length === 1 && this.#macros.has(text) && !this.#macroDepth.includes(text)) {
				const m = this.#macros.get(text)!;
				if (m.params) return this.#macroCall(m, argNodes, scope, n);
			}
			if (FRAMEWORK_MACROS.has(last) && !this.#lookupPath(path, scope)) {
				return this.#bad('macro-framework', nameNode, { name: last });
			}
			const e = this.#lookupPath(path, scope);
			const targs = targNodes ? this.#templateArgs(targNodes, scope) : [];
			if (e) {
				switch (e.kind) {
					case 'func':
						return this.#userCall(e.defs, argNodes, targs, scope, n, null, text);
					case 'class':
					case 'classTemplate':
					case 'type': {
						const t = this.#namedType(text, nameNode, scope, targs);
						const args = argNodes.map((a) => this.#expr(a, scope));
						return { ev: this.#constructFrom(t, args, n), t };
					}
					case 'targ': {
						if (typeof e.value === 'number') break;
						const t = e.value;
						const args = argNodes.map((a) => this.#expr(a, scope));
						return { ev: this.#constructFrom(t, args, n), t };
					}
					case 'local':
					case 'global':
					case 'field': {
						const fv = this.#entityValue(e, nameNode, text);
						return this.#dynamicCall(fv, argNodes, scope, n, text);
					}
					default:
						break;
				}
			}
			const methods = path.length === 1 ? scope.cls?.methods.get(last) : undefined;
			if (methods)
				return this.#userCall(
					methods,
					argNodes,
					targs,
					scope,
					n,
					null,
					`${scope.cls!.qualName}::${last}`,
				);
			if (path.length === 2) {
				const owner = this.#lookupPath([path[0]!], scope);
				const statics = owner?.kind === 'class' ? owner.cls.methods.get(last) : undefined;
				if (statics) return this.#userCall(statics, argNodes, targs, scope, n, null, text);
			}
			const prim = path.length === 1 ? PRIMITIVE_TYPES[text] : undefined;
			if (prim) {
				const a = argNodes[0];
				return a ? this.#cast(prim, this.#expr(a, scope)) : constEx(defaultValue(prim), prim);
			}
			const simName = this.#simName(path);
			if (simName !== undefined) {
				const fn = this.#b.functions.get(simName);
				if (fn) {
					const args = argNodes.map((a) => this.#expr(a, scope));
					return { ev: this.#nativeCall(fn, args, targs, n, simName), t: nativeRet(simName) };
				}
				const nt = this.#b.types.get(simName);
				if (nt) {
					const t: CType = nt.ctype ? nt.ctype(targs) : { k: 'sim', name: nt.name, targs };
					const args = argNodes.map((a) => this.#expr(a, scope));
					return { ev: this.#constructFrom(t, args, n), t };
				}
			}
			return this.#bad('call-unknown', nameNode, { name: text });
		}
		const fv = this.#expr(callee, scope);
		return this.#dynamicCall(fv, argNodes, scope, n, this.#text(callee));
	}

	#dynamicCall(fv: Ex, argNodes: SyntaxNode[], scope: Scope, n: SyntaxNode, name: string): Ex {
		const args = argNodes.map((a) => this.#expr(a, scope).ev);
		const span = this.#span(n);
		const rt = this.#rt;
		return {
			ev: (f) => {
				const fn = fv.ev(f);
				if (!(fn instanceof FuncValue)) return rt.stop('value-not-callable', span, { name });
				const top = rt.stack[rt.stack.length - 1];
				if (top) {
					top.line = span.line;
					top.column = span.column;
				}
				return fn.call(args.map((a) => a(f)));
			},
			t: T.unknown,
		};
	}

	#isLaunch(n: SyntaxNode): boolean {
		const args = n.getChild('ArgumentList');
		return !!args && this.#parsed.pre.launchOffsets.includes(args.from);
	}

	#launchExpr(inner: SyntaxNode, argNodes: SyntaxNode[], scope: Scope, n: SyntaxNode): Ex {
		const kernelNode = inner.firstChild!;
		const name = this.#text(kernelNode).replace(/\s+/g, '');
		const cfgNodes = this.#parts(inner.getChild('ArgumentList')!);
		const e = this.#lookupPath(name.replace(/<.*$/, '').split('::'), scope);
		if (!e || e.kind !== 'func') return this.#bad('call-unknown', kernelNode, { name });
		let def = e.defs.find((d) => d.node) ?? e.defs[0]!;
		if (def.tparams.length > 0) {
			const targNode =
				kernelNode.name === 'TemplateFunction' ? kernelNode.getChild('TemplateArgumentList') : null;
			const inst = this.#instantiateFunction(def, this.#templateArgs(targNode, scope), kernelNode);
			if (!inst) return constEx(0, T.i32);
			def = inst;
		}
		const cfg = cfgNodes.map((c) => this.#expr(c, scope).ev);
		const args = argNodes.map((a) => this.#expr(a, scope).ev);
		if (cfg.length < 1) return this.#unsupported(n, 'a kernel launch without a block count');
		const info = this.#callInfo(n, name, [], []);
		const launch = this.#launch;
		const kernel = def;
		return {
			ev: (f) => {
				const blocks = numOf(cfg[0]!(f));
				const stream = cfg[2] ? cfg[2](f) : null;
				const vals = args.map((a) => a(f));
				return launch(kernel, blocks, stream, vals, info(f, vals));
			},
			t: T.void,
		};
	}

	/** Chooses among overloads by argument count, then by how well static types match. */
	#pickOverload(defs: FuncDef[], args: Ex[], at: SyntaxNode, name: string): FuncDef | undefined {
		const withBody = defs.filter((d) => d.node);
		const fits = withBody.filter(
			(d) => args.length <= d.paramCount && args.length >= d.paramCount - d.defaults,
		);
		if (fits.length === 0) {
			const d = withBody[0] ?? defs[0];
			if (!d?.node) {
				this.#diag('call-unknown', at, { name });
				return undefined;
			}
			this.#diag('args-mismatch', at, { name, expected: d.paramCount, got: args.length });
			return undefined;
		}
		if (fits.length === 1) return fits[0];
		let best = fits[0]!;
		let bestScore = -1;
		for (const d of fits) {
			if (d.tparams.length > 0) continue;
			const sig = this.#signature(d);
			let score = 0;
			args.forEach((a, i) => {
				const p = sig.params[i];
				if (!p) return;
				if (a.t.k === p.type.k) score += 2;
				if (
					a.t.k === 'int' &&
					p.type.k === 'int' &&
					a.t.bits === p.type.bits &&
					a.t.signed === p.type.signed
				)
					score += 1;
			});
			if (score > bestScore) {
				best = d;
				bestScore = score;
			}
		}
		return best;
	}

	/** Evaluates arguments for `def`, taking addresses for reference parameters of scalar type. */
	#argEvaluator(def: FuncDef, args: Ex[], at: SyntaxNode): (f: Frame) => Value[] {
		const sig = this.#signature(def);
		const evs: Ev[] = [];
		const argNodes = (
			at.getChild('ArgumentList') ? this.#parts(at.getChild('ArgumentList')!) : []
		) as SyntaxNode[];
		sig.params.forEach((p, i) => {
			const a = args[i];
			if (!a) {
				if (p.def) {
					const d = this.#expr(p.def, def.scope);
					evs.push(d.ev);
				} else evs.push(() => undefined);
				return;
			}
			if (p.ref && isScalarLike(p.type)) {
				const node = argNodes[i];
				const lv = node ? this.#lvalue(node, this.#argScope ?? def.scope) : undefined;
				if (lv) {
					evs.push(lv.addr);
					return;
				}
				// A temporary bound to a const reference.
				const ev = a.ev;
				evs.push((f) => {
					let v = ev(f);
					return new Ptr(
						new CellStore(
							() => v,
							(x) => void (v = x),
							p.name,
						),
						0,
						p.type,
					);
				});
				return;
			}
			evs.push(a.ev);
		});
		const n = evs.length;
		return (f) => {
			const out = new Array<Value>(n);
			for (let i = 0; i < n; i++) out[i] = evs[i]!(f);
			return out;
		};
	}

	#argScope: Scope | undefined;

	#userCall(
		defs: FuncDef[],
		argNodes: SyntaxNode[],
		targs: TemplateArg[],
		scope: Scope,
		n: SyntaxNode,
		self: Ev | null,
		name: string,
	): Ex {
		const args = argNodes.map((a) => this.#expr(a, scope));
		let def = this.#pickOverload(defs, args, n, name);
		if (!def) return constEx(undefined, T.unknown);
		if (def.tparams.length > 0) {
			const deduced = this.#deduce(def, targs, args);
			const inst = this.#instantiateFunction(def, deduced, n);
			if (!inst) return constEx(undefined, T.unknown);
			def = inst;
		}
		const saved = this.#argScope;
		this.#argScope = scope;
		const callArgs = this.#argEvaluator(def, args, n);
		this.#argScope = saved;
		const span = this.#span(n);
		const rt = this.#rt;
		const target = def;
		const ret = this.#signature(def).ret;
		const implicitSelf = !self && def.cls && !def.isStatic;
		if (implicitSelf && !scope.cls) {
			return this.#bad('call-unknown', n, { name });
		}
		return {
			ev: (f) => {
				const vals = callArgs(f);
				const top = rt.stack[rt.stack.length - 1];
				if (top) {
					top.line = span.line;
					top.column = span.column;
				}
				const s = self ? self(f) : implicitSelf ? f.self : null;
				return target.compiled!.invoke(s, vals);
			},
			t: ret,
		};
	}

	/** Template arguments of a call: the explicit ones, then deduced from argument types. */
	#deduce(def: FuncDef, explicit: TemplateArg[], args: Ex[]): TemplateArg[] {
		const out = [...explicit];
		if (out.length >= def.tparams.length) return out;
		const decl = findFunctionDeclarator(def.node!)!;
		const plist = decl.getChild('ParameterList');
		const params = plist ? this.#parts(plist) : [];
		for (let i = out.length; i < def.tparams.length; i++) {
			const tp = def.tparams[i]!;
			let found: TemplateArg | undefined;
			params.forEach((p, k) => {
				if (found !== undefined) return;
				const a = args[k];
				if (!a) return;
				const typeNode = this.#parts(p).find((c) => isTypeNode(c.name));
				if (!typeNode) return;
				found = this.#unify(typeNode, tp.name, a.t);
			});
			if (found === undefined) {
				if (tp.def) break;
				found = T.unknown;
			}
			out.push(found);
		}
		return out;
	}

	#unify(typeNode: SyntaxNode, name: string, t: CType): TemplateArg | undefined {
		const text = this.#text(typeNode).replace(/\s+/g, '');
		if (text === name) return t.k === 'array' ? { k: 'ptr', to: t.of } : t;
		if (typeNode.name === 'TemplateType' && (t.k === 'sim' || t.k === 'class')) {
			const args = typeNode.getChild('TemplateArgumentList');
			const parts = args ? this.#parts(args) : [];
			for (let i = 0; i < parts.length; i++) {
				const a = parts[i]!;
				if (this.#text(a).replace(/\s+/g, '') === name) return t.targs[i];
			}
		}
		return undefined;
	}

	#methodCall(callee: SyntaxNode, argNodes: SyntaxNode[], scope: Scope, n: SyntaxNode): Ex {
		const kids = this.#children(callee);
		const objNode = kids[0]!;
		const memberNode = kids[kids.length - 1]!;
		const arrow = kids.some((c) => this.#text(c) === '->');
		let method = this.#text(memberNode);
		let targs: TemplateArg[] = [];
		if (memberNode.name === 'TemplateMethod') {
			method = this.#text(memberNode.firstChild!);
			targs = this.#templateArgs(memberNode.getChild('TemplateArgumentList'), scope);
		}
		const span = this.#span(n);
		const rt = this.#rt;
		let obj: Ex;
		if (objNode.name === 'this')
			obj = {
				ev: (f) => f.self,
				t: scope.cls ? { k: 'class', cls: scope.cls, targs: scope.cls.targs } : T.unknown,
			};
		else {
			const raw = this.#expr(objNode, scope);
			if (arrow) {
				const ev = raw.ev;
				const t = raw.t.k === 'ptr' ? raw.t.to : T.unknown;
				obj = {
					ev: (f) => {
						const p = ev(f);
						if (p instanceof Ptr) return isStore(p.base) ? p.base.load(p.offset, p.elem) : p.base;
						if (p === null || p === undefined)
							return rt.stop('null-dereference', span, { name: this.#text(objNode) });
						return p;
					},
					t,
				};
			} else obj = raw;
		}
		if (obj.t.k === 'class') {
			const defs = obj.t.cls.methods.get(method);
			if (!defs)
				return this.#bad('method-unknown', memberNode, { type: obj.t.cls.qualName, name: method });
			return this.#userCall(
				defs,
				argNodes,
				targs,
				scope,
				n,
				obj.ev,
				`${obj.t.cls.qualName}::${method}`,
			);
		}
		const args = argNodes.map((a) => this.#expr(a, scope));
		if (obj.t.k === 'sim') {
			const nt = this.#b.types.get(obj.t.name);
			const m = nt?.methods[method];
			if (!m)
				return this.#bad('method-unknown', memberNode, { type: typeName(obj.t), name: method });
			return {
				ev: this.#boundMethod(m, obj.ev, args, targs, n, `${nt!.name}::${method}`),
				t: nativeRet(method),
			};
		}
		// Unknown static type: dispatch on the value at run time.
		const evs = args.map((a) => a.ev);
		const info = this.#callInfo(
			n,
			method,
			targs,
			args.map((a) => a.t),
		);
		const b = this.#b;
		return {
			ev: (f) => {
				const o = obj.ev(f);
				const vals = evs.map((e) => e(f));
				if (o instanceof SimObject) {
					const m = b.types.get(o.type)?.methods[method];
					if (m) {
						const r = m(o, info(f, vals));
						return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
					}
				}
				if (o instanceof Instance) {
					const defs = o.cls.methods
						.get(method)
						?.filter((d) => d.compiled && d.paramCount >= vals.length);
					const d = defs?.[0];
					if (d) {
						info(f, vals);
						return d.compiled!.invoke(o, vals);
					}
				}
				return rt.stop('method-unknown', span, { type: describe(o), name: method });
			},
			t: T.unknown,
		};
	}

	#boundMethod(
		m: (self: Value, call: NativeCall) => NativeResult,
		self: Ev,
		args: Ex[],
		targs: readonly TemplateArg[],
		at: SyntaxNode,
		name: string,
	): Ev {
		const evs = args.map((a) => a.ev);
		const info = this.#callInfo(
			at,
			name,
			targs,
			args.map((a) => a.t),
		);
		const rt = this.#rt;
		const n = evs.length;
		return (f) => {
			const o = self(f);
			const vals = new Array<Value>(n);
			for (let i = 0; i < n; i++) vals[i] = evs[i]!(f);
			const r = m(o, info(f, vals));
			if (rt.steps >= rt.nextCheck || rt.clock.now >= rt.dueAt) rt.check();
			return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
		};
	}

	/** Looks up a top-level function by name (entry points). */
	findFunction(name: string): FuncDef | undefined {
		const e = this.global.names.get(name);
		return e?.kind === 'func' ? e.defs.find((d) => d.node) : undefined;
	}

	/** Every kernel entry (`__global__`), in source order. */
	kernels(): FuncDef[] {
		return this.functions.filter((d) => d.kernel && d.node);
	}

	/** The parameters of a function, for synthetic kernel arguments. */
	params(def: FuncDef): Array<{ name: string; type: CType }> {
		return this.#signature(def).params.map((p) => ({ name: p.name, type: p.type }));
	}

	/** Creates a default value of a type (for synthetic kernel arguments). */
	defaultOf(t: CType): Value {
		if (t.k === 'class') return this.#fieldInitializers(t.cls)(new Frame(0, null));
		return defaultValue(t);
	}
}

// ───────────────────────────── small helpers ─────────────────────────────

const nop: St = () => NORMAL;

function seq(list: St[]): St {
	if (list.length === 0) return nop;
	if (list.length === 1) return list[0]!;
	if (list.length === 2) {
		const [a, b] = list as [St, St];
		return (f) => {
			const r = a(f);
			return r !== NORMAL ? r : b(f);
		};
	}
	const n = list.length;
	return (f) => {
		for (let i = 0; i < n; i++) {
			const r = list[i]!(f);
			if (r !== NORMAL) return r;
		}
		return NORMAL;
	};
}

function constEx(v: Value, t: CType): Ex {
	return { ev: () => v, t, c: true };
}

function foldEx(ex: Ex): Ex {
	try {
		const v = ex.ev(new Frame(0, null));
		return { ev: () => v, t: ex.t, c: true };
	} catch {
		return { ...ex, c: false };
	}
}

function isPunct(n: SyntaxNode): boolean {
	return (
		/^[(){}[\],;:<>]$/.test(n.name) ||
		n.name === '::' ||
		n.name === 'LineComment' ||
		n.name === 'BlockComment'
	);
}

function isTypeNode(name: string): boolean {
	return (
		name === 'PrimitiveType' ||
		name === 'TypeIdentifier' ||
		name === 'ScopedTypeIdentifier' ||
		name === 'TemplateType' ||
		name === 'SizedTypeSpecifier' ||
		name === 'auto' ||
		name === 'StructSpecifier' ||
		name === 'ClassSpecifier' ||
		name === 'EnumSpecifier' ||
		name === 'UnionSpecifier' ||
		name === 'DependentType' ||
		name === 'TypenameType' ||
		name === 'Decltype'
	);
}

function isDeclaratorNode(name: string): boolean {
	return (
		name === 'Identifier' ||
		name === 'FieldIdentifier' ||
		name === 'InitDeclarator' ||
		name === 'PointerDeclarator' ||
		name === 'ReferenceDeclarator' ||
		name === 'ArrayDeclarator' ||
		name === 'FunctionDeclarator' ||
		name === 'ScopedIdentifier'
	);
}

function findFunctionDeclarator(n: SyntaxNode): SyntaxNode | null {
	for (let c = n.firstChild; c; c = c.nextSibling) {
		if (c.name === 'FunctionDeclarator') return c;
		if (c.name === 'PointerDeclarator' || c.name === 'ReferenceDeclarator') {
			const inner = findFunctionDeclarator(c);
			if (inner) return inner;
		}
	}
	return null;
}

function firstLine(text: string): string {
	const line = text.split('\n')[0]!.trim();
	return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

function unescape(s: string): string {
	return s.replace(/\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)/g, (_m, e: string) => {
		switch (e[0]) {
			case 'n':
				return '\n';
			case 't':
				return '\t';
			case 'r':
				return '\r';
			case '0':
				return e.length > 1 ? String.fromCharCode(Number.parseInt(e, 8)) : '\0';
			case 'x':
				return String.fromCharCode(Number.parseInt(e.slice(1), 16));
			case 'a':
				return '\x07';
			case 'b':
				return '\b';
			case 'f':
				return '\f';
			case 'v':
				return '\v';
			default:
				return /^[0-7]+$/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : e;
		}
	});
}

function isScalarLike(t: CType): boolean {
	return (
		t.k === 'int' ||
		t.k === 'float' ||
		t.k === 'bool' ||
		t.k === 'enum' ||
		t.k === 'ptr' ||
		t.k === 'func'
	);
}

function isArithLike(t: CType): boolean {
	return t.k === 'int' || t.k === 'float' || t.k === 'bool' || t.k === 'enum' || t.k === 'unknown';
}

function elemOf(t: CType): CType {
	return t.k === 'array' ? t.of : t;
}

function dimsOf(t: CType): number[] {
	const out: number[] = [];
	let cur = t;
	while (cur.k === 'array') {
		out.push(cur.n);
		cur = cur.of;
	}
	return out;
}

function defaultValue(t: CType): Value {
	switch (t.k) {
		case 'int':
		case 'float':
		case 'bool':
		case 'enum':
			return 0;
		case 'ptr':
			return null;
		case 'sim':
			return new SimObject(t.name, t.targs, null);
		case 'class':
			return newInstance(t);
		default:
			return undefined;
	}
}

function newInstance(t: Extract<CType, { k: 'class' }>): Instance {
	return new Instance(
		t.cls,
		t.targs,
		t.cls.fields.map((f) => defaultValue(f.type)),
	);
}

function buildInstance(cls: ClassDef, makers: Array<Ev | undefined>, f: Frame): Instance {
	const fields = new Array<Value>(cls.fields.length);
	const inst = new Instance(cls, cls.targs, fields);
	const frame = new Frame(0, inst);
	void f;
	for (let i = 0; i < cls.fields.length; i++) {
		const m = makers[i];
		fields[i] = m ? m(frame) : defaultValue(cls.fields[i]!.type);
	}
	return inst;
}

function cloneInstance(v: Instance): Instance {
	return new Instance(v.cls, v.targs, v.fields.map(cloneValue));
}

/** A copy of a value as C++ copies it: objects field by field (arrays inside stay shared). */
function cloneValue(v: Value): Value {
	if (v instanceof Instance) return cloneInstance(v);
	return v;
}

function convertArg(v: Value, t: CType): Value {
	if (t.k === 'class' || t.k === 'sim' || t.k === 'unknown' || t.k === 'array' || t.k === 'func')
		return v;
	return convert(v, t);
}

function numOf(v: Value): number {
	if (typeof v === 'number') return v;
	if (v === null || v === undefined) return 0;
	if (typeof v === 'boolean') return v ? 1 : 0;
	return 0;
}

function makeWrap(t: Extract<CType, { k: 'int' }>): (v: number) => number {
	switch (t.bits) {
		case 32:
			return t.signed ? (v) => v | 0 : (v) => v >>> 0;
		case 64:
			return t.signed
				? (v) => (Number.isSafeInteger(v) ? v : Number(BigInt.asIntN(64, BigInt(Math.trunc(v)))))
				: (v) =>
						v >= 0 && Number.isSafeInteger(v)
							? v
							: Number(BigInt.asUintN(64, BigInt(Math.trunc(v))));
		default:
			return (v) => convert(v, t) as number;
	}
}

function promote32(t: Extract<CType, { k: 'int' }>): Extract<CType, { k: 'int' }> {
	return t.bits < 32 ? T.i32 : t;
}

function big(a: number, b: number, op: '&' | '|' | '^'): number {
	const x = BigInt.asIntN(64, BigInt(Math.trunc(a)));
	const y = BigInt.asIntN(64, BigInt(Math.trunc(b)));
	return Number(op === '&' ? x & y : op === '|' ? x | y : x ^ y);
}

function ptrEqual(a: Value, b: Value): boolean {
	const na = a === undefined || a === 0 ? null : a;
	const nb = b === undefined || b === 0 ? null : b;
	if (na instanceof Ptr && nb instanceof Ptr) return na.base === nb.base && na.offset === nb.offset;
	return na === nb;
}

function derefPtr(p: Ptr): Value {
	return isStore(p.base) ? p.base.load(p.offset, p.elem) : undefined;
}

function storePtr(p: Ptr, v: Value): void {
	if (isStore(p.base)) p.base.store(p.offset, p.elem, convertArg(v, p.elem));
}

function fieldLV(obj: (f: Frame) => Instance, index: number, t: CType, name: string): LV {
	return {
		get: (f) => obj(f).fields[index],
		set: (f, v) => void (obj(f).fields[index] = convertArg(v, t)),
		addr: (f) => {
			const o = obj(f);
			const cur = o.fields[index];
			if (t.k === 'array' && cur instanceof Ptr) return cur;
			if (t.k === 'class' || t.k === 'sim') return new Ptr(new ObjectStore(cur, name), 0, t);
			return new Ptr(
				new CellStore(
					() => o.fields[index],
					(x) => void (o.fields[index] = x),
					name,
				),
				0,
				t,
			);
		},
		t,
	};
}

function describe(v: Value): string {
	if (v instanceof Instance) return v.cls.qualName;
	if (v instanceof SimObject) return v.type;
	if (v === null || v === undefined) return 'null';
	return typeof v;
}

function streamText(v: Value, t: CType): string {
	if (typeof v === 'string') return v;
	if (typeof v === 'number') {
		if (t.k === 'int' && t.bits === 8 && t.name === 'char') return String.fromCharCode(v);
		return String(v);
	}
	if (v === null) return '0';
	if (v instanceof Ptr) return `0x${(0x1000 + v.offset).toString(16)}`;
	return String(v);
}

/** A type as a demangled CPU-debug backtrace prints it, e.g. `float16::Fp16T` for half. */
function demangled(t: CType): string {
	switch (t.k) {
		case 'int':
		case 'float':
			return dtypeOf(t.name)?.demangled ?? t.name;
		case 'ptr':
			return `${demangled(t.to)}*`;
		case 'sim':
			return `AscendC::${t.name}${t.targs.length ? `<${t.targs.map(demangledArg).join(', ')}>` : ''}`;
		case 'class':
			return `${t.cls.qualName}${t.targs.length ? `<${t.targs.map(demangledArg).join(', ')}>` : ''}`;
		default:
			return typeName(t);
	}
}

function demangledArg(a: TemplateArg): string {
	return typeof a === 'number' ? String(a) : demangled(a);
}

/** Return types of well-known native functions, so `auto ret = aclrtMalloc(...)` is an int. */
function nativeRet(name: string): CType {
	if (/^acl/.test(name) && !/^aclmdlCreate|^aclCreate|^aclrtGetDevice$/.test(name)) return T.i32;
	if (name === 'GetBlockIdx' || name === 'GetBlockNum' || name === 'GetSubBlockIdx') return T.i64;
	if (name === 'printf' || name === 'PRINTF') return T.i32;
	if (name === 'GetSize' || name === 'GetLength') return T.u32;
	return T.unknown;
}
