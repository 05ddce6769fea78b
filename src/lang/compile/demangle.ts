/**
 * Demangled C++ type names for frames in backtraces.
 */
import { dtypeOf } from '../../sim/kernel/dtype.ts';
import { typeName, type CType, type TemplateArg } from '../types.ts';

/** A type as a demangled CPU-debug backtrace prints it, e.g. `float16::Fp16T` for half. */
export function demangled(t: CType): string {
	switch (t.k) {
		case 'int':
		case 'float':
			return dtypeOf(t.name)?.demangled ?? t.name;
		case 'ptr':
			return `${demangled(t.to)}*`;
		case 'sim':
			return `AscendC::${t.name}${t.targs.length ? `<${t.targs.map(demangledArg).join(', ')}>` : ''}`;
		case 'class':
			return `${t.cls.qualName}${t.targs.length ? `<${t.targs.map(demangledArg).join(', ')}>` : ''}`;
		default:
			return typeName(t);
	}
}

/** A template argument as it appears in a demangled name. */
export function demangledArg(a: TemplateArg): string {
	return typeof a === 'number' ? String(a) : demangled(a);
}
