/**
 * The GM parameters of a kernel run without `main`, as the CPU twin would get them from a test
 * harness: a parameter named in `RunRequest.gmInputs` gets a buffer holding exactly those bytes
 * (`--input x=x.bin`); the others a buffer of `gmBytes` filled with the request's pattern
 * (gm-fill.ts) in the type the kernel first reads it as. A typed `__gm__ T*` parameter is typed
 * at once; a `GM_ADDR` one when SetGlobalBuffer first casts it.
 */
import { dtypeOf } from '../sim/kernel/dtype.ts';
import { DEFAULT_GM_FILL, type GmFill } from '../sim/kernel/gm-fill.ts';
import { typeGmBuffer, writeGm } from '../sim/kernel/global-tensor.ts';
import type { MemoryBudget } from '../sim/memory-budget.ts';
import type { RunRequest } from '../sim/run-request.ts';
import { GmArray } from './gm-array.ts';
import { typeName, type CType } from './types.ts';
import { Ptr } from './values.ts';

/**
 * The pointer a GM parameter `name` of type `__gm__ to*` gets, and its buffer, whose touched
 * (or generated) pages are charged to `budget`.
 */
export function kernelParamPointer(
	name: string,
	to: CType,
	request: Pick<RunRequest, 'gmInputs' | 'gmFill'>,
	gmBytes: number,
	budget?: MemoryBudget,
): { ptr: Ptr; buffer: GmArray } {
	const input = request.gmInputs?.[name];
	let buffer: GmArray;
	if (input) {
		buffer = new GmArray(name, input.length, undefined, { budget });
		writeGm({ buffer, byteOffset: 0 }, input);
	} else {
		const fill: GmFill = request.gmFill ?? DEFAULT_GM_FILL;
		buffer = new GmArray(name, gmBytes, fill, { budget });
		const dtype = to.k === 'int' && to.bits === 8 && !to.signed ? undefined : dtypeOf(typeName(to));
		if (dtype) typeGmBuffer(buffer, dtype);
	}
	return { ptr: new Ptr(buffer, 0, to), buffer };
}
