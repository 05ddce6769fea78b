/**
 * Declarations at namespace scope: the program walk, `using`, typedefs, enums, templates and their
 * parameter lists.
 */
import type { SyntaxNode } from '@lezer/common';
import { LangStop } from '../diagnostics.ts';
import type { TemplateParam } from '../func-def.ts';
import { Scope, type Entity } from '../scope.ts';
import { T, type CType } from '../types.ts';
import { declareClass } from './classes.ts';
import { declareFunction, compileBody } from './functions.ts';
import { resolveType, resolveTypeDescriptor, evalConstValue } from './type-resolution.ts';
import { lookupPath } from './names.ts';
import { compileDeclarator, compileGlobalDeclaration } from './declarators.ts';
import { UNSUPPORTED } from './expressions.ts';
import { FRAMEWORK_MACROS } from './macros.ts';
import { helperConvention } from '../helper-conventions.ts';
import type { CompileContext } from './context.ts';
import { firstLine } from './syntax.ts';

/** Declares everything at top level, then compiles every function body. */
export function compileProgram(ctx: CompileContext, top: SyntaxNode): void {
	for (const c of ctx.children(top)) declareTop(ctx, c, ctx.enterUnitAt(c.from), false);
	drainPending(ctx);
}

/** Compiles pending function bodies (instantiations add more while compiling). */
function drainPending(ctx: CompileContext): void {
	while (ctx.pending.length > 0) {
		const def = ctx.pending.shift()!;
		compileBody(ctx, def);
	}
}

function declareList(ctx: CompileContext, n: SyntaxNode, scope: Scope, externC: boolean): void {
	for (const c of ctx.children(n)) declareTop(ctx, c, scope, externC);
}

/** Declares one top-level item, turning a LangStop raised inside it into a diagnostic. */
export function declareTop(
	ctx: CompileContext,
	n: SyntaxNode,
	scope: Scope,
	externC: boolean,
): void {
	try {
		declareTopInner(ctx, n, scope, externC);
	} catch (e) {
		if (e instanceof LangStop) ctx.diagnostics.push(e.diagnostic);
		else throw e;
	}
}

function declareTopInner(ctx: CompileContext, n: SyntaxNode, scope: Scope, externC: boolean): void {
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
			const name = id ? ctx.text(id) : '';
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
			if (body) declareList(ctx, body, ns, externC);
			return;
		}
		case 'LinkageSpecification': {
			for (const c of ctx.children(n)) {
				if (c.name === 'DeclarationList') declareList(ctx, c, scope, true);
				else if (c.name !== 'extern' && c.name !== 'String') declareTop(ctx, c, scope, true);
			}
			return;
		}
		case 'UsingDeclaration':
			declareUsing(ctx, n, scope);
			return;
		case 'AliasDeclaration': {
			const name = n.getChild('TypeIdentifier');
			const td = n.getChild('TypeDescriptor');
			if (name && td)
				scope.declare(ctx.text(name), {
					kind: 'type',
					type: resolveTypeDescriptor(ctx, td, scope),
				});
			return;
		}
		case 'TypeDefinition':
			declareTypedef(ctx, n, scope);
			return;
		case 'FunctionDefinition':
			declareFunction(ctx, n, scope, externC, []);
			return;
		case 'TemplateDeclaration':
			declareTemplate(ctx, n, scope, externC);
			return;
		case 'ClassSpecifier':
		case 'StructSpecifier':
		case 'UnionSpecifier':
			declareClass(ctx, n, scope, []);
			return;
		case 'EnumSpecifier':
			declareEnum(ctx, n, scope);
			return;
		case 'Declaration':
			compileGlobalDeclaration(ctx, n, scope);
			return;
		case 'ExpressionStatement':
		case 'CompoundStatement':
			// A macro call at top level (e.g. `REGISTER_TILING_DEFAULT(...)`) or stray code.
			compileTopLevelStatement(ctx, n);
			return;
		default:
			if (n.type.isError) return;
			if (UNSUPPORTED[n.name]) ctx.unsupported(n, UNSUPPORTED[n.name]!);
			else ctx.unsupported(n, 'file-level', { text: firstLine(ctx.text(n)) });
	}
}

function compileTopLevelStatement(ctx: CompileContext, n: SyntaxNode): void {
	// An empty declaration (`};` after a function body) declares nothing.
	if (ctx.text(n).trim() === ';') return;
	const call = n.getChild('CallExpression');
	const callee = call?.firstChild;
	const convention = callee ? helperConvention(ctx.text(callee)) : undefined;
	if (callee && convention?.framework && !ctx.macros.has(ctx.text(callee))) {
		ctx.noteOnce('framework-assumed', `helper:${ctx.text(callee)}`, callee, {
			name: ctx.text(callee),
			meaning: convention.meaning,
			source: convention.source,
		});
		return;
	}
	if (callee && FRAMEWORK_MACROS.has(ctx.text(callee))) {
		ctx.diag('macro-framework', callee, { name: ctx.text(callee) });
		return;
	}
	ctx.unsupported(n, 'file-level', { text: firstLine(ctx.text(n)) });
}

