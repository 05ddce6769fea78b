/**
 * The bytes of interpreter objects a host copy moves. A C++ program passes `&tiling` (a struct
 * on the stack), `hostX` (a `float[]`) or `&n` to `aclrtMemcpy` as `void *`; the simulator's
 * copies work on the process's host memory by address, and these objects live in the
 * interpreter, not there. So, around a copy call, each such argument is laid out in a staging
 * area of host memory as C lays it out (fields at their offsets, each in its type's width and
 * encoding; an array element after element; a pointer as its 8-byte address), the call gets
 * the staging address, and after it the bytes a device → host copy wrote are read back into
 * the object field by field. Only the bytes the object has are laid out; past its end the
 * staging area reads zeros.
 */
import type { ClassDef } from '../class-def.ts';
import type { ByteStore } from '../../sim/kernel/byte-store.ts';
import { dtypeOf, type DType } from '../../sim/kernel/dtype.ts';
import type { HostMemory } from '../../sim/host/host-memory.ts';
import { sizeOf, typeName, T, type CType } from '../types.ts';
import {
	ArrayStore,
	CellStore,
	ExternalStore,
	Instance,
	isStore,
	ObjectStore,
	Ptr,
	SlotStore,
	type Value,
} from '../values.ts';
import { num } from './args.ts';

/**
 * Where staging areas start (illustrative: host addresses far above any malloc, and not
 * pinned, so a copy from them is a pageable one, as from a stack object).
 */
export const STAGING_BASE = 0x7ffe00000000;

/** The copy APIs whose pointer arguments are staged: the argument index of dst, src and count. */
export const STAGED_COPIES: Readonly<Record<string, { dst: number; src: number; count: number }>> =
	{
		aclrtMemcpy: { dst: 0, src: 2, count: 3 },
		aclrtMemcpyAsync: { dst: 0, src: 2, count: 3 },
	};

/** One argument laid out in host memory, to be read back after the call. */
interface Staged {
	readonly ptr: Ptr;
	readonly address: number;
	readonly bytes: number;
}

/** The element layout `t` has in memory: a DType for a scalar, else undefined. */
function scalarType(t: CType): DType | undefined {
	switch (t.k) {
		case 'bool':
			return dtypeOf('uint8_t');
		case 'enum':
			return scalarType(t.base);
		case 'ptr':
			return dtypeOf('uint64_t');
		case 'int':
			return dtypeOf(`${t.signed ? '' : 'u'}int${t.bits}_t`);
		case 'float':
			return t.bits === 16 ? dtypeOf('half') : dtypeOf(t.bits === 32 ? 'float' : 'double');
		default:
			return dtypeOf(typeName(t));
	}
}

/** The elements a store pointer reaches: their type and how many from the pointer on. */
function pointee(ptr: Ptr): { elem: CType; count: number } | undefined {
	const base = ptr.base;
	if (base instanceof ArrayStore) {
		const elem = base.elem;
		return { elem, count: Math.max(0, base.length - base.index(ptr.offset)) };
	}
	if (base instanceof ObjectStore) {
		const target = base.target;
		if (target instanceof Instance)
			return { elem: { k: 'class', cls: target.cls, targs: target.targs }, count: 1 };
		return undefined;
	}
	if (base instanceof CellStore || base instanceof SlotStore) {
		const elem = ptr.elem.k === 'void' || ptr.elem.k === 'unknown' ? cellType(base) : ptr.elem;
		return { elem, count: 1 };
	}
	return undefined;
}

/** The type of a scalar cell reached through `void *` (its declared type is gone): by its value. */
function cellType(store: CellStore | SlotStore): CType {
	const v = store.value();
	if (v instanceof Instance) return { k: 'class', cls: v.cls, targs: v.targs };
	return typeof v === 'number' && !Number.isInteger(v) ? T.f64 : T.i64;
}

/** A field's full type: an array member (`int arr[3]`) as its array type. */
function fieldType(f: ClassDef['fields'][number]): CType {
	return f.arrayDims?.length
		? f.arrayDims.reduceRight<CType>((of, n) => ({ k: 'array', of, n }), f.type)
		: f.type;
}

