/**
 * The catalog's parameter structs (`DataCopyParams`, `BinaryRepeatParams`, `MmadParams`…) as
 * classes of the interpreter, so a program declares them, sets their fields, brace-initialises
 * them (`{1, 1, 1, 8, 8, 8}` picks the constructor with six parameters) and passes them by
 * value, as it would with the real header. One class per struct and per list of template
 * arguments (`DataCopyPadExtParams<half>`), made on first use and shared by every run: the
 * classes hold only data (field types, constant defaults, constructor field orders). Array
 * fields (`char internal[4108]` of `HcclRootInfo`) are arrays, so `sizeof` and byte copies see
 * the real layout.
 */
import { findApiType, structFieldDefault, type ApiType } from '../../api/index.ts';
import { ClassDef } from '../class-def.ts';
import { Scope } from '../scope.ts';
import { argsKey, PRIMITIVE_TYPES, T, type CType, type TemplateArg } from '../types.ts';
import { convert } from '../values.ts';

const CLASSES = new Map<string, ClassDef>();
const GLOBAL = new Scope(null, 'global');

/** The interpreter class of struct type `t` with template arguments `targs`. */
export function catalogStruct(t: ApiType, targs: readonly TemplateArg[]): ClassDef {
	const key = `${t.name}<${argsKey(targs)}>`;
	let cls = CLASSES.get(key);
	if (cls) return cls;
	const qualified = t.group.startsWith('ascendc-') ? `AscendC::${t.name}` : t.name;
	cls = new ClassDef(t.name, qualified, targs);
	cls.scope = new Scope(GLOBAL, 'class', t.name);
	cls.scope.cls = cls;
	const tparams = t.templateParams ?? [];
	const typeOf = (text: string): CType => {
		// A tensor member (`LocalTensor<T> src1` of MrgSortSrcList) holds the program's tensor.
		const tensor = /^LocalTensor<(.+)>$/.exec(text);
		if (tensor) return { k: 'sim', name: 'LocalTensor', targs: [typeOf(tensor[1]!.trim())] };
		const i = tparams.indexOf(text);
		if (i >= 0) {
			const a = targs[i];
			return a === undefined || typeof a === 'number' ? T.f32 : a;
		}
		const prim = PRIMITIVE_TYPES[text];
		if (prim) return prim;
		const e = findApiType(text);
		if (e?.kind === 'enum') return e.base === 'uint8_t' ? T.u8 : e.base === 'int8_t' ? T.i8 : T.i32;
		return T.u64;
	};
	for (const f of t.fields ?? []) {
		const array = /^(.+?)\[(\d+)\]$/.exec(f.type);
		if (array) {
			cls.addField({ name: f.name, type: typeOf(array[1]!.trim()), arrayDims: [Number(array[2])] });
			continue;
		}
		const type = typeOf(f.type);
		if (type.k === 'sim') cls.addField({ name: f.name, type });
		else
			cls.addField({
				name: f.name,
				type,
				value: convert(structFieldDefault(f.defaultValue), type),
			});
	}
	for (const f of t.fields ?? []) for (const alias of f.aliases ?? []) cls.addAlias(alias, f.name);
	cls.fieldConstructors = (t.constructors ?? []).map((names) =>
		names.map((n) => cls!.fieldIndex.get(n) ?? 0),
	);
	cls.complete = true;
	CLASSES.set(key, cls);
	return cls;
}
