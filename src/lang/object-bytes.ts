/**
 * The bytes of a struct object as the program's memory would hold them: each field little-endian
 * at its offset in the class's layout (the compiler's, or a tiling class's), nested objects and
 * array members in place, padding as zeros. `memcpy` from a struct and a tiling class's
 * `SaveToBuffer` copy these bytes.
 */
import type { FieldDef } from './class-def.ts';
import { sizeOf } from './types.ts';
import { Instance, Ptr } from './values.ts';
import { encode } from './std/files.ts';

/** The bytes of `inst`, `inst.cls.sizeOf()` of them. */
export function objectBytes(inst: Instance): Uint8Array {
	const out = new Uint8Array(inst.cls.sizeOf());
	writeFields(new DataView(out.buffer), 0, inst, out.length);
	return out;
}

function writeFields(view: DataView, at: number, inst: Instance, limit: number): void {
	inst.cls.fields.forEach((f, i) => {
		const offset = at + inst.cls.fieldOffset(i);
		const v = inst.fields[i];
		if (v instanceof Instance) writeFields(view, offset, v, limit);
		else if (f.arrayDims?.length) writeArray(view, offset, v, f, limit);
		else encode(view, offset, f.type, v ?? 0, limit);
	});
}

function writeArray(view: DataView, at: number, v: unknown, f: FieldDef, limit: number): void {
	if (!(v instanceof Ptr) || !('load' in v.base)) return;
	const store = v.base;
	const count = (f.arrayDims ?? []).reduce((a, b) => a * b, 1);
	const size = Math.max(1, sizeOf(f.type));
	for (let k = 0; k < count; k++)
		encode(view, at + k * size, f.type, store.load(v.offset + k * size, f.type), limit);
}
