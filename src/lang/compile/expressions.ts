/**
 * Expressions: the dispatcher over expression nodes, literals, `new`, brace values and names.
 */
import type { SyntaxNode } from '@lezer/common';
import type { ConstructId } from '../../diagnostics/index.ts';
import { Scope, type Entity } from '../scope.ts';
import { CHAR_PTR, T, sizeOf, type CType } from '../types.ts';
import { CellStore, FuncValue, Instance, ObjectStore, Ptr } from '../values.ts';
import { resolveType, resolveTypeDescriptor } from './type-resolution.ts';
import { resolveSimConstant, resolveSimName, lookupPath } from './names.ts';
import { compileExternalName } from './externals.ts';
import { compileConstruct } from './declarators.ts';
import { expandObjectMacro, FRAMEWORK_MACROS } from './macros.ts';
import type { Frame } from '../runtime.ts';
import type { ClassDef } from '../class-def.ts';
import {
	castOperand,
	compileBinaryChain,
	compileUnary,
	compileUpdate,
	compileAssign,
	compileConditional,
	compileCast,
	compileSizeof,
	compilePointerExpr,
} from './operators.ts';
import { compileRvalueMember, compileLvalue } from './lvalues.ts';
import { compileArgument, compileCall, makeCallInfo } from './calls.ts';
import { compileLambda } from './lambdas.ts';
import { destroyerFor } from './cleanup.ts';
import { compileTypeTrait } from './type-traits.ts';
import type { Ex, CompileContext } from './context.ts';
import { constEx } from './closures.ts';
import { isTypeNode, firstLine, unescape } from './syntax.ts';
import { numOf, derefPtr } from './value-ops.ts';

/** Compiles an expression node; constant expressions are folded. */
export function compileExpr(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	if (++ctx.depth > 200) {
		ctx.depth--;
		return ctx.unsupported(n, 'deep-expression');
	}
	try {
		return compileExprInner(ctx, n, scope);
	} finally {
		ctx.depth--;
	}
}

function compileExprInner(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	switch (n.name) {
		case 'Number':
			return compileNumber(ctx, n);
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
			return constEx(parseStringValue(ctx, n), CHAR_PTR);
		case 'CharLiteral': {
			const s = unescape(ctx.text(n).replace(/^[uUL8]*'|'$/g, ''));
			return constEx(s.length > 0 ? s.charCodeAt(0) : 0, T.char);
		}
		case 'ParenthesizedExpression': {
			const inner = ctx.parts(n)[0];
			return inner ? compileExpr(ctx, inner, scope) : ctx.unsupported(n, 'empty-parentheses');
		}
		case 'Identifier':
		case 'ScopedIdentifier':
		case 'QualifiedIdentifier':
		case 'FieldIdentifier':
		case 'TypeIdentifier':
		case 'ScopedTypeIdentifier':
			return compileName(ctx, n, scope);
		case 'this': {
			return { ev: (f) => new Ptr(new ObjectStore(f.self, 'this'), 0, T.unknown), t: T.unknown };
		}
		case 'BinaryExpression':
			return compileBinaryChain(ctx, n, scope);
		case 'UnaryExpression':
			return compileUnary(ctx, n, scope);
		case 'UpdateExpression':
			return compileUpdate(ctx, n, scope);
		case 'AssignmentExpression':
			return compileAssign(ctx, n, scope);
		case 'ConditionalExpression':
			return compileConditional(ctx, n, scope);
		case 'CommaExpression': {
			const [a, b] = ctx.parts(n).filter((c) => c.name !== ',');
			if (!a || !b) return ctx.unsupported(n, 'comma');
			const ea = compileExpr(ctx, a, scope).ev;
			const eb = compileExpr(ctx, b, scope);
			return { ev: (f) => (ea(f), eb.ev(f)), t: eb.t };
		}
		case 'CastExpression': {
			const td = n.getChild('TypeDescriptor');
			const value = castOperand(ctx, n);
			if (!td || !value) return ctx.unsupported(n, 'cast');
			// `(T)a + b` is `((T)a) + b` (the grammar nests it the other way).
			if (value.name === 'BinaryExpression') return compileBinaryChain(ctx, n, scope);
			return compileCast(
				ctx,
				resolveTypeDescriptor(ctx, td, scope),
				compileExpr(ctx, value, scope),
			);
		}
		case 'SizeofExpression':
			return compileSizeof(ctx, n, scope);
		case 'PointerExpression':
			return compilePointerExpr(ctx, n, scope);
		case 'SubscriptExpression':
		case 'FieldExpression': {
			const lv = compileLvalue(ctx, n, scope);
			if (lv) return { ev: lv.get, t: lv.t };
			return compileRvalueMember(ctx, n);
		}
		case 'CallExpression':
			return compileCall(ctx, n, scope);
		case 'InitializerList':
			// Where its type is not known here (an argument of a simulator API or of an external
			// function), a brace list is a list of values the callee builds its object from.
			return compileArgument(ctx, n, scope);
		case 'CompoundLiteralExpression': {
			const td = ctx.parts(n)[0];
			const list = n.getChild('InitializerList');
			if (!td || !list) return ctx.unsupported(n, 'compound-literal');
			const t = resolveType(ctx, td, scope);
			return compileBraceValue(ctx, list, t, scope);
		}
		case 'DeleteExpression':
			return compileDelete(ctx, n, scope);
		case 'NewExpression':
			return compileNew(ctx, n, scope);
		case 'TemplateFunction': {
			return compileName(ctx, n, scope);
		}
		case 'LambdaExpression':
			return compileLambda(ctx, n, scope);
		default:
			if (UNSUPPORTED[n.name]) return ctx.unsupported(n, UNSUPPORTED[n.name]!);
			if (n.type.isError) return ctx.bad('parse-error', n, { text: firstLine(ctx.text(n)) || '?' });
			return ctx.unsupported(n, 'expression', { text: firstLine(ctx.text(n)), node: n.name });
	}
}

