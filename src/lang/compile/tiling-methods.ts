/**
 * The member functions a tiling class gets from the framework's TilingDef base and its field
 * macros (hicann/metadef inc/external/register/tilingdata_base.h, 9a3f9ae; the TilingData
 * 结构定义 reference page): `set_<field>(v)` and `get_<field>()` for each field
 * (`TILING_DATA_FIELD_DEF`), `set_<field>(const T *)` copying the array and `get_<field>()`
 * giving its first element for an array field (`TILING_DATA_FIELD_DEF_ARR`),
 * `SaveToBuffer(ptr, capacity)` writing the data in the tiling layout (tiling-layout.ts), and
 * `GetDataSize()`, the data's length in bytes.
 */
import type { SyntaxNode } from '@lezer/common';
import type { Scope } from '../scope.ts';
import { T } from '../types.ts';
import { Instance, convert, type Value } from '../values.ts';
import { writeBytes } from '../std/files.ts';
import { objectBytes } from '../object-bytes.ts';
import type { ClassDef } from '../class-def.ts';
import { numOf } from './value-ops.ts';
import { copyElements } from './declarators.ts';
import { compileArgument } from './calls.ts';
import type { CompileContext, Ex } from './context.ts';

/**
 * The TilingDef member function `method` called on `obj` (a tiling class), or undefined when
 * the class has no such member (the caller reports it).
 */
export function compileTilingMethod(
	ctx: CompileContext,
	cls: ClassDef,
	obj: Ex,
	method: string,
	argNodes: readonly SyntaxNode[],
	scope: Scope,
): Ex | undefined {
	const args = argNodes.map((a) => compileArgument(ctx, a, scope));
	const self = (f: Parameters<Ex['ev']>[0]): Instance | undefined => {
		const v = obj.ev(f);
		return v instanceof Instance ? v : undefined;
	};
	if (method === 'GetDataSize' && args.length === 0) return { ev: () => cls.sizeOf(), t: T.u64 };
	if (method === 'SaveToBuffer' && args.length === 2) {
		const [dst, capacity] = args as [Ex, Ex];
		const rt = ctx.rt;
		return {
			ev: (f) => {
				const inst = self(f);
				const to = dst.ev(f);
				// memcpy_s into a buffer shorter than the data fails and copies nothing.
				if (inst && numOf(capacity.ev(f)) >= cls.sizeOf()) writeBytes(rt, to, objectBytes(inst));
				return undefined;
			},
			t: T.void,
		};
	}
	const accessor = /^(set|get)_(\w+)$/.exec(method);
	const index = accessor ? cls.fieldIndex.get(accessor[2]!) : undefined;
	if (!accessor || index === undefined) return undefined;
	const field = cls.fields[index]!;
	const isArray = (field.arrayDims?.length ?? 0) > 0;
	if (accessor[1] === 'get' && args.length === 0)
		return {
			ev: (f) => self(f)?.fields[index] ?? 0,
			t: isArray ? { k: 'ptr', to: field.type } : field.type,
		};
	if (accessor[1] === 'set' && args.length === 1) {
		const value = args[0]!;
		return {
			ev: (f) => {
				const inst = self(f);
				const v: Value = value.ev(f);
				if (!inst) return undefined;
				if (isArray) copyElements(inst.fields[index], v, field.arrayDims![0]!);
				else inst.fields[index] = convert(v, field.type);
				return undefined;
			},
			t: T.void,
		};
	}
	return undefined;
}
