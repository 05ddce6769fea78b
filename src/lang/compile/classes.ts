/**
 * Classes and class templates: declaration, instantiation, default template arguments, fields,
 * bases and out-of-class members.
 */
import type { SyntaxNode } from '@lezer/common';
import { ClassDef } from '../class-def.ts';
import { LangStop } from '../diagnostics.ts';
import type { TemplateParam } from '../func-def.ts';
import { Scope, type ClassTemplate } from '../scope.ts';
import { T, argsKey, type CType, type TemplateArg } from '../types.ts';
import { convert, type Value } from '../values.ts';
import { declareTop, parseTemplateParams } from './declarations.ts';
import { declareFunction, mayInstantiate } from './functions.ts';
import { resolveType, evalConstValue } from './type-resolution.ts';
import { compileDeclarator } from './declarators.ts';
import type { CompileContext } from './context.ts';
import { isTypeNode, isDeclaratorNode, firstLine, findFunctionDeclarator } from './syntax.ts';
import { parseExpression } from './macros.ts';
import { elemOf, dimsOf, defaultValue } from './value-ops.ts';

/** Declares a class (or class template when `tparams` is not empty) and fills its members. */
export function declareClass(
	ctx: CompileContext,
	n: SyntaxNode,
	scope: Scope,
	tparams: TemplateParam[],
): ClassDef | undefined {
	const nameNode = n.getChild('TypeIdentifier') ?? n.getChild('ScopedTypeIdentifier');
	const name = nameNode ? ctx.text(nameNode) : `(anonymous)`;
	const body = n.getChild('FieldDeclarationList');
	// One definition in a header that several translation units include is one class (C++'s
	// one-definition rule): every unit gets the class the first unit made, so a member
	// defined out of class in one unit is there for the others.
	const origin = body ? ctx.definitionOrigin(n) : undefined;
	const linked = origin !== undefined ? ctx.linkedClasses.get(origin) : undefined;
	if (linked) {
		scope.declare(name, linked);
		return linked.kind === 'class' ? linked.cls : undefined;
	}
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
		if (origin !== undefined) ctx.linkedClasses.set(origin, { kind: 'classTemplate', tpl });
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
	if (origin !== undefined) ctx.linkedClasses.set(origin, { kind: 'class', cls });
	fillClass(ctx, cls, body);
	return cls;
}

/** Instantiates class template `tpl` with `targs` (cached per argument list). */
export function instantiateClass(
	ctx: CompileContext,
	tpl: ClassTemplate,
	targs: TemplateArg[],
	at: SyntaxNode,
): ClassDef | undefined {
	const full = fillTemplateDefaults(ctx, tpl.tparams, targs, tpl.scope, at);
	if (!full) return undefined;
	const key = argsKey(full);
	const cached = tpl.instances.get(key);
	if (cached) return cached;
	if (!mayInstantiate(ctx, at)) return undefined;
	const cls = new ClassDef(tpl.name, tpl.qualName, full);
	cls.scope = new Scope(tpl.scope, 'class', tpl.name);
	cls.scope.cls = cls;
	tpl.tparams.forEach((p, i) => cls.scope.declare(p.name, { kind: 'targ', value: full[i]! }));
	tpl.instances.set(key, cls);
	const body = tpl.node.getChild('FieldDeclarationList');
	if (body) fillClass(ctx, cls, body);
	for (const o of tpl.outOfClass) attachOutOfClass(ctx, cls, o.node, o.tparams);
	return cls;
}

