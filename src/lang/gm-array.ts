/**
 * A GM buffer as interpreted code sees it through a pointer: `x[i]` on a `__gm__ float*` (or
 * `GM_ADDR` cast to one) reads and writes the simulator's GM contents, element by element, in
 * the pointer's element type. The same object is the simulator's GmBuffer, so a GlobalTensor set
 * on the pointer and the scalar accesses share the bytes; a buffer the host side made (a device
 * allocation, GmAlloc) gets a view that shares its contents.
 */
import { dtypeOf, type DType } from '../sim/kernel/dtype.ts';
import type { MemoryBudget } from '../sim/memory-budget.ts';
import type { GmFill } from '../sim/kernel/gm-fill.ts';
import { gmStore, type GmBuffer } from '../sim/kernel/global-tensor.ts';
import { typeName, type CType } from './types.ts';
import { ExternalStore, Instance, Ptr, type Value } from './values.ts';

const VIEWS = new WeakMap<GmBuffer, GmArray>();
const DTYPES = new Map<string, DType | undefined>();

function dtypeOfC(elem: CType): DType | undefined {
	const name = typeName(elem);
	if (!DTYPES.has(name)) DTYPES.set(name, dtypeOf(name));
	return DTYPES.get(name);
}

/** A GM buffer that interpreted pointers can load from and store to. */
export class GmArray extends ExternalStore implements GmBuffer {
	readonly name: string;
	readonly bytes: number;
	readonly fill?: GmFill;
	readonly budget?: MemoryBudget;
	readonly label: string;
	readonly contentsOf?: GmBuffer;

	/**
	 * `budget`: the run's memory budget the pages the program touches are charged to;
	 * `contentsOf`: the buffer whose bytes this one shows (a view, charged to that buffer's budget).
	 */
	constructor(
		name: string,
		bytes: number,
		fill?: GmFill,
		{ budget, contentsOf }: { budget?: MemoryBudget; contentsOf?: GmBuffer } = {},
	) {
		super();
		this.name = name;
		this.bytes = bytes;
		this.label = name;
		if (fill) this.fill = fill;
		if (budget) this.budget = budget;
		if (contentsOf) this.contentsOf = contentsOf;
	}

	/**
	 * `buffer` itself when it is one, else a view showing its contents. Making a view costs no
	 * memory: the bytes are the buffer's, made when something first reads or writes them (a
	 * host loop launching a kernel on a fresh allocation each time touches none).
	 */
	static of(buffer: GmBuffer): GmArray {
		if (buffer instanceof GmArray) return buffer;
		let view = VIEWS.get(buffer);
		if (!view) {
			view = new GmArray(buffer.name, buffer.bytes, undefined, { contentsOf: buffer });
			VIEWS.set(buffer, view);
		}
		return view;
	}

	load(offset: number, elem: CType): Value {
		// A struct in GM (a tiling struct behind `(__gm__ TilingData*)tiling`): field by field.
		if (elem.k === 'class') {
			const cls = elem.cls;
			// An array member (`uint32_t tileLen[8]`) is a pointer to its first element in GM.
			return new Instance(
				cls,
				elem.targs,
				cls.fields.map((f, i) =>
					f.arrayDims?.length
						? new Ptr(this, offset + cls.fieldOffset(i), f.type)
						: this.load(offset + cls.fieldOffset(i), f.type),
				),
			);
		}
		const dtype = dtypeOfC(elem);
		return dtype ? gmStore(this).get(dtype, offset) : 0;
	}

	store(offset: number, elem: CType, value: Value): void {
		if (elem.k === 'class' && value instanceof Instance) {
			elem.cls.fields.forEach((f, i) => {
				if (!f.arrayDims?.length)
					this.store(offset + elem.cls.fieldOffset(i), f.type, value.fields[i]);
			});
			return;
		}
		const dtype = dtypeOfC(elem);
		if (dtype && typeof value === 'number') gmStore(this).set(dtype, offset, value);
	}
}
