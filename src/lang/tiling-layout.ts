/**
 * The byte layout of a tiling class (`BEGIN_TILING_DATA_DEF` … `END_TILING_DATA_DEF`), as the
 * operator framework's TilingDef lays out the data that `SaveToBuffer` copies and the kernel's
 * `GET_TILING_DATA` reads. Fields follow in declaration order; before each one, padding brings
 * the offset to a multiple of its element size (a scalar's or an array element's size), and of 8
 * for a nested tiling struct (`TILING_DATA_FIELD_DEF_STRUCT`); the whole class is padded to a
 * multiple of 8. A nested struct takes its own data size, itself a multiple of 8.
 *
 * Source: `FieldHandler` and `CheckAlignAndGenPlaceHolder` in
 * hicann/metadef inc/external/register/tilingdata_base.h (9a3f9ae) and
 * register/tilingdata_base.cpp: `if (data_size_ % typeSize == 0) return;` else a `uint8_t`
 * placeholder of `typeSize - data_size_ % typeSize` bytes; struct fields and the class's end
 * are checked with typeSize 8.
 */
import { alignOf, sizeOf, type CType } from './types.ts';

/** The alignment of a nested tiling struct and of a tiling class's total size. */
export const TILING_ALIGN = 8;

/** The alignment and size a field of type `t` takes in a tiling class. */
export function tilingFieldLayout(t: CType): { align: number; size: number } {
	if (t.k === 'class') {
		const size = Math.ceil(sizeOf(t) / TILING_ALIGN) * TILING_ALIGN;
		return { align: TILING_ALIGN, size };
	}
	if (t.k === 'array') {
		let elem: CType = t;
		while (elem.k === 'array') elem = elem.of;
		return { align: Math.max(1, sizeOf(elem)), size: sizeOf(t) };
	}
	return { align: Math.max(1, alignOf(t)), size: sizeOf(t) };
}
