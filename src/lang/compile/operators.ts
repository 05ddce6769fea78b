/**
 * Operators: binary, unary, update, assignment, conditional, casts, `sizeof` and pointer
 * expressions.
 */
import type { SyntaxNode } from '@lezer/common';
import { Frame } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { T, asInt, commonType, sizeOf, type CType } from '../types.ts';
import { hostElement } from '../host-element.ts';
import {
	CellStore,
	Instance,
	Ptr,
	SimObject,
	convert,
	isStore,
	truthy,
	type Value,
} from '../values.ts';
import { resolveTypeDescriptor, resolveNamedType } from './type-resolution.ts';
import { lookupPath } from './names.ts';
import { compileExpr, compileBraceValue } from './expressions.ts';
import { compileLvalue } from './lvalues.ts';
import type { Ev, Ex, LV, CompileContext } from './context.ts';
import { constEx, foldEx } from './closures.ts';
import { firstLine } from './syntax.ts';
import { parseExpression } from './macros.ts';
import { namesType } from './declarators.ts';
import { isArithLike, cloneInstance, cloneValue, convertArg, copyFor, numOf } from './value-ops.ts';
import { BINARY_PRECEDENCE } from '../binary-precedence.ts';
import { fitsInt32, int32Binary } from './int32-ops.ts';
import type { OperatorSite } from '../bindings/binding.ts';
import { asStream, putToStream } from '../std/streams.ts';
import { extractValue } from '../std/files.ts';

/** One operand of a flattened chain, with the casts written in front of it (outermost first). */
interface ChainOperand {
	readonly node: SyntaxNode;
	readonly casts: readonly SyntaxNode[];
	/** `(T)-x` read by the grammar as `(T) - x`: the operand is negated, then cast. */
	negated?: boolean;
}

/** The value a `CastExpression` casts (its last part that is not the type). */
export function castOperand(ctx: CompileContext, n: SyntaxNode): SyntaxNode | undefined {
	return ctx
		.parts(n)
		.filter((c) => c.name !== 'TypeDescriptor')
		.pop();
}

/**
 * Flattens a chain of binary expressions and rebuilds it with C++ precedence. The grammar reads
 * a C-style cast as looser than every binary operator (`(T*)x + n` as `(T*)(x + n)`); in C++ the
 * cast binds to the operand next to it, so a cast over an unparenthesised chain is moved onto
 * the chain's first operand here. `n` may be such a cast itself.
 */
export function compileBinaryChain(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const operands: ChainOperand[] = [];
	const ops: string[] = [];
	let pending: SyntaxNode[] = [];
	const operand = (c: SyntaxNode) => {
		if (c.name === 'CastExpression') {
			const td = c.getChild('TypeDescriptor');
			const value = castOperand(ctx, c);
			if (td && value?.name === 'BinaryExpression') {
				pending.push(td);
				flatten(value);
				return;
			}
		}
		if (c.name === 'BinaryExpression') {
			flatten(c);
			return;
		}
		operands.push({ node: c, casts: pending });
		pending = [];
	};
	const flatten = (node: SyntaxNode) => {
		for (let c = node.firstChild; c; c = c.nextSibling) {
			if (
				c.name === 'ArithOp' ||
				c.name === 'CompareOp' ||
				c.name === 'LogicOp' ||
				c.name === 'BitOp' ||
				c.name === 'EqualityOp' ||
				/^[-+*/%<>=!&|^]+$/.test(c.name)
			)
				ops.push(ctx.text(c));
			else operand(c);
		}
	};
	operand(n);
	if (operands.length !== ops.length + 1)
		return ctx.bad('parse-error', n, { text: firstLine(ctx.text(n)) });
	// `(half)-1.0f`: the grammar cannot know `half` is a type and reads a subtraction from a
	// parenthesised name; a name that is a type casts the negated operand after it.
	for (let k = 0; k < ops.length; k++) {
		const typeNode = parenthesizedType(ctx, operands[k]!, scope);
		if (!typeNode || (ops[k] !== '-' && ops[k] !== '+')) continue;
		const next = operands[k + 1]!;
		operands.splice(k, 2, {
			node: next.node,
			casts: [typeNode, ...next.casts],
			negated: ops[k] === '-' ? !next.negated : next.negated === true,
		});
		ops.splice(k, 1);
		k--;
	}
	const compileOperand = (o: ChainOperand): Ex => {
		let ex = compileExpr(ctx, o.node, scope);
		if (o.negated) ex = compileBinary(ctx, '-', constEx(0, T.i32), ex, o.node);
		for (let k = o.casts.length - 1; k >= 0; k--)
			ex = compileCast(ctx, resolveTypeDescriptor(ctx, o.casts[k]!, scope), ex);
		return ex;
	};
	let i = 0;
	const climb = (minPrec: number): Ex => {
		let left = compileOperand(operands[i]!);
		while (i < ops.length) {
			const op = ops[i]!;
			const prec = BINARY_PRECEDENCE[op] ?? 0;
			if (prec < minPrec) break;
			i++;
			const next = ops[i];
			if (
				op === '>>' &&
				isStreamType(ctx, left.t) &&
				(next === undefined || (BINARY_PRECEDENCE[next] ?? 0) <= prec)
			) {
				left = compileExtraction(ctx, left, operands[i]!.node, scope);
				continue;
			}
			const right = climb(prec + 1);
			left = compileBinary(ctx, op, left, right, n);
		}
		return left;
	};
	const result = climb(1);
	return result;
}