/** Completes `targs` with the defaults of `tparams`; undefined (with a diagnostic) when some are missing. */
export function fillTemplateDefaults(
	ctx: CompileContext,
	tparams: TemplateParam[],
	targs: TemplateArg[],
	scope: Scope,
	at: SyntaxNode,
): TemplateArg[] | undefined {
	const full = [...targs];
	if (full.length > tparams.length) {
		ctx.diag('args-mismatch', at, {
			name: ctx.text(at),
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
			ctx.diag('template-args-missing', at, { name: firstLine(ctx.text(at)) });
			return undefined;
		}
		const v = p.kind === 'type' ? resolveType(ctx, p.def, s) : evalConstValue(ctx, p.def, s);
		full.push(
			typeof v === 'number' ? v : typeof v === 'object' && v && 'k' in v ? (v as CType) : 0,
		);
		s.declare(p.name, { kind: 'targ', value: full[i]! });
	}
	return full;
}

function fillClass(ctx: CompileContext, cls: ClassDef, body: SyntaxNode): void {
	const scope = cls.scope;
	inheritBases(ctx, cls, body.parent);
	const methods: SyntaxNode[] = [];
	for (const m of ctx.children(body)) {
		try {
			switch (m.name) {
				case 'FieldDeclaration':
					declareField(ctx, cls, m);
					break;
				case 'FunctionDefinition':
					methods.push(m);
					break;
				case 'TemplateDeclaration': {
					const inner = ctx.parts(m).find((c) => c.name === 'FunctionDefinition');
					// A member function template declared here and defined out of class is a
					// declaration like any other member function's.
					const declared = ctx
						.parts(m)
						.find(
							(c) =>
								(c.name === 'FieldDeclaration' || c.name === 'Declaration') &&
								findFunctionDeclarator(c) !== null,
						);
					if (inner) {
						const tparams = parseTemplateParams(ctx, m.getChild('TemplateParameterList'));
						declareFunction(ctx, inner, scope, false, tparams, cls);
					} else if (declared) declareField(ctx, cls, declared);
					else ctx.unsupported(m, 'member-template');
					break;
				}
				case 'ClassSpecifier':
				case 'StructSpecifier':
				case 'EnumSpecifier':
				case 'AliasDeclaration':
				case 'TypeDefinition':
				case 'UsingDeclaration':
					// Nested types and aliases are declared as at namespace scope, in the class's scope.
					declareTop(ctx, m, scope, false);
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
					declareField(ctx, cls, m);
					break;
				default:
					if (!m.type.isError) ctx.unsupported(m, 'class-member', { text: firstLine(ctx.text(m)) });
			}
		} catch (e) {
			if (e instanceof LangStop) ctx.diagnostics.push(e.diagnostic);
			else throw e;
		}
	}
	cls.complete = true;
	for (const m of methods) declareFunction(ctx, m, scope, false, [], cls);
}

/**
 * Public inheritance from classes of the program: base fields come first (so inherited
 * member functions see the same field indices) and base member functions are inherited.
 */
function inheritBases(ctx: CompileContext, cls: ClassDef, classNode: SyntaxNode | null): void {
	const clause = classNode?.getChild('BaseClassClause');
	if (!clause) return;
	for (const b of ctx.parts(clause)) {
		if (!isTypeNode(b.name)) continue;
		// The framework's tiling base class (tilingdata_base.h): its layout rule and member
		// functions are the simulator's (tiling-layout.ts, tiling-methods.ts).
		if (/^(?:(?:::)?optiling::)?TilingDef$/.test(ctx.text(b).replace(/\s+/g, ''))) {
			cls.tiling = true;
			continue;
		}
		const t = resolveType(ctx, b, cls.scope.parent ?? cls.scope);
		if (t.k !== 'class') {
			if (t.k !== 'unknown') {
				ctx.unsupported(b, 'base-class', { text: ctx.text(b) });
			}
			continue;
		}
		cls.bases.push(t.cls);
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

function declareField(ctx: CompileContext, cls: ClassDef, m: SyntaxNode): void {
	const kids = ctx.parts(m);
	const isStatic = kids.some((c) => c.name === 'static');
	const fnDecl = findFunctionDeclarator(m);
	if (fnDecl) {
		// A member function declared here and defined out of class (`void K::F() {…}`): its
		// default arguments are written here only.
		const nameNode = fnDecl.firstChild;
		if (nameNode) {
			const name = ctx.text(nameNode);
			cls.declared.set(name, [...(cls.declared.get(name) ?? []), fnDecl]);
		}
		return;
	}
	const typeNode = kids.find((c) => isTypeNode(c.name));
	if (!typeNode) return;
	let base: CType;
	if (typeNode.name === 'StructSpecifier' || typeNode.name === 'ClassSpecifier') {
		const inner = declareClass(ctx, typeNode, cls.scope, []);
		base = inner ? { k: 'class', cls: inner, targs: [] } : T.unknown;
	} else base = resolveType(ctx, typeNode, cls.scope);
	const after = kids.slice(kids.indexOf(typeNode) + 1);
	for (let i = 0; i < after.length; i++) {
		const d = after[i]!;
		if (!isDeclaratorNode(d.name)) continue;
		const info = compileDeclarator(ctx, d, base, cls.scope);
		if (!info.name) continue;
		// `static constexpr int M = 4;` puts the value right after the FieldIdentifier.
		let init = info.init;
		const next = after[i + 1];
		const assigned = next ? ctx.sourceOf(d).slice(d.to, next.from).includes('=') : false;
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
				const v = evalConstValue(ctx, init, cls.scope);
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
		if (!init && info.nameNode && ctx.src === ctx.program) {
			const aside = ctx.parsed.pre.fieldInits.get(info.nameNode.from);
			const parsed = aside === undefined ? undefined : parseExpression(ctx, aside);
			if (parsed) init = parsed;
		}
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
export function attachOutOfClass(
	ctx: CompileContext,
	cls: ClassDef,
	node: SyntaxNode,
	tparams: TemplateParam[],
): void {
	const fnScope = new Scope(cls.scope, 'block');
	tparams.forEach((p, i) => {
		const arg = cls.targs[i];
		if (p.name && arg !== undefined) fnScope.declare(p.name, { kind: 'targ', value: arg });
	});
	declareFunction(ctx, node, fnScope, false, [], cls);
}

/** Template instances one program may create (a recursive template would never stop). */
export const MAX_INSTANTIATIONS = 256;