/** `new T[n]` (host memory), `new T(args)` / `new T{…}` (one object). */
function compileNew(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const typeNode = ctx.parts(n).find((c) => isTypeNode(c.name));
	if (!typeNode) return ctx.unsupported(n, 'new');
	const t = resolveType(ctx, typeNode, scope);
	const arr = n.getChild('NewDeclarator');
	const rt = ctx.rt;
	const span = ctx.span(n);
	const name = ctx.text(typeNode);
	if (arr) {
		const count = ctx.parts(arr)[0];
		const size = count ? compileExpr(ctx, count, scope).ev : () => 1;
		const bytes = Math.max(1, sizeOf(t));
		return {
			ev: (f) => {
				const n = numOf(size(f));
				const p = rt.alloc(n * bytes);
				rt.blocks.allocated(p, {
					kind: 'new[]',
					bytes: n * bytes,
					what: `new ${name}[${n}]`,
					span,
				});
				return p;
			},
			t: { k: 'ptr', to: t },
		};
	}
	// The constructor's arguments follow the type; a list before it is placement
	// (`new (std::nothrow) T(…)`), which changes nothing here: the host heap never runs out.
	const list = ctx
		.parts(n)
		.find(
			(c) => c.from > typeNode.from && (c.name === 'ArgumentList' || c.name === 'InitializerList'),
		);
	const args = list ? ctx.parts(list).map((a) => compileExpr(ctx, a, scope)) : [];
	const make = compileConstruct(ctx, t, args, n, list?.name === 'InitializerList');
	const bytes = sizeOf(t);
	return {
		ev: (f) => {
			let v = make(f);
			const store =
				t.k === 'class' || t.k === 'sim'
					? new ObjectStore(v, name)
					: new CellStore(
							() => v,
							(x) => void (v = x),
							name,
						);
			rt.blocks.allocated(store, { kind: 'new', bytes, what: `new ${name}`, span });
			return new Ptr(store, 0, t);
		},
		t: { k: 'ptr', to: t },
	};
}

/** `delete p` / `delete[] p`: the object's destructor runs, the block is released. */
function compileDelete(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const operand = ctx
		.parts(n)
		.filter((c) => c.name !== 'delete')
		.pop();
	if (!operand) return ctx.unsupported(n, 'delete');
	const p = compileExpr(ctx, operand, scope);
	const pointee = p.t.k === 'ptr' ? p.t.to : T.unknown;
	const destroy = destroyerFor(ctx, pointee, n);
	const rt = ctx.rt;
	return {
		ev: (f) => {
			const v = p.ev(f);
			if (v instanceof Ptr) {
				if (rt.blocks.freed(v.base) && destroy && v.base instanceof ObjectStore)
					destroy(v.base.target);
			} else if (typeof v === 'number') rt.blocks.freed(v);
			return undefined;
		},
		t: T.void,
	};
}

/** Compiles `{…}` as a value of type `t`. */
export function compileBraceValue(
	ctx: CompileContext,
	list: SyntaxNode,
	t: CType,
	scope: Scope,
): Ex {
	const args = ctx.parts(list).map((a) => compileExpr(ctx, a, scope));
	return { ev: compileConstruct(ctx, t, args, list, true), t };
}

