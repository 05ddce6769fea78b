/**
 * `ge::Shape` in programs (src/sim/host/tiling/ge-shape.ts): built from a `std::vector<int64_t>`
 * or a brace list of dimensions (`ge::Shape s({b, s, h})`), with `GetDimNum`, `GetDim`,
 * `GetDims` and `GetShapeSize`; the host tiling functions of the catalog read it.
 */
import { GeShape } from '../../sim/host/tiling/ge-shape.ts';
import { SequenceData } from '../std/sequences.ts';
import { T } from '../types.ts';
import { BraceList, SimObject, type Value } from '../values.ts';
import { num } from './args.ts';
import type { BindingTable, NativeType } from './binding.ts';

const NAME = 'ge::Shape';
const INT64 = T.i64;

function dimsOf(args: readonly Value[]): number[] {
	const [a] = args;
	if (a instanceof SimObject && a.handle instanceof SequenceData) return a.handle.items.map(num);
	if (a instanceof SimObject && a.handle instanceof GeShape) return [...a.handle.dims];
	if (a instanceof BraceList) return a.items.map(num);
	return [];
}

function shape(self: Value): GeShape {
	return self instanceof SimObject && self.handle instanceof GeShape ? self.handle : new GeShape();
}

const GE_SHAPE: NativeType = {
	name: NAME,
	ctype: () => ({ k: 'sim', name: NAME, targs: [] }),
	construct: (call) =>
		new SimObject(NAME, [], new GeShape(call.brace ? call.args.map(num) : dimsOf(call.args))),
	methods: {
		GetDimNum: (self) => shape(self).dimNum,
		GetDim: (self, call) => shape(self).dim(num(call.args[0])),
		GetShapeSize: (self) => shape(self).size,
		GetDims: (self) =>
			new SimObject('vector', [INT64], new SequenceData([...shape(self).dims], INT64, 'dims')),
	},
	returns: {
		GetDimNum: () => T.u64,
		GetDim: () => INT64,
		GetShapeSize: () => INT64,
		GetDims: () => ({ k: 'sim', name: 'vector', targs: [INT64] }),
	},
};

/** Adds `ge::Shape`. */
export function addGeShapeBindings(table: BindingTable): void {
	table.types.set(NAME, GE_SHAPE);
}
