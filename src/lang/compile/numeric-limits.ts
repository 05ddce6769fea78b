/**
 * `std::numeric_limits<T>::max()` and its siblings (`min`, `lowest`, `epsilon`, `infinity`,
 * `quiet_NaN`, `denorm_min`) for the arithmetic types: the values of <limits> for IEEE half,
 * bfloat16, float and double and for two's-complement integers of each width. 64-bit integer
 * limits are held as the nearest double, as the interpreter holds every integer.
 */
import type { SyntaxNode } from '@lezer/common';
import type { Scope } from '../scope.ts';
import type { CType } from '../types.ts';
import { constEx } from './closures.ts';
import type { CompileContext, Ex } from './context.ts';
import { resolveTemplateArgs } from './type-resolution.ts';

/** A `numeric_limits<…>::name` callee. */
const LIMITS_CALL = /^(?:std::)?numeric_limits<.*>::(\w+)$/s;

/** Largest finite value, smallest normal, epsilon and smallest subnormal per floating width. */
const FLOAT_LIMITS = {
	half: { max: 65504, min: 2 ** -14, epsilon: 2 ** -10, denorm: 2 ** -24 },
	bfloat16_t: { max: 3.3895313892515355e38, min: 2 ** -126, epsilon: 2 ** -7, denorm: 2 ** -133 },
	float: { max: 3.4028234663852886e38, min: 2 ** -126, epsilon: 2 ** -23, denorm: 2 ** -149 },
	double: { max: Number.MAX_VALUE, min: 2 ** -1022, epsilon: 2 ** -52, denorm: Number.MIN_VALUE },
} as const;

function limitOf(t: CType, name: string): number | undefined {
	if (t.k === 'int' || t.k === 'bool') {
		const bits = t.k === 'bool' ? 1 : t.bits;
		const signed = t.k === 'int' && t.signed;
		const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
		const min = signed ? -(2 ** (bits - 1)) : 0;
		if (name === 'max') return max;
		if (name === 'min' || name === 'lowest') return min;
		if (name === 'epsilon' || name === 'denorm_min' || name === 'infinity' || name === 'quiet_NaN')
			return 0;
		return undefined;
	}
	if (t.k !== 'float') return undefined;
	const f =
		t.bits === 64
			? FLOAT_LIMITS.double
			: t.bits === 32
				? FLOAT_LIMITS.float
				: t.name === 'bfloat16_t'
					? FLOAT_LIMITS.bfloat16_t
					: FLOAT_LIMITS.half;
	switch (name) {
		case 'max':
			return f.max;
		case 'min':
			return f.min;
		case 'lowest':
			return -f.max;
		case 'epsilon':
			return f.epsilon;
		case 'denorm_min':
			return f.denorm;
		case 'infinity':
			return Number.POSITIVE_INFINITY;
		case 'quiet_NaN':
		case 'signaling_NaN':
			return Number.NaN;
		default:
			return undefined;
	}
}

function templateArgs(n: SyntaxNode): SyntaxNode | null {
	const cursor = n.cursor();
	do {
		if (cursor.name === 'TemplateArgumentList') return cursor.node;
	} while (cursor.next() && cursor.from < n.to);
	return null;
}

/**
 * The call `text()` as a constant when it is a numeric_limits member of an arithmetic type;
 * undefined for anything else (the caller reports it as it would any unknown call).
 */
export function compileNumericLimit(
	ctx: CompileContext,
	text: string,
	nameNode: SyntaxNode,
	scope: Scope,
): Ex | undefined {
	const member = LIMITS_CALL.exec(text)?.[1];
	if (!member) return undefined;
	const [t] = resolveTemplateArgs(ctx, templateArgs(nameNode), scope);
	if (t === undefined || typeof t === 'number') return undefined;
	const value = limitOf(t, member);
	return value === undefined ? undefined : constEx(value, t);
}