/** The type name in `(T)` when a chain operand is just a parenthesised name of a type. */
function parenthesizedType(
	ctx: CompileContext,
	o: ChainOperand,
	scope: Scope,
): SyntaxNode | undefined {
	if (o.node.name !== 'ParenthesizedExpression' || o.casts.length > 0 || o.negated)
		return undefined;
	const inner = ctx.parts(o.node);
	const id = inner.length === 1 ? inner[0]! : undefined;
	if (!id || (id.name !== 'Identifier' && id.name !== 'ScopedIdentifier')) return undefined;
	const e = lookupPath(ctx, ctx.text(id).split('::'), scope);
	if (e && e.kind !== 'type' && e.kind !== 'class') return undefined;
	return namesType(ctx, id, scope) ? id : undefined;
}

function isStreamType(ctx: CompileContext, t: CType): boolean {
	return t.k === 'stream' || (t.k === 'sim' && ctx.bindings.types.get(t.name)?.stream === true);
}

/** `in >> x`: the next word of the stream into `x`; the value is the stream (for `in >> a >> b`). */
function compileExtraction(ctx: CompileContext, stream: Ex, target: SyntaxNode, scope: Scope): Ex {
	const lv = compileLvalue(ctx, target, scope);
	if (!lv || lv.readOnly) return ctx.bad('lvalue-required', target, { text: ctx.text(target) });
	const ev = stream.ev;
	const t = lv.t;
	return {
		ev: (f) => {
			const left = ev(f);
			const s = asStream(left);
			const v = s && s.ok ? extractValue(s, t) : undefined;
			if (v !== undefined) lv.set(f, t.k === 'sim' ? v : convert(v, t));
			return left;
		},
		t: stream.t,
	};
}

