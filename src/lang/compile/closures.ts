/**
 * Small closure combinators: no-op and sequenced statements, constant and folded expressions.
 */
import { Frame, NORMAL } from '../runtime.ts';
import type { CType } from '../types.ts';
import type { Value } from '../values.ts';
import type { St, Ex } from './context.ts';

/** A statement that does nothing. */
export const nop: St = () => NORMAL;

/** Runs statements in order, stopping at the first completion that is not NORMAL. */
export function seq(list: St[]): St {
	if (list.length === 0) return nop;
	if (list.length === 1) return list[0]!;
	if (list.length === 2) {
		const [a, b] = list as [St, St];
		return (f) => {
			const r = a(f);
			return r !== NORMAL ? r : b(f);
		};
	}
	const n = list.length;
	return (f) => {
		for (let i = 0; i < n; i++) {
			const r = list[i]!(f);
			if (r !== NORMAL) return r;
		}
		return NORMAL;
	};
}

/** A compile-time constant expression of type `t`. */
export function constEx(v: Value, t: CType): Ex {
	return { ev: () => v, t, c: true };
}

/** Evaluates `ex` once at compile time if it needs no frame; otherwise returns it marked non-constant. */
export function foldEx(ex: Ex): Ex {
	try {
		const v = ex.ev(new Frame(0, null));
		return { ev: () => v, t: ex.t, c: true };
	} catch {
		return { ...ex, c: false };
	}
}
