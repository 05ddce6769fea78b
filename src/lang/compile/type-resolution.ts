/**
 * Type resolution: type nodes, named types and template arguments to CTypes, and compile-time
 * constant values.
 */
import type { SyntaxNode } from '@lezer/common';
import { LangStop } from '../diagnostics.ts';
import { Frame } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { PRIMITIVE_TYPES, T, type CType, type TemplateArg } from '../types.ts';
import type { Value } from '../values.ts';
import { declareClass, instantiateClass } from './classes.ts';
import { resolveSimName, resolveSimConstant, lookupPath } from './names.ts';
import { compileExpr } from './expressions.ts';
import { expandObjectMacro } from './macros.ts';
import { frameworkDtype, resolveExternalType } from './externals.ts';
import type { CompileContext } from './context.ts';
import { isTypeNode, firstLine } from './syntax.ts';

/** The CType a type node names. */
export function resolveType(ctx: CompileContext, n: SyntaxNode, scope: Scope): CType {
	switch (n.name) {
		case 'PrimitiveType': {
			const t = PRIMITIVE_TYPES[ctx.text(n)];
			return t ?? T.unknown;
		}
		case 'SizedTypeSpecifier': {
			const words = ctx.text(n).split(/\s+/);
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
			return resolveTypeDescriptor(ctx, n, scope);
		case 'TypeIdentifier':
		case 'ScopedTypeIdentifier':
		case 'NamespaceIdentifier':
		case 'Identifier':
			return resolveNamedType(ctx, ctx.text(n), n, scope, []);
		case 'TemplateType': {
			const nameNode = n.firstChild!;
			const args = resolveTemplateArgs(ctx, n.getChild('TemplateArgumentList'), scope);
			return resolveNamedType(ctx, ctx.text(nameNode), nameNode, scope, args);
		}
		case 'StructSpecifier':
		case 'ClassSpecifier': {
			const id = n.getChild('TypeIdentifier');
			if (!id) return T.unknown;
			if (n.getChild('FieldDeclarationList')) {
				const cls = declareClass(ctx, n, scope, []);
				return cls ? { k: 'class', cls, targs: [] } : T.unknown;
			}
			return resolveNamedType(ctx, ctx.text(id), id, scope, []);
		}
		case 'EnumSpecifier': {
			const id = n.getChild('TypeIdentifier');
			return id ? resolveNamedType(ctx, ctx.text(id), id, scope, []) : T.i32;
		}
		case 'DependentType':
		case 'TypenameType': {
			const inner = ctx.parts(n).find((c) => c.name !== 'typename');
			return inner ? resolveType(ctx, inner, scope) : T.unknown;
		}
		default:
			return T.unknown;
	}
}

/** The type of a TypeDescriptor (a type plus abstract pointer/reference/array declarators). */
export function resolveTypeDescriptor(ctx: CompileContext, n: SyntaxNode, scope: Scope): CType {
	const kids = ctx.parts(n);
	const typeNode = kids.find((c) => isTypeNode(c.name));
	let t = typeNode ? resolveType(ctx, typeNode, scope) : T.unknown;
	for (const c of kids) {
		if (c.name === 'AbstractPointerDeclarator') {
			const depth = (ctx.text(c).match(/\*/g) ?? []).length;
			for (let i = 0; i < depth; i++) t = { k: 'ptr', to: t };
		} else if (c.name === 'AbstractArrayDeclarator') {
			t = { k: 'ptr', to: t };
		}
	}
	return t;
}

/** Resolves a (possibly qualified) type name with template arguments. */
export function resolveNamedType(
	ctx: CompileContext,
	name: string,
	at: SyntaxNode,
	scope: Scope,
	targs: TemplateArg[],
): CType {
	const path = name.split('::').map((p) => p.trim());
	const last = path[path.length - 1]!;
	const prim = path.length === 1 ? PRIMITIVE_TYPES[last] : undefined;
	const e = lookupPath(ctx, path, scope);
	if (e) {
		switch (e.kind) {
			case 'type':
				return e.type;
			case 'class':
				return { k: 'class', cls: e.cls, targs: [] };
			case 'classTemplate': {
				const cls = instantiateClass(ctx, e.tpl, targs, at);
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
	const macro = path.length === 1 ? ctx.macros.get(last) : undefined;
	if (
		macro &&
		!macro.params &&
		/^[\w\s:*]+$/.test(macro.body.trim()) &&
		!ctx.macroDepth.includes(last)
	) {
		ctx.macroDepth.push(last);
		try {
			const text = macro.body.trim();
			const stars = (text.match(/\*/g) ?? []).length;
			let t = resolveNamedType(
				ctx,
				text.replace(/\*/g, '').trim().split(/\s+/).pop()!,
				at,
				scope,
				targs,
			);
			for (let i = 0; i < stars; i++) t = { k: 'ptr', to: t };
			return t;
		} finally {
			ctx.macroDepth.pop();
		}
	}
	const simName = resolveSimName(ctx, path);
	if (simName !== undefined) {
		const nt = ctx.bindings.types.get(simName);
		if (nt) return nt.ctype ? nt.ctype(targs) : { k: 'sim', name: nt.name, targs };
		const p = PRIMITIVE_TYPES[simName];
		if (p) return p;
	}
	const dtype = frameworkDtype(ctx, name, at);
	if (dtype) return dtype;
	const external = resolveExternalType(ctx, name, at);
	if (external) return external;
	ctx.diag('type-unknown', at, { name });
	return T.unknown;
}

/** The template arguments of a `<…>` list (none when `list` is null). */
export function resolveTemplateArgs(
	ctx: CompileContext,
	list: SyntaxNode | null,
	scope: Scope,
): TemplateArg[] {
	if (!list) return [];
	return ctx.parts(list).map((a) => resolveTemplateArg(ctx, a, scope));
}

/** A template argument: a type, or a constant expression (enum values, numbers). */
function resolveTemplateArg(ctx: CompileContext, a: SyntaxNode, scope: Scope): TemplateArg {
	if (a.name === 'TypeDescriptor') {
		const kids = ctx.parts(a);
		const only = kids.length === 1 ? kids[0]! : undefined;
		if (only && (only.name === 'TypeIdentifier' || only.name === 'ScopedTypeIdentifier')) {
			// `BUFFER_NUM`, `TPosition::VECIN`: names that may be values rather than types.
			const v = tryValueName(ctx, ctx.text(only), scope);
			if (v !== undefined) return v;
			// A variable that is not a number (a struct constant such as a LayerNormConfig) is a
			// value the call reads itself (api-call.ts), not a type.
			const e = lookupPath(ctx, ctx.text(only).split('::'), scope);
			const value = e?.kind === 'local' || e?.kind === 'global' || e?.kind === 'const';
			if (value && e.type.k === 'class') return 0;
		}
		return resolveTypeDescriptor(ctx, a, scope);
	}
	const address = addressArgument(ctx, a, scope);
	if (address !== undefined) return address;
	const v = evalConstValue(ctx, a, scope);
	return typeof v === 'number' ? v : 0;
}

/**
 * `&conf` as a template argument (`TQue<VECIN, 1, &conf>`): the address of an object with
 * static storage is a constant. It stands as a number made from the object's name, so two uses
 * name one instance (an illustrative address: the simulator reads no object through it).
 */
function addressArgument(ctx: CompileContext, a: SyntaxNode, scope: Scope): number | undefined {
	if (a.name !== 'PointerExpression' || !ctx.text(a).trimStart().startsWith('&')) return undefined;
	const kids = ctx.parts(a);
	const target = kids[kids.length - 1];
	if (!target || (target.name !== 'Identifier' && target.name !== 'ScopedIdentifier'))
		return undefined;
	const name = ctx.text(target);
	const e = lookupPath(ctx, name.split('::'), scope);
	if (!e || (e.kind !== 'global' && e.kind !== 'const')) return undefined;
	let h = 0x811c9dc5;
	for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
	return 0x1000_0000 + (h % 0x0fff_ffff);
}

/** The value of a name if it names a constant (not a type), else undefined. */
function tryValueName(ctx: CompileContext, name: string, scope: Scope): number | undefined {
	const path = name.split('::');
	const e = lookupPath(ctx, path, scope);
	if (e) {
		if (e.kind === 'const' && typeof e.value === 'number') return e.value;
		if (e.kind === 'targ' && typeof e.value === 'number') return e.value;
		if (e.kind === 'global' && typeof e.cell.v === 'number') return e.cell.v;
		return undefined;
	}
	if (path.length === 1 && ctx.macros.has(name)) {
		const v = constValueOfMacro(ctx, name, scope);
		if (typeof v === 'number') return v;
	}
	const c = resolveSimConstant(ctx, path);
	if (c && typeof c.value === 'number') return c.value;
	return undefined;
}

function constValueOfMacro(ctx: CompileContext, name: string, scope: Scope): Value {
	const ex = expandObjectMacro(ctx, name, scope, undefined);
	if (!ex || !ex.c) return undefined;
	return ex.ev(new Frame(0, null));
}

/** Evaluates a constant expression at compile time (array sizes, template args, enums). */
export function evalConstValue(ctx: CompileContext, n: SyntaxNode, scope: Scope): Value {
	const ex = compileExpr(ctx, n, scope);
	if (!ex.c) {
		ctx.unsupported(n, 'non-constant', { text: firstLine(ctx.text(n)) });
		return 0;
	}
	try {
		return ex.ev(new Frame(0, null));
	} catch (e) {
		if (e instanceof LangStop) {
			ctx.diagnostics.push(e.diagnostic);
			return 0;
		}
		throw e;
	}
}
