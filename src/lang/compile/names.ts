/**
 * Name resolution: qualified paths through scopes, and simulator (AscendC/ACL) names and
 * constants.
 */
import { SIM_NAMESPACES } from '../bindings/binding.ts';
import { Scope, type Entity } from '../scope.ts';
import type { CompileContext } from './context.ts';

/** The unqualified simulator name of a path, if it is in a simulator namespace. */
export function resolveSimName(ctx: CompileContext, path: string[]): string | undefined {
	let i = 0;
	while (i < path.length - 1 && SIM_NAMESPACES.has(path[i]!)) i++;
	const rest = path.slice(i);
	return rest.join('::');
}

/** The simulator constant a qualified path names, if any. */
export function resolveSimConstant(ctx: CompileContext, path: string[]) {
	const name = resolveSimName(ctx, path);
	if (name === undefined) return undefined;
	return ctx.bindings.constants.get(name);
}

/** Resolves a qualified path in the user's scopes. */
export function lookupPath(ctx: CompileContext, path: string[], scope: Scope): Entity | undefined {
	const parts = path[0] === '' ? path.slice(1) : path;
	if (parts.length === 0) return undefined;
	const found = walkPath(
		parts,
		path[0] === '' ? ctx.global.lookupOwn(parts[0]!) : scope.lookup(parts[0]!),
	);
	// A function another translation unit defines in a namespace: the linked tree has it.
	if (!found && parts.length > 1 && ctx.unitScopes.length > 0)
		return walkPath(parts, ctx.global.lookupOwn(parts[0]!));
	return found;
}

function walkPath(parts: string[], first: Entity | undefined): Entity | undefined {
	let e = first;
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
