/**
 * `ge::Shape`, the graph library's shape that the host tiling functions take: a list of
 * dimensions (hicann/metadef inc/external/graph/tensor.h: `Shape(const std::vector<int64_t> &)`,
 * `GetDimNum`, `GetDim`, `SetDim`, `GetDims`, `GetShapeSize`). The size of a shape with no
 * dimensions is 0 and a dimension past the last reads 0, as metadef's tensor.cc returns them.
 */

/** One shape: its dimensions, in order. */
export class GeShape {
	readonly dims: number[];

	constructor(dims: readonly number[] = []) {
		this.dims = dims.map((d) => Math.trunc(d));
	}

	/** The number of dimensions. */
	get dimNum(): number {
		return this.dims.length;
	}

	/** Dimension `i`, or 0 past the last. */
	dim(i: number): number {
		return this.dims[i] ?? 0;
	}

	/** The product of the dimensions (0 for no dimensions). */
	get size(): number {
		return this.dims.length === 0 ? 0 : this.dims.reduce((a, b) => a * b, 1);
	}
}

/** The GeShape behind an argument (the interpreter's object holding one), if it is one. */
export function geShapeOf(v: unknown): GeShape | undefined {
	if (v instanceof GeShape) return v;
	if (typeof v === 'object' && v !== null && 'handle' in v) {
		const h = (v as { handle: unknown }).handle;
		if (h instanceof GeShape) return h;
	}
	return undefined;
}
