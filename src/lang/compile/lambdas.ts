/**
 * Lambda expressions. A lambda's body is compiled as a function of its own (its own frame);
 * every local of the enclosing function the body names is captured the first time the name is
 * looked up: by value (the value copied when the lambda is made) or by reference (a pointer to
 * the enclosing frame's slot, so writes reach the variable), as the capture list says — `[=]`,
 * `[&]`, `[x, &y]`, `[this]`. The lambda value is a callable {@link FuncValue}.
 *
 * Invariant: capture slots come first in the lambda's frame, in the order the body first names
 * them; `captures[i]` fills slot `captures[i].inner` when the lambda is made.
 */
import type { SyntaxNode } from '@lezer/common';
import { Frame, MAX_CALL_DEPTH } from '../runtime.ts';
import { Scope, type Entity } from '../scope.ts';
import { T, type CType } from '../types.ts';
import { FuncValue, Ptr, SlotStore, type Value } from '../values.ts';
import type { CompileContext, Ex, FnState } from './context.ts';
import { compileDeclarator } from './declarators.ts';
import { compileBlock } from './statements.ts';
import { isDeclaratorNode, isTypeNode } from './syntax.ts';
import { resolveType } from './type-resolution.ts';
import { cloneValue, copyFor, derefPtr, isScalarLike } from './value-ops.ts';

/** One captured variable: where it is in the enclosing frame and in the lambda's. */
interface Capture {
	name: string;
	outer: number;
	/** The enclosing variable is itself a reference (its slot holds a pointer). */
	outerRef: boolean;
	inner: number;
	byRef: boolean;
	type: CType;
}

/** How a lambda captures: its default (`=`, `&` or none) and its named captures. */
interface CaptureList {
	byDefault: 'value' | 'reference' | undefined;
	named: Map<string, 'value' | 'reference'>;
}

function readCaptures(text: string): CaptureList {
	const list: CaptureList = { byDefault: undefined, named: new Map() };
	const inner = text.replace(/^\s*\[|\]\s*$/g, '');
	for (const raw of inner.split(',')) {
		const item = raw.trim();
		if (item === '=') list.byDefault = 'value';
		else if (item === '&') list.byDefault = 'reference';
		else if (item.startsWith('&')) list.named.set(item.slice(1).trim(), 'reference');
		else if (item && item !== 'this' && item !== '*this') list.named.set(item, 'value');
	}
	return list;
}

/**
 * The scope of a lambda's body: a name found outside it that is a local of the enclosing
 * function becomes a capture, declared here as the lambda's own variable.
 */
class LambdaScope extends Scope {
	readonly captures: Capture[] = [];
	readonly #fn: FnState;
	readonly #list: CaptureList;

	constructor(parent: Scope, fn: FnState, list: CaptureList) {
		super(parent, 'function', 'lambda');
		this.#fn = fn;
		this.#list = list;
	}

	override lookup(name: string): Entity | undefined {
		const own = this.lookupOwn(name);
		if (own) return own;
		const outer = this.parent?.lookup(name);
		if (outer?.kind !== 'local') return outer;
		// A name the capture list does not mention is still captured (by reference when there is
		// no default): the program compiled, so the compiler found it captured.
		const how = this.#list.named.get(name) ?? this.#list.byDefault ?? 'reference';
		const byRef = how === 'reference';
		const inner = this.#fn.slots++;
		const capture: Capture = {
			name,
			outer: outer.slot,
			outerRef: outer.ref,
			inner,
			byRef,
			type: outer.type,
		};
		this.captures.push(capture);
		const entity: Entity = {
			kind: 'local',
			slot: inner,
			type: outer.type,
			ref: byRef && isScalarLike(outer.type),
		};
		this.declare(name, entity);
		return entity;
	}
}

/** Compiles a lambda expression into an expression that makes the callable. */
export function compileLambda(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const capNode = n.getChild('LambdaCaptureSpecifier');
	const list = readCaptures(capNode ? ctx.text(capNode) : '[]');
	const decl = n.getChild('AbstractFunctionDeclarator');
	const body = n.getChild('CompoundStatement');
	if (!body) return ctx.unsupported(n, 'lambda-without-body');
	const trailing = decl?.getChild('TrailingReturnType');
	const retNode = trailing ? ctx.parts(trailing).find((c) => isTypeNode(c.name)) : undefined;
	const ret: CType = retNode ? resolveType(ctx, retNode, scope) : T.unknown;
	const saved = ctx.fn;
	const fs: FnState = { slots: 0, ret };
	if (saved.def) fs.def = saved.def;
	ctx.fn = fs;
	const lambdaScope = new LambdaScope(scope, fs, list);
	const params: Array<{ slot: number; copy: (v: Value) => Value; ref: boolean }> = [];
	let bodySt;
	try {
		const plist = decl?.getChild('ParameterList');
		for (const p of plist ? ctx.parts(plist) : []) {
			if (p.name !== 'ParameterDeclaration' && p.name !== 'OptionalParameterDeclaration') continue;
			const kids = ctx.parts(p);
			const typeNode = kids.find((c) => isTypeNode(c.name));
			const base = typeNode ? resolveType(ctx, typeNode, lambdaScope) : T.unknown;
			if (base.k === 'void' && kids.length === 1) continue;
			const d = kids.find((c) => c !== typeNode && isDeclaratorNode(c.name));
			const info = d
				? compileDeclarator(ctx, d, base, lambdaScope)
				: { name: '', type: base, ref: false };
			const slot = fs.slots++;
			const refScalar = info.ref && isScalarLike(info.type);
			if (info.name)
				lambdaScope.declare(info.name, { kind: 'local', slot, type: info.type, ref: refScalar });
			params.push({ slot, copy: copyFor(info.type, ctx.bindings), ref: info.ref });
		}
		bodySt = compileBlock(ctx, body, lambdaScope, false);
	} finally {
		ctx.fn = saved;
	}
	const captures = lambdaScope.captures;
	const rt = ctx.rt;
	const at = ctx.span(n);
	const run = bodySt;
	return {
		ev: (f) => {
			const values = captures.map((c) => captureValue(c, f));
			const self = f.self;
			return new FuncValue('lambda', (args) => {
				rt.tick();
				if (rt.stack.length >= MAX_CALL_DEPTH)
					rt.stop(
						'recursion-too-deep',
						{ line: at.line, column: at.column },
						{ depth: MAX_CALL_DEPTH },
					);
				const lf = new Frame(fs.slots, self);
				for (let i = 0; i < captures.length; i++) lf.s[captures[i]!.inner] = values[i];
				for (let i = 0; i < params.length; i++) {
					const p = params[i]!;
					lf.s[p.slot] = p.ref ? args[i] : p.copy(args[i]);
				}
				rt.stack.push({ func: 'lambda', line: at.line, column: at.column, file: at.file });
				run(lf);
				rt.stack.pop();
				return lf.ret;
			});
		},
		t: { k: 'func', name: 'lambda' },
	};
}

/** The value a capture holds in the lambda, taken from the enclosing frame `f`. */
function captureValue(c: Capture, f: Frame): Value {
	const v = f.s[c.outer];
	if (c.byRef) {
		if (c.outerRef || !isScalarLike(c.type)) return v;
		return new Ptr(new SlotStore(f.s, c.outer, c.name), 0, c.type);
	}
	return cloneValue(c.outerRef ? derefPtr(v as Ptr) : v);
}