function compileBinary(ctx: CompileContext, op: string, a: Ex, b: Ex, at: SyntaxNode): Ex {
	const ea = a.ev;
	const eb = b.ev;
	const c = !!(a.c && b.c);
	const fold = (ex: Ex): Ex => (c ? foldEx(ex) : ex);
	if (op === '&&')
		return fold({ ev: (f) => (truthy(ea(f)) && truthy(eb(f)) ? 1 : 0), t: T.bool, c });
	if (op === '||')
		return fold({ ev: (f) => (truthy(ea(f)) || truthy(eb(f)) ? 1 : 0), t: T.bool, c });
	const streamLeft =
		a.t.k === 'stream' || (a.t.k === 'sim' && ctx.bindings.types.get(a.t.name)?.stream === true);
	if (op === '<<' && streamLeft) {
		const rt = ctx.rt;
		const bt = b.t;
		return {
			ev: (f) => {
				const left = ea(f);
				const s = asStream(left);
				const v = eb(f);
				if (s) putToStream(rt, s, v, bt);
				return left;
			},
			t: a.t,
		};
	}
	if (a.t.k === 'sim' || b.t.k === 'sim') {
		const types = ctx.bindings.types;
		const na = a.t.k === 'sim' ? types.get(a.t.name) : undefined;
		const nb = b.t.k === 'sim' ? types.get(b.t.name) : undefined;
		const ha = na?.binary;
		const hb = nb?.binary;
		if (ha || hb) {
			const site: OperatorSite = {
				budget: ctx.rt.recorder.memory,
				text: clipText(ctx.text(at)),
				span: ctx.span(at),
			};
			const eq = op === '==' || op === '!=';
			const cmp = eq || op === '<' || op === '>' || op === '<=' || op === '>=';
			const t = cmp ? T.bool : (na?.binaryType?.(op) ?? nb?.binaryType?.(op) ?? T.unknown);
			return {
				ev: (f) => {
					const x = ea(f);
					const y = eb(f);
					const r = ha?.(op, x, y, site) ?? hb?.(op, x, y, site);
					if (r !== undefined) return r;
					return eq ? (ptrEqual(x, y) === (op === '==') ? 1 : 0) : undefined;
				},
				t,
			};
		}
	}
	const span = ctx.span(at);
	const rt = ctx.rt;
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
	if (op === '+' && (b.t.k === 'ptr' || b.t.k === 'array'))
		return compileBinary(ctx, '+', b, a, at);
	if (op === '==' || op === '!=') {
		const eq = op === '==';
		if (!isArithLike(a.t) || !isArithLike(b.t)) {
			return fold({ ev: (f) => (ptrEqual(ea(f), eb(f)) === eq ? 1 : 0), t: T.bool, c });
		}
	}
	const common = commonType(a.t, b.t);
	const t: CType = common ?? T.unknown;
	const cmp = op === '<' || op === '>' || op === '<=' || op === '>=' || op === '==' || op === '!=';
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
				return ctx.unsupported(at, 'float-operator', { op });
		}
	}
	// Integers (or unknown: treated as 64-bit integers when both values are whole numbers).
	const it = asInt(t) ?? T.i64;
	const dyn = t.k === 'unknown';
	if (!dyn && fitsInt32(a.t, it) && fitsInt32(b.t, it)) {
		const fast = int32Binary(op, it, ea, eb, () => rt.stop('division-by-zero', span));
		if (fast) return fold({ ev: fast, t: cmp ? T.bool : t, c });
	}
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
	return ctx.unsupported(at, 'binary-operator', { op });
}

/** Compiles a unary expression (`!`, `-`, `+`, `~`). */
export function compileUnary(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const kids = ctx.children(n);
	const opNode = kids[0]!;
	const operand = kids[kids.length - 1]!;
	const op = ctx.text(opNode);
	const a = compileExpr(ctx, operand, scope);
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
	return ctx.unsupported(n, 'unary-operator', { op });
}

