/**
 * Statements: blocks, control flow (if, loops, range-for, switch) compiled to completion-returning
 * closures.
 */
import type { SyntaxNode } from '@lezer/common';
import { constructParams, type DiagnosticParams } from '../../diagnostics/index.ts';
import { LangStop, type LangCode } from '../diagnostics.ts';
import { BREAK, CONTINUE, NORMAL, RETURN } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { ArrayStore, CellStore, Ptr, SimObject, truthy, type Value } from '../values.ts';
import { T, type CType } from '../types.ts';
import type { Place } from '../bindings/binding.ts';
import { Frame } from '../runtime.ts';
import { bindingPlaces } from '../std/associative.ts';
import { copyFor, isScalarLike } from './value-ops.ts';
import { declareTop } from './declarations.ts';
import { resolveType, evalConstValue } from './type-resolution.ts';
import { compileDeclarator, compileDeclaration } from './declarators.ts';
import { compileExpr, compileBraceValue, UNSUPPORTED } from './expressions.ts';
import type { Ev, St, CompileContext } from './context.ts';
import { nop, seq } from './closures.ts';
import { withCleanups } from './cleanup.ts';
import { isPunct, isTypeNode } from './syntax.ts';

/** Reports `code` and returns a statement that stops the run if ever reached. */
export function badStatement(
	ctx: CompileContext,
	n: SyntaxNode,
	code: LangCode,
	values: DiagnosticParams = {},
): St {
	const ex = ctx.bad(code, n, values);
	return (f) => {
		ex.ev(f);
		return NORMAL;
	};
}

/** Compiles a compound statement, in a new scope unless `newScope` is false. */
export function compileBlock(
	ctx: CompileContext,
	n: SyntaxNode,
	outer: Scope,
	newScope = true,
): St {
	const scope = newScope ? new Scope(outer, 'block') : outer;
	const list: St[] = [];
	for (const c of ctx.children(n)) {
		if (c.name === '{' || c.name === '}') continue;
		const st = compileStatement(ctx, c, scope);
		if (st) list.push(st);
	}
	return withCleanups(scope, seq(list));
}

function compileStatement(ctx: CompileContext, n: SyntaxNode, scope: Scope): St | undefined {
	try {
		return compileStatementInner(ctx, n, scope);
	} catch (e) {
		if (e instanceof LangStop) {
			ctx.diagnostics.push(e.diagnostic);
			return undefined;
		}
		throw e;
	}
}

