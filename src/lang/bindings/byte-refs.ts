/**
 * {@link ByteRef}s over the interpreter's memory, for parameters a call reads or writes as bytes
 * (`HcclRootInfo *`): a C array (`char buf[4108]`), a struct whose first field is one (the root
 * info's `internal`), or a host address the program got from `malloc` or `aclrtMallocHost` (the
 * process's host memory, byte by byte).
 */
import type { ByteRef } from '../../sim/byte-ref.ts';
import { sizeOf } from '../types.ts';
import { ArrayStore, Instance, isStore, ObjectStore, Ptr, type Value } from '../values.ts';
import type { HostMemory } from '../../sim/host/host-memory.ts';

function arrayRef(store: ArrayStore, start: number, address: number): ByteRef {
	const size = Math.max(1, sizeOf(store.elem));
	const signed = store.elem.k === 'int' && store.elem.signed;
	return {
		address,
		read(length) {
			const out = new Uint8Array(length);
			for (let i = 0; i < length; i++) {
				const item = store.items[start + Math.floor(i / size)];
				const v = typeof item === 'number' ? item : 0;
				out[i] = size === 1 ? v & 0xff : Math.floor(v / 2 ** (8 * (i % size))) & 0xff;
			}
			return out;
		},
		write(bytes) {
			if (size !== 1) return;
			const n = Math.min(bytes.length, store.items.length - start);
			for (let i = 0; i < n; i++) {
				const b = bytes[i]!;
				store.items[start + i] = signed && b > 127 ? b - 256 : b;
			}
		},
	};
}

/** A ByteRef over what `v` points to (host addresses in `memory`), or undefined for a null pointer. */
export function byteRefOf(v: Value, memory: HostMemory): ByteRef | undefined {
	if (v === null || v === undefined || v === 0) return undefined;
	if (typeof v === 'string') {
		// A string literal (`fwrite("…", 1, n, f)`): its bytes, read only.
		const text = v;
		return {
			address: 0,
			read: (length) => {
				const out = new Uint8Array(length);
				for (let i = 0; i < length && i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
				return out;
			},
			write: () => undefined,
		};
	}
	if (v instanceof Ptr && v.base instanceof ArrayStore)
		return arrayRef(v.base, v.base.index(v.offset), 0);
	if (v instanceof Ptr && (v.base instanceof ObjectStore || isStore(v.base))) {
		const target = v.base instanceof ObjectStore ? v.base.target : v.base.load(v.offset, v.elem);
		if (target instanceof Instance) {
			const field = target.fields.find((f) => f instanceof Ptr && f.base instanceof ArrayStore);
			if (field instanceof Ptr && field.base instanceof ArrayStore)
				return arrayRef(field.base, field.base.index(field.offset), 0);
		}
		return undefined;
	}
	if (typeof v === 'number') {
		return {
			address: v,
			read: (length) => memory.bytes.read(v, length),
			write: (bytes) => {
				memory.overwritten(v, bytes.length);
				memory.bytes.write(v, bytes);
			},
		};
	}
	return undefined;
}
