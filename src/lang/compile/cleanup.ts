/**
 * Objects going out of scope: when a block ends (normally, or by `break`, `continue` or
 * `return`), its local objects are destroyed in reverse order of declaration — a class's
 * destructor runs (then its members', then its bases'), and a simulator type's `destroy` hook
 * runs (a `lock_guard` unlocks, a `unique_ptr` deletes what it owns). A run stopped by `exit()`,
 * an abort or a diagnostic does not unwind, as C++ does not.
 *
 * Invariant: a slot is cleared after its object is destroyed, so an object is destroyed once.
 */
import type { SyntaxNode } from '@lezer/common';
import type { ClassDef } from '../class-def.ts';
import type { Frame } from '../runtime.ts';
import type { Scope } from '../scope.ts';
import type { CType } from '../types.ts';
import { ArrayStore, Instance, SimObject, type Value } from '../values.ts';
import { makeCallInfo } from './calls.ts';
import type { CompileContext, St } from './context.ts';

/** What destroys a value of a type. */
export type Destroyer = (v: Value) => void;

/** Cleanups of the blocks being compiled, by scope: slot and destroyer, in declaration order. */
const CLEANUPS = new WeakMap<Scope, Array<{ slot: number; destroy: Destroyer }>>();

/** How to destroy a value of `t`, or undefined when nothing observable happens. */
export function destroyerFor(
	ctx: CompileContext,
	t: CType,
	at: SyntaxNode | null,
): Destroyer | undefined {
	if (t.k === 'sim') {
		const nt = ctx.bindings.types.get(t.name);
		const destroy = nt?.destroy;
		// A sequence (`std::vector<std::unique_ptr<T>>`) destroys its elements.
		const elem = t.targs[0];
		const each =
			elem !== undefined && typeof elem !== 'number' ? destroyerFor(ctx, elem, at) : undefined;
		if (!destroy && !each) return undefined;
		const info = makeCallInfo(ctx, at, `~${t.name}`, t.targs, []);
		return (v) => {
			if (!(v instanceof SimObject)) return;
			if (destroy) destroy(v, info(undefined as unknown as Frame, []));
			if (each && v.handle instanceof ArrayStore) for (const item of v.handle.items) each(item);
		};
	}
	if (t.k === 'class') return classDestroyer(ctx, t.cls, at);
	return undefined;
}

function classDestroyer(
	ctx: CompileContext,
	cls: ClassDef,
	at: SyntaxNode | null,
): Destroyer | undefined {
	const own = cls.methods.get(`~${cls.name}`)?.find((d) => d.node && d.cls === cls);
	// Base fields come first in a derived class; its own members follow.
	const inherited = cls.bases.reduce((n, b) => n + b.fields.length, 0);
	const fields: Array<{ index: number; destroy: Destroyer }> = [];
	cls.fields.forEach((f, index) => {
		if (index < inherited || f.arrayDims?.length) return;
		const destroy =
			f.type.k === 'class' && f.type.cls === cls ? undefined : destroyerFor(ctx, f.type, at);
		if (destroy) fields.push({ index, destroy });
	});
	const bases = cls.bases
		.map((b) => classDestroyer(ctx, b, at))
		.filter((d): d is Destroyer => d !== undefined)
		.reverse();
	if (!own && bases.length === 0 && fields.length === 0) return undefined;
	return (v) => {
		if (!(v instanceof Instance)) return;
		own?.compiled?.invoke(v, []);
		for (let i = fields.length - 1; i >= 0; i--) fields[i]!.destroy(v.fields[fields[i]!.index]);
		for (const d of bases) d(v);
	};
}

/** Notes that the local in `slot` of `scope` must be destroyed when the block ends. */
export function registerCleanup(
	ctx: CompileContext,
	scope: Scope,
	slot: number,
	t: CType,
	at: SyntaxNode,
): void {
	const destroy = destroyerFor(ctx, t, at);
	if (!destroy) return;
	let list = CLEANUPS.get(scope);
	if (!list) CLEANUPS.set(scope, (list = []));
	list.push({ slot, destroy });
}

/** `st` followed by the destruction of `scope`'s locals, whatever way the block completes. */
export function withCleanups(scope: Scope, st: St): St {
	const list = CLEANUPS.get(scope);
	if (!list || list.length === 0) return st;
	const items = [...list].reverse();
	return (f) => {
		const r = st(f);
		for (const { slot, destroy } of items) {
			const v = f.s[slot];
			if (v === undefined) continue;
			f.s[slot] = undefined;
			destroy(v);
		}
		return r;
	};
}
