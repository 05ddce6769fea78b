/**
 * Calls the compiler handles itself because they construct an object of a type only the
 * compiler can build (a class of the program with its constructor): `v.emplace_back(args…)`,
 * `v.push_back({…})` for a container of objects, and `std::make_unique<T>(args…)` /
 * `std::make_shared<T>(args…)`.
 */
import type { SyntaxNode } from '@lezer/common';
import type { Scope } from '../scope.ts';
import type { CType, TemplateArg } from '../types.ts';
import { sameType, sizeOf } from '../types.ts';
import type { Frame } from '../runtime.ts';
import { cloneValue } from './value-ops.ts';
import { CellStore, ObjectStore, Ptr, type Value } from '../values.ts';
import { makeSmart } from '../std/smart-pointers.ts';
import { compileConstruct } from './declarators.ts';
import { compileExpr, compileBraceValue } from './expressions.ts';
import { makeCallInfo } from './calls.ts';
import type { CompileContext, Ex } from './context.ts';

/** A method handled by the compiler: undefined when the general path should handle the call. */
type MethodIntrinsic = (
	ctx: CompileContext,
	obj: Ex,
	argNodes: SyntaxNode[],
	scope: Scope,
	n: SyntaxNode,
) => Ex | undefined;

/** A free function handled by the compiler. */
type CallIntrinsic = (
	ctx: CompileContext,
	targs: readonly TemplateArg[],
	argNodes: SyntaxNode[],
	scope: Scope,
	n: SyntaxNode,
) => Ex | undefined;

/** `push_back` of the element the compiler builds (emplace: from the arguments; a brace list). */
function addElement(method: string, emplace: boolean): MethodIntrinsic {
	return (ctx, obj, argNodes, scope, n) => {
		if (obj.t.k !== 'sim') return undefined;
		const nt = ctx.bindings.types.get(obj.t.name);
		const elem = nt?.element?.(obj.t.targs);
		const push = nt?.methods[method];
		if (!elem || !push || (elem.k !== 'class' && elem.k !== 'sim')) return undefined;
		const brace = argNodes.length === 1 && argNodes[0]!.name === 'InitializerList';
		if (!emplace && !brace) return undefined;
		const args = brace ? [] : argNodes.map((a) => compileExpr(ctx, a, scope));
		// `emplace_back(obj)` of an object of the element type copies it.
		const copy = args.length === 1 && sameType(args[0]!.t, elem) ? args[0]!.ev : undefined;
		const make = brace
			? compileBraceValue(ctx, argNodes[0]!, elem, scope).ev
			: copy
				? (f: Frame) => cloneValue(copy(f))
				: compileConstruct(ctx, elem, args, n);
		const info = makeCallInfo(ctx, n, method, obj.t.targs, [elem]);
		return {
			ev: (f) => {
				const self = obj.ev(f);
				const v = make(f);
				return push(self, info(f, [v])) as Value;
			},
			t: { k: 'void' },
		};
	};
}

/** Member functions the compiler builds the argument of. */
export const METHOD_INTRINSICS: Readonly<Record<string, MethodIntrinsic>> = {
	emplace_back: addElement('push_back', true),
	emplace_front: addElement('push_front', true),
	push_back: addElement('push_back', false),
	push_front: addElement('push_front', false),
};

/** `std::make_unique<T>(args…)` and `std::make_shared<T>(args…)`. */
function makeOwned(name: 'unique_ptr' | 'shared_ptr'): CallIntrinsic {
	return (ctx, targs, argNodes, scope, n) => {
		const t = targs[0];
		if (t === undefined || typeof t === 'number') return undefined;
		const make = compileConstruct(
			ctx,
			t,
			argNodes.map((a) => compileExpr(ctx, a, scope)),
			n,
		);
		const rt = ctx.rt;
		const span = ctx.span(n);
		const what = `${name === 'unique_ptr' ? 'make_unique' : 'make_shared'}<${typeText(t)}>`;
		const bytes = sizeOf(t);
		const result: CType = { k: 'sim', name, targs: [t] };
		return {
			ev: (f) => {
				let v = make(f);
				const store =
					t.k === 'class' || t.k === 'sim'
						? new ObjectStore(v, what)
						: new CellStore(
								() => v,
								(x) => void (v = x),
								what,
							);
				rt.blocks.allocated(store, { kind: 'new', bytes, what, span });
				return makeSmart(name, [t], new Ptr(store, 0, t));
			},
			t: result,
		};
	};
}

function typeText(t: CType): string {
	return t.k === 'class'
		? t.cls.name
		: t.k === 'sim'
			? t.name
			: t.k === 'int' || t.k === 'float'
				? t.name
				: t.k;
}

/** Free functions the compiler builds the object of. */
export const CALL_INTRINSICS: Readonly<Record<string, CallIntrinsic>> = {
	make_unique: makeOwned('unique_ptr'),
	make_shared: makeOwned('shared_ptr'),
};
