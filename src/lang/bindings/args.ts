/**
 * Small helpers bindings use to read arguments the way C++ passes them: numbers, handles,
 * strings, and pointer out-parameters (`aclrtMalloc(&p, …)` writes through `&p`).
 */
import { isStore, Ptr, SimObject, type Value } from '../values.ts';
import type { CType, TemplateArg } from '../types.ts';
import { typeName } from '../types.ts';

/** Base of addresses the interpreter makes up for host arrays passed as pointers (illustrative). */
export const FAKE_HOST_BASE = 0x7ff000000000;

/** A numeric argument (handles, sizes, enum values); null and missing are 0. */
export function num(v: Value): number {
	if (typeof v === 'number') return v;
	if (v instanceof Ptr) return isStore(v.base) ? FAKE_HOST_BASE + v.offset : v.offset;
	return 0;
}

/** A string argument (`const char*`), or null. */
export function str(v: Value): string | null {
	return typeof v === 'string' ? v : null;
}

/** Writes `value` through a pointer out-parameter; ignores a null or foreign pointer. */
export function writeOut(p: Value, value: Value): void {
	if (p instanceof Ptr && isStore(p.base)) p.base.store(p.offset, p.elem, value);
}

/**
 * What an in-out pointer argument points to (undefined for a null or foreign pointer); for an
 * object passed by reference (`LocalTensor<T>& concat`), the simulator object it holds.
 */
export function readOut(p: Value): unknown {
	if (p instanceof SimObject) return p.handle;
	if (p instanceof Ptr && isStore(p.base)) return p.base.load(p.offset, p.elem);
	return undefined;
}

/** The simulator object behind a value, if it is one. */
export function handle<T>(v: Value): T | undefined {
	return v instanceof SimObject ? (v.handle as T) : undefined;
}

/** The element type name of a template argument for the kernel side, e.g. `half`. */
export function dtypeName(arg: TemplateArg | undefined, fallback = 'half'): string {
	if (arg === undefined || typeof arg === 'number') return fallback;
	return typeName(arg as CType);
}
