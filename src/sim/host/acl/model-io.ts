/**
 * What a loaded model takes and gives: its inputs and outputs with their sizes in bytes. A real
 * `.om` file holds a compiled graph the simulator cannot read, so the description comes from the
 * file's text when it describes its tensors in lines like
 *
 * ```text
 * input float32 1,3,224,224
 * output float32 1,1000
 * ```
 *
 * (one line per tensor, in order; `#` starts a comment). Any other file — a real compiled model —
 * is described by {@link ASSUMED_MODEL_IO}: one input and one output of an illustrative size.
 */

/** One input or output tensor of a model. */
export interface ModelTensor {
	/** The element type as written (`float32`, `float16`, `int8`, `uint8`…). */
	dtype: string;
	dims: readonly number[];
	/** Bytes: the element count times the element size. */
	size: number;
}

/** A model's tensors, in index order. */
export interface ModelIo {
	inputs: readonly ModelTensor[];
	outputs: readonly ModelTensor[];
	/** True when the file did not describe them and {@link ASSUMED_MODEL_IO} stands in. */
	assumed: boolean;
}

/** Bytes per element of the element types a description may name. */
const DTYPE_BYTES: Readonly<Record<string, number>> = {
	float32: 4,
	float: 4,
	float16: 2,
	fp16: 2,
	bfloat16: 2,
	int8: 1,
	uint8: 1,
	int16: 2,
	uint16: 2,
	int32: 4,
	uint32: 4,
	int64: 8,
	uint64: 8,
	bool: 1,
	double: 8,
};

/** The bytes of one tensor of the illustrative description (1 × 1024 float32). */
const ASSUMED_BYTES = 4096;

/** The description of a model file that does not describe itself (illustrative sizes). */
export const ASSUMED_MODEL_IO: ModelIo = {
	inputs: [{ dtype: 'float32', dims: [1, 1024], size: ASSUMED_BYTES }],
	outputs: [{ dtype: 'float32', dims: [1, 1024], size: ASSUMED_BYTES }],
	assumed: true,
};

/** Longest description read, in bytes (a real model file is not scanned beyond it). */
const MAX_DESCRIPTION_BYTES = 64 << 10;

const LINE = /^(input|output)\s+([a-z0-9_]+)\s+(\d+(?:\s*[,x×]\s*\d+)*)\s*$/i;

/** The description `bytes` give (see the file comment). */
export function modelIoOf(bytes: Uint8Array): ModelIo {
	if (bytes.length === 0 || bytes.length > MAX_DESCRIPTION_BYTES) return ASSUMED_MODEL_IO;
	let text = '';
	for (const b of bytes) {
		// A NUL or another control byte: a binary file, not a description.
		if (b < 9 || (b > 13 && b < 32)) return ASSUMED_MODEL_IO;
		text += String.fromCharCode(b);
	}
	const inputs: ModelTensor[] = [];
	const outputs: ModelTensor[] = [];
	for (const raw of text.split('\n')) {
		const line = raw.replace(/#.*/, '').trim();
		if (line === '') continue;
		const m = LINE.exec(line);
		const elem = m ? DTYPE_BYTES[m[2]!.toLowerCase()] : undefined;
		if (!m || elem === undefined) return ASSUMED_MODEL_IO;
		const dims = m[3]!.split(/\s*[,x×]\s*/).map(Number);
		const size = dims.reduce((a, d) => a * d, elem);
		const tensor: ModelTensor = { dtype: m[2]!.toLowerCase(), dims, size };
		(m[1]!.toLowerCase() === 'input' ? inputs : outputs).push(tensor);
	}
	if (inputs.length === 0 && outputs.length === 0) return ASSUMED_MODEL_IO;
	return { inputs, outputs, assumed: false };
}