/** Compiles `++`/`--`, prefix or postfix. */
export function compileUpdate(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const kids = ctx.children(n);
	const prefix = kids[0]!.name === 'UpdateOp';
	const opNode = prefix ? kids[0]! : kids[kids.length - 1]!;
	const target = prefix ? kids[kids.length - 1]! : kids[0]!;
	const delta = ctx.text(opNode) === '++' ? 1 : -1;
	// Fast path: a local integer variable.
	const e = target.name === 'Identifier' ? lookupPath(ctx, [ctx.text(target)], scope) : undefined;
	if (e?.kind === 'local' && !e.ref && !ctx.macros.has(ctx.text(target))) {
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
	const lv = compileLvalue(ctx, target, scope);
	if (!lv || lv.readOnly) return ctx.bad('lvalue-required', target, { text: ctx.text(target) });
	const t = lv.t;
	const iterStep = t.k === 'sim' ? ctx.bindings.types.get(t.name)?.step : undefined;
	const step = (v: Value): Value =>
		v instanceof Ptr
			? v.add(delta)
			: iterStep && v instanceof SimObject
				? iterStep(v, delta)
				: convert(numOf(v) + delta, t);
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

/** Compiles a plain or compound assignment. */
export function compileAssign(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const kids = ctx.children(n);
	const target = kids[0]!;
	const opNode = kids[1]!;
	const valueNode = kids[kids.length - 1]!;
	const op = opNode.name === 'UpdateOp' ? ctx.text(opNode) : '=';
	const value =
		valueNode.name === 'InitializerList'
			? compileBraceValue(ctx, valueNode, lvalueType(ctx, target, scope), scope)
			: compileExpr(ctx, valueNode, scope);
	// Fast path: local scalar variable.
	const e =
		target.name === 'Identifier' && !ctx.macros.has(ctx.text(target))
			? lookupPath(ctx, [ctx.text(target)], scope)
			: undefined;
	if (e?.kind === 'local' && !e.ref && op === '=' && isArithLike(e.type)) {
		const slot = e.slot;
		const t = e.type;
		const ev = value.ev;
		if (t.k === 'int' && t.bits === 32 && t.signed)
			return { ev: (f) => (f.s[slot] = numOf(ev(f)) | 0), t };
		return { ev: (f) => (f.s[slot] = convert(ev(f), t)), t };
	}
	const lv = compileLvalue(ctx, target, scope);
	if (!lv || lv.readOnly) return ctx.bad('lvalue-required', target, { text: ctx.text(target) });
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
		const copy = copyFor(t, ctx.bindings);
		return {
			ev: (f) => {
				const v = copy(ev(f));
				lv.set(f, v);
				return v;
			},
			t,
		};
	}
	const binop = op.slice(0, -1);
	const cur: Ex = { ev: lv.get, t: lv.t };
	const combined = compileBinary(ctx, binop, cur, value, n);
	const ev = combined.ev;
	const t = lv.t;
	// A 32-bit result of the target's own type is already wrapped: no conversion is left to do.
	if (
		t.k === 'int' &&
		t.bits === 32 &&
		fitsInt32(combined.t, t) &&
		fitsInt32(t, asInt(combined.t)!)
	)
		return {
			ev: (f) => {
				const v = ev(f);
				lv.set(f, v);
				return v;
			},
			t,
		};
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
function compileDerefAssign(ctx: CompileContext, assign: SyntaxNode, scope: Scope): Ex {
	const kids = ctx.children(assign);
	const target = kids[0]!;
	const opNode = kids[1]!;
	const valueNode = kids[kids.length - 1]!;
	const lv = compileDerefLV(ctx, target, scope, assign);
	const value = compileExpr(ctx, valueNode, scope);
	const op = opNode.name === 'UpdateOp' ? ctx.text(opNode) : '=';
	const combined =
		op === '='
			? value
			: compileBinary(ctx, op.slice(0, -1), { ev: lv.get, t: lv.t }, value, assign);
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
export function compileDerefLV(
	ctx: CompileContext,
	pointerNode: SyntaxNode,
	scope: Scope,
	at: SyntaxNode,
): LV {
	const p = compileExpr(ctx, pointerNode, scope);
	// `*up` of a smart pointer (or another simulator type that points) is its pointee.
	const nt = p.t.k === 'sim' ? ctx.bindings.types.get(p.t.name) : undefined;
	const t =
		p.t.k === 'ptr'
			? p.t.to
			: p.t.k === 'array'
				? p.t.of
				: p.t.k === 'sim' && nt?.pointeeType
					? nt.pointeeType(p.t.targs)
					: T.unknown;
	const span = ctx.span(at);
	const rt = ctx.rt;
	const name = ctx.text(pointerNode);
	const b = ctx.bindings;
	const dtype = hostElement(t);
	const where = { label: name, span };
	const ptrOf = (f: Frame): Ptr => {
		let v = p.ev(f);
		if (v instanceof SimObject) {
			const pointee = b.types.get(v.type)?.pointee;
			if (pointee) v = pointee(v);
		}
		if (v instanceof Ptr) return v;
		if (typeof v === 'number' && v !== 0) {
			const address = v;
			const cell = new CellStore(
				() => rt.memory.load(address, dtype, where) as Value,
				(x) => rt.memory.store(address, dtype, x, where),
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

function lvalueType(ctx: CompileContext, n: SyntaxNode, scope: Scope): CType {
	const saved = ctx.diagnostics.length;
	const lv = compileLvalue(ctx, n, scope);
	ctx.diagnostics.length = saved;
	return lv?.t ?? T.unknown;
}

/** Compiles `a ? b : c`. */
export function compileConditional(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const parts = ctx
		.parts(n)
		.filter((c) => c.name !== 'LogicOp' && ctx.text(c) !== '?' && ctx.text(c) !== ':');
	const [condNode, aNode, bNode] = parts;
	if (!condNode || !aNode || !bNode) return ctx.unsupported(n, 'conditional');
	// Lezer reads `x = c ? a : b` as `(x = c) ? a : b`; C++ means `x = (c ? a : b)`.
	if (condNode.name === 'AssignmentExpression') {
		const kids = ctx.children(condNode);
		const target = kids[0]!;
		const opNode = kids[1]!;
		const cond = compileExpr(ctx, kids[kids.length - 1]!, scope);
		const a = compileExpr(ctx, aNode, scope);
		const b = compileExpr(ctx, bNode, scope);
		const sel: Ex = {
			ev: (f) => (truthy(cond.ev(f)) ? a.ev(f) : b.ev(f)),
			t: commonType(a.t, b.t) ?? a.t,
		};
		const lv = compileLvalue(ctx, target, scope);
		if (!lv || lv.readOnly) return ctx.bad('lvalue-required', target, { text: ctx.text(target) });
		const op = opNode.name === 'UpdateOp' ? ctx.text(opNode) : '=';
		const value =
			op === '=' ? sel : compileBinary(ctx, op.slice(0, -1), { ev: lv.get, t: lv.t }, sel, n);
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
	const cond = compileExpr(ctx, condNode, scope);
	const a = compileExpr(ctx, aNode, scope);
	const b = compileExpr(ctx, bNode, scope);
	const t = commonType(a.t, b.t) ?? a.t;
	const c = !!(cond.c && a.c && b.c);
	const ex: Ex = {
		ev: (f) => (truthy(cond.ev(f)) ? convertArg(a.ev(f), t) : convertArg(b.ev(f), t)),
		t,
		c,
	};
	return c ? foldEx(ex) : ex;
}

/** Converts `value` to `t` (C-style and named casts). */
export function compileCast(ctx: CompileContext, t: CType, value: Ex): Ex {
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

/** Compiles `sizeof(type)` or `sizeof expr` to a constant. */
export function compileSizeof(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const td = n.getChild('TypeDescriptor');
	if (td) {
		// `sizeof(x)` with x a variable parses as a type; prefer the variable if there is one.
		const kids = ctx.parts(td);
		if (kids[0]?.name === 'TypeIdentifier') {
			const e = lookupPath(ctx, [ctx.text(kids[0])], scope);
			if (
				e &&
				(e.kind === 'local' || e.kind === 'global' || e.kind === 'field' || e.kind === 'const')
			) {
				if (kids.length === 1) return constEx(sizeOf(e.type), T.u64);
				// `sizeof(names[0])` reads as the type `names` with an array bound: it is the
				// element of the variable.
				const expr = parseExpression(ctx, ctx.text(td));
				if (expr) return constEx(sizeOf(compileExpr(ctx, expr, scope).t), T.u64);
			}
		}
		return constEx(sizeOf(resolveTypeDescriptor(ctx, td, scope)), T.u64);
	}
	const inner = ctx.parts(n).find((c) => c.name !== 'sizeof');
	if (!inner) return ctx.unsupported(n, 'sizeof');
	const saved = ctx.diagnostics.length;
	const ex = compileExpr(ctx, inner, scope);
	if (ex.t.k === 'unknown') {
		// Maybe a type written as an expression, e.g. sizeof(half).
		ctx.diagnostics.length = saved;
		const t = resolveNamedType(ctx, ctx.text(inner).replace(/[()\s]/g, ''), inner, scope, []);
		return constEx(sizeOf(t), T.u64);
	}
	return constEx(sizeOf(ex.t), T.u64);
}

/** Compiles `*p` and `&x` (a PointerExpression). */
export function compilePointerExpr(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const kids = ctx.children(n);
	// The operator is an anonymous token: read it from the text.
	const op = ctx.text(n).trimStart()[0];
	const operand = kids[kids.length - 1]!;
	// Lezer reads `*p = v` as `*(p = v)`; C++ means `(*p) = v`.
	if (op === '*' && operand.name === 'AssignmentExpression')
		return compileDerefAssign(ctx, operand, scope);
	if (op === '&') {
		// `&func` is the function itself.
		const lv = compileLvalue(ctx, operand, scope);
		if (!lv) {
			const v = compileExpr(ctx, operand, scope);
			if (v.t.k === 'func') return v;
			return ctx.bad('lvalue-required', operand, { text: ctx.text(operand) });
		}
		return { ev: lv.addr, t: { k: 'ptr', to: lv.t } };
	}
	const lv = compileLvalue(ctx, n, scope);
	if (!lv) return ctx.bad('lvalue-required', n, { text: ctx.text(n) });
	return { ev: lv.get, t: lv.t };
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

/** An expression's text as a message names it: one line, at most 40 characters. */
function clipText(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
