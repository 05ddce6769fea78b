/**
 * Type traits a program tests at compile time (`if constexpr (std::is_same_v<T, half>)`,
 * `std::is_same<T, float>::value`, Ascend C's `IsSameType<T, U>::value`): constants computed
 * from the resolved template arguments.
 */
import type { SyntaxNode } from '@lezer/common';
import type { Scope } from '../scope.ts';
import { T, sameType, type CType, type TemplateArg } from '../types.ts';
import type { CompileContext, Ex } from './context.ts';
import { constEx } from './closures.ts';
import { resolveTemplateArgs } from './type-resolution.ts';

/** The traits by name (with `std::` and `AscendC::` prefixes removed, `_v` folded in). */
const TRAITS: Record<string, (args: readonly TemplateArg[]) => boolean> = {
	is_same: ([a, b]) => typeof a === 'object' && typeof b === 'object' && sameType(a, b),
	IsSame: ([a, b]) => typeof a === 'object' && typeof b === 'object' && sameType(a, b),
	IsSameType: ([a, b]) => typeof a === 'object' && typeof b === 'object' && sameType(a, b),
	is_floating_point: ([a]) => isType(a) && a.k === 'float',
	is_integral: ([a]) => isType(a) && (a.k === 'int' || a.k === 'bool' || a.k === 'enum'),
	is_pointer: ([a]) => isType(a) && a.k === 'ptr',
	is_signed: ([a]) => isType(a) && ((a.k === 'int' && a.signed) || a.k === 'float'),
	is_unsigned: ([a]) => isType(a) && a.k === 'int' && !a.signed,
	is_arithmetic: ([a]) => isType(a) && (a.k === 'int' || a.k === 'float' || a.k === 'bool'),
	is_void: ([a]) => isType(a) && a.k === 'void',
};

function isType(a: TemplateArg | undefined): a is CType {
	return typeof a === 'object';
}

/**
 * `trait_v<A, B>` or `trait<A, B>::value` at `n` (a TemplateFunction or a ScopedIdentifier), as
 * a constant; undefined when `n` is not a known trait.
 */
export function compileTypeTrait(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex | undefined {
	let nameNode: SyntaxNode | null = null;
	let list: SyntaxNode | null = null;
	let viaValue = false;
	if (n.name === 'TemplateFunction') {
		nameNode = n.firstChild;
		list = n.getChild('TemplateArgumentList');
	} else if (n.name === 'ScopedIdentifier' && /::\s*value\s*$/.test(ctx.text(n))) {
		const tt = n.getChild('TemplateType') ?? n.firstChild?.getChild('TemplateType') ?? null;
		nameNode = tt?.firstChild ?? null;
		list = tt?.getChild('TemplateArgumentList') ?? null;
		viaValue = true;
	}
	if (!nameNode || !list) return undefined;
	const name = ctx
		.text(nameNode)
		.replace(/^(?:std::|AscendC::)/, '')
		.replace(/\s+/g, '');
	const base = viaValue ? name : name.replace(/_v$/, '');
	if (!viaValue && base === name) return undefined;
	const trait = TRAITS[base];
	if (!trait) return undefined;
	return constEx(trait(resolveTemplateArgs(ctx, list, scope)) ? 1 : 0, T.bool);
}
