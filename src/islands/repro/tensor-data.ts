/**
 * What the Data panel shows of a run's memory (RunRequest.snapshot → Trace.memory): the tensors
 * to choose from, their elements decoded in a chosen element type, each value written as briefly
 * as that type allows, a colour scale for the heat map, and the comparison with an expected file.
 * Pure data in, pure data out; the island only renders it.
 */
import { decodeElement } from '../../sim/kernel/byte-store.ts';
import { dtypeOf, type DType } from '../../sim/kernel/dtype.ts';
import type {
	MemoryImage,
	MemorySnapshot,
	TensorWindow,
} from '../../sim/kernel/memory-snapshot.ts';
import {
	BFLOAT16,
	FLOAT32,
	HALF,
	roundToFormat,
	type FloatFormat,
} from '../../sim/kernel/numeric-format.ts';

/** Element types the view can decode a tensor as. */
export const VIEW_DTYPES = [
	'half',
	'bfloat16_t',
	'float',
	'int8_t',
	'uint8_t',
	'int16_t',
	'uint16_t',
	'int32_t',
	'uint32_t',
] as const;

/** One entry of the tensor list: a tensor window, or a whole GM buffer. */
export interface TensorChoice {
	/** Stable within one snapshot: `t3` for the fourth window, `gm:x` for buffer x. */
	readonly key: string;
	readonly label: string;
	readonly image: string;
	readonly offset: number;
	/** Elements of `dtype`. */
	readonly size: number;
	readonly dtype: string;
}

/** Every tensor of `snapshot` (queue blocks, TBufs, GlobalTensors), then every GM buffer whole. */
export function tensorChoices(snapshot: MemorySnapshot): TensorChoice[] {
	const out: TensorChoice[] = snapshot.tensors.map((w: TensorWindow, i) => ({
		key: `t${i}`,
		label: w.block === undefined ? w.name : `${w.name} · core ${w.block}`,
		image: w.image,
		offset: w.offset,
		size: w.size,
		dtype: w.dtype,
	}));
	for (const m of snapshot.images) {
		if (m.memory !== 'GM' || m.buffer === undefined) continue;
		// Typed as the first GlobalTensor over it reads it, else as bytes.
		const typed = snapshot.tensors.find((w) => w.kind === 'global' && w.image === m.id);
		const dtype = typed ? dtypeOf(typed.dtype) : undefined;
		out.push({
			key: m.id,
			label: `GM ${m.buffer}`,
			image: m.id,
			offset: 0,
			size: dtype ? Math.floor(m.size / dtype.bytes) : m.size,
			dtype: dtype?.name ?? 'uint8_t',
		});
	}
	return out;
}

/** The elements `choice` holds as `dtypeName`, `count` of them from element `from`. */
export function readElements(
	snapshot: MemorySnapshot,
	choice: TensorChoice,
	dtypeName: string,
	from: number,
	count: number,
): number[] {
	const image = snapshot.images.find((m) => m.id === choice.image);
	const dtype = dtypeOf(dtypeName);
	if (!image || !dtype) return [];
	const total = elementCount(choice, dtype);
	const out: number[] = [];
	const view = new DataView(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
	for (let i = Math.max(0, from); i < Math.min(total, from + count); i++) {
		const at = choice.offset + i * dtype.bytes;
		// Bytes past what the copy holds were never written: zeros.
		out.push(at + dtype.bytes <= image.bytes.length ? decodeElement(dtype, view, at) : 0);
	}
	return out;
}

/** How many elements of `dtype` the choice spans. */
export function elementCount(choice: TensorChoice, dtype: DType): number {
	const own = dtypeOf(choice.dtype);
	const bytes = choice.size * (own?.bytes ?? 1);
	return Math.floor(bytes / dtype.bytes);
}

function floatFormat(dtypeName: string): FloatFormat | undefined {
	return dtypeName === 'half'
		? HALF
		: dtypeName === 'bfloat16_t'
			? BFLOAT16
			: dtypeName === 'float'
				? FLOAT32
				: undefined;
}

/**
 * `v` as briefly as its type tells it apart from its neighbours: a half holding 0.0999755859375
 * reads `0.1`, a half holding 1.0009765625 reads `1.001` (a float holding it, `1.0009766`);
 * integers as they are.
 */
export function formatElement(v: number, dtypeName: string): string {
	if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'inf' : '-inf';
	const f = floatFormat(dtypeName);
	if (!f || Number.isInteger(v)) return Object.is(v, -0) ? '-0' : String(v);
	for (let p = 1; p <= 9; p++) {
		const text = v.toPrecision(p);
		if (roundToFormat(Number(text), f) === v) return String(Number(text));
	}
	return String(v);
}

/** A mismatch between the run's data and an expected file. */
export interface Comparison {
	readonly compared: number;
	readonly mismatches: number;
	/** The first differing element, if any. */
	readonly first?: { readonly index: number; readonly actual: number; readonly expected: number };
	/** The expected file is not a whole number of elements, or longer than the tensor. */
	readonly lengthNote?: 'partial' | 'longer';
}

/**
 * Compares the tensor with `expected` (raw little-endian elements of `dtypeName`): exactly, or
 * within `atol + rtol·|expected|` when a tolerance is given. NaN equals NaN.
 */
export function compareElements(
	snapshot: MemorySnapshot,
	choice: TensorChoice,
	dtypeName: string,
	expected: Uint8Array,
	tolerance: { rtol: number; atol: number } = { rtol: 0, atol: 0 },
): Comparison | undefined {
	const dtype = dtypeOf(dtypeName);
	if (!dtype) return undefined;
	const want = Math.floor(expected.length / dtype.bytes);
	const have = elementCount(choice, dtype);
	const n = Math.min(want, have);
	const actual = readElements(snapshot, choice, dtypeName, 0, n);
	const view = new DataView(expected.buffer, expected.byteOffset, expected.byteLength);
	let mismatches = 0;
	let first: Comparison['first'];
	for (let i = 0; i < n; i++) {
		const e = decodeElement(dtype, view, i * dtype.bytes);
		const a = actual[i]!;
		const same =
			(Number.isNaN(a) && Number.isNaN(e)) ||
			a === e ||
			Math.abs(a - e) <= tolerance.atol + tolerance.rtol * Math.abs(e);
		if (same) continue;
		mismatches++;
		if (!first) first = { index: i, actual: a, expected: e };
	}
	const result: Comparison = { compared: n, mismatches, ...(first ? { first } : {}) };
	if (expected.length % dtype.bytes !== 0) return { ...result, lengthNote: 'partial' };
	if (want > have) return { ...result, lengthNote: 'longer' };
	return result;
}

/** The range of finite values, for the heat map's scale (0…0 when there are none). */
export function valueRange(values: readonly number[]): { min: number; max: number } {
	let min = Infinity;
	let max = -Infinity;
	for (const v of values) {
		if (!Number.isFinite(v)) continue;
		if (v < min) min = v;
		if (v > max) max = v;
	}
	return min <= max ? { min, max } : { min: 0, max: 0 };
}

/** A heat-map colour for `v` on `range`: blue (low) to red (high), grey for NaN/∞. */
export function heatColor(v: number, range: { min: number; max: number }): string {
	if (!Number.isFinite(v)) return 'rgb(128,128,128)';
	const span = range.max - range.min;
	const x = span > 0 ? (v - range.min) / span : 0.5;
	const r = Math.round(40 + 200 * x);
	const b = Math.round(240 - 200 * x);
	return `rgb(${r},60,${b})`;
}