/** Writes value `v` of type `t` at `at` of `bytes`. */
function encode(bytes: ByteStore, at: number, t: CType, v: Value): void {
	if (t.k === 'class') {
		if (!(v instanceof Instance)) return;
		const cls = v.cls;
		cls.fields.forEach((f, i) => encode(bytes, at + cls.fieldOffset(i), fieldType(f), v.fields[i]));
		return;
	}
	if (t.k === 'array') {
		if (!(v instanceof Ptr) || !(v.base instanceof ArrayStore)) return;
		const size = Math.max(1, sizeOf(t.of));
		const first = v.base.index(v.offset);
		for (let i = 0; i < t.n; i++) encode(bytes, at + i * size, t.of, v.base.get(first + i));
		return;
	}
	const dtype = scalarType(t);
	if (!dtype) return;
	const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : num(v);
	bytes.set(dtype, at, n);
}

/** The value of type `t` at `at` of `bytes`; an Instance or array `old` is filled in place. */
function decode(bytes: ByteStore, at: number, t: CType, old: Value): Value {
	if (t.k === 'class') {
		if (!(old instanceof Instance)) return old;
		const cls = old.cls;
		cls.fields.forEach((f, i) => {
			old.fields[i] = decode(bytes, at + cls.fieldOffset(i), fieldType(f), old.fields[i]);
		});
		return old;
	}
	if (t.k === 'array') {
		if (!(old instanceof Ptr) || !(old.base instanceof ArrayStore)) return old;
		const size = Math.max(1, sizeOf(t.of));
		const first = old.base.index(old.offset);
		for (let i = 0; i < t.n; i++)
			old.base.set(first + i, decode(bytes, at + i * size, t.of, old.base.get(first + i)));
		return old;
	}
	const dtype = scalarType(t);
	if (!dtype || t.k === 'ptr') return old;
	return bytes.get(dtype, at);
}

/** Lays out the first `limit` bytes `ptr` reaches at `address`; returns how many it laid out. */
function layOut(memory: HostMemory, ptr: Ptr, address: number, limit: number): number {
	const reach = pointee(ptr);
	if (!reach) return 0;
	const size = Math.max(1, sizeOf(reach.elem));
	const count = Math.min(reach.count, Math.ceil(limit / size));
	for (let i = 0; i < count; i++)
		encode(memory.bytes, address + i * size, reach.elem, loadAt(ptr, i, size));
	return Math.min(limit, count * size);
}

function loadAt(ptr: Ptr, i: number, size: number): Value {
	const base = ptr.base;
	if (base instanceof ArrayStore) return base.get(base.index(ptr.offset) + i);
	return isStore(base) ? base.load(ptr.offset + i * size, ptr.elem) : 0;
}

/** Reads `staged` back from host memory into the object it came from. */
function readBack(memory: HostMemory, staged: Staged): void {
	const { ptr } = staged;
	const reach = pointee(ptr);
	if (!reach) return;
	const size = Math.max(1, sizeOf(reach.elem));
	const count = Math.floor(staged.bytes / size);
	const base = ptr.base;
	for (let i = 0; i < count; i++) {
		const at = staged.address + i * size;
		if (base instanceof ArrayStore) {
			const index = base.index(ptr.offset) + i;
			base.set(index, decode(memory.bytes, at, reach.elem, base.get(index)));
		} else if (base instanceof ObjectStore) decode(memory.bytes, at, reach.elem, base.target);
		else if (base instanceof CellStore || base instanceof SlotStore)
			base.store(0, reach.elem, decode(memory.bytes, at, reach.elem, base.value()));
	}
}

/** Whether `v` points into an object of the interpreter (not host memory, not GM). */
function interpreterObject(v: Value): v is Ptr {
	return v instanceof Ptr && isStore(v.base) && !(v.base instanceof ExternalStore);
}

/**
 * Stages the pointer arguments of a copy call `api` in `args` (replaced by their staging
 * addresses); returns what to run after the call, or undefined when nothing was staged.
 */
export function stageCopy(
	api: string,
	args: Value[],
	memory: HostMemory,
): (() => void) | undefined {
	const at = STAGED_COPIES[api];
	if (!at) return undefined;
	const count = Math.max(0, num(args[at.count] ?? 0));
	const staged: Staged[] = [];
	let next = STAGING_BASE;
	for (const index of [at.src, at.dst]) {
		const v = args[index];
		if (!interpreterObject(v)) continue;
		const bytes = layOut(memory, v, next, count);
		staged.push({ ptr: v, address: next, bytes: index === at.dst ? count : bytes });
		args[index] = next;
		next += Math.ceil(Math.max(count, 1) / 64) * 64 + 64;
	}
	if (staged.length === 0) return undefined;
	const dst = args[at.dst];
	return () => {
		for (const s of staged) {
			if (s.address === dst) readBack(memory, s);
			memory.bytes.drop(s.address, Math.ceil(Math.max(count, 1) / 4096) * 4096);
		}
	};
}
