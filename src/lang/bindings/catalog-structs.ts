/**
 * Catalog structs a program declares as values of its own (`HcclRootInfo rootInfo;`), built as
 * classes of the interpreter from their rows: each field with its type, array fields (`char[4108]`)
 * as arrays, so `sizeof` and byte copies see the real layout. One class per struct, made on first
 * use and shared by every run (a class holds only types).
 */
import type { ApiType } from '../../api/index.ts';
import { ClassDef } from '../class-def.ts';
import { Scope } from '../scope.ts';
import { PRIMITIVE_TYPES, T } from '../types.ts';

const CLASSES = new Map<string, ClassDef>();
const GLOBAL = new Scope(null, 'global');

/** Whether programs declare struct `t` themselves (the HCCL ones; Ascend C's come as parameters). */
export function declarableStruct(t: ApiType): boolean {
	return t.kind === 'struct' && t.group.startsWith('hccl-');
}

/** The interpreter class of struct row `t`. */
export function catalogStruct(t: ApiType): ClassDef {
	let cls = CLASSES.get(t.name);
	if (cls) return cls;
	cls = new ClassDef(t.name, t.name, []);
	cls.scope = new Scope(GLOBAL, 'class', t.name);
	cls.scope.cls = cls;
	for (const f of t.fields ?? []) {
		const m = /^(.+?)\[(\d+)\]$/.exec(f.type);
		const base = (m ? m[1]! : f.type).trim();
		const type = PRIMITIVE_TYPES[base] ?? T.u64;
		cls.addField(m ? { name: f.name, type, arrayDims: [Number(m[2])] } : { name: f.name, type });
	}
	cls.complete = true;
	CLASSES.set(t.name, cls);
	return cls;
}
