/**
 * How a C++ element type is laid out in simulated host memory (sim/host/host-memory.ts): the
 * byte encoding of arithmetic types and of pointers kept as addresses. Other types (classes,
 * simulator objects) have no encoding and are kept as values.
 */
import { dtypeOf, type DType } from '../sim/kernel/dtype.ts';
import type { CType } from './types.ts';

const ADDRESS = dtypeOf('uint64_t')!;

/** The encoding of `t` in host memory, or undefined when values of `t` are kept as they are. */
export function hostElement(t: CType): DType | undefined {
	switch (t.k) {
		case 'int':
			return dtypeOf(`${t.signed ? '' : 'u'}int${t.bits}_t`);
		case 'bool':
			return dtypeOf('bool');
		case 'float':
			if (t.bits === 32) return dtypeOf('float');
			if (t.bits === 64) return dtypeOf('double');
			return dtypeOf(t.name === 'bfloat16_t' ? 'bfloat16_t' : 'half');
		case 'enum':
			return hostElement(t.base);
		case 'ptr':
			return ADDRESS;
		default:
			return undefined;
	}
}