function compileStatementInner(ctx: CompileContext, n: SyntaxNode, scope: Scope): St | undefined {
	const rt = ctx.rt;
	switch (n.name) {
		case ';':
		case 'LineComment':
		case 'BlockComment':
		case 'PreprocDirective':
			return undefined;
		case 'CompoundStatement':
			return compileBlock(ctx, n, scope);
		case 'Declaration':
			return compileDeclaration(ctx, n, scope, false);
		case 'ExpressionStatement': {
			const e = ctx.parts(n)[0];
			if (!e) return undefined;
			const ex = compileExpr(ctx, e, scope);
			if (ex.st) return ex.st;
			const ev = ex.ev;
			return (f) => {
				ev(f);
				return NORMAL;
			};
		}
		case 'IfStatement': {
			const cond = compileCondition(ctx, n.getChild('ConditionClause'), scope);
			const parts = ctx
				.parts(n)
				.filter(
					(c) =>
						c.name !== 'if' &&
						c.name !== 'ConditionClause' &&
						c.name !== 'else' &&
						c.name !== 'constexpr',
				);
			const then = parts[0]
				? (compileStatement(ctx, parts[0], new Scope(scope, 'block')) ?? nop)
				: nop;
			const otherwise = parts[1]
				? (compileStatement(ctx, parts[1], new Scope(scope, 'block')) ?? nop)
				: nop;
			return (f) => (truthy(cond(f)) ? then(f) : otherwise(f));
		}
		case 'WhileStatement': {
			const inner = new Scope(scope, 'block');
			const cond = compileCondition(ctx, n.getChild('ConditionClause'), inner);
			const bodyNode = ctx
				.parts(n)
				.filter((c) => c.name !== 'while' && c.name !== 'ConditionClause')[0];
			const body = bodyNode ? (compileStatement(ctx, bodyNode, inner) ?? nop) : nop;
			const span = ctx.span(n);
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
			const parts = ctx.parts(n).filter((c) => c.name !== 'do' && c.name !== 'while');
			const body = parts[0]
				? (compileStatement(ctx, parts[0], new Scope(scope, 'block')) ?? nop)
				: nop;
			const condNode = parts[1];
			const cond = condNode ? compileExpr(ctx, condNode, scope).ev : () => 0;
			const span = ctx.span(n);
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
			return compileFor(ctx, n, scope);
		case 'ForRangeLoop':
			return compileForRange(ctx, n, scope);
		case 'SwitchStatement':
			return compileSwitch(ctx, n, scope);
		case 'BreakStatement':
			return () => BREAK;
		case 'ContinueStatement':
			return () => CONTINUE;
		case 'ReturnStatement': {
			const e = ctx.parts(n).find((c) => c.name !== 'return');
			if (!e) return () => RETURN;
			const ex =
				e.name === 'InitializerList'
					? compileBraceValue(ctx, e, ctx.fn.ret, scope)
					: compileExpr(ctx, e, scope);
			const ev = ex.ev;
			return (f) => {
				f.ret = ev(f);
				return RETURN;
			};
		}
		case 'LabeledStatement': {
			const inner = ctx.parts(n).find((c) => c.name !== 'StatementIdentifier');
			return inner ? compileStatement(ctx, inner, scope) : undefined;
		}
		case 'StaticAssertDeclaration':
			return undefined;
		case 'TryStatement': {
			// Nothing in the simulator throws a C++ exception (a `throw` stops the run), so the
			// try block runs and the handlers never do.
			const block = n.getChild('CompoundStatement');
			return block ? compileBlock(ctx, block, scope) : undefined;
		}
		case 'ThrowStatement': {
			const span = ctx.span(n);
			return () => rt.stop('exception-thrown', span);
		}
		case 'CaseStatement':
			return badStatement(ctx, n, 'construct-unsupported', constructParams('case-outside-switch'));
		case 'TypeDefinition':
		case 'AliasDeclaration':
		case 'UsingDeclaration':
		case 'ClassSpecifier':
		case 'StructSpecifier':
		case 'EnumSpecifier':
			declareTop(ctx, n, scope, false);
			return undefined;
		default:
			if (n.type.isError) return undefined;
			if (UNSUPPORTED[n.name])
				return badStatement(
					ctx,
					n,
					'construct-unsupported',
					constructParams(UNSUPPORTED[n.name]!, {}, 'plain-loop'),
				);
			{
				// An expression used as a statement without `;` wrapper.
				const ex = compileExpr(ctx, n, scope);
				const ev = ex.ev;
				return (f) => {
					ev(f);
					return NORMAL;
				};
			}
	}
}

function compileCondition(ctx: CompileContext, n: SyntaxNode | null, scope: Scope): Ev {
	if (!n) return () => 1;
	const parts = ctx.parts(n);
	if (parts.length === 0) return () => 1;
	const decl = parts.find((c) => c.name === 'Declaration');
	if (decl) {
		const st = compileDeclaration(ctx, decl, scope, false);
		const rest = parts.filter((c) => c !== decl);
		const cond = rest[0] ? compileExpr(ctx, rest[0], scope).ev : () => 1;
		return (f) => {
			st(f);
			return cond(f);
		};
	}
	const last = parts[parts.length - 1]!;
	return compileExpr(ctx, last, scope).ev;
}

function compileFor(ctx: CompileContext, n: SyntaxNode, outer: Scope): St {
	const rt = ctx.rt;
	const scope = new Scope(outer, 'block');
	// Children between `(` and `)`: init ; cond ; update — split on the `;` tokens.
	const kids = ctx.children(n);
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
		const section = (ctx.sourceOf(c).slice(openAt, c.from).match(/;/g) ?? []).length;
		if (section === 0) {
			if (c.name === 'Declaration') init = compileDeclaration(ctx, c, scope, false);
			else {
				const ev = compileExpr(ctx, c, scope).ev;
				init = (f) => {
					ev(f);
					return NORMAL;
				};
			}
		} else if (section === 1) {
			cond = compileExpr(ctx, c, scope).ev;
		} else if (section === 2) {
			update = compileExpr(ctx, c, scope).ev;
		}
	}
	const body = bodyNode ? (compileStatement(ctx, bodyNode, new Scope(scope, 'block')) ?? nop) : nop;
	const span = ctx.span(n);
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

/**
 * `for (decl : range)`: over a C array, a sequence (`vector`, `array`: its elements by index,
 * so a reference binds the element itself), or another container that lists its elements as
 * places (maps, sets). `auto&` binds references, `auto [k, v]` takes each element apart.
 */
function compileForRange(ctx: CompileContext, n: SyntaxNode, outer: Scope): St {
	const rt = ctx.rt;
	const scope = new Scope(outer, 'block');
	const kids = ctx.parts(n).filter((c) => c.name !== 'for');
	const typeNode = kids.find((c) => isTypeNode(c.name));
	const rest = kids.filter((c) => c !== typeNode && c.name !== 'const' && c.name !== 'volatile');
	const declNode = rest[0];
	const rangeNode = rest[1];
	const bodyNode = rest[2];
	if (!typeNode || !declNode || !rangeNode || !bodyNode) {
		return badStatement(ctx, n, 'construct-unsupported', constructParams('range-for'));
	}
	const range = compileExpr(ctx, rangeNode, scope);
	const nt = range.t.k === 'sim' ? ctx.bindings.types.get(range.t.name) : undefined;
	const elem =
		range.t.k === 'array'
			? range.t.of
			: range.t.k === 'sim'
				? (nt?.element?.(range.t.targs) ?? T.unknown)
				: T.unknown;
	if (range.t.k !== 'array' && !nt?.store && !nt?.elements && range.t.k !== 'unknown') {
		return badStatement(
			ctx,
			rangeNode,
			'construct-unsupported',
			constructParams('range-for-over', { text: ctx.text(rangeNode) }, 'array-ranges'),
		);
	}
	const bind = compileLoopBinding(ctx, declNode, typeNode, elem, scope);
	const body = compileStatement(ctx, bodyNode, new Scope(scope, 'block')) ?? nop;
	const ev = range.ev;
	const span = ctx.span(n);
	const types = ctx.bindings.types;
	const loop = (f: Frame, count: number, at: (i: number) => Place | undefined): number => {
		for (let i = 0; i < count; i++) {
			rt.tick();
			const p = at(i);
			if (!p) break;
			bind(f, p);
			const r = body(f);
			if (r === BREAK) break;
			if (r === RETURN) return RETURN;
		}
		return NORMAL;
	};
	return (f) => {
		rt.loop = span;
		const v = ev(f);
		let store: ArrayStore | undefined;
		if (v instanceof Ptr && v.base instanceof ArrayStore) store = v.base;
		const t = v instanceof SimObject ? types.get(v.type) : undefined;
		store ??= t?.store?.(v);
		if (store) {
			const s = store;
			const start = v instanceof Ptr ? s.index(v.offset) : 0;
			return loop(f, s.items.length - start, (i) =>
				start + i < s.items.length ? elementPlace(s, start + i) : undefined,
			);
		}
		const places = t?.elements?.(v);
		if (places) return loop(f, places.length, (i) => places[i]);
		return NORMAL;
	};
}

/** The place of element `i` of a store. */
function elementPlace(s: ArrayStore, i: number): Place & { ptr: () => Ptr } {
	return {
		get: () => s.items[i],
		set: (v) => void (s.items[i] = v),
		ptr: () => new Ptr(s, 0, s.elem).add(i),
	};
}

/**
 * The loop variable(s) of a range-for, declared in `scope`: returns what binds them to one
 * element. A reference to a scalar element holds a pointer to it (writes reach the container);
 * class and container elements are shared when bound by reference and copied otherwise.
 */
function compileLoopBinding(
	ctx: CompileContext,
	declNode: SyntaxNode,
	typeNode: SyntaxNode,
	elem: CType,
	scope: Scope,
): (f: Frame, p: Place) => void {
	const byRef = declNode.name === 'ReferenceDeclarator';
	const inner = byRef ? (ctx.parts(declNode).find((c) => c.name !== '&') ?? declNode) : declNode;
	if (inner.name === 'StructuredBindingDeclarator') {
		const names = inner.getChildren('Identifier').map((id) => ctx.text(id));
		const slots = names.map(() => ctx.fn.slots++);
		names.forEach((name, i) =>
			scope.declare(name, { kind: 'local', slot: slots[i]!, type: T.unknown, ref: byRef }),
		);
		return (f, p) => {
			const parts = bindingPlaces(p.get(), names.length) ?? [];
			slots.forEach((slot, i) => {
				const part = parts[i];
				f.s[slot] = byRef
					? part
						? new Ptr(new CellStore(part.get, part.set, names[i]!), 0, T.unknown)
						: undefined
					: part?.get();
			});
		};
	}
	const info = compileDeclarator(ctx, declNode, resolveType(ctx, typeNode, scope), scope);
	const type = info.type.k === 'unknown' ? elem : info.type;
	const slot = ctx.fn.slots++;
	const refScalar = info.ref && isScalarLike(type);
	scope.declare(info.name, { kind: 'local', slot, type, ref: refScalar });
	const copy = copyFor(type, ctx.bindings);
	if (refScalar) {
		return (f, p) => {
			const withPtr = p as Place & { ptr?: () => Ptr };
			f.s[slot] = withPtr.ptr
				? withPtr.ptr()
				: new Ptr(new CellStore(p.get, p.set, info.name), 0, type);
		};
	}
	if (info.ref) return (f, p) => void (f.s[slot] = p.get());
	return (f, p) => void (f.s[slot] = copy(p.get()));
}

function compileSwitch(ctx: CompileContext, n: SyntaxNode, outer: Scope): St {
	const scope = new Scope(outer, 'block');
	const cond = compileCondition(ctx, n.getChild('ConditionClause'), scope);
	const body = n.getChild('CompoundStatement');
	const labels: Array<{ value: Value | 'default'; index: number }> = [];
	const list: St[] = [];
	for (const c of body ? ctx.children(body) : []) {
		if (c.name !== 'CaseStatement') {
			const st = c.name === '{' || c.name === '}' ? undefined : compileStatement(ctx, c, scope);
			if (st) list.push(st);
			continue;
		}
		const parts = ctx.parts(c);
		const isDefault = c.getChild('default') !== null;
		let rest = parts.filter((p) => p.name !== 'case' && p.name !== 'default');
		if (isDefault) labels.push({ value: 'default', index: list.length });
		else {
			const valueNode = rest[0];
			rest = rest.slice(1);
			labels.push({
				value: valueNode ? evalConstValue(ctx, valueNode, scope) : 0,
				index: list.length,
			});
		}
		for (const s of rest) {
			const st = compileStatement(ctx, s, scope);
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