function declareUsing(ctx: CompileContext, n: SyntaxNode, scope: Scope): void {
	const isNamespace = n.getChild('namespace') !== null;
	const target = ctx.parts(n).filter((c) => c.name !== 'using' && c.name !== 'namespace');
	const last = target[target.length - 1];
	if (!last) return;
	const path = ctx
		.text(last)
		.split('::')
		.filter((p) => p.length > 0);
	if (isNamespace) {
		const ns = findNamespace(ctx, path, scope);
		if (ns) scope.usings.push(ns);
		// `using namespace AscendC;` (or tik2, std) needs nothing: simulator names are global.
		return;
	}
	// `using X::y;` — bring one name in.
	const name = path[path.length - 1]!;
	const e = lookupPath(ctx, path, scope);
	if (e) scope.declare(name, e);
}

function findNamespace(ctx: CompileContext, path: string[], scope: Scope): Scope | undefined {
	let cur: Scope | undefined;
	for (const p of path) {
		const e: Entity | undefined = cur ? cur.lookupOwn(p) : scope.lookup(p);
		if (e?.kind !== 'namespace') return undefined;
		cur = e.scope;
	}
	return cur;
}

function declareTypedef(ctx: CompileContext, n: SyntaxNode, scope: Scope): void {
	const kids = ctx.parts(n).filter((c) => c.name !== 'typedef');
	const typeNode = kids[0];
	if (!typeNode) return;
	let base: CType;
	if (typeNode.name === 'StructSpecifier' || typeNode.name === 'ClassSpecifier') {
		const cls = declareClass(ctx, typeNode, scope, []);
		base = cls ? { k: 'class', cls, targs: [] } : T.unknown;
	} else if (typeNode.name === 'EnumSpecifier') {
		base = declareEnum(ctx, typeNode, scope);
	} else base = resolveType(ctx, typeNode, scope);
	for (const d of kids.slice(1)) {
		const info = compileDeclarator(ctx, d, base, scope);
		if (info.name) scope.declare(info.name, { kind: 'type', type: info.type });
	}
}

/** Declares an enum and its enumerators in `scope`; returns its type. */
export function declareEnum(ctx: CompileContext, n: SyntaxNode, scope: Scope): CType {
	const nameNode = n.getChild('TypeIdentifier');
	const name = nameNode ? ctx.text(nameNode) : '';
	const scoped = n.getChild('class') !== null || n.getChild('struct') !== null;
	const baseNode = ctx
		.children(n)
		.find((c) => c.name === 'PrimitiveType' || c.name === 'SizedTypeSpecifier');
	const base = baseNode ? resolveType(ctx, baseNode, scope) : T.i32;
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
		const valueNode = ctx.parts(e).find((c) => c.from !== id.from);
		if (valueNode) {
			const v = evalConstValue(ctx, valueNode, inner);
			next = typeof v === 'number' ? v : next;
		}
		inner.declare(ctx.text(id), { kind: 'const', value: next, type });
		next++;
	}
	return type;
}

function declareTemplate(ctx: CompileContext, n: SyntaxNode, scope: Scope, externC: boolean): void {
	const tparams = parseTemplateParams(ctx, n.getChild('TemplateParameterList'));
	const body = ctx
		.parts(n)
		.find((c) => c.name !== 'template' && c.name !== 'TemplateParameterList');
	if (!body) return;
	switch (body.name) {
		case 'FunctionDefinition':
			declareFunction(ctx, body, scope, externC, tparams);
			return;
		case 'ClassSpecifier':
		case 'StructSpecifier':
			declareClass(ctx, body, scope, tparams);
			return;
		case 'Declaration':
			// A template function declared but defined later, or a variable template.
			return;
		case 'TemplateDeclaration':
			declareTemplate(ctx, body, scope, externC);
			return;
		default:
			ctx.unsupported(body, 'template-kind');
	}
}

/** The parameters of a `template <…>` list. */
export function parseTemplateParams(ctx: CompileContext, list: SyntaxNode | null): TemplateParam[] {
	const out: TemplateParam[] = [];
	if (!list) return out;
	for (const p of ctx.parts(list)) {
		if (p.name === 'TypeParameterDeclaration' || p.name === 'OptionalTypeParameterDeclaration') {
			const id = p.getChild('TypeIdentifier');
			const def = p.getChild('TypeDescriptor') ?? undefined;
			const tp: TemplateParam = { name: id ? ctx.text(id) : '', kind: 'type' };
			if (def) tp.def = def;
			out.push(tp);
		} else if (p.name === 'ParameterDeclaration' || p.name === 'OptionalParameterDeclaration') {
			const ids = p.getChildren('Identifier');
			const id = ids[0];
			const tp: TemplateParam = { name: id ? ctx.text(id) : '', kind: 'value' };
			const parts = ctx.parts(p);
			const def = p.name === 'OptionalParameterDeclaration' ? parts[parts.length - 1] : undefined;
			if (def && def !== id) tp.def = def;
			out.push(tp);
		} else {
			ctx.unsupported(p, 'template-parameter-kind');
		}
	}
	return out;
}