function compileNumber(ctx: CompileContext, n: SyntaxNode): Ex {
	const raw = ctx.text(n).replace(/'/g, '');
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

function parseStringValue(ctx: CompileContext, n: SyntaxNode): string {
	if (n.name === 'ConcatenatedString')
		return ctx
			.parts(n)
			.map((c) => parseStringValue(ctx, c))
			.join('');
	const text = ctx.text(n);
	if (n.name === 'RawString') {
		const m = /R"([^(]*)\(([\s\S]*)\)\1"$/.exec(text);
		return m?.[2] ?? '';
	}
	return unescape(text.replace(/^[uUL8]*"|"$/g, ''));
}

/** A name used as a value. */
function compileName(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const text = ctx.text(n).replace(/\s+/g, '');
	const trait = compileTypeTrait(ctx, n, scope);
	if (trait) return trait;
	if (n.name === 'TemplateFunction') {
		return ctx.unsupported(n, 'template-function-value', { text });
	}
	const path = text.split('::');
	// Macros first, as the C preprocessor would have replaced them.
	if (path.length === 1 && ctx.macros.has(text)) {
		const m = expandObjectMacro(ctx, text, scope, n);
		if (m) return m;
	}
	const e = lookupPath(ctx, path, scope);
	if (e) return compileEntityValue(ctx, e, n, text);
	const method = memberFunctionValue(ctx, path, scope);
	if (method) return method;
	if (text === '__FILE__') return constEx(ctx.span(n).file ?? ctx.rt.fileName, CHAR_PTR);
	if (text === '__LINE__') return constEx(ctx.span(n).line, T.i32);
	if (text === '__func__' || text === '__FUNCTION__') {
		return constEx(ctx.fn.def?.name ?? '', CHAR_PTR);
	}
	const c = resolveSimConstant(ctx, path);
	if (c) return constEx(c.value, c.type);
	if (text === 'NULL') return constEx(null, { k: 'ptr', to: T.void });
	const simName = resolveSimName(ctx, path);
	const variable = simName === undefined ? undefined : ctx.bindings.variables.get(simName);
	if (variable) return { ev: variable.get, t: variable.type };
	// A library function used as a value (`std::unique_ptr<void, decltype(&free)>(p, free)`).
	const native = simName === undefined ? undefined : ctx.bindings.functions.get(simName);
	if (native && simName !== undefined) {
		const info = makeCallInfo(ctx, n, simName, [], []);
		const value = new FuncValue(simName, (args) => {
			const r = native(info(undefined as unknown as Frame, args));
			return typeof r === 'boolean' ? (r ? 1 : 0) : (r ?? undefined);
		});
		return constEx(value, { k: 'func', name: simName });
	}
	if (FRAMEWORK_MACROS.has(text)) return ctx.bad('macro-framework', n, { name: text });
	return compileExternalName(ctx, text, n) ?? ctx.bad('name-unknown', n, { name: text });
}

/**
 * `Class::method` as a value (`&Class::method` handed to `std::thread` with an object): a
 * callable whose first argument is the object (or a pointer to it).
 */
/** The class whose member function `scope` is in, if any. */
function enclosingClass(scope: Scope): ClassDef | undefined {
	for (let s: Scope | null = scope; s; s = s.parent) if (s.cls) return s.cls;
	return undefined;
}

function memberFunctionValue(ctx: CompileContext, path: string[], scope: Scope): Ex | undefined {
	const owner = path.length > 1 ? lookupPath(ctx, path.slice(0, -1), scope) : undefined;
	// A bare name inside a member function may name a static member function of its class
	// (`std::thread t(ThreadFunc, arg)` in the class's own code).
	const cls =
		path.length === 1
			? enclosingClass(scope)
			: owner?.kind === 'class'
				? owner.cls
				: owner?.kind === 'type' && owner.type.k === 'class'
					? owner.type.cls
					: undefined;
	const def = cls?.methods
		.get(path[path.length - 1]!)
		?.find((d) => d.node && d.tparams.length === 0 && (path.length > 1 || d.isStatic));
	if (!cls || !def) return undefined;
	const name = def.qualName;
	const value = new FuncValue(name, (args) => {
		let self = args[0];
		if (self instanceof Ptr && self.base instanceof ObjectStore) self = self.base.target;
		return def.isStatic
			? def.compiled!.invoke(null, args)
			: def.compiled!.invoke(self, args.slice(1));
	});
	return constEx(value, { k: 'func', name });
}

/** Compiles reading a resolved name (local, global, field, function, enumerator, constant). */
export function compileEntityValue(
	ctx: CompileContext,
	e: Entity,
	n: SyntaxNode,
	text: string,
): Ex {
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
				: ctx.unsupported(n, 'type-value', { text });
		case 'field': {
			const index = e.index;
			return { ev: (f) => (f.self as Instance).fields[index], t: e.type };
		}
		case 'func': {
			const defs = e.defs;
			const def = defs.find((d) => d.node) ?? defs[0]!;
			if (def.tparams.length > 0) return ctx.unsupported(n, 'function-template-value');
			const name = def.qualName;
			const value = new FuncValue(name, (args) => def.compiled!.invoke(null, args));
			return constEx(value, { k: 'func', name });
		}
		default:
			return ctx.unsupported(n, 'type-value', { text });
	}
}

/** C++ features the subset refuses, by node name, as their phrase in the diagnostics catalog. */
export const UNSUPPORTED: Readonly<Record<string, ConstructId>> = {
	GotoStatement: 'goto',
	CoReturnStatement: 'co-return',
	CoYieldStatement: 'co-yield',
	CoAwaitExpression: 'co-await',
	FoldExpression: 'fold',
	ParameterPackExpansion: 'parameter-pack',
	VariadicParameterDeclaration: 'variadic-template-parameter',
	UserDefinedLiteral: 'user-defined-literal',
};
