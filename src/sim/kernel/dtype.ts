/**
 * Element types a `LocalTensor<T>` / `GlobalTensor<T>` can hold: their size in bytes and the
 * name a CPU-debug backtrace prints for them (the demangled C++ type, e.g. `half` is the
 * CPU model's `float16::Fp16T`, as in the backtrace of ascend-facts A.8).
 */

/** One element type. */
export interface DType {
	/** The spelling in the program, e.g. `half`. */
	name: string;
	/** sizeof(T) in bytes. */
	bytes: number;
	/** How a demangled CPU-debug backtrace names the type. */
	demangled: string;
}

const table: readonly DType[] = [
	{ name: 'half', bytes: 2, demangled: 'float16::Fp16T' },
	{ name: 'float', bytes: 4, demangled: 'float' },
	// The CPU model's bfloat16 class name is not in the facts; this spelling is illustrative.
	{ name: 'bfloat16_t', bytes: 2, demangled: 'bfloat16::Bf16T' },
	{ name: 'double', bytes: 8, demangled: 'double' },
	{ name: 'int8_t', bytes: 1, demangled: 'signed char' },
	{ name: 'uint8_t', bytes: 1, demangled: 'unsigned char' },
	{ name: 'int16_t', bytes: 2, demangled: 'short' },
	{ name: 'uint16_t', bytes: 2, demangled: 'unsigned short' },
	{ name: 'int32_t', bytes: 4, demangled: 'int' },
	{ name: 'uint32_t', bytes: 4, demangled: 'unsigned int' },
	{ name: 'int64_t', bytes: 8, demangled: 'long' },
	{ name: 'uint64_t', bytes: 8, demangled: 'unsigned long' },
	{ name: 'bool', bytes: 1, demangled: 'bool' },
];

/** Synonyms programs use for the same types. */
const aliases: Readonly<Record<string, string>> = {
	float16_t: 'half',
	__fp16: 'half',
	float32_t: 'float',
	bfloat16: 'bfloat16_t',
	int: 'int32_t',
	'unsigned int': 'uint32_t',
	short: 'int16_t',
	'unsigned short': 'uint16_t',
	char: 'int8_t',
	'signed char': 'int8_t',
	'unsigned char': 'uint8_t',
	long: 'int64_t',
	'long long': 'int64_t',
	'unsigned long': 'uint64_t',
	size_t: 'uint64_t',
};

const byName = new Map(table.map((t) => [t.name, t]));

/**
 * Looks up an element type by its spelling (`half`, `float`, `int32_t`, `AscendC::half`…);
 * undefined when the simulator does not know it.
 */
export function dtypeOf(name: string): DType | undefined {
	const bare = name.replace(/^(?:AscendC|std)::/, '').trim();
	return byName.get(bare) ?? byName.get(aliases[bare] ?? '');
}

/** Every known element type, in table order. */
export const DTYPES: readonly DType[] = table;
